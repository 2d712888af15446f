/** Builds everything, then resolves `ready` once every texture is decoded and drawn. */
async function start() {
  HV.prepareModel();
  await HV.loadTextures();
  HV.buildStack();
  UI.buildTree();
  UI.installToolbar();
  UI.installSplitter();
  Search.install();
  Measure.install();
  Overlay.install();
  Diff.install();
  Audit.install();
  Find.install();
  UI.showDetails();
  Input.install();
  HV.render();
  Find.open();
  Link.install();
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

/** The script interface, for automation and tests (docs/viewer.md). */
window.hierarchyViewer = Object.freeze({
  version: 5,
  ready: start().catch((error) => { console.error("hierarchy viewer:", error); throw error; }),
  /** Shows another screen's data (as a page's own) in this page, in place: a promise of true once
   *  it is drawn, or false when it cannot be (another screen size: its own page is needed). */
  async update(next) {
    if (!(await HV.replace(next))) return false;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return true;
  },
  setView(change) { HV.setView(change); return HV.getView(); },
  getView: HV.getView,
  select(id) {
    if (id === null || id === undefined) { UI.select(-1); return true; }
    const i = HV.byID.get(String(id));
    if (i === undefined) return false;
    UI.select(i);
    return true;
  },
  selected() { return HV.state.selected >= 0 ? HV.layers[HV.state.selected].id : null; },
  layers() { return HV.layers.map((l) => ({ id: l.id, class: l.className, depth: l.depth })); },
  rectOf(id) {
    const i = HV.byID.get(String(id));
    return i === undefined ? null : HV.layers[i].el.getBoundingClientRect().toJSON();
  },
  focus(id) {
    const i = id === null || id === undefined ? -1 : HV.byID.get(String(id));
    if (i === undefined) return false;
    UI.focus(i);
    return true;
  },
  search(text) { return Search.run(String(text ?? "")); },
  locate(text) { return Search.locate(text); },
  useFinder(ask) { Search.useFinder(ask); return true; },
  showAudit(findings) { Audit.set(findings ?? null); return Audit.shown(); },
  audited() { return Audit.shown(); },
  measure(a, b) {
    const i = HV.byID.get(String(a)), j = HV.byID.get(String(b));
    if (i === undefined || j === undefined) return null;
    Measure.show(i, j, true);
    return Measure.between(i, j);
  },
  overlay(url, opacity) { return Overlay.set(url, opacity); },
  side(name) { return Diff.setSide(name); },
  showChange(k) { return Diff.show(k); },
  showFinding(number) { return Audit.show(Number(number)); },
  showMatch(k) { return Find.show(Number(k)); },
  pick(x, y) { const i = Picking.layerAt(x, y); return i >= 0 ? HV.layers[i].id : null; },
});
