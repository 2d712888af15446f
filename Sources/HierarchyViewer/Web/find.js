"use strict";
/**
 * The page `hierarchy find INPUT LOCATOR -o find.html` writes: the data's `find` holds the answer
 * as the command's text says it (`lines`: the locator, where it was taken from, notes and the
 * count), each match (`id`, `tappable`, `visible`, `lines`: its line and its reasons, `by`: the
 * ids of the views responsible), the nearest views when nothing matched (`id`, `line`), the id
 * `find_element` returns (`first`), and `search`: the locator as the search box takes it
 * (`xpath:…`), or null for a strategy the page cannot run. `Find` lists the answer above the
 * tree, outlines each match green (can be tapped) or red (cannot), the views responsible amber and
 * the nearest views blue, and opens on the first match: selected, framed, its row shown, the
 * locator in the search box when some match is drawn. A match that is not drawn selects the first
 * drawn view responsible.
 * Pages without `find` are unchanged, until a served page's search box shows the server's
 * answer for a locator typed in it (`Find.set`, from `search.js`).
 */
const Find = ((hv, ui) => {
  const MARKS = ["find-suggested", "find-responsible", "find-tappable", "find-blocked"];
  let answer = hv.data.find;
  let buttons = [];

  function install() {
    if (answer) set(answer);
    hv.onReplace(() => set(null));
  }

  /**
   * Shows `next` (an answer of the same shape: the page's own, or the one a served page's server
   * gave the search box, `hierarchy serve`'s `GET /find`) in place of the one shown; null removes it.
   */
  function set(next) {
    for (const layer of hv.layers) layer.el.classList.remove(...MARKS);
    const old = hv.$("find");
    if (old) old.remove();
    buttons = [];
    answer = next;
    if (!answer) return;
    for (const s of answer.suggestions) mark(s.id, "find-suggested");
    for (const m of answer.matches) for (const by of m.by) if (by !== m.id) mark(by, "find-responsible");
    for (const m of answer.matches) mark(m.id, m.tappable ? "find-tappable" : "find-blocked");
    hv.$("tree").before(panel());
  }

  function mark(id, name) {
    const i = hv.byID.get(id);
    if (i === undefined) return;
    hv.layers[i].el.classList.remove(...MARKS);
    hv.layers[i].el.classList.add(name);
  }

  function panel() {
    const box = document.createElement("section");
    box.id = "find";
    box.setAttribute("aria-label", "Find");
    for (const line of answer.lines) box.append(text("div", "find-line", line));
    const list = document.createElement("ul");
    list.setAttribute("aria-label", answer.matches.length ? "Matches" : "Nearest views");
    answer.matches.forEach((m, k) => list.append(item(k, m.id, m.tappable ? "tappable" : "blocked", m.lines, [m.id, ...m.by])));
    answer.suggestions.forEach((s, k) => list.append(item(answer.matches.length + k, s.id, "suggested", [s.line], [s.id])));
    box.append(list);
    return box;
  }

  /** A row: a button that shows `targets`' first drawn view, its first line, the rest under it. */
  function item(k, id, kind, lines, targets) {
    const li = document.createElement("li"), button = text("button", `find-item ${kind}`, lines[0]);
    button.type = "button";
    button.dataset.id = id;
    const target = targets.find((t) => hv.byID.has(t));
    if (target === undefined) { button.disabled = true; button.title = "not drawn, nor any view responsible"; }
    button.addEventListener("click", () => show(k));
    buttons.push({ button, target });
    li.append(button);
    for (const line of lines.slice(1)) li.append(text("div", "find-detail", line.trim()));
    return li;
  }

  function text(tag, className, content) {
    const el = document.createElement(tag);
    el.className = className;
    el.textContent = content;
    return el;
  }

  /** Shows row `k` (a match, then the nearest views): its drawn view selected and framed. */
  function show(k) {
    const row = buttons[k];
    if (!row || row.target === undefined) return false;
    const i = hv.byID.get(row.target);
    if (hv.state.focus >= 0 && !hv.isShown(i)) ui.focus(-1);
    ui.select(i);
    ui.frame(i);
    buttons.forEach((b, n) => b.button.setAttribute("aria-current", String(n === k)));
    return true;
  }

  /**
   * Opens the page on the answer: the first match shown and, when some match is drawn, the
   * locator in the search box (the tree then keeps the matches and their ancestors). A locator
   * whose matches are none of them drawn leaves the tree whole: filtered, it would be empty.
   */
  function open() {
    if (!answer) return;
    if (answer.search !== null && answer.matches.some((m) => hv.byID.has(m.id))) Search.run(answer.search);
    if (answer.matches.length) show(0);
  }

  return { install, open, show, set };
})(HV, UI);
