/**
 * Measuring, as Reveal and Lookin do it: with a view selected, hold Alt (Option) and point at
 * another to see the distances between their edges; point inside the selected view to measure it
 * against its superview (the nearest drawn ancestor). Distances are in points, between the views'
 * visible frames in the screen's coordinates (`frame`: the part that shows, transforms included).
 * The lines are drawn over the view (an SVG over the viewport, the points projected from the
 * layers' planes) and listed in the details panel.
 */
const Measure = ((hv, ui) => {
  const { layers, state, viewport, $ } = hv;
  const [SX, SY] = hv.data.screen;
  const svg = $("measure-lines"), SVG = svg.namespaceURI; // the page names no URL: it fetches nothing
  let shown = null, pointer = null, queued = false, updating = false; // shown: {a, b, pinned}

  function edges(i) { const [x, y, w, h] = layers[i].frame; return { left: x, top: y, right: x + w, bottom: y + h }; }
  function round(v) { return Math.round(v * 1000) / 1000; }
  function holds(o, i) { return o.left <= i.left && o.top <= i.top && o.right >= i.right && o.bottom >= i.bottom; }

  /** The empty space between the frames along each axis (0 where they overlap along it) and,
   *  when one frame holds the other, the distances from its edges in to the inner one's. */
  function between(a, b) {
    const A = edges(a), B = edges(b);
    const result = { gap: {
      x: round(Math.max(0, Math.max(A.left, B.left) - Math.min(A.right, B.right))),
      y: round(Math.max(0, Math.max(A.top, B.top) - Math.min(A.bottom, B.bottom))) } };
    const [outer, inner] = holds(A, B) ? [A, B] : holds(B, A) ? [B, A] : [null, null];
    if (outer) {
      result.insets = { left: round(inner.left - outer.left), right: round(outer.right - inner.right),
                        top: round(inner.top - outer.top), bottom: round(outer.bottom - inner.bottom) };
    }
    return result;
  }

  /** The lines to draw, in screen points: [x1, y1, x2, y2, value]. */
  function lines(a, b, m) {
    const A = edges(a), B = edges(b), out = [];
    if (m.insets) {
      const [o, i] = holds(A, B) ? [A, B] : [B, A], cx = (i.left + i.right) / 2, cy = (i.top + i.bottom) / 2;
      out.push([o.left, cy, i.left, cy, m.insets.left], [i.right, cy, o.right, cy, m.insets.right],
               [cx, o.top, cx, i.top, m.insets.top], [cx, i.bottom, cx, o.bottom, m.insets.bottom]);
      return out.filter((l) => l[4] > 0);
    }
    const mid = (lo1, hi1, lo2, hi2) => Math.max(lo1, lo2) < Math.min(hi1, hi2) ? (Math.max(lo1, lo2) + Math.min(hi1, hi2)) / 2 : (lo1 + hi1) / 2;
    if (m.gap.x > 0) {
      const y = mid(A.top, A.bottom, B.top, B.bottom);
      out.push(A.right <= B.left ? [A.right, y, B.left, y, m.gap.x] : [B.right, y, A.left, y, m.gap.x]);
    }
    if (m.gap.y > 0) {
      const x = mid(A.left, A.right, B.left, B.right);
      out.push(A.bottom <= B.top ? [x, A.bottom, x, B.top, m.gap.y] : [x, B.bottom, x, A.top, m.gap.y]);
    }
    return out;
  }

  /** Viewport point of screen point (x, y) on the plane of `depth`. */
  function project(matrix, x, y, depth) {
    const s = hv.scale(), p = matrix.transformPoint(new DOMPoint((x - SX) * s, (y - SY) * s, hv.planeZ(depth), 1));
    return [p.x / p.w, p.y / p.w];
  }

  function element(name, attributes, text) {
    const el = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, String(v));
    if (text !== undefined) el.textContent = text;
    return el;
  }

  /** Redraws the lines for the camera now. */
  function draw() {
    svg.replaceChildren();
    if (!shown) return;
    const { a, b } = shown, m = between(a, b), matrix = hv.projectionMatrix().multiply(hv.cameraMatrix());
    const outline = (i, cls) => {
      const e = edges(i), d = layers[i].depth;
      const points = [[e.left, e.top], [e.right, e.top], [e.right, e.bottom], [e.left, e.bottom]].map(([x, y]) => project(matrix, x, y, d).join(","));
      svg.append(element("polygon", { points: points.join(" "), class: cls }));
    };
    outline(b, "target");
    outline(a, "source");
    const depth = Math.max(layers[a].depth, layers[b].depth);
    for (const [x1, y1, x2, y2, value] of lines(a, b, m)) {
      const [p, q] = [project(matrix, x1, y1, depth), project(matrix, x2, y2, depth)];
      svg.append(element("line", { x1: p[0], y1: p[1], x2: q[0], y2: q[1], class: "distance" }));
      const text = element("text", { "text-anchor": "middle", dy: "0.35em" }, format(value));
      const w = 8 + 6.5 * text.textContent.length, length = Math.hypot(q[0] - p[0], q[1] - p[1]);
      // A label longer than its line sits beside it, so that it hides neither view.
      const [nx, ny] = length > w + 8 ? [0, 0] : length > 0 ? [-(q[1] - p[1]) / length * 14, (q[0] - p[0]) / length * 14] : [0, -14];
      const label = element("g", { class: "label", transform: `translate(${(p[0] + q[0]) / 2 + nx}, ${(p[1] + q[1]) / 2 + ny})` });
      label.append(element("rect", { x: -w / 2, y: -9, width: w, height: 18, rx: 4 }), text);
      svg.append(label);
    }
  }

  function format(v) { return String(Number(v.toFixed(2))); }

  /** The details' section: what is measured and the distances. */
  function detailSection() {
    // Another selection (or Esc, or focus) ends the measurement: Alt-pointing starts the next one.
    if (shown && !updating && (shown.pinned || shown.a !== state.selected)) { shown = null; viewport.classList.remove("measuring"); draw(); }
    if (!shown) return null;
    const { a, b } = shown, m = between(a, b), box = document.createElement("section");
    box.className = "details measurements";
    box.id = "measurements";
    const title = document.createElement("h3");
    title.className = "section-title";
    title.textContent = "Measure";
    const name = (i) => `${Labels.shortClass(layers[i].className)} ${Labels.note(layers[i])}`;
    const dl = document.createElement("dl");
    const rows = [["From", name(a)], ["To", name(b)], ["Gap", `x ${format(m.gap.x)} pt · y ${format(m.gap.y)} pt`]];
    if (m.insets) for (const side of ["left", "right", "top", "bottom"]) rows.push([`Inset ${side}`, `${format(m.insets[side])} pt`]);
    else if (m.gap.x === 0 && m.gap.y === 0) rows.push(["", "the frames overlap"]);
    for (const [k, v] of rows) {
      const dt = document.createElement("dt"), dd = document.createElement("dd");
      dt.textContent = k;
      dd.textContent = v;
      dl.append(dt, dd);
    }
    box.append(title, dl);
    return box;
  }

  /** Shows the measurement between layers a and b (null clears). */
  function show(a, b, pinned) {
    const next = a === null || b === null || a < 0 || b < 0 ? null : { a, b, pinned };
    if (!next && !shown) return;
    if (next && shown && next.a === shown.a && next.b === shown.b) { shown.pinned = shown.pinned || pinned; return; }
    shown = next;
    viewport.classList.toggle("measuring", !!shown);
    draw();
    updating = true;
    try { ui.showDetails(); } finally { updating = false; }
  }

  /** What Alt-pointing measures: the view under the pointer, or the superview from inside. */
  function fromPointer() {
    queued = false;
    if (!pointer || !pointer.alt || state.selected < 0) { if (shown && !shown.pinned) show(null, null); return; }
    let target = Picking.layerAt(pointer.x, pointer.y);
    const s = state.selected, inside = target >= 0 && hv.inSubtree(target, s);
    if (inside) target = layers[s].parent ?? -1;
    show(s, target, false);
  }

  function queue() { if (!queued) { queued = true; requestAnimationFrame(fromPointer); } }

  function install() {
    viewport.addEventListener("pointermove", (e) => { pointer = { x: e.clientX, y: e.clientY, alt: e.altKey }; queue(); });
    viewport.addEventListener("pointerleave", () => { pointer = null; queue(); });
    const alt = (down) => (e) => { if (e.key === "Alt" && pointer) { pointer.alt = down; if (down) e.preventDefault(); queue(); } };
    document.addEventListener("keydown", alt(true));
    document.addEventListener("keyup", alt(false));
    window.addEventListener("blur", () => { if (pointer) pointer.alt = false; queue(); });
    ui.onDetails(detailSection);
    hv.onRender(() => { if (shown) draw(); });
    hv.onReplace(() => { shown = null; viewport.classList.remove("measuring"); draw(); });
  }

  return { install, between, show, current: () => shown };
})(HV, UI);
