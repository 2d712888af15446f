/**
 * A link to what is on the screen: the URL's fragment keeps the selection, the camera, the focus
 * and the search (`#select=ID&yaw=-35&pitch=20&spacing=40&zoom=1`), so that a bug report can point
 * at one view, and the page opens on what its fragment says. The "Command line" button shows the
 * `hierarchy render` command that draws the same picture from the current camera and options.
 */
const Link = ((hv, ui) => {
  const { layers, state, $ } = hv;
  const NUMBERS = ["yaw", "pitch", "spacing", "zoom", "panX", "panY", "minDepth", "maxDepth"];
  let timer = null, written = "";

  /** The fragment for the page now. */
  function fragment() {
    const v = state.view, d = hv.DEFAULT_VIEW, p = new URLSearchParams();
    if (state.selected >= 0) p.set("select", layers[state.selected].id);
    if (state.focus >= 0) p.set("focus", layers[state.focus].id);
    for (const key of NUMBERS) {
      if (["yaw", "pitch", "spacing", "zoom"].includes(key) || v[key] !== d[key]) p.set(key, String(Number(v[key].toFixed(3))));
    }
    if (v.flat) p.set("flat", "1");
    if (v.style !== d.style) p.set("style", v.style);
    if (state.side === "before") p.set("side", "before");
    if ($("search").value.trim()) p.set("search", $("search").value.trim());
    return p.toString();
  }

  /** Applies a fragment: unknown keys and bad values are left out, the rest applied. */
  function apply(hash) {
    const p = new URLSearchParams(hash.replace(/^#/, "")), change = {};
    for (const key of NUMBERS) if (p.has(key) && Number.isFinite(Number(p.get(key))) && p.get(key).trim() !== "") change[key] = Number(p.get(key));
    if (p.has("flat")) change.flat = p.get("flat") === "1" || p.get("flat") === "true";
    if (hv.data.styles.some((s) => s.name === p.get("style"))) change.style = p.get("style");
    if (p.get("side") && typeof Diff !== "undefined") Diff.setSide(p.get("side"));
    const focus = hv.byID.get(p.get("focus") ?? ""), select = hv.byID.get(p.get("select") ?? "");
    if (focus !== undefined) ui.focus(focus);
    hv.setView(change);
    if (p.has("search")) Search.run(p.get("search"));
    if (select !== undefined) ui.select(select);
  }

  /** Writes the fragment a moment after the last change (not on every frame of a turn). */
  function queue() {
    if (timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      const next = fragment();
      if (next === written) return;
      written = next;
      try { history.replaceState(null, "", "#" + next); } catch (error) { /* a page without history (sandboxed frame) keeps no link */ }
      if (!$("command-box").hidden) $("command-text").textContent = command();
    }, 300);
  }

  function quote(word) { return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`; }

  /** `hierarchy render` with the camera and options now (pan has no option: the picture is centred). */
  function command() {
    const v = state.view, n = (x) => String(Number(x.toFixed(2)));
    const source = state.side === "before" ? "BEFORE" : hv.data.source ?? "TREE";
    const words = ["hierarchy", "render", source];
    if (v.flat) words.push("--yaw", "0", "--pitch", "0", "--projection", "orthographic");
    else words.push("--yaw", n(v.yaw), "--pitch", n(v.pitch));
    words.push("--spacing", n(v.spacing));
    if (v.minDepth > 0) words.push("--min-depth", String(v.minDepth));
    if (v.maxDepth < hv.data.maxDepth) words.push("--max-depth", String(v.maxDepth));
    if (Math.abs(v.zoom - 1) > 1e-3) words.push("--zoom", n(v.zoom));
    if (!hv.data.styles.find((s) => s.name === v.style).default) words.push("--style", v.style);
    const id = (i) => layers[i].id.replace(/^before:/, "");
    if (state.focus >= 0) words.push("--focus", id(state.focus));
    if (state.selected >= 0) words.push("--highlight", id(state.selected));
    return words.map(quote).join(" ");
  }

  function toggleCommand() {
    const box = $("command-box"), open = box.hidden;
    box.hidden = !open;
    $("command").setAttribute("aria-expanded", String(open));
    if (open) $("command-text").textContent = command();
  }

  function install() {
    $("command").addEventListener("click", toggleCommand);
    $("command-copy").addEventListener("click", () => {
      const text = $("command-text").textContent;
      const selectIt = () => { const range = document.createRange(); range.selectNodeContents($("command-text")); getSelection().removeAllRanges(); getSelection().addRange(range); };
      if (navigator.clipboard) navigator.clipboard.writeText(text).catch(selectIt); else selectIt();
    });
    $("command-box").addEventListener("pointerdown", (e) => e.stopPropagation());
    hv.onRender(queue);
    ui.onDetails(() => { queue(); return null; });
    window.addEventListener("hashchange", () => { if (location.hash.slice(1) !== written) apply(location.hash); });
    if (location.hash.length > 1) apply(location.hash);
    written = location.hash.slice(1);
  }

  return { install, fragment, command, apply };
})(HV, UI);
