"use strict";
/**
 * The audit page (`hierarchy audit INPUT -o audit.html`): the data's `audit` holds the summary
 * line and the findings in the text report's order and numbering, each with its severity, rule,
 * message, view and, when the view is drawn, its layer's index. `Audit` lists them above the tree,
 * grouped by severity as the text report groups them; a click selects the finding's view and
 * frames it (the camera zooms and pans to centre it). Each layer with findings is outlined in the
 * colour of its most severe one. Pages without an audit are unchanged, until a served page's
 * Audit toggle shows its screen's findings (`Audit.set`).
 */
const Audit = ((hv, ui) => {
  const GROUPS = [["error", "Errors"], ["warning", "Warnings"], ["info", "Information"]];
  let audit = hv.data.audit;
  let buttons = [];

  function install() {
    if (audit) set(audit);
    hv.onReplace(() => set(null));
  }

  /**
   * Shows `findings` (the data's `audit` shape: the page's own, or a served page's screen's,
   * `hierarchy serve`'s `GET /audit`) in place of those shown; null hides them.
   */
  function set(findings) {
    for (const layer of hv.layers) {
      layer.el.classList.remove("audit-error", "audit-warning", "audit-info");
      delete layer.el.dataset.audit;
    }
    const old = hv.$("audit");
    if (old) old.remove();
    buttons = [];
    audit = findings;
    if (!audit) return;
    // Findings come most severe first: a layer keeps the first severity it gets.
    for (const finding of audit.findings) {
      if (finding.layer === undefined) continue;
      const el = hv.layers[finding.layer].el;
      if (!el.dataset.audit) { el.dataset.audit = finding.severity; el.classList.add(`audit-${finding.severity}`); }
    }
    hv.$("tree").before(panel());
  }

  /** The summary, then each severity's findings under its title, one button each. */
  function panel() {
    const box = document.createElement("section");
    box.id = "audit";
    box.setAttribute("aria-label", "Audit");
    const title = document.createElement("div");
    title.className = "audit-summary";
    title.textContent = audit.summary;
    box.append(title);
    for (const [severity, name] of GROUPS) {
      const findings = audit.findings.filter((f) => f.severity === severity);
      if (!findings.length) continue;
      const heading = document.createElement("h3");
      heading.className = `audit-group ${severity}`;
      heading.textContent = `${name} (${findings.length})`;
      const list = document.createElement("ul");
      list.setAttribute("aria-label", name);
      for (const finding of findings) list.append(item(finding));
      box.append(heading, list);
    }
    for (const line of audit.skipped || []) {
      const note = document.createElement("div");
      note.className = "audit-skipped muted";
      note.textContent = line;
      box.append(note);
    }
    return box;
  }

  function item(finding) {
    const li = document.createElement("li"), button = document.createElement("button");
    button.type = "button";
    button.className = `finding ${finding.severity}`;
    button.dataset.number = String(finding.number);
    const number = document.createElement("span"), rule = document.createElement("span"), message = document.createElement("span");
    number.className = "number";
    number.textContent = `${finding.number}.`;
    rule.className = "rule";
    rule.textContent = finding.rule;
    message.className = "message";
    message.textContent = finding.message;
    button.title = `${finding.rule}: ${finding.message}`;
    button.append(number, rule, message);
    if (finding.layer === undefined) { button.disabled = true; button.title += " (not drawn: hidden, clipped away or excluded)"; }
    button.addEventListener("click", () => show(finding.number));
    buttons.push(button);
    li.append(button);
    return li;
  }

  /** Selects finding `number`'s view and frames it; false when there is none or it is not drawn. */
  function show(number) {
    const finding = audit && audit.findings.find((f) => f.number === number);
    if (!finding || finding.layer === undefined) return false;
    const i = finding.layer;
    if (hv.state.focus >= 0 && !hv.isShown(i)) ui.focus(-1);
    ui.select(i);
    ui.frame(i);
    for (const button of buttons) button.setAttribute("aria-current", String(button.dataset.number === String(number)));
    return true;
  }

  return { install, show, set, shown: () => audit ? audit.findings.length : null };
})(HV, UI);
