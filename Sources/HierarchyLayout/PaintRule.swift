import HierarchyModel

/// The one rule that decides, from what a dump says of a view, what its synthesized texture
/// paints: an opaque background or only an outline and a faint tint, and whether its text is
/// text the app draws or an accessibility description (docs/synthesis.md has the table).
public enum PaintRule {
    /// Roles whose views draw an opaque background of their own: cells, bars, buttons (keyboards'
    /// keys among them), inputs, switches, images and web content. Containers (windows,
    /// `XCUIElementTypeOther`, `UIView`, layouts), lists, scroll views, pagers, labels and other
    /// controls draw none: what lies behind them shows through.
    public static let opaqueRoles: Set<ViewRole> = [.cell, .bar, .button, .input, .toggle, .image, .web]

    /// Roles whose text (Android's `text`, an iOS element's `label` or `value`, a description's
    /// `text =` or title) is drawn by the app. Anything else's text, when it is the view's
    /// `content-desc` or `label`, is what a screen reader says.
    public static let drawnTextRoles: Set<ViewRole> = [.text, .button, .input]

    /// Whether a view of `role` and class `className` draws an opaque background. The root (the
    /// screen: nothing lies behind it) does, as the app's own background; the status bar is a bar
    /// that draws none (iOS lays it over the app).
    public static func drawsBackground(role: ViewRole, className: String, isRoot: Bool = false) -> Bool {
        isRoot || opaqueRoles.contains(role) && !ViewRole.simpleName(className).contains("statusbar")
    }

    /// What a view shows as words, and how.
    public enum ShownText: Hashable, Sendable {
        /// Text the app draws, set as the app would.
        case drawn(String)
        /// An accessibility description: a small caption that looks unlike drawn text.
        case description(String)

        public var string: String {
            switch self { case .drawn(let text), .description(let text): text }
        }
    }

    /// The words `node` (of `role`) shows: its text, drawn when the app draws it, a description
    /// when it is the view's `content-desc` or `label` and the view is not a text, button or input;
    /// an iOS static text without a label shows its `value`. Nil when it has none.
    public static func shownText(of node: ViewNode, role: ViewRole) -> ShownText? {
        guard let text = nonBlank(node.text) ?? (role == .text ? nonBlank(node.attributes["value"]) : nil) else { return nil }
        if drawnTextRoles.contains(role) { return .drawn(text) }
        let attributes = node.attributes
        let spoken = attributes["content-desc"] == text || attributes["label"] == text
        return spoken ? .description(text) : .drawn(text)
    }

    /// The accessibility description of a view whose own text is drawn, when it says words that
    /// text does not (a `TextView` drawing "Mon, Tue" that a screen reader reads "Monday,
    /// Tuesday"): set small under the text. Nil when there is none or the text says it all.
    public static func extraDescription(of node: ViewNode, shown: ShownText?) -> String? {
        guard case .drawn(let text)? = shown else { return nil }
        for key in ["content-desc", "label"] {
            if let description = nonBlank(node.attributes[key]), description != text, !repeats(description, wordsOf: [text]) {
                return description
            }
        }
        return nil
    }

    /// Whether the words of `description` are all among `shown`'s (words compared without case).
    public static func repeats(_ description: String, wordsOf shown: [String]) -> Bool {
        let words = Set(shown.flatMap(PaintRule.words))
        let own = PaintRule.words(description)
        return !own.isEmpty && own.allSatisfy(words.contains)
    }

    /// Letters and digits between anything else, lower-cased.
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    private static func nonBlank(_ text: String?) -> String? {
        text.flatMap { $0.contains(where: { !$0.isWhitespace }) ? $0 : nil }
    }
}
