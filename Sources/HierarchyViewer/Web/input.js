const Input = ((hv) => {
  const { viewport, state } = hv;
  const CLICK_SLOP = 4, DEGREES_PER_PIXEL = 0.4, KEY_DEGREES = 5, KEY_SPACING = 2;
  const pointers = new Map();
  let drag = null, hoverQueued = null, resting = null; // resting: where the pointer is over the view, when not dragging

  function onPointerDown(event) {
    if (event.pointerType === "mouse" && event.button > 2) return;
    viewport.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    const pan = event.shiftKey || event.button === 1 || event.button === 2 || state.view.flat;
    drag = { x: event.clientX, y: event.clientY, moved: pointers.size > 1, pan, button: event.button };
    if (pointers.size === 2) drag.pinch = pinchOf();
    event.preventDefault();
  }

  function onPointerMove(event) {
    if (!drag || !pointers.has(event.pointerId)) {
      resting = [event.clientX, event.clientY];
      queueHover(event.clientX, event.clientY);
      return;
    }
    const previous = pointers.get(event.pointerId);
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) > CLICK_SLOP) drag.moved = true;
    if (!drag.moved) return;
    if (pointers.size >= 2) return pinch();
    const dx = event.clientX - previous[0], dy = event.clientY - previous[1], v = state.view;
    viewport.classList.toggle(drag.pan ? "panning" : "dragging", true);
    if (drag.pan) state.view = { ...v, panX: v.panX + dx, panY: v.panY + dy };
    else state.view = { ...v, yaw: wrap(v.yaw + dx * DEGREES_PER_PIXEL), pitch: clampPitch(v.pitch + dy * DEGREES_PER_PIXEL) };
    hv.requestRender();
  }

  function onPointerUp(event) {
    if (!pointers.has(event.pointerId)) return;
    pointers.delete(event.pointerId);
    if (drag && !drag.moved && drag.button === 0 && pointers.size === 0) {
      UI.select(Picking.layerAt(event.clientX, event.clientY), { scroll: true });
    }
    if (pointers.size === 0) { drag = null; viewport.classList.remove("dragging", "panning"); }
    else if (drag) drag.pinch = pinchOf();
  }

  /** The two touches' midpoint and distance. */
  function pinchOf() {
    const [a, b] = [...pointers.values()];
    return { x: (a[0] + b[0]) / 2, y: (a[1] + b[1]) / 2, d: Math.max(1, Math.hypot(a[0] - b[0], a[1] - b[1])) };
  }

  function pinch() {
    const now = pinchOf(), before = drag.pinch, r = viewport.getBoundingClientRect();
    state.view = { ...state.view, panX: state.view.panX + now.x - before.x, panY: state.view.panY + now.y - before.y };
    hv.zoomAbout(now.d / before.d, now.x - r.left, now.y - r.top);
    drag.pinch = now;
  }

  /** Wheel zooms about the pointer; a trackpad pinch arrives as a wheel with ctrlKey. */
  function onWheel(event) {
    event.preventDefault();
    const r = viewport.getBoundingClientRect();
    const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? r.height : 1;
    const factor = Math.exp(-event.deltaY * lines * (event.ctrlKey ? 0.01 : 0.0015));
    hv.zoomAbout(factor, event.clientX - r.left, event.clientY - r.top);
  }

  /** Outlines the layer under the pointer, once a frame at most. */
  function queueHover(x, y) {
    if (!state.hoverOutline) return;
    if (hoverQueued === null) requestAnimationFrame(() => { UI.hover(Picking.layerAt(hoverQueued[0], hoverQueued[1])); hoverQueued = null; });
    hoverQueued = [x, y];
  }

  /** Keys anywhere but in a text field or the tree (which has its own arrows). */
  function onKey(event) {
    const target = event.target;
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    if (target instanceof HTMLInputElement && (target.type === "search" || target.type === "text")) {
      if (event.key === "Escape") { target.value ? Search.run("") : target.blur(); event.preventDefault(); }
      return;
    }
    const inTree = target.closest && target.closest("#tree");
    const onSlider = target instanceof HTMLInputElement && target.type === "range";
    if ((inTree || onSlider) && event.key.startsWith("Arrow")) return;
    if (handleKey(event.key, event.shiftKey)) event.preventDefault();
  }

  /** The shortcut's action; false when the key is not one. */
  function handleKey(key, shift) {
    const v = state.view;
    const orbit = (dyaw, dpitch) => hv.setView({ flat: false, yaw: v.yaw + dyaw, pitch: clampPitch(v.pitch + dpitch) });
    const pan = (dx, dy) => hv.setView({ panX: v.panX + dx, panY: v.panY + dy });
    switch (key) {
      case "ArrowLeft": shift ? pan(-20, 0) : orbit(-KEY_DEGREES, 0); break;
      case "ArrowRight": shift ? pan(20, 0) : orbit(KEY_DEGREES, 0); break;
      case "ArrowUp": shift ? pan(0, -20) : orbit(0, -KEY_DEGREES); break;
      case "ArrowDown": shift ? pan(0, 20) : orbit(0, KEY_DEGREES); break;
      case "+": case "=": hv.setView({ spacing: v.spacing + KEY_SPACING }); break;
      case "-": case "_": hv.setView({ spacing: Math.max(0, v.spacing - KEY_SPACING) }); break;
      case "Escape": UI.select(-1); break;
      case "f": case "F": UI.toggleFocus(); break;
      case "r": case "R": UI.reset(); break;
      default: return false;
    }
    return true;
  }

  function wrap(yaw) { return ((yaw + 180) % 360 + 360) % 360 - 180; }
  function clampPitch(pitch) { return Math.max(-90, Math.min(90, pitch)); }

  function install() {
    viewport.addEventListener("pointerdown", onPointerDown);
    viewport.addEventListener("pointermove", onPointerMove);
    viewport.addEventListener("pointerup", onPointerUp);
    viewport.addEventListener("pointercancel", onPointerUp);
    viewport.addEventListener("pointerleave", () => { resting = null; if (!drag) UI.hover(-1); });
    // The view moved under a resting pointer (wheel, keys, sliders): outline what is under it now.
    hv.onRender(() => { if (resting && !drag) queueHover(resting[0], resting[1]); });
    viewport.addEventListener("wheel", onWheel, { passive: false });
    viewport.addEventListener("contextmenu", (event) => event.preventDefault());
    document.addEventListener("keydown", onKey);
    new ResizeObserver(() => hv.render()).observe(viewport);
  }

  return { install };
})(HV);
