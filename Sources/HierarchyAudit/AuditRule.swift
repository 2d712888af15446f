import HierarchyModel

/// A rule of `hierarchy audit`: its stable id (what `--rules`, the JSON and SARIF name it by), how
/// much its findings matter, what it asks, the reference implementation it follows (docs/audit.md
/// tells where it differs) and its check.
///
/// Each rule is a static member declared in its own file under `Rules/` (`AuditRule.touchTargetSize`
/// in `Rules/TouchTargetSize.swift`, with its check beside it); `allCases` in
/// `AuditRule+Catalogue.swift` lists them in the order they run and are reported.
public struct AuditRule: RawRepresentable, CaseIterable, Hashable, Sendable, Comparable {
    /// The stable id, like `touch-target-size`.
    public let rawValue: String
    /// The severity of a finding when nothing lowers it (ATF demotes some errors to warnings).
    public let defaultSeverity: Severity
    /// One sentence: what the rule asks.
    public let summary: String
    /// Where the rule comes from.
    public let reference: String
    /// The one platform whose captures the rule judges (skipped on the other); nil for both.
    public let onlyOn: AuditPlatform?
    /// The visible frames of the views whose pixels the rule reads; nil for a rule that reads none.
    let pixelFrames: (@Sendable (RuleContext) -> [Rect])?
    /// Judges the views of the context's capture, recording in it what it judged and found.
    let check: @Sendable (inout RuleContext) -> Void

    /// A rule: `id` its stable id; `pixelFrames` for a rule that needs the screen's pixels.
    init(_ id: String, severity: Severity, summary: String, reference: String, onlyOn: AuditPlatform? = nil,
         pixelFrames: (@Sendable (RuleContext) -> [Rect])? = nil, check: @escaping @Sendable (inout RuleContext) -> Void) {
        rawValue = id
        defaultSeverity = severity
        self.summary = summary
        self.reference = reference
        self.onlyOn = onlyOn
        self.pixelFrames = pixelFrames
        self.check = check
    }

    /// The catalogued rule whose id is `rawValue`; nil when there is none.
    public init?(rawValue: String) {
        guard let rule = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = rule
    }

    /// Whether the rule needs the screen's pixels (a screenshot or snapshots).
    public var needsPixels: Bool { pixelFrames != nil }

    /// A rule is its id.
    public static func == (a: AuditRule, b: AuditRule) -> Bool { a.rawValue == b.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// The rules in the order they are listed and reported.
    public static func < (a: AuditRule, b: AuditRule) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// How much a finding matters; `--fail-on` compares against it.
public enum Severity: String, CaseIterable, Hashable, Sendable, Comparable {
    case error, warning, info

    /// Errors first.
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .info: 2
        }
    }
}

/// Whose conventions the audit follows: Android's (dp, content descriptions, clickable), iOS's
/// (points, accessibility labels, element types) or the web's (CSS px, WCAG 2.2 and ARIA: roles and
/// accessible names, `alt`).
public enum AuditPlatform: String, Hashable, Sendable {
    case android, iOS = "ios", web

    /// The platform as the reports name it: "Android", "iOS" or "Web".
    public var name: String {
        switch self {
        case .android: "Android"
        case .iOS: "iOS"
        case .web: "Web"
        }
    }

    /// The unit of sizes: dp, pt or CSS px.
    public var unit: String {
        switch self {
        case .android: "dp"
        case .iOS: "pt"
        case .web: "CSS px"
        }
    }
}
