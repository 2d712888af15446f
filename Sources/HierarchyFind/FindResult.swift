import HierarchyModel

/// What `hierarchy find` says: the locator, every match with whether it can be seen and tapped
/// and why not, the one `find_element` returns, and, when nothing matched, the nearest views.
public struct FindResult: Hashable, Sendable {
    public var locator: Locator
    public var matches: [Match]
    /// The id of the match a test's `find_element` returns: the first in document order.
    public var first: String?
    public var suggestions: [Suggestion]
    /// What was approximated (see `ScreenXML.notes`).
    public var notes: [String]
    /// What reading the input passed over (the lines of a dump not read): in the JSON's `notes`
    /// before `notes`; the text leaves them to the warnings on standard error.
    public var readingNotes: [String] = []

    /// Whether some match can be tapped: exit status 0, else 1.
    public var canTap: Bool { matches.contains(where: \.tappable) }

    public struct Match: Hashable, Sendable {
        public var id: String
        /// The index path ("0.2.1").
        public var path: String
        public var className: String
        public var text: String?
        /// The whole frame on the screen, unclipped, in the layout's units.
        public var frame: Rect
        /// What of it shows; nil when nothing does.
        public var visibleFrame: Rect?
        public var visible: Bool
        public var tappable: Bool
        public var reasons: [Reason]
        /// The lines of the dump the view was read from; nil for a capture's view.
        public var source: SourceSpan?
    }

    public struct Reason: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable {
            case hidden, transparent, clipped, offscreen, zeroSize = "zero-size", obscured, keyboard, disabled, notClickable = "not-clickable"
            /// The test framework's own rule for a tap fails (`rule`), with the figure measured:
            /// the share displayed (`share`) or the centre (`point`) and what covers it (`by`).
            case rule
        }

        public var kind: Kind
        /// The id of the view responsible.
        public var by: String?
        /// For `obscured` and `keyboard`: the share of the visible frame that view covers, in [0, 1].
        public var share: Double?

        /// The class of the view responsible, for the text (the JSON names the id alone).
        public var byClass: String?
        /// For `rule`: whose rule it is.
        public var rule: TapRule?
        /// For `rule` when it tests the centre: the point a tap lands on.
        public var point: Point?

        public init(kind: Kind, by: String?, share: Double? = nil, byClass: String? = nil, rule: TapRule? = nil, point: Point? = nil) {
            self.kind = kind
            self.by = by
            self.share = share
            self.byClass = byClass
            self.rule = rule
            self.point = point
        }

        // Equal by what the JSON says: the class is only the text's.
        public static func == (a: Reason, b: Reason) -> Bool { a.kind == b.kind && a.by == b.by && a.share == b.share && a.rule == b.rule && a.point == b.point }
        public func hash(into hasher: inout Hasher) { hasher.combine(kind); hasher.combine(by); hasher.combine(share); hasher.combine(rule) }
    }

    public struct Suggestion: Hashable, Sendable {
        public var id: String
        public var className: String
        public var text: String?
        public var frame: Rect
        /// What differs, in words.
        public var because: String
    }
}
