"use strict";
const HV = (() => {
  const data = JSON.parse(document.getElementById("hierarchy-data").textContent);
  const $ = (id) => document.getElementById(id);
  const viewport = $("viewport"), camera = $("camera");
  const [SX, SY, SW, SH] = data.screen;
  const layers = data.layers;
  const FOV = 30, MARGIN = 0.06, MIN_ZOOM = 0.1, MAX_ZOOM = 40;
  // The render styles, from the data (Swift's RenderStyle): names, words, what each draws.
  const STYLES = new Map(data.styles.map((s) => [s.name, s]));
  /** The first view of the data's screen; Reset returns to it. */
  const defaultView = () => Object.freeze({
    yaw: data.view.yaw, pitch: data.view.pitch, spacing: data.view.spacing, zoom: 1, panX: 0, panY: 0,
    flat: false, style: data.view.style,
    minDepth: Math.max(0, Math.min(data.maxDepth, data.view.minDepth ?? 0)),
    maxDepth: Math.max(0, Math.min(data.maxDepth, data.view.maxDepth ?? data.maxDepth)),
  });
  let DEFAULT_VIEW = defaultView();
  // `side`: on a diff page, the capture shown ("before" or "after"); null on other pages.
  const state = { view: { ...DEFAULT_VIEW }, selected: -1, focus: -1, hover: -1, matches: null, hoverOutline: true, side: data.diff ? "after" : null };
  const planes = [], byDepth = [], byID = new Map(), roots = [], treeOrder = [];
  // `urls`: each texture's blob URL, by its index in the data; `known`: the same by the texture's
  // base64 text, which a next screen's identical texture reuses (decoded once).
  let urls = [], known = new Map(), laidOutScale = 0, renderQueued = false, listeners = [], replacers = [];

  /**
   * Links every layer to its children, and numbers the layers in the tree's pre-order (`treeOrder`;
   * each layer's `pre`, and `end` past its subtree's last): painter's order is not always the
   * tree's (a web page's negative z-index box is painted before the body that holds it).
   */
  function prepareModel() {
    layers.forEach((layer, i) => { layer.index = i; layer.className = layer.class; layer.children = []; byID.set(layer.id, i); });
    for (const layer of layers) {
      if (layer.parent === undefined) roots.push(layer.index); else layers[layer.parent].children.push(layer.index);
    }
    if (data.treeOrder) {
      // Siblings in the tree's order (the data's layers are in painter's order).
      const rank = new Array(layers.length);
      data.treeOrder.forEach((i, k) => { rank[i] = k; });
      const byRank = (a, b) => rank[a] - rank[b];
      roots.sort(byRank);
      for (const layer of layers) layer.children.sort(byRank);
    }
    treeOrder.length = 0;
    const stack = roots.slice().reverse();
    while (stack.length) {
      const i = stack.pop();
      layers[i].pre = treeOrder.length;
      treeOrder.push(i);
      const kids = layers[i].children;
      for (let k = kids.length - 1; k >= 0; k--) stack.push(kids[k]);
    }
    for (let k = treeOrder.length - 1; k >= 0; k--) {
      const layer = layers[treeOrder[k]], kids = layer.children;
      layer.end = kids.length ? layers[kids[kids.length - 1]].end : k + 1;
    }
    for (let d = 0; d <= data.maxDepth; d++) byDepth.push([]);
    for (const layer of layers) byDepth[layer.depth].push(layer.index);
  }

  /** Turns the base64 PNGs into blob URLs and waits until every image is decoded. */
  async function loadTextures() {
    [urls, known] = await textureURLs(data.textures, new Map());
    data.textures = null;
  }

  /**
   * The blob URLs of `texts` (base64 PNGs) and the map of them by text, once every image is
   * decoded: a text `before` holds keeps its URL (and its decoded image); the URLs of `before`
   * not kept are released.
   */
  async function textureURLs(texts, before) {
    const made = new Map(), decoding = [];
    const list = texts.map((text, i) => {
      if (made.has(text)) return made.get(text);
      let url = before.get(text);
      if (url === undefined) {
        const binary = atob(text), bytes = new Uint8Array(binary.length);
        for (let k = 0; k < binary.length; k++) bytes[k] = binary.charCodeAt(k);
        url = URL.createObjectURL(new Blob([bytes], { type: "image/png" }));
        const image = new Image();
        image.src = url;
        decoding.push(image.decode().catch(() => console.error(`hierarchy viewer: texture ${i} could not be decoded`)));
      }
      made.set(text, url);
      return url;
    });
    await Promise.all(decoding);
    for (const [text, url] of before) if (!made.has(text)) URL.revokeObjectURL(url);
    return [list, made];
  }

  /** What a layer's element draws where (its place, picture, opacity): equal looks, the same element. */
  function look(layer) {
    return JSON.stringify([layer.depth, layer.frame, layer.matrix, layer.box, layer.clip, layer.texture === undefined ? null : urls[layer.texture], layer.background, layer.alpha]);
  }

  /** A layer's element as a new page makes it: texture or colour, opacity, diff mark; placed later. */
  function element(layer) {
    const el = document.createElement("div");
    el.className = "layer";
    el.dataset.id = layer.id;
    if (layer.side) el.classList.add(`side-${layer.side}`, `mark-${layer.mark}`);
    if (layer.texture !== undefined) el.style.backgroundImage = `url("${urls[layer.texture]}")`;
    else if (layer.background) el.style.backgroundColor = layer.background;
    if (layer.alpha < 1) el.style.opacity = String(layer.alpha);
    return el;
  }

  function newPlane() {
    const plane = document.createElement("div");
    plane.className = "plane";
    return plane;
  }

  /** One plane per depth level, and one element per layer in painter's order inside its plane. */
  function buildStack() {
    for (let d = 0; d <= data.maxDepth; d++) planes.push(newPlane());
    for (const layer of layers) {
      layer.el = element(layer);
      layer.look = look(layer);
      planes[layer.depth].append(layer.el);
    }
    camera.append(...planes);
  }

  /**
   * Shows `next` (another screen's data, as the page's own) in this page, in place: a layer whose
   * id and look (`look`) were on the screen shown keeps its element, a texture already shown keeps
   * its decoded image, and only the rest is made; the view stays (its depth range within the new
   * screen's), the selection, focus, search, find and audit answers are cleared (each panel's
   * `onReplace`), as a new page of `next` starts. False, changing nothing, when `next` cannot be
   * shown so (another screen size or render styles, a diff page): then its own page is needed.
   */
  async function replace(next) {
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    if (data.diff || next.diff || !same(next.screen, data.screen) || !same(next.styles, data.styles)) return false;
    const [nextURLs, nextKnown] = await textureURLs(next.textures, known);
    [urls, known] = [nextURLs, nextKnown];
    const before = new Map(layers.map((layer) => [layer.id, layer]));
    for (const key of Object.keys(data)) if (!(key in next)) delete data[key];
    Object.assign(data, next, { layers, textures: null });
    layers.splice(0, layers.length, ...next.layers);
    byID.clear();
    roots.length = 0;
    byDepth.length = 0;
    prepareModel();
    const kept = new Set();
    for (const layer of layers) {
      layer.look = look(layer);
      const old = before.get(layer.id);
      if (old && old.look === layer.look && !kept.has(old.el)) {
        layer.el = old.el;
        layer.el.className = layer.side ? `layer side-${layer.side} mark-${layer.mark}` : "layer";
        delete layer.el.dataset.audit;
        kept.add(layer.el);
      } else {
        layer.el = element(layer);
        if (laidOutScale) place(layer, laidOutScale);
      }
    }
    for (const old of before.values()) if (!kept.has(old.el)) old.el.remove();
    while (planes.length > data.maxDepth + 1) planes.pop().remove();
    while (planes.length <= data.maxDepth) { const plane = newPlane(); planes[planes.length - 1].after(plane); planes.push(plane); }
    // Painter's order inside each plane: an element already in its place is not moved.
    byDepth.forEach((indices, d) => {
      let cursor = planes[d].firstChild;
      for (const i of indices) {
        const el = layers[i].el;
        if (el === cursor) cursor = cursor.nextSibling; else planes[d].insertBefore(el, cursor);
      }
    });
    DEFAULT_VIEW = defaultView();
    Object.assign(state, { selected: -1, focus: -1, hover: -1, matches: null });
    replacers.forEach((f) => f());
    setView({});
    return true;
  }

  // ---- Camera ---------------------------------------------------------------------------

  /** Whether layer `i` is `root` or one of its descendants. */
  function inSubtree(i, root) {
    return layers[i].pre >= layers[root].pre && layers[i].pre < layers[root].end;
  }

  /** The indices of `root` and its descendants, in the tree's pre-order. */
  function subtree(root) {
    return treeOrder.slice(layers[root].pre, layers[root].end);
  }

  /** What the camera frames, [x, y, width, height] in points: the screen, or the focused subtree. */
  function framed() {
    if (state.focus < 0) return data.screen;
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const i of subtree(state.focus)) {
      const [x, y, w, h] = layers[i].frame;
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x + w), Math.max(y1, y + h)];
    }
    return [x0, y0, x1 - x0, y1 - y0];
  }

  /**
   * CSS pixels a point at zoom 1: the framed rectangle fitted into the view with a margin; in
   * 3D, its whole stack (at the first spacing) as the first camera sees it. It follows neither
   * the orbit nor the spacing slider, so turning and sliding never rescale.
   */
  function fitScale() {
    const w = viewport.clientWidth * (1 - 2 * MARGIN), h = viewport.clientHeight * (1 - 2 * MARGIN);
    const [, , FW, FH] = framed();
    if (state.view.flat) return Math.max(1e-3, Math.min(w / FW, h / FH));
    const [lo, hi] = state.focus < 0 ? [0, data.maxDepth] : shownDepths();
    const depth = (hi - lo) * DEFAULT_VIEW.spacing;
    const turn = new DOMMatrix().rotateAxisAngle(1, 0, 0, -DEFAULT_VIEW.pitch).rotateAxisAngle(0, 1, 0, DEFAULT_VIEW.yaw);
    const corners = [];
    for (const x of [-FW / 2, FW / 2]) for (const y of [-FH / 2, FH / 2]) for (const z of [-depth / 2, depth / 2]) {
      corners.push(turn.transformPoint(new DOMPoint(x, y, z)));
    }
    // Perspective enlarges the nearer corners by P / (P − z), which depends on the scale: a few rounds settle it.
    const eye = viewport.clientHeight / 2 / Math.tan(FOV * Math.PI / 360);
    let s = 1;
    for (let round = 0; round < 4; round++) {
      let [halfWidth, halfHeight] = [1e-9, 1e-9];
      for (const p of corners) {
        const enlarge = eye / Math.max(eye * 0.2, eye - p.z * s);
        halfWidth = Math.max(halfWidth, Math.abs(p.x) * s * enlarge);
        halfHeight = Math.max(halfHeight, Math.abs(p.y) * s * enlarge);
      }
      s *= Math.min(w / 2 / halfWidth, h / 2 / halfHeight);
    }
    return Math.max(1e-3, s);
  }

  function scale() { return fitScale() * state.view.zoom; }

  /** The depths shown: the range, narrowed to the focused subtree's depths. */
  function shownDepths() {
    let lo = state.view.minDepth, hi = state.view.maxDepth;
    if (state.focus >= 0) {
      let flo = Infinity, fhi = -Infinity;
      for (const i of subtree(state.focus)) { flo = Math.min(flo, layers[i].depth); fhi = Math.max(fhi, layers[i].depth); }
      lo = Math.max(lo, flo); hi = Math.min(hi, fhi);
    }
    return hi >= lo ? [lo, hi] : [lo, lo];
  }

  /** Where the perspective looks from, in the viewport: its centre moved by the pan. */
  function origin() {
    return [viewport.clientWidth / 2 + state.view.panX, viewport.clientHeight / 2 + state.view.panY];
  }

  /** The distance from the eye to the screen plane, in CSS pixels: a 30° lens, magnified with the zoom. */
  function perspectiveDistance() {
    return viewport.clientHeight / 2 / Math.tan(FOV * Math.PI / 360) * state.view.zoom;
  }

  /**
   * The camera: world (CSS pixels) to viewport, before perspective. Orbits about the middle of
   * the shown stack; the flat view is a plain translation put on whole pixels, so that textures
   * are drawn without resampling at scale 1.
   */
  function cameraMatrix() {
    const v = state.view, s = scale(), [ox, oy] = origin(), [fx, fy, fw, fh] = framed();
    const cx = (fx - SX + fw / 2) * s, cy = (fy - SY + fh / 2) * s;
    if (v.flat) return new DOMMatrix().translate(Math.round(ox - cx), Math.round(oy - cy));
    const [lo, hi] = shownDepths();
    return new DOMMatrix().translate(ox, oy)
      .rotateAxisAngle(1, 0, 0, -v.pitch) // positive pitch looks down: nearer levels move down
      .rotateAxisAngle(0, 1, 0, v.yaw)    // negative yaw looks from the right: nearer levels move left
      .translate(-cx, -cy, -(lo + hi) / 2 * v.spacing * s);
  }

  /** The perspective the viewport applies about `origin()`; identity in the flat view. */
  function projectionMatrix() {
    if (state.view.flat) return new DOMMatrix();
    const [ox, oy] = origin(), m = new DOMMatrix();
    m.m34 = -1 / perspectiveDistance();
    return new DOMMatrix().translate(ox, oy).multiply(m).translate(-ox, -oy);
  }

  function planeZ(depth) { return depth * state.view.spacing * scale(); }

  // ---- Drawing --------------------------------------------------------------------------

  /** Places every layer in CSS pixels at scale `s`: only when the scale changes. */
  function layOut(s) {
    for (const layer of layers) place(layer, s);
    for (const plane of planes) { plane.style.width = `${SW * s}px`; plane.style.height = `${SH * s}px`; }
    laidOutScale = s;
  }

  /** Places one layer's element at scale `s`. */
  function place(layer, s) {
    const [x, y, w, h] = layer.frame, st = layer.el.style;
    if (layer.matrix) { placeTransformed(layer, s); return; }
    st.left = `${(x - SX) * s}px`; st.top = `${(y - SY) * s}px`;
    st.width = `${w * s}px`; st.height = `${h * s}px`;
  }

  /**
   * A transformed (or cut) layer: its element spans the visible part of the view's bounds and is
   * mapped to the screen by a CSS matrix3d (turn, scale, mirror), cut to its visible polygon.
   */
  function placeTransformed(layer, s) {
    const [a, b, c, d, e, f] = layer.matrix, [w, h] = layer.box, st = layer.el.style;
    st.left = "0px"; st.top = "0px";
    st.width = `${w * s}px`; st.height = `${h * s}px`;
    st.transformOrigin = "0 0";
    st.transform = `matrix3d(${a}, ${b}, 0, 0, ${c}, ${d}, 0, 0, 0, 0, 1, 0, ${(e - SX) * s}, ${(f - SY) * s}, 0, 1)`;
    st.clipPath = `polygon(${layer.clip.map(([px, py]) => `${px * s}px ${py * s}px`).join(", ")})`;
  }

  /** Applies the view to the elements at once (the script interface needs rectOf right after). */
  function render() {
    const v = state.view, s = scale();
    if (Math.abs(s - laidOutScale) > 1e-9 * s) layOut(s);
    viewport.style.perspective = v.flat ? "none" : `${perspectiveDistance()}px`;
    const [ox, oy] = origin();
    viewport.style.perspectiveOrigin = `${ox}px ${oy}px`;
    camera.style.transform = cameraMatrix().toString();
    const [lo, hi] = shownDepths();
    planes.forEach((plane, d) => {
      plane.style.transform = `translate3d(0px, 0px, ${planeZ(d)}px)`;
      plane.classList.toggle("off", d < lo || d > hi);
    });
    viewport.classList.toggle("outlines", STYLES.get(v.style).outlines);
    viewport.classList.toggle("no-contents", !STYLES.get(v.style).contents);
    listeners.forEach((f) => f());
  }

  /** Renders on the next frame, once however many changes come before it. */
  function requestRender() {
    if (renderQueued) return;
    renderQueued = true;
    requestAnimationFrame(() => { renderQueued = false; render(); });
  }

  /** Whether layer `i` is shown: on the side shown (diff pages), inside the focused subtree. */
  function isShown(i) {
    if (state.side !== null && layers[i].side !== state.side) return false;
    return state.focus < 0 || inSubtree(i, state.focus);
  }

  /** Clamps and applies a partial view; unknown keys and wrong types are errors. */
  function setView(change) {
    const v = { ...state.view };
    for (const [key, value] of Object.entries(change || {})) {
      if (!(key in DEFAULT_VIEW)) throw new TypeError(`setView: unknown key '${key}'`);
      const ok = key === "flat" ? typeof value === "boolean" : key === "style" ? STYLES.has(value) : Number.isFinite(value);
      if (!ok) throw new TypeError(`setView: bad value for '${key}': ${JSON.stringify(value)}`);
      v[key] = value;
    }
    v.yaw = ((v.yaw + 180) % 360 + 360) % 360 - 180;
    v.pitch = Math.max(-90, Math.min(90, v.pitch));
    v.spacing = Math.max(0, Math.min(data.limits.spacing, v.spacing));
    v.zoom = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, v.zoom));
    v.minDepth = Math.max(0, Math.min(data.maxDepth, Math.round(v.minDepth)));
    v.maxDepth = Math.max(v.minDepth, Math.min(data.maxDepth, Math.round(v.maxDepth)));
    state.view = v;
    render();
  }

  function getView() { return { ...state.view, scale: scale() }; }

  /** Zooms by `factor` keeping the picture point under viewport point (px, py) in place. */
  function zoomAbout(factor, px, py) {
    const v = state.view, zoom = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, v.zoom * factor)), k = zoom / v.zoom;
    const [ox, oy] = origin(), cx = viewport.clientWidth / 2, cy = viewport.clientHeight / 2;
    state.view = { ...v, zoom, panX: px - (px - ox) * k - cx, panY: py - (py - oy) * k - cy };
    requestRender();
  }

  return {
    data, layers, roots, byID, byDepth, state, viewport, $, get DEFAULT_VIEW() { return DEFAULT_VIEW; },
    prepareModel, loadTextures, buildStack, render, requestRender, setView, getView, zoomAbout, replace,
    isShown, inSubtree, subtree, treeOrder, shownDepths, scale, planeZ, cameraMatrix, projectionMatrix, onRender: (f) => listeners.push(f),
    /** Calls `f()` once a next screen's model has replaced this one (`replace`), before the view is drawn. */
    onReplace: (f) => replacers.push(f),
  };
})();
