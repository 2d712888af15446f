/**
 * How a layer is named in the tree, the search and the measurements: its class without the
 * package or module before it, and a note saying which one it is (its text, resource id or name).
 */
const Labels = (() => {
  // Qualified names: Java packages (android.widget., androidx.…), Swift modules (MyApp.), also
  // inside generic arguments (SwiftUI._UIHostingView<SwiftUI.AnyView>).
  const QUALIFIER = /\b(?:[A-Za-z_][\w$]*\.)+(?=[A-Za-z_$])/g;

  /** The class name a person reads: `android.widget.TextView` → `TextView`,
   *  `XCUIElementTypeButton` → `Button`, `MyApp.LoginView` → `LoginView`. */
  function shortClass(name) {
    const short = name.replace(QUALIFIER, "").replace(/^XCUIElementType(?=[A-Z])/, "");
    return short || name;
  }

  /** What follows the class in a row: `"Attendees"` (the text), `#login` (an id), or "". */
  function note(layer) {
    if (layer.text) return `“${oneLine(layer.text)}”`;
    const rid = layer.attributes && layer.attributes["resource-id"];
    if (rid) return "#" + rid.slice(rid.lastIndexOf("/") + 1);
    if (layer.name) return /^[\w.:-]+$/.test(layer.name) ? "#" + layer.name : `“${oneLine(layer.name)}”`;
    return "#" + layer.id;
  }

  function oneLine(text) {
    const line = text.replace(/\s+/g, " ").trim();
    return line.length > 80 ? line.slice(0, 79) + "…" : line;
  }

  /** Everything a search looks in, lower case, one field a line: class (both spellings), id,
   *  name, text, and every attribute as `key=value`. */
  function haystack(layer) {
    const fields = [layer.className, shortClass(layer.className), layer.id, layer.name ?? "", layer.text ?? ""];
    for (const [key, value] of Object.entries(layer.attributes ?? {})) fields.push(`${key}=${value}`);
    return fields.join("\n").toLowerCase();
  }

  return { shortClass, note, haystack };
})();
