/**
 * Search: the layers whose class, id, name, text or any attribute contains the query (any case);
 * or, for a locator (`xpath:`, `id:`, `accessibility-id:`, `class-name:`, `predicate:`, see
 * `locate.js`), the views it finds, as `hierarchy find` finds them. The tree keeps the matches and
 * their ancestors (the ancestors dimmed), the 3D view outlines the matches and dims the rest;
 * Enter and Shift-Enter (or the arrows beside the box) select the next and previous match in tree
 * order, and the count says which one is selected (and how many matches are not drawn). A locator
 * that does not parse shows its error under the box. On a page `hierarchy serve` serves, every
 * locator `find` reads is asked of the server (`useFinder`) and its answer, the matches with the
 * reasons each can or cannot be tapped, is listed above the tree (`Find.set`).
 */
const Search = ((hv, ui) => {
  const { layers, state, $ } = hv;
  let haystacks = null, hits = [], hidden = 0; // hits: the matching indices, in tree order; hidden: matches not drawn
  let located = null; // the last locator's answer (Locate.run), null for a text search
  // A served page (`hierarchy serve`): `asker(text)` gives the server's answer for a locator
  // (`{find}` or `{error}`); `answers` keeps them by text, `waiting` the promises of `locate`.
  // `generation`: counts the finders used (`useFinder`), so that an answer for the screen before is dropped.
  let asker = null, timer = 0, showing = false, generation = 0;
  const answers = new Map(), waiting = new Map();

  /** Whether each layer matches `text`: a locator's views, or the text in its haystack. */
  function matching(text, select) {
    // Only the spaces before the prefix go: the locator is find's value as typed, so that an
    // error's column counts as find counts it.
    const typed = text.trimStart();
    located = asker && Locate.isLocator(typed) ? served(typed, select) : Locate.run(typed);
    showError(located && located.error);
    showAnswer(located && located.find);
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

  /** The server's answer for `text` as `Locate.run` gives one, asked for once it is not known. */
  function served(text, select) {
    const reply = answers.get(text);
    if (!reply) { ask(text, select); return { using: null, value: text, matches: [], error: null, pending: true }; }
    if (reply.error) return { using: null, value: text, matches: [], error: reply.error };
    const find = reply.find;
    return { using: find.locator.using, value: find.locator.value, matches: find.matches.map((m) => m.id), error: null, find };
  }

  /** Asks the server about `text` once typing pauses; shows the answer if the box still holds it. */
  function ask(text, select) {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      let reply;
      const asked = generation;
      try { reply = await asker(text); } catch (error) { reply = { error: `the server did not answer: ${error.message}` }; }
      if (asked !== generation) return;
      if (answers.size > 32) answers.delete(answers.keys().next().value);
      answers.set(text, reply);
      if ($("search").value.trimStart() !== text) return;
      run($("search").value);
      // Typed in the box: find_element's view selected and framed, as the find page opens.
      const first = reply.find ? reply.find.matches.findIndex((m) => m.id === reply.find.first) : -1;
      if (select && first >= 0) Find.show(first);
      for (const resolve of waiting.get(text) || []) resolve(located);
      waiting.delete(text);
    }, 150);
  }

  /** The server's answer listed above the tree (`Find.set`), or none. */
  function showAnswer(find) {
    if (!find && !showing) return;
    showing = Boolean(find);
    Find.set(find || null);
  }

  function showError(message) {
    const box = $("search-error");
    box.hidden = !message;
    box.textContent = message || "";
  }

  function run(text, select = false) {
    const query = text.trim().toLowerCase(), input = $("search");
    if (input.value !== text) input.value = text;
    const match = matching(text, select);
    const keep = match.slice();
    // Children before their parents (the tree's pre-order backwards: painter's order may not be).
    for (let k = hv.treeOrder.length - 1; k >= 0; k--) {
      const i = hv.treeOrder[k];
      if (keep[i] && layers[i].parent !== undefined) keep[layers[i].parent] = true;
    }
    hits = [];
    for (const layer of layers) {
      const i = layer.index, li = layer.item;
      li.classList.toggle("filtered", query !== "" && !keep[i]);
      li.classList.toggle("hit", match[i]);
      li.classList.toggle("context", query !== "" && keep[i] && !match[i]);
      layer.el.classList.toggle("match", match[i]);
      if (query !== "" && keep[i] && layer.children.some((c) => keep[c])) li.setAttribute("aria-expanded", "true");
    }
    for (const i of hv.treeOrder) if (match[i]) hits.push(i);
    hv.viewport.classList.toggle("searching", query !== "");
    state.matches = query === "" ? null : hits.length;
    showCount();
    return hits.map((i) => layers[i].id);
  }

  /** "3 of 12" when a match is selected, "12 matches" otherwise. */
  function showCount() {
    const at = hits.indexOf(state.selected), n = hits.length;
    const count = state.matches === null ? "" : at >= 0 ? `${at + 1} of ${n}` : `${n} match${n === 1 ? "" : "es"}`;
    $("search-count").textContent = located && located.pending ? "asking…" : count + (state.matches !== null && hidden ? ` + ${hidden} not drawn` : "");
    for (const id of ["search-previous", "search-next"]) $(id).disabled = n === 0;
  }

  /** Selects the match after the selection (before it when `step` is -1), wrapping round. */
  function step(direction) {
    if (!hits.length) return;
    // In the tree's order (`pre`), which painter's order need not be.
    const s = state.selected < 0 ? -1 : layers[state.selected].pre;
    let k = direction > 0 ? hits.findIndex((i) => layers[i].pre > s) : hits.length - 1 - [...hits].reverse().findIndex((i) => layers[i].pre < s);
    if (k < 0 || k >= hits.length) k = direction > 0 ? 0 : hits.length - 1;
    ui.select(hits[k], { focusRow: false });
  }

  function install() {
    const input = $("search");
    if (Locate.available()) input.placeholder = "Search text, or xpath:, id:, predicate:";
    input.addEventListener("input", (e) => run(e.target.value, true));
    input.addEventListener("keydown", (e) => {
      if (e.key !== "Enter") return;
      step(e.shiftKey ? -1 : 1);
      e.preventDefault();
    });
    $("search-previous").addEventListener("click", () => step(-1));
    $("search-next").addEventListener("click", () => step(1));
    ui.onDetails(() => { if (state.matches !== null) showCount(); return null; });
    // A next screen in place of this one: its own texts; the box's text is run again by whoever replaced it.
    hv.onReplace(() => { haystacks = null; hits = []; located = null; hidden = 0; answers.clear(); hv.viewport.classList.remove("searching"); showError(null); showCount(); });
    showCount();
  }

  /**
   * The last locator's answer (`Locate.run`) after running `text` as the search box does; on a
   * served page, a locator's answer comes from the server: a promise of it (with `find`, the
   * server's whole answer).
   */
  function locate(text) {
    run(String(text ?? ""));
    if (!located || !located.pending) return asker ? Promise.resolve(located) : located;
    return new Promise((resolve) => waiting.set(located.value, [...(waiting.get(located.value) || []), resolve]));
  }

  /**
   * Serves the box's locators from `ask(text)`, a promise of the server's answer (`{find}`, find's
   * answer with its reasons, or `{error}`: the one line of a locator that does not parse); the
   * box's text is run again with it.
   */
  function useFinder(ask) {
    asker = ask;
    generation++;
    answers.clear();
    $("search").placeholder = "Search text, or any locator hierarchy find reads";
    run($("search").value);
  }

  return { install, run, step, locate, useFinder, hits: () => hits.map((i) => layers[i].id) };
})(HV, UI);
