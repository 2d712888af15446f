/**
 * hierarchy's web capture: the page's DOM as a view tree. `capture webdriver` sends this file and
 * `return captureDOM.apply(null, arguments);` as the script of one
 * `POST /session/{id}/execute/sync` (arguments[0]: the most nodes kept). Returns a string, the
 * "hierarchy-web-dom" document (docs/capture.md), laid out one node a line so that each view names
 * its line: a header object whose "nodes" member is an array, each node on its own line, in
 * document order (a node's parent comes before it):
 *
 *   {"hierarchy-web-dom": 1, "url": …, "viewport": [w, h], "devicePixelRatio": r, …, "nodes": [
 *   {"parent": -1, "tag": "html", "box": [x, y, w, h], …},
 *   …
 *   ]}
 *
 * Boxes are border boxes in CSS pixels from the top document's viewport (getBoundingClientRect:
 * a transformed element's box is the one it covers on screen; its matrix is kept beside it), null
 * for a node the browser does not lay out (display: none). A password input's value is never read.
 */
function captureDOM(requestedLimit) {
"use strict";
// A document still being parsed holds only what has arrived (a session whose page-load strategy
// is "none" does not wait for it, a server may never end its answer): refused, not taken as the
// page. The driver answers the error as a "javascript error", which the capture tells in one line.
if (document.readyState === "loading") {
  throw new Error("the page is still loading (document.readyState is \"loading\"): capture it once it has loaded, or stop it loading (window.stop())");
}
const limit = typeof requestedLimit === "number" && requestedLimit > 0 ? requestedLimit : 50000;
const MAX_TEXT = 2000;
const SKIPPED_TEXT = new Set(["script", "style", "template", "noscript"]);
const IDENTITY = ["id", "class", "name", "type", "role", "href", "src", "alt", "title", "for", "placeholder"];

/** The implicit ARIA role of an element, by HTML-AAM (the common elements). */
function implicitRole(el) {
  const tag = el.localName;
  switch (tag) {
    case "a": case "area": return el.hasAttribute("href") ? "link" : "";
    case "article": return "article";
    case "aside": return "complementary";
    case "button": case "summary": return "button";
    case "datalist": return "listbox";
    case "details": case "fieldset": case "optgroup": return "group";
    case "dialog": return "dialog";
    case "figure": return "figure";
    case "footer": return el.closest("article, aside, main, nav, section") ? "" : "contentinfo";
    case "header": return el.closest("article, aside, main, nav, section") ? "" : "banner";
    case "form": return "form";
    case "h1": case "h2": case "h3": case "h4": case "h5": case "h6": return "heading";
    case "hr": return "separator";
    case "img": return el.getAttribute("alt") === "" ? "presentation" : "img";
    case "input": return inputRole(el);
    case "li": return "listitem";
    case "main": return "main";
    case "menu": case "ol": case "ul": return "list";
    case "nav": return "navigation";
    case "option": return "option";
    case "output": return "status";
    case "progress": return "progressbar";
    case "meter": return "meter";
    case "section": return el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby") ? "region" : "";
    case "select": return el.multiple || el.size > 1 ? "listbox" : "combobox";
    case "table": return "table";
    case "tbody": case "thead": case "tfoot": return "rowgroup";
    case "td": return "cell";
    case "th": return "columnheader";
    case "tr": return "row";
    case "textarea": return "textbox";
    case "dd": return "definition";
    case "dt": return "term";
    case "p": return "paragraph";
    default: return "";
  }
}

function inputRole(el) {
  switch ((el.getAttribute("type") || "text").toLowerCase()) {
    case "checkbox": return "checkbox";
    case "radio": return "radio";
    case "range": return "slider";
    case "number": return "spinbutton";
    case "search": return el.hasAttribute("list") ? "combobox" : "searchbox";
    case "button": case "submit": case "reset": case "image": return "button";
    case "hidden": case "password": case "file": case "color": case "date": case "datetime-local": case "month": case "time": case "week": return "";
    default: return el.hasAttribute("list") ? "combobox" : "textbox";
  }
}

/** Roles whose accessible name comes from their content (ARIA 1.2, "name from: contents"). */
const NAME_FROM_CONTENT = new Set(["button", "cell", "checkbox", "columnheader", "gridcell", "heading", "link", "menuitem",
  "menuitemcheckbox", "menuitemradio", "option", "radio", "row", "rowheader", "switch", "tab", "tooltip", "treeitem"]);

/** Text as a person reads it: white space collapsed, cut at MAX_TEXT characters. */
function collapse(text) {
  const flat = (text || "").replace(/\s+/g, " ").trim();
  return flat.length > MAX_TEXT ? flat.slice(0, MAX_TEXT) : flat;
}

function contentText(el) {
  return collapse(el.innerText !== undefined ? el.innerText : el.textContent);
}

/** The accessible name, by the first steps of accname 1.2 that apply (not its whole recursion). */
function accessibleName(el, role) {
  const doc = el.ownerDocument;
  const labelledBy = el.getAttribute("aria-labelledby");
  if (labelledBy) {
    const text = collapse(labelledBy.split(/\s+/).map((id) => doc.getElementById(id)).filter(Boolean).map(contentText).join(" "));
    if (text) return text;
  }
  const label = collapse(el.getAttribute("aria-label"));
  if (label) return label;
  const tag = el.localName;
  const type = (el.getAttribute("type") || "").toLowerCase();
  if (tag === "input" && (type === "button" || type === "submit" || type === "reset")) {
    return collapse(el.value) || (type === "submit" ? "Submit" : type === "reset" ? "Reset" : "");
  }
  if (el.labels && el.labels.length > 0) {
    const text = collapse(Array.from(el.labels).map(contentText).join(" "));
    if (text) return text;
  }
  if (tag === "img" || tag === "area" || (tag === "input" && type === "image")) {
    const alt = collapse(el.getAttribute("alt"));
    if (alt) return alt;
  }
  const caption = { fieldset: "legend", table: "caption", figure: "figcaption" }[tag];
  if (caption) {
    const child = Array.from(el.children).find((c) => c.localName === caption);
    if (child) return contentText(child);
  }
  if (NAME_FROM_CONTENT.has(role) || tag === "summary") {
    const text = contentText(el);
    if (text) return text;
  }
  return collapse(el.getAttribute("title")) || collapse(el.getAttribute("placeholder"));
}

/** A number rounded to 1/1000 CSS px, so that the file stays short and the same on every run. */
function round(value) {
  return Math.round(value * 1000) / 1000;
}

function rect(r, dx, dy) {
  return [round(r.left + dx), round(r.top + dy), round(r.width), round(r.height)];
}

/** Whether the element makes a stacking context (CSS 2.1 Appendix E and the properties that later joined it). */
function stacking(style, el, parentStyle) {
  const positioned = style.position !== "static";
  if (style.position === "fixed" || style.position === "sticky") return true;
  if (positioned && style.zIndex !== "auto") return true;
  const flexOrGrid = parentStyle && /flex|grid/.test(parentStyle.display);
  if (flexOrGrid && style.zIndex !== "auto") return true;
  return el === el.ownerDocument.documentElement || parseFloat(style.opacity) < 1 || style.transform !== "none" || style.filter !== "none"
    || style.isolation === "isolate" || style.mixBlendMode !== "normal" || /paint|strict|content/.test(style.contain)
    || /transform|opacity|filter|z-index/.test(style.willChange) || (style.clipPath && style.clipPath !== "none");
}

/** What hides the element itself, or "" (what hides an ancestor is passed down by the walk). */
function ownHiding(el, style, box) {
  if (el.hasAttribute("hidden") && style.display === "none") return "hidden attribute";
  if (style.display === "none") return "display: none";
  if (style.contentVisibility === "hidden") return "content-visibility: hidden";
  if (style.visibility === "hidden" || style.visibility === "collapse") return "visibility: " + style.visibility;
  if (parseFloat(style.opacity) === 0) return "opacity: 0";
  if (box && (box[2] === 0 || box[3] === 0)) return "zero size";
  return "";
}

/** What hides an element's descendants because of it: its display, a closed <details>' content. */
function hidingBelow(el, style, reason) {
  if (reason === "hidden attribute" || reason === "display: none" || reason === "content-visibility: hidden" || reason === "opacity: 0") return reason;
  return "";
}

/** What hides an ancestor, as a descendant's reason. */
function ancestral(reason) {
  return reason.startsWith("inside ") ? reason : reason + " (an ancestor)";
}

/** The node's record for an element. */
function elementRecord(el, parent, dx, dy, inherited, parentStyle, transformed) {
  const style = getComputedStyle(el);
  const rects = el.getClientRects();
  const record = { parent, tag: el.localName };
  record.box = rects.length === 0 ? null : rect(el.getBoundingClientRect(), dx, dy);
  if (rects.length > 1 && style.display === "inline") record.lines = Array.from(rects, (r) => rect(r, dx, dy));
  // Under a transform the box on screen is not the laid-out one: its untransformed size too.
  if (record.box && (transformed || style.transform !== "none") && el.offsetWidth !== undefined) record.size = [el.offsetWidth, el.offsetHeight];
  const password = el.localName === "input" && (el.getAttribute("type") || "").toLowerCase() === "password";
  const attrs = {};
  for (const attribute of Array.from(el.attributes)) {
    // A password input's value attribute is its value too: never read.
    if (password && attribute.name === "value") continue;
    attrs[attribute.name] = attribute.value.length > MAX_TEXT ? attribute.value.slice(0, MAX_TEXT) : attribute.value;
  }
  if (Object.keys(attrs).length > 0) record.attrs = attrs;
  const role = (el.getAttribute("role") || "").trim().split(/\s+/)[0] || implicitRole(el);
  if (role) record.role = role;
  const name = accessibleName(el, role);
  if (name) record.label = name;
  if (el.localName === "a" || el.localName === "button" || el.localName === "summary" || el.localName === "label" || el.localName === "option") {
    const text = collapse(el.innerText);
    if (text) record.text = text;
  }
  formState(el, password, record);
  if (el.localName === "img") {
    record.image = { src: el.currentSrc || el.getAttribute("src") || "", size: [el.naturalWidth, el.naturalHeight], complete: el.complete };
  }
  let hiding = inherited || ownHiding(el, style, record.box);
  if (el.localName === "details" && !el.open) record.closed = true;
  if (hiding) record.hidden = inherited ? ancestral(inherited) : hiding;
  layoutState(el, style, parentStyle, record);
  return { record, style, below: inherited || hidingBelow(el, style, hiding) };
}

/** A form control's state: value (never a password's), checked, selected, disabled. */
function formState(el, password, record) {
  const tag = el.localName;
  if (tag === "input" || tag === "textarea" || tag === "select") {
    if (password) {
      record.password = true;
    } else if (tag === "select") {
      record.value = el.value;
      const chosen = Array.from(el.selectedOptions || [], (o) => collapse(o.text));
      if (chosen.length > 0) record.text = chosen.join(", ");
    } else if (!/^(checkbox|radio|file)$/i.test(el.type || "")) {
      record.value = el.value.length > MAX_TEXT ? el.value.slice(0, MAX_TEXT) : el.value;
    }
    if (el.type === "checkbox" || el.type === "radio") record.checked = el.checked;
  }
  if (tag === "option") record.selected = el.selected;
  if ("disabled" in el && el.disabled === true) record.disabled = true;
  else if (el.matches && el.matches(":disabled")) record.disabled = true;
}

/** Clipping, stacking, transform, scrolling and paint: what differs from the defaults. */
function layoutState(el, style, parentStyle, record) {
  const opacity = parseFloat(style.opacity);
  if (opacity < 1) record.opacity = opacity;
  if (style.overflowX !== "visible" || style.overflowY !== "visible") record.overflow = style.overflowX + " " + style.overflowY;
  if (el.scrollLeft !== 0 || el.scrollTop !== 0) record.scroll = [round(el.scrollLeft), round(el.scrollTop)];
  if (style.position !== "static") record.position = style.position;
  if (style.zIndex !== "auto") record.zIndex = style.zIndex;
  if (stacking(style, el, parentStyle)) record.stacking = true;
  // For the order the browser paints in (CSS 2.1 Appendix E): floats, and inline-level boxes
  // (an inline block painted whole), which paint after the blocks around them; flex and grid
  // containers, whose items paint whole too.
  if (style.cssFloat !== "none") record.float = style.cssFloat;
  if (style.display.startsWith("inline") || /flex|grid/.test(style.display)) record.display = style.display;
  // A flex or grid item paints in order-modified document order (CSS Flexbox 1 §5.4, CSS Grid 1 §9.1).
  if (parentStyle && /flex|grid/.test(parentStyle.display) && style.order !== "0") record.order = style.order;
  if (style.transform !== "none") record.transform = style.transform;
  if (style.clipPath && style.clipPath !== "none") record.clipPath = style.clipPath;
  if (style.pointerEvents === "none") record.pointerEvents = "none";
  if (style.backgroundColor && style.backgroundColor !== "rgba(0, 0, 0, 0)") record.background = style.backgroundColor;
  if (record.text !== undefined || record.value !== undefined) {
    record.color = style.color;
    record.fontSize = parseFloat(style.fontSize);
  }
}

/** A text node's record: its text and the boxes of its lines, or null for white space alone. */
function textRecord(node, parent, dx, dy, inherited, parentStyle) {
  const text = collapse(node.data);
  if (!text) return null;
  const range = node.ownerDocument.createRange();
  range.selectNodeContents(node);
  const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 || r.height > 0);
  const record = { parent, tag: "#text", text };
  record.box = rects.length === 0 ? null : rect(range.getBoundingClientRect(), dx, dy);
  if (rects.length > 1) record.lines = rects.map((r) => rect(r, dx, dy));
  if (parentStyle) {
    record.color = parentStyle.color;
    record.fontSize = parseFloat(parentStyle.fontSize);
  }
  if (inherited) record.hidden = ancestral(inherited);
  // Visibility is inherited in CSS itself: the parent's computed value is the text's.
  else if (parentStyle && parentStyle.visibility !== "visible") record.hidden = "visibility: " + parentStyle.visibility;
  return record;
}

/** The document of a frame when the page may read it; else why not. */
function frameDocument(frame) {
  try {
    const doc = frame.contentDocument;
    if (doc && doc.documentElement) return { doc };
    return { why: "a cross-origin frame: its document is not readable by the page's script (capture its own origin)" };
  } catch (error) {
    return { why: "a cross-origin frame: " + collapse(String(error && error.message)) };
  }
}

const nodes = [];
const notes = [];
let total = 0;
// The walk, without recursion: [node, parent index, frame offset x, y, hiding inherited, parent's
// style, whether an ancestor is transformed].
const stack = [[document.documentElement, -1, 0, 0, "", null, false]];
while (stack.length > 0) {
  const [node, parent, dx, dy, inherited, parentStyle, transformed] = stack.pop();
  total += 1;
  if (nodes.length >= limit) continue;
  if (node.nodeType === Node.TEXT_NODE) {
    const record = textRecord(node, parent, dx, dy, inherited, parentStyle);
    if (record) nodes.push(record);
    else total -= 1;
    continue;
  }
  const index = nodes.length;
  if (node.nodeType === Node.DOCUMENT_FRAGMENT_NODE) {
    // An open shadow root: a node where its host is, its children below.
    const host = nodes[parent];
    nodes.push({ parent, tag: "#shadow-root", box: host.box, mode: node.mode });
    for (const child of Array.from(node.childNodes).reverse()) pushChild(child, index, dx, dy, inherited, parentStyle, transformed);
    continue;
  }
  const { record, style, below } = elementRecord(node, parent, dx, dy, inherited, parentStyle, transformed);
  nodes.push(record);
  const turned = transformed || style.transform !== "none";
  if (node.localName === "iframe" || node.localName === "frame") {
    const found = frameDocument(node);
    if (found.doc) {
      const r = node.getBoundingClientRect();
      const x = r.left + dx + node.clientLeft + parseFloat(style.paddingLeft);
      const y = r.top + dy + node.clientTop + parseFloat(style.paddingTop);
      record.frame = "same-origin";
      stack.push([found.doc.documentElement, index, x, y, below, null, turned]);
    } else {
      record.leaf = found.why;
    }
    continue;
  }
  const children = Array.from(node.childNodes);
  const skipText = SKIPPED_TEXT.has(node.localName);
  // A closed <details> shows its first <summary> alone.
  const summary = node.localName === "details" && !node.open ? children.find((c) => c.localName === "summary") : undefined;
  for (let i = children.length - 1; i >= 0; i -= 1) {
    if (skipText && children[i].nodeType === Node.TEXT_NODE) continue;
    const closed = record.closed && children[i] !== summary && !below ? "inside a closed <details>" : below;
    pushChild(children[i], index, dx, dy, closed, style, turned);
  }
  if (node.shadowRoot) stack.push([node.shadowRoot, index, dx, dy, below, style, turned]);
  else if (node.localName.includes("-") && node.childNodes.length === 0 && customElements.get(node.localName)) {
    record.leaf = "a custom element without an open shadow root: a closed one, if any, is not readable by the page's script";
  }
}

function pushChild(child, parent, dx, dy, inherited, style, transformed) {
  if (child.nodeType === Node.ELEMENT_NODE || child.nodeType === Node.TEXT_NODE) stack.push([child, parent, dx, dy, inherited, style, transformed]);
}

if (total > nodes.length) {
  notes.push("the page holds " + total + " nodes or more; the first " + nodes.length + " in document order are kept (the limit is " + limit + ")");
}
const header = {
  "hierarchy-web-dom": 1,
  url: location.href.length > MAX_TEXT ? location.href.slice(0, MAX_TEXT) : location.href,
  title: collapse(document.title),
  viewport: [window.innerWidth, window.innerHeight],
  devicePixelRatio: window.devicePixelRatio,
  scroll: [round(window.scrollX), round(window.scrollY)],
  // What the screenshot shows: the visual viewport, pinch-zoomed (a page without a viewport meta
  // tag on a phone is laid out 980 px wide and shown whole), in layout-viewport CSS px.
  visualViewport: window.visualViewport ? [window.visualViewport.offsetLeft, window.visualViewport.offsetTop,
    window.visualViewport.width, window.visualViewport.height, window.visualViewport.scale] : null,
  limit,
  notes,
};
const head = JSON.stringify(header);
return head.slice(0, -1) + ", \"nodes\": [\n" + nodes.map((n) => JSON.stringify(n)).join(",\n") + "\n]}\n";
}
