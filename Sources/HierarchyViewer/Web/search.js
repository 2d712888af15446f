/**
 * Search: the layers whose class, id, name, text or any attribute contains the query (any case);
 * or, for a locator (`xpath:`, `id:`, `accessibility-id:`, `class-name:`, `predicate:`, see
 * `locate.js`), the views it finds, as `hierarchy find` finds them. The tree keeps the matches and
 * their ancestors (the ancestors dimmed), the 3D view outlines the matches and dims the rest;
 * Enter and Shift-Enter (or the arrows beside the box) select the next and previous match in tree
 * order, and the count says which one is selected (and how many matches are not drawn). A locator
 * that does not parse shows its error under the box.
 */
const Search = ((hv, ui) => {
  const { layers, state, $ } = hv;
  let haystacks = null, hits = [], hidden = 0; // hits: the matching indices, in tree order; hidden: matches not drawn
  let located = null; // the last locator's answer (Locate.run), null for a text search

  /** Whether each layer matches `text`: a locator's views, or the text in its haystack. */
  function matching(text) {
    // Only the spaces before the prefix go: the locator is find's value as typed, so that an
    // error's column counts as find counts it.
    located = Locate.run(text.trimStart());
    showError(located && located.error);
    if (located) {
      const found = new Set(located.matches);
      hidden = located.matches.filter((id) => !hv.byID.has(id)).length;
      return layers.map((layer) => found.has(layer.id));
    }
    hidden = 0;
    const query = text.trim().toLowerCase();
    if (query && !haystacks) haystacks = layers.map(Labels.haystack);
    return layers.map((_, i) => query !== "" && haystacks[i].includes(query));
  }

  function showError(message) {
    const box = $("search-error");
    box.hidden = !message;
    box.textContent = message || "";
  }

  function run(text) {
    const query = text.trim().toLowerCase(), input = $("search");
    if (input.value !== text) input.value = text;
    const match = matching(text);
    const keep = match.slice();
    for (let i = layers.length - 1; i >= 0; i--) if (keep[i] && layers[i].parent !== undefined) keep[layers[i].parent] = true;
    hits = [];
    for (const layer of layers) {
      const i = layer.index, li = layer.item;
      li.classList.toggle("filtered", query !== "" && !keep[i]);
      li.classList.toggle("hit", match[i]);
      li.classList.toggle("context", query !== "" && keep[i] && !match[i]);
      layer.el.classList.toggle("match", match[i]);
      if (query !== "" && keep[i] && layer.children.some((c) => keep[c])) li.setAttribute("aria-expanded", "true");
      if (match[i]) hits.push(i);
    }
    hv.viewport.classList.toggle("searching", query !== "");
    state.matches = query === "" ? null : hits.length;
    showCount();
    return hits.map((i) => layers[i].id);
  }

  /** "3 of 12" when a match is selected, "12 matches" otherwise. */
  function showCount() {
    const at = hits.indexOf(state.selected), n = hits.length;
    const count = state.matches === null ? "" : at >= 0 ? `${at + 1} of ${n}` : `${n} match${n === 1 ? "" : "es"}`;
    $("search-count").textContent = count + (state.matches !== null && hidden ? ` + ${hidden} not drawn` : "");
    for (const id of ["search-previous", "search-next"]) $(id).disabled = n === 0;
  }

  /** Selects the match after the selection (before it when `step` is -1), wrapping round. */
  function step(direction) {
    if (!hits.length) return;
    const s = state.selected;
    let k = direction > 0 ? hits.findIndex((i) => i > s) : hits.length - 1 - [...hits].reverse().findIndex((i) => i < s);
    if (k < 0 || k >= hits.length) k = direction > 0 ? 0 : hits.length - 1;
    ui.select(hits[k], { focusRow: false });
  }

  function install() {
    const input = $("search");
    if (Locate.available()) input.placeholder = "Search text, or xpath:, id:, predicate:";
    input.addEventListener("input", (e) => run(e.target.value));
    input.addEventListener("keydown", (e) => {
      if (e.key !== "Enter") return;
      step(e.shiftKey ? -1 : 1);
      e.preventDefault();
    });
    $("search-previous").addEventListener("click", () => step(-1));
    $("search-next").addEventListener("click", () => step(1));
    ui.onDetails(() => { if (state.matches !== null) showCount(); return null; });
    showCount();
  }

  /** The last locator's answer (`Locate.run`) after running `text` as the search box does. */
  function locate(text) { run(String(text ?? "")); return located; }

  return { install, run, step, locate, hits: () => hits.map((i) => layers[i].id) };
})(HV, UI);
