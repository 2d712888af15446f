import HierarchyLayout
import HierarchyModel

/// What the audit reads of a web page's elements, on the web's terms (WAI-ARIA 1.2, HTML-AAM,
/// WCAG 2.2), from what `capture webdriver`'s script or Chromium's snapshot recorded of each: its
/// tag (the view's class), its role (the `role` attribute: the page's own, else HTML-AAM's implicit
/// one), its accessible name (the view's `name`), and the page's attributes (`alt`, `href`,
/// `aria-hidden`, `placeholder`; `enabled` false for a disabled control).
enum WebElements {
    /// The class of a web page's root view, the viewport.
    static let viewportClass = "#viewport"

    /// WAI-ARIA 1.2's widget roles (the elements a person operates), less the composite
    /// containers (grid, listbox, menu, tablist, tree…) whose items are the targets.
    static let widgetRoles: Set<String> = [
        "button", "checkbox", "gridcell", "link", "menuitem", "menuitemcheckbox", "menuitemradio", "option", "radio",
        "scrollbar", "searchbox", "slider", "spinbutton", "switch", "tab", "textbox", "treeitem", "combobox",
    ]

    /// The effective role, lower case: what the capture recorded (explicit, else implicit).
    static func role(_ node: ViewNode) -> String {
        node.attributes["role"]?.lowercased() ?? ""
    }

    /// HTML's controls, whatever role they were given: a link with an `href`, a button, a select, a
    /// text area, an input (a hidden one is never drawn).
    static func isNativeControl(_ node: ViewNode) -> Bool {
        switch node.className {
        case "button", "select", "textarea", "input": true
        case "a", "area": node.attributes["href"] != nil
        default: false
        }
    }

    /// Whether a person can act on the element: a widget role or a native control.
    static func isInteractive(_ node: ViewNode) -> Bool {
        widgetRoles.contains(role(node)) || isNativeControl(node)
    }

    /// The audit's role of the element, from its ARIA role (a text node is text, a frame a web view).
    static func viewRole(_ node: ViewNode) -> ViewRole {
        switch node.className {
        case "#text": return .text
        case "iframe", "frame": return .web
        default: break
        }
        switch role(node) {
        case "img", "image": return .image
        case "button", "link", "menuitem", "tab", "option": return .button
        case "checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio": return .toggle
        case "textbox", "searchbox", "combobox", "spinbutton": return .input
        case "slider", "scrollbar", "progressbar", "meter": return .control
        case "list", "listbox", "grid", "table", "tree", "treegrid", "feed": return .list
        case "listitem", "row", "cell", "gridcell", "treeitem": return .cell
        default: return node.className == "input" || node.className == "textarea" ? .input : .container
        }
    }

    /// For each node (indexed like `tree.nodes`), whether it or an ancestor is `aria-hidden="true"`
    /// (out of the accessibility tree), and whether an ancestor is interactive (its text is that
    /// control's name, not an element of its own).
    static func ancestry(_ tree: ViewTree, interactive: [Bool]) -> (ariaHidden: [Bool], insideControl: [Bool]) {
        var hidden = [Bool](repeating: false, count: tree.count)
        var inside = [Bool](repeating: false, count: tree.count)
        for i in tree.preorder() {
            let node = tree.nodes[i]
            let parent = node.parent
            hidden[i] = node.attributes["aria-hidden"]?.lowercased() == "true" || parent.map { hidden[$0] } ?? false
            inside[i] = parent.map { inside[$0] || interactive[$0] } ?? false
        }
        return (hidden, inside)
    }

    /// Whether a link sits in a sentence: a text beside it in its parent (WCAG 2.5.8's inline
    /// exception, where the line height of the text around it sets its size).
    static func isInline(_ i: Int, in tree: ViewTree) -> Bool {
        guard tree.nodes[i].className == "a", let parent = tree.nodes[i].parent else { return false }
        return tree.nodes[parent].children.contains { sibling in
            sibling != i && tree.nodes[sibling].className == "#text" && !(tree.nodes[sibling].text ?? "").allSatisfy(\.isWhitespace)
        }
    }
}
