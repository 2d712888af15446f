/// The rules of `hierarchy audit`, each with a stable id (what `--rules`, the JSON and SARIF name
/// it by) and the reference implementation it follows (docs/audit.md tells where it differs).
public enum AuditRule: String, CaseIterable, Hashable, Sendable, Comparable {
    case touchTargetSize = "touch-target-size"
    case missingLabel = "missing-label"
    case duplicateLabel = "duplicate-label"
    case duplicateBounds = "duplicate-bounds"
    case redundantDescription = "redundant-description"
    case editableDescription = "editable-description"
    case imageLabel = "image-label"
    case textContrast = "text-contrast"
    case imageContrast = "image-contrast"
    case obscuredTarget = "obscured-target"
    case offscreenTarget = "offscreen-target"

    /// The rules in the order they are listed and reported.
    public static func < (a: AuditRule, b: AuditRule) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The severity of a finding when nothing lowers it (ATF demotes some errors to warnings).
    public var defaultSeverity: Severity {
        switch self {
        case .touchTargetSize, .missingLabel, .duplicateBounds, .editableDescription: .error
        case .duplicateLabel, .redundantDescription, .imageLabel, .textContrast, .imageContrast, .obscuredTarget: .warning
        case .offscreenTarget: .info
        }
    }

    /// One sentence: what the rule asks.
    public var summary: String {
        switch self {
        case .touchTargetSize: "Touch targets are large enough to hit: 48×48 dp on Android (32 dp along an axis at the screen's edge or in the input-method window), 44×44 pt on iOS."
        case .missingLabel: "Every element a screen reader focuses has something to speak: a content description or label, its text, or the text of the views it groups."
        case .duplicateLabel: "Elements a screen reader focuses do not speak the same text, so that a person can tell them apart."
        case .duplicateBounds: "Clickable elements do not share the same bounds on the screen."
        case .redundantDescription: "A content description does not name the element's type, state or action (button, checked, tap…), which the screen reader adds itself."
        case .editableDescription: "An editable text field has no content description: the screen reader speaks its text or hint instead."
        case .imageLabel: "An image that is not decorative has a description."
        case .textContrast: "Text stands out from its background: a contrast ratio of 4.5 (3.0 for large text)."
        case .imageContrast: "An image's foreground stands out from its background: a contrast ratio of 3.0."
        case .obscuredTarget: "An interactive element is not mostly hidden by views in front of it or clipped away by its ancestors."
        case .offscreenTarget: "An interactive element that lies wholly outside the screen, or is clipped to nothing."
        }
    }

    /// Where the rule comes from.
    public var reference: String {
        switch self {
        case .touchTargetSize: "ATF TouchTargetSizeCheck; Apple Human Interface Guidelines (44×44 pt)"
        case .missingLabel: "ATF SpeakableTextPresentCheck; Apple sufficientElementDescription"
        case .duplicateLabel: "ATF DuplicateSpeakableTextCheck"
        case .duplicateBounds: "ATF DuplicateClickableBoundsCheck"
        case .redundantDescription: "ATF RedundantDescriptionCheck"
        case .editableDescription: "ATF EditableContentDescCheck"
        case .imageLabel: "axe-android ImageViewName"
        case .textContrast: "ATF TextContrastCheck; WCAG 2.x 1.4.3"
        case .imageContrast: "ATF ImageContrastCheck; WCAG 2.x 1.4.11"
        case .obscuredTarget: "hierarchy (no reference implementation)"
        case .offscreenTarget: "hierarchy (no reference implementation)"
        }
    }

    /// Whether the rule needs the screen's pixels (a screenshot or snapshots).
    public var needsPixels: Bool { self == .textContrast || self == .imageContrast }
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

/// Whose conventions the audit follows: Android's (dp, content descriptions, clickable) or iOS's
/// (points, accessibility labels, element types).
public enum AuditPlatform: String, Hashable, Sendable {
    case android, iOS = "ios"
}
