import HierarchyLayout
import HierarchyModel

/// What the rules read of each view, worked out once: its visible frame, what it does and what it
/// says, on the platform's terms. Indexed like the tree's `nodes`.
struct AuditElements {
    let tree: ViewTree
    let layout: Layout
    let platform: AuditPlatform
    /// The layer of each node, if it is drawn.
    let layerOf: [Int?]
    let roles: [ViewRole]
    /// The class names in lower case.
    let names: [String]
    let clickable: [Bool]
    let longClickable: [Bool]
    let focusable: [Bool]
    /// Android: the content description; iOS: the accessibility label; the web: the accessible
    /// name the capture computed. Empty as nil.
    let description: [String?]
    /// What the view shows in words (text, a field's value), empty as nil.
    let text: [String?]
    let hint: [String?]
    /// Whether a person can act on the view: Android's clickable or long-clickable; on iOS the
    /// interactive element types (buttons, links, switches, sliders, steppers, segmented controls,
    /// text fields, hittable cells); on the web a widget role or a native control (`WebElements`).
    let interactive: [Bool]
    /// Whether a screen reader moves its focus to the view (ATF's `shouldFocusView`; on iOS,
    /// `accessible` when the dump says, else the interactive and text elements).
    private(set) var focused: [Bool] = []
    /// What a screen reader speaks for each view (ATF's `getSpeakableTextForElement`; on iOS the label).
    private(set) var speakable: [String] = []
    /// Whether the view is out of the accessibility tree: on the web, `aria-hidden="true"` on it or
    /// an ancestor; false elsewhere.
    private(set) var accessibilityHidden: [Bool]

    init(tree: ViewTree, layout: Layout, platform: AuditPlatform) {
        self.tree = tree
        self.layout = layout
        self.platform = platform
        let nodes = tree.nodes
        var layerOf = [Int?](repeating: nil, count: nodes.count)
        for (index, status) in layout.status.enumerated() { if case .layer(let l) = status { layerOf[index] = l } }
        self.layerOf = layerOf
        // Classes repeat: each distinct one is classified once (a search per fragment is not cheap).
        var known: [String: (role: ViewRole, name: String)] = [:]
        let classes = nodes.map { node in
            if let seen = known[node.className] { return seen }
            let made = (role: ViewRole.classify(node.className), name: node.className.lowercased())
            known[node.className] = made
            return made
        }
        roles = platform == .web ? nodes.map(WebElements.viewRole) : classes.map(\.role)
        names = classes.map(\.name)
        accessibilityHidden = [Bool](repeating: false, count: nodes.count)
        func flag(_ node: ViewNode, _ key: String) -> Bool { node.attributes[key] == "true" }
        clickable = nodes.map { flag($0, "clickable") }
        longClickable = nodes.map { flag($0, "long-clickable") }
        focusable = nodes.map { flag($0, "focusable") }
        func nonEmpty(_ s: String?) -> String? { s.flatMap { $0.isEmpty ? nil : $0 } }
        hint = nodes.map { nonEmpty($0.attributes["hint"] ?? $0.attributes["placeholderValue"] ?? $0.attributes["placeholder"]) }
        if platform == .web {
            // The accessible name the capture computed; a text's words, a control's value.
            description = nodes.map { nonEmpty($0.name) }
            text = nodes.map { nonEmpty($0.text) }
            interactive = nodes.map(WebElements.isInteractive)
        } else if platform == .android {
            description = nodes.map { nonEmpty($0.attributes["content-desc"]) }
            // The importer's text is `text`, else the content description: the latter is not text.
            text = nodes.map { node in
                let desc = nonEmpty(node.attributes["content-desc"])
                return nonEmpty(node.text).flatMap { $0 == desc ? nil : $0 }
            }
            interactive = nodes.indices.map { i in flag(nodes[i], "clickable") || flag(nodes[i], "long-clickable") }
        } else {
            description = nodes.map { node in
                // Appium's `name` is the identifier, not a label; a capture's `name` may be either.
                if AuditElements.isAppium(node) { return nonEmpty(node.attributes["label"]) }
                return nonEmpty(node.attributes["label"]) ?? nonEmpty(node.text) ?? nonEmpty(node.name)
            }
            text = nodes.map { nonEmpty($0.attributes["value"]) ?? nonEmpty($0.text) }
            let (roles, names) = (self.roles, self.names)
            interactive = nodes.indices.map { i in
                AuditElements.isInteractiveOnIOS(nodes[i], role: roles[i], name: names[i])
            }
        }
        if platform == .web {
            resolveWebFocus()
        } else if platform == .android {
            (focused, speakable) = AndroidFocus.resolve(self)
        } else {
            speakable = nodes.indices.map { i in description[i] ?? (roles[i] == .text ? text[i] ?? "" : "") }
            focused = nodes.indices.map { i in
                guard layerOf[i] != nil else { return false }
                if let accessible = nodes[i].attributes["accessible"] { return accessible == "true" }
                return interactive[i] || (roles[i] == .text && text[i] != nil) || (roles[i] == .image && description[i] != nil)
            }
        }
    }

    /// The web's screen-reader elements: the drawn controls, and the texts and named images not
    /// inside one (a control's text is its name), none hidden by `aria-hidden`; each speaks its
    /// accessible name (a text its words).
    private mutating func resolveWebFocus() {
        let (hidden, inside) = WebElements.ancestry(tree, interactive: interactive)
        accessibilityHidden = hidden
        speakable = tree.nodes.indices.map { i in description[i] ?? (roles[i] == .text ? text[i] ?? "" : "") }
        focused = tree.nodes.indices.map { i in
            guard layerOf[i] != nil, !hidden[i] else { return false }
            if interactive[i] { return true }
            return !inside[i] && ((roles[i] == .text && text[i] != nil) || (roles[i] == .image && description[i] != nil))
        }
    }

    var count: Int { tree.count }

    /// Whether the view is drawn (ATF's "visible to user").
    func isVisible(_ i: Int) -> Bool { layerOf[i] != nil }

    /// The visible frame of a drawn view.
    func frame(_ i: Int) -> Rect { layerOf[i].map { layout.layers[$0].frame } ?? .zero }

    /// Appium's WebDriverAgent elements carry `accessible` or `visible`.
    static func isAppium(_ node: ViewNode) -> Bool {
        node.attributes["accessible"] != nil || node.attributes["visible"] != nil || node.attributes["hittable"] != nil
    }

    /// The interactive element types on iOS (progress and activity indicators, page dots are not).
    static func isInteractiveOnIOS(_ node: ViewNode, role: ViewRole, name: String) -> Bool {
        switch role {
        case .button, .toggle, .input: return !name.has("label")
        case .control:
            return !(name.has("progress") || name.has("activityindicator") || name.has("pageindicator"))
        case .cell: return node.attributes["hittable"] == "true"
        default: return name.hasSuffix("link")
        }
    }

    /// What the finding says the view says: its text, else its description.
    func spoken(_ i: Int) -> String? { text[i] ?? description[i] }
}

extension AuditPlatform {
    /// The web when the root is a web page's viewport (`#viewport`: `capture webdriver`'s, a CDP
    /// snapshot's); Android when a class name is Android's (`android.`, `androidx.`,
    /// `com.google.android.`); else iOS.
    public static func detect(_ tree: ViewTree) -> AuditPlatform {
        if tree.root.className == WebElements.viewportClass { return .web }
        // Sentry's view hierarchy names its rendering system.
        if case .string(let system)? = tree.root.extras["rendering_system"] {
            let lowered = system.lowercased()
            if lowered == "android_view_system" || lowered == "compose" { return .android }
            if lowered == "uikit" || lowered == "swiftui" || lowered == "apple_uikit" || lowered == "apple_swiftui" { return .iOS }
        }
        for node in tree.nodes {
            let name = node.className
            if name.hasPrefix("android.") || name.hasPrefix("androidx.") || name.hasPrefix("com.google.android.") { return .android }
            // A resource id `package:id/name` is Android's (Maestro and Sentry keep it).
            if let id = node.attributes["resource-id"], id.has(":id/") { return .android }
        }
        return .iOS
    }
}

extension String {
    /// Whether the UTF-8 of `fragment` occurs in this string's: a plain byte search (the standard
    /// library's `contains` builds a search table per call, which a loop over every view feels).
    func has(_ fragment: String) -> Bool {
        var found = false
        utf8.withContiguousStorageIfAvailable { text in
            fragment.utf8.withContiguousStorageIfAvailable { part in
                guard part.count <= text.count else { return }
                if part.isEmpty { found = true; return }
                var start = 0
                while start + part.count <= text.count {
                    if text[start] == part[0] && text[start..<start + part.count].elementsEqual(part) { found = true; return }
                    start += 1
                }
            }
        }
        return found
    }
}
