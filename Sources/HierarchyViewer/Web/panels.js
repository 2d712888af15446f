const UI = ((hv) => {
  const { layers, state, $ } = hv;
  const tree = $("tree"), details = $("details");
  const OPEN_LEVELS = layers.length > 400 ? 2 : 64;
  // Indentation: 12 px a level for the first levels, 3 px past them (the guides show each level),
  // both narrowed alike when the deepest row would leave its name less than ROOM (fitIndent);
  // and a row's indent gives way before its class name does (CSS), so that a row at any depth reads.
  const WIDE_LEVELS = 8, WIDE_STEP = 12, NARROW_STEP = 3, ROOM = 190;
  let deepest = 1;
  const MIN_PANEL = 180, detailSections = [];
  let current = null; // the tree row that holds the tab stop
  // Each layer's row element and what it shows, by the layer's id: a next screen's tree
  // (`replaced`) keeps the row of a view shown alike.
  let rowsByID = new Map();

  // ---- Tree -----------------------------------------------------------------------------

  function buildTree() {
    fillTree();
    new ResizeObserver(fitIndent).observe(tree);
    tree.addEventListener("click", onTreeClick);
    tree.addEventListener("keydown", onTreeKey);
    hv.onReplace(replaced);
  }

  /** The tree's rows, one per layer, as the page opens (the first levels open). */
  function fillTree() {
    const fragment = document.createDocumentFragment(), before = rowsByID;
    deepest = 1;
    rowsByID = new Map();
    for (const root of hv.roots) fragment.append(treeItem(root, 1, before));
    tree.replaceChildren(fragment);
    current = layers.length ? layers[hv.roots[0]].item : null;
    if (current) current.tabIndex = 0;
    fitIndent();
  }

  /** A next screen in place of this one (`hv.replace`): its tree, counts and depth range, nothing selected. */
  function replaced() {
    fillTree();
    showLimits();
    $("focus-bar").hidden = true;
    showDetails();
  }

  function treeItem(i, level, before) {
    const layer = layers[i], li = document.createElement("li");
    li.setAttribute("role", "treeitem");
    li.setAttribute("aria-level", String(level));
    li.setAttribute("aria-selected", "false");
    li.tabIndex = -1;
    li.dataset.index = String(i);
    li.append(keptRow(layer, level, before));
    if (layer.children.length) {
      li.setAttribute("aria-expanded", String(level < OPEN_LEVELS));
      const group = document.createElement("ul");
      group.setAttribute("role", "group");
      for (const child of layer.children) group.append(treeItem(child, level + 1, before));
      li.append(group);
    }
    layer.item = li;
    return li;
  }

  /** Layer `layer`'s row at `level`: the one `before` holds for its id if it shows the same, else a new one. */
  function keptRow(layer, level, before) {
    const key = [layer.className, layer.name, layer.text, layer.depth, level, Labels.note(layer)].join("\n");
    const old = before.get(layer.id), div = old && old.key === key ? old.div : row(layer, level);
    deepest = Math.max(deepest, level);
    rowsByID.set(layer.id, { div, key });
    return div;
  }

  /** A row: the indent (its depth guides), the twisty, the class chip, the short class name
   *  (never cut: the indent gives way first), the note (text or id, cut as needed), the depth. */
  function row(layer, level) {
    const div = document.createElement("div");
    div.className = "row";
    const indent = span("indent"), twisty = span("twisty"), kind = span("kind"), depth = span("depth", String(layer.depth));
    const wide = Math.min(level - 1, WIDE_LEVELS);
    indent.style.width = `calc(${wide} * var(--ws) + ${level - 1 - wide} * var(--ns))`;
    if (level > WIDE_LEVELS + 1) indent.style.setProperty("--wide", `calc(${wide} * var(--ws))`);
    deepest = Math.max(deepest, level);
    kind.style.background = classColor(layer.className);
    const name = span("cls", Labels.shortClass(layer.className)), note = span("note", Labels.note(layer));
    div.title = `${layer.className} · ${layer.id}${layer.name ? " · " + layer.name : ""}${layer.text ? " · “" + layer.text + "”" : ""} · level ${level}`;
    div.append(indent, twisty, kind, name, note, depth);
    return div;
  }

  /** The steps of the indent for the panel's width now: the deepest level within reach. */
  function fitIndent() {
    const wide = Math.min(deepest - 1, WIDE_LEVELS), natural = wide * WIDE_STEP + (deepest - 1 - wide) * NARROW_STEP;
    const k = Math.max(0.25, Math.min(1, (tree.clientWidth - ROOM) / Math.max(1, natural)));
    tree.style.setProperty("--ws", `${WIDE_STEP * k}px`);
    tree.style.setProperty("--ns", `${NARROW_STEP * k}px`);
  }

  function span(className, text) {
    const s = document.createElement("span");
    s.className = className;
    if (text !== undefined) s.textContent = text;
    return s;
  }

  /** A steady colour per class name, for the tree's chips. */
  function classColor(name) {
    let h = 0;
    for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
    return `hsl(${h % 360} 55% 58%)`;
  }

  function onTreeClick(event) {
    const li = event.target.closest("li[role=treeitem]");
    if (!li) return;
    if (event.target.closest(".twisty") && li.hasAttribute("aria-expanded")) return toggle(li);
    select(Number(li.dataset.index), { focusRow: true });
  }

  function toggle(li, open) {
    const next = open === undefined ? li.getAttribute("aria-expanded") !== "true" : open;
    li.setAttribute("aria-expanded", String(next));
  }

  /** The rows a person can see now, top to bottom. */
  function visibleRows() {
    return [...tree.querySelectorAll("li[role=treeitem]")].filter((li) => li.offsetParent !== null);
  }

  function onTreeKey(event) {
    const li = event.target.closest("li[role=treeitem]");
    if (!li) return;
    const rows = visibleRows(), at = rows.indexOf(li), expanded = li.getAttribute("aria-expanded");
    let target = null;
    switch (event.key) {
      case "ArrowDown": target = rows[at + 1]; break;
      case "ArrowUp": target = rows[at - 1]; break;
      case "Home": target = rows[0]; break;
      case "End": target = rows[rows.length - 1]; break;
      case "ArrowRight":
        if (expanded === "false") toggle(li, true);
        else if (expanded === "true") target = li.querySelector("li[role=treeitem]:not(.filtered)");
        break;
      case "ArrowLeft":
        if (expanded === "true") toggle(li, false);
        else target = li.parentElement.closest("li[role=treeitem]");
        break;
      case "Enter": case " ": select(Number(li.dataset.index), { focusRow: true }); break;
      default: return;
    }
    event.preventDefault();
    event.stopPropagation();
    if (target) select(Number(target.dataset.index), { focusRow: true });
  }

  /** Moves the tree's one tab stop to `li`, and the keyboard focus when asked. */
  function moveTabStop(li, focus) {
    if (current && current !== li) current.tabIndex = -1;
    current = li;
    li.tabIndex = 0;
    if (focus) li.focus({ preventScroll: true });
  }

  function revealRow(li) {
    for (let p = li.parentElement.closest("li[role=treeitem]"); p; p = p.parentElement.closest("li[role=treeitem]")) toggle(p, true);
    li.querySelector(".row").scrollIntoView({ block: "nearest" });
  }

  // ---- Selection, hover, focus, search ---------------------------------------------------

  /** Selects layer `i` (-1 clears) in the 3D view, the tree and the detail panel. */
  function select(i, { scroll = true, focusRow = false } = {}) {
    const previous = state.selected;
    if (previous >= 0) { layers[previous].el.classList.remove("selected"); layers[previous].item.setAttribute("aria-selected", "false"); }
    state.selected = i;
    if (i >= 0) {
      const layer = layers[i];
      layer.el.classList.add("selected");
      layer.item.setAttribute("aria-selected", "true");
      if (scroll) revealRow(layer.item);
      moveTabStop(layer.item, focusRow);
    }
    showDetails();
  }

  function hover(i) {
    if (i === state.hover) return;
    if (state.hover >= 0) layers[state.hover].el.classList.remove("hover");
    state.hover = state.hoverOutline ? i : -1;
    if (state.hover >= 0) layers[state.hover].el.classList.add("hover");
  }

  /** Shows only layer `i`'s subtree (-1 shows everything). */
  function focus(i) {
    state.focus = i;
    for (const layer of layers) {
      layer.el.classList.toggle("out", !hv.isShown(layer.index));
      layer.item.classList.toggle("outside", !hv.isShown(layer.index));
    }
    $("focus-bar").hidden = i < 0;
    if (i >= 0) $("focus-name").textContent = `${layers[i].className} (${layers[i].id})`;
    hv.render();
    showDetails();
  }

  function toggleFocus() {
    if (state.focus >= 0) focus(-1); else if (state.selected >= 0) focus(state.selected);
  }

  // ---- Details ----------------------------------------------------------------------------

  function showDetails() {
    details.replaceChildren();
    const i = state.selected;
    if (i < 0) {
      for (const section of detailSections) { const el = section(null); if (el) details.append(el); }
      const empty = span("details-empty");
      empty.style.display = "block";
      empty.append("Click a layer in the view", document.createElement("br"), "or a row in the tree.");
      details.append(empty);
      return;
    }
    details.append(detailContent(layers[i]));
    for (const section of detailSections) { const el = section(layers[i]); if (el) details.append(el); }
  }

  function detailContent(layer) {
    const box = document.createElement("div");
    box.className = "details";
    const title = document.createElement("h2");
    title.textContent = Labels.shortClass(layer.className);
    title.title = layer.className;
    const subtitle = span("subtitle", Labels.note(layer));
    subtitle.style.display = "block";
    box.append(title, subtitle);
    if (layer.texture !== undefined) box.append(preview(layer));
    box.append(detailList(layer));
    if (layer.source) box.append(sourceQuote(layer.source));
    box.append(actions(layer));
    return box;
  }

  // Where the view was read from in the dump: its lines, and the dump's own text of them, set as
  // text (never parsed as markup, whatever the dump holds).
  function sourceQuote(source) {
    const figure = document.createElement("figure"), caption = document.createElement("figcaption");
    figure.className = "source";
    caption.textContent = source.endLine > source.line ? `Lines ${source.line}–${source.endLine} of the dump` : `Line ${source.line} of the dump`;
    figure.append(caption);
    if (source.text !== undefined) {
      const pre = document.createElement("pre");
      pre.textContent = source.text;
      figure.append(pre);
    }
    return figure;
  }

  function preview(layer) {
    const frame = span("preview"), image = document.createElement("img");
    frame.style.display = "flex";
    image.src = layer.el.style.backgroundImage.slice(5, -2);
    image.alt = `Texture of ${layer.id}`;
    frame.append(image);
    return frame;
  }

  function detailList(layer) {
    const dl = document.createElement("dl"), f = layer.frame, ff = layer.fullFrame;
    const rows = [
      ["Class", layer.className], ["ID", layer.id], ["Name", layer.name ?? "—"],
      ...(layer.text !== undefined ? [["Text", layer.text]] : []), ["Tag", String(layer.tag)],
      ...(layer.viewController !== undefined ? [["Controller", layer.viewController]] : []),
      ["Depth", `${layer.depth} of ${hv.data.maxDepth}`], ["Frame", rect(f)],
      ["Full frame", rect(ff) + (f.join() === ff.join() ? "" : "  (clipped)")],
      ["Alpha", num(layer.alpha)], ["Background", layer.background ?? "none"],
      ["Texture", layer.size ? `${layer.size[0]} × ${layer.size[1]} px` : "none"],
      ["Subviews", String(layer.children.length)],
      // The attributes a UI test checks, as the dump wrote them (resource-id, clickable…).
      ...Object.entries(layer.attributes ?? {}),
    ];
    for (const [name, value] of rows) {
      const dt = document.createElement("dt"), dd = document.createElement("dd");
      dt.textContent = name;
      if (name === "Background" && layer.background) { const chip = span("swatch"); chip.style.background = layer.background; dd.append(chip); }
      dd.append(value);
      dl.append(dt, dd);
    }
    return dl;
  }

  function actions(layer) {
    const bar = span("actions"), focusButton = button(state.focus === layer.index ? "Show all" : "Focus (F)", toggleFocus);
    bar.style.display = "flex";
    bar.append(focusButton);
    if (layer.parent !== undefined) bar.append(button("Select parent", () => select(layer.parent, { focusRow: false })));
    return bar;
  }

  function button(text, action) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "button";
    b.textContent = text;
    b.addEventListener("click", action);
    return b;
  }

  function rect([x, y, w, h]) { return `(${num(x)}, ${num(y)}) ${num(w)} × ${num(h)}`; }
  function num(v) { return String(Number(v.toFixed(3))); }

  // ---- Toolbar ----------------------------------------------------------------------------

  /** The depth sliders' range and the layer count, from the data. */
  function showLimits() {
    const max = hv.data.maxDepth;
    for (const id of ["depth-min", "depth-max"]) Object.assign($(id), { min: 0, max, step: 1, disabled: max === 0 });
    $("layer-count").textContent = `${layers.length} layers · ${max + 1} levels`;
  }

  function installToolbar() {
    showLimits();
    for (const style of hv.data.styles) {
      const b = Object.assign(document.createElement("button"), { type: "button", title: style.summary, textContent: style.title });
      b.setAttribute("role", "radio");
      b.dataset.style = style.name;
      $("style").append(b);
    }
    $("style").addEventListener("click", (e) => { const b = e.target.closest("button"); if (b) hv.setView({ style: b.dataset.style }); });
    $("projection").addEventListener("click", (e) => { const b = e.target.closest("button"); if (b) hv.setView({ flat: b.dataset.flat === "true" }); });
    Object.assign($("spacing"), { min: 0, max: hv.data.limits.spacingSlider, step: 1 });
    $("spacing").addEventListener("input", (e) => hv.setView({ spacing: Number(e.target.value) }));
    $("depth-min").addEventListener("input", (e) => hv.setView({ minDepth: Math.min(Number(e.target.value), state.view.maxDepth) }));
    $("depth-max").addEventListener("input", (e) => hv.setView({ maxDepth: Math.max(Number(e.target.value), state.view.minDepth) }));
    $("hover-outline").addEventListener("change", (e) => { state.hoverOutline = e.target.checked; if (!e.target.checked) hover(-1); });
    $("reset").addEventListener("click", reset);
    $("focus-exit").addEventListener("click", () => focus(-1));
    hv.onRender(syncToolbar);
  }

  /** Shows the view's values in the controls. */
  function syncToolbar() {
    const v = state.view, max = hv.data.maxDepth;
    for (const b of $("style").children) b.setAttribute("aria-checked", String(b.dataset.style === v.style));
    for (const b of $("projection").children) b.setAttribute("aria-checked", String(b.dataset.flat === String(v.flat)));
    if (document.activeElement !== $("spacing")) $("spacing").value = String(v.spacing);
    $("spacing-value").textContent = `${num(v.spacing)} pt`;
    $("depth-min").value = String(v.minDepth);
    $("depth-max").value = String(v.maxDepth);
    $("depth-value").textContent = `${v.minDepth}–${v.maxDepth}`;
    const fill = $("depth-fill");
    fill.style.left = `${max ? v.minDepth / max * 100 : 0}%`;
    fill.style.right = `${max ? 100 - v.maxDepth / max * 100 : 0}%`;
    $("zoom-value").textContent = `${Math.round(v.zoom * 100)}%`;
  }

  function reset() { hv.setView({ ...hv.DEFAULT_VIEW }); }

  // ---- The tree panel's width ----------------------------------------------------------------

  /** The handle on the tree panel's edge: drag it, or focus it and press Left and Right. */
  function installSplitter() {
    const handle = $("splitter"), root = document.documentElement;
    const width = () => $("tree").parentElement.getBoundingClientRect().width;
    const set = (w) => {
      const max = Math.max(MIN_PANEL, window.innerWidth * 0.6), next = Math.round(Math.max(MIN_PANEL, Math.min(max, w)));
      root.style.setProperty("--tree-width", `${next}px`);
      handle.setAttribute("aria-valuenow", String(next));
    };
    let start = null;
    handle.addEventListener("pointerdown", (e) => { handle.setPointerCapture(e.pointerId); start = [e.clientX, width()]; e.preventDefault(); });
    handle.addEventListener("pointermove", (e) => { if (start) set(start[1] + e.clientX - start[0]); });
    handle.addEventListener("pointerup", () => { start = null; });
    handle.addEventListener("keydown", (e) => {
      const step = e.key === "ArrowLeft" ? -16 : e.key === "ArrowRight" ? 16 : 0;
      if (step) { set(width() + step); e.preventDefault(); e.stopPropagation(); }
    });
  }

  // The share of the view's shorter side a framed layer fills, and the most the camera zooms in.
  const FILL = 0.5, MAX_FRAME_ZOOM = 12;

  /**
   * Zooms and pans so that layer `i` is centred and fills about half the view (never less than
   * the whole screen's fit), from the camera's present angle; its depth is shown if it was not.
   * The whole projection scales about the pan origin with the zoom, so one measure at zoom 1 gives both.
   */
  function frame(i) {
    const layer = hv.layers[i], v = hv.state.view;
    const range = { minDepth: Math.min(v.minDepth, layer.depth), maxDepth: Math.max(v.maxDepth, layer.depth) };
    hv.setView({ ...range, zoom: 1, panX: 0, panY: 0 });
    const port = hv.viewport.getBoundingClientRect(), r = layer.el.getBoundingClientRect();
    if (!(r.width > 0 && r.height > 0)) return;
    const cx = hv.viewport.clientWidth / 2, cy = hv.viewport.clientHeight / 2;
    const px = r.left + r.width / 2 - port.left, py = r.top + r.height / 2 - port.top;
    const k = Math.max(1, Math.min(MAX_FRAME_ZOOM, FILL * hv.viewport.clientWidth / r.width, FILL * hv.viewport.clientHeight / r.height));
    hv.setView({ zoom: k, panX: -(px - cx) * k, panY: -(py - cy) * k });
  }

  /** Calls `section(layer)` whenever the details are shown; what it returns (an element or
   *  null) is added under them. Other panels (measurements, audits) add theirs this way. */
  function onDetails(section) { detailSections.push(section); }

  return { buildTree, installToolbar, installSplitter, select, hover, focus, toggleFocus, showDetails, onDetails, reset, revealRow, frame };
})(HV);
