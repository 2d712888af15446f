"use strict";
/**
 * The diff page (`hierarchy diff BEFORE AFTER -o page.html`): both captures are in the stack, each
 * layer marked with its side ("before" or "after") and what happened to it ("unchanged", "added",
 * "changed", "removed"); one side shows at a time. `Diff` adds a Before/After switch to the
 * toolbar and the list of changes above the tree: a click on a change shows the side it is seen
 * on (AFTER, or BEFORE for a removed view) and selects it. Pages without a diff are unchanged.
 */
const Diff = ((hv, ui) => {
  const diff = hv.data.diff;
  const SIGNS = { added: "+", removed: "−", changed: "~" };
  let buttons = [];

  function install() {
    if (!diff) return;
    // The colours of the changes are the diff picture's, sent with the data (one definition).
    for (const [kind, color] of Object.entries(diff.colors || {})) document.documentElement.style.setProperty(`--diff-${kind}`, color);
    const group = document.createElement("div");
    group.className = "segmented";
    group.id = "side";
    group.setAttribute("role", "radiogroup");
    group.setAttribute("aria-label", "Capture");
    buttons = ["before", "after"].map((side) => {
      const button = document.createElement("button");
      button.type = "button";
      button.setAttribute("role", "radio");
      button.dataset.side = side;
      button.textContent = side === "before" ? "Before" : "After";
      button.title = side === "before" ? "Show the capture before (B)" : "Show the capture after (A)";
      button.addEventListener("click", () => setSide(side));
      return button;
    });
    group.append(...buttons);
    hv.$("projection").after(group);
    hv.$("tree").before(changeList());
    document.addEventListener("keydown", (event) => {
      if (event.target instanceof HTMLInputElement || event.metaKey || event.ctrlKey || event.altKey) return;
      if (event.key === "b" || event.key === "a") setSide(event.key === "b" ? "before" : "after");
    });
    setSide(hv.state.side);
  }

  /** The changes, one button each, under the summary line. */
  function changeList() {
    const box = document.createElement("section");
    box.id = "changes";
    box.setAttribute("aria-label", "Changes");
    const title = document.createElement("div");
    title.className = "changes-summary";
    title.textContent = diff.summary;
    const list = document.createElement("ul");
    diff.changes.forEach((change, k) => {
      const li = document.createElement("li"), button = document.createElement("button");
      button.type = "button";
      button.className = `change ${change.kind}`;
      button.dataset.change = String(k);
      const sign = document.createElement("span"), label = document.createElement("span"), words = document.createElement("span");
      sign.className = "sign";
      sign.textContent = SIGNS[change.kind];
      label.className = "label";
      label.textContent = `${Labels.shortClass(change.class)} ${change.id}`;
      label.title = label.textContent;
      words.className = "muted";
      words.textContent = change.words;
      button.append(sign, label, words);
      if (change.layer === undefined) { button.disabled = true; button.title = "Not drawn on this side (hidden, clipped or excluded)"; }
      button.addEventListener("click", () => show(k));
      li.append(button);
      list.append(li);
    });
    box.append(title, list);
    return box;
  }

  /** Shows one side of the diff; the selection and focus are cleared when they are on the other. */
  function setSide(side) {
    if (!diff || (side !== "before" && side !== "after")) return false;
    hv.state.side = side;
    hv.viewport.dataset.side = side;
    for (const button of buttons) button.setAttribute("aria-checked", String(button.dataset.side === side));
    if (hv.state.selected >= 0 && hv.layers[hv.state.selected].side !== side) ui.select(-1);
    const focus = hv.state.focus >= 0 && hv.layers[hv.state.focus].side === side ? hv.state.focus : -1;
    ui.focus(focus);
    return true;
  }

  /** Shows change `k` on its side and selects its layer. */
  function show(k) {
    const change = diff && diff.changes[k];
    if (!change || change.layer === undefined) return false;
    setSide(hv.layers[change.layer].side);
    ui.select(change.layer);
    return true;
  }

  return { install, setSide, show };
})(HV, UI);
