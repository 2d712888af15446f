/**
 * The design overlay: an image (chosen with Design…, or dropped on the view) laid over the front
 * view, its width scaled to the screen's and its top on the screen's top, so that a mock-up
 * exported at any scale lines up. It lies on a plane of its own just in front of the nearest level
 * shown, so it turns with the stack. Opacity slider, and a difference mode (in the 2D view: what
 * matches turns black). The file is read in the page (FileReader, a data: URL): nothing leaves it.
 */
const Overlay = ((hv) => {
  const { $ } = hv;
  const [, , SW] = hv.data.screen;
  const plane = document.createElement("div"), image = document.createElement("img");
  plane.className = "design-plane";
  plane.hidden = true;
  image.alt = "Design overlay";
  image.draggable = false;
  plane.append(image);

  /** Lays the image at `url` (a data: or blob: URL) over the view; null removes it. */
  function set(url, opacity = 0.5) {
    if (url === null) { plane.hidden = true; $("camera").style.transformStyle = ""; image.removeAttribute("src"); $("overlay-bar").hidden = true; return Promise.resolve(null); }
    if (typeof url !== "string" || !/^(data:image\/|blob:)/.test(url)) throw new TypeError("overlay: expected a data:image/… URL or null");
    if (!Number.isFinite(opacity)) throw new TypeError(`overlay: bad opacity ${JSON.stringify(opacity)}`);
    setOpacity(opacity);
    image.src = url;
    return image.decode().then(() => {
      plane.hidden = false;
      $("overlay-bar").hidden = false;
      place();
      return { width: image.naturalWidth, height: image.naturalHeight };
    });
  }

  function setOpacity(opacity) {
    const o = Math.max(0, Math.min(1, opacity));
    image.style.opacity = String(o);
    $("overlay-opacity").value = String(Math.round(o * 100));
    $("overlay-value").textContent = `${Math.round(o * 100)}%`;
  }

  /** Sizes the plane to the screen at the current scale, in front of the nearest level shown. */
  function place() {
    if (plane.hidden) return;
    const s = hv.scale(), [, hi] = hv.shownDepths(), w = SW * s;
    image.style.width = `${w}px`;
    image.style.height = image.naturalWidth ? `${w * image.naturalHeight / image.naturalWidth}px` : "auto";
    plane.style.transform = `translate3d(0px, 0px, ${hv.planeZ(hi) + 1}px)`;
    // Blending reaches no further than a 3D context's plane: in the flat view the stack is
    // flattened (the planes are in depth order in the page), so the difference takes it all.
    $("camera").style.transformStyle = plane.classList.contains("difference") && hv.state.view.flat ? "flat" : "";
  }

  function readFile(file) {
    if (!file || !file.type.startsWith("image/")) return;
    const reader = new FileReader();
    reader.onload = () => set(String(reader.result), image.src ? Number($("overlay-opacity").value) / 100 : 0.5)
      .catch(() => console.warn("hierarchy viewer: the design image could not be decoded"));
    reader.readAsDataURL(file);
  }

  function install() {
    $("camera").append(plane);
    $("design").addEventListener("click", () => $("design-file").click());
    $("design-file").addEventListener("change", (e) => { readFile(e.target.files[0]); e.target.value = ""; });
    hv.viewport.addEventListener("dragover", (e) => { if (e.dataTransfer.types.includes("Files")) e.preventDefault(); });
    hv.viewport.addEventListener("drop", (e) => { e.preventDefault(); readFile(e.dataTransfer.files[0]); });
    $("overlay-opacity").addEventListener("input", (e) => setOpacity(Number(e.target.value) / 100));
    $("overlay-difference").addEventListener("change", (e) => {
      plane.classList.toggle("difference", e.target.checked);
      // A difference is taken with the front view: the 2D view, flattened so that it blends.
      if (e.target.checked && !hv.state.view.flat) hv.setView({ flat: true }); else place();
    });
    $("overlay-remove").addEventListener("click", () => set(null));
    // The bar lies on the view: its presses are its own, not the start of a drag.
    $("overlay-bar").addEventListener("pointerdown", (e) => e.stopPropagation());
    hv.onRender(place);
  }

  return { install, set, state: () => (plane.hidden ? null : { opacity: Number(image.style.opacity), difference: plane.classList.contains("difference") }) };
})(HV);
