import HierarchyLayout
import HierarchyModel

/// The accessibility audit of a laid-out capture: every rule asked for, over every view.
///
/// ```swift
/// let report = Audit.run(tree: tree, layout: layout, pixels: pixels, options: AuditOptions())
/// print(AuditText.render(report))
/// ```
public enum Audit {
    /// Runs the rules of `options` over `tree` as `layout` laid it out.
    ///
    /// - Parameters:
    ///   - pixels: the screen as drawn (a screenshot, or the snapshots composited), for the
    ///     contrast rules; without it they are skipped and the report says so.
    public static func run(tree: ViewTree, layout: Layout, pixels: AuditPixels?, options: AuditOptions = AuditOptions()) -> AuditReport {
        let platform = options.platform ?? AuditPlatform.detect(tree)
        let elements = AuditElements(tree: tree, layout: layout, platform: platform)
        var context = RuleContext(elements: elements, options: options, pixels: pixels)
        var skipped: [AuditRule: String] = [:]
        for rule in AuditRule.allCases where options.rules.contains(rule) {
            if rule.needsPixels && pixels == nil {
                skipped[rule] = "no pixels: give --screenshot, or a capture with snapshots"
                continue
            }
            if rule == .editableDescription && platform == .iOS { skipped[rule] = "Android only"; continue }
            context.audited[rule] = []
            context.run(rule)
        }
        let position = elements.positions
        let findings = context.findings.sorted {
            ($0.severity, position[$0.node], $0.rule) < ($1.severity, position[$1.node], $1.rule)
        }
        return AuditReport(findings: findings, audited: context.audited, platform: platform,
                           unit: platform == .android ? "dp" : "pt", skipped: skipped)
    }
}

extension Audit {
    /// The visible frames (in the layout's units) of the views whose pixels the contrast rules of
    /// `options` read: a picture needs only the pixels under them (`AuditPixels.region`) for
    /// `run` to find the same. Empty when no contrast rule is asked for.
    public static func pixelFrames(tree: ViewTree, layout: Layout, options: AuditOptions = AuditOptions()) -> [Rect] {
        let rules = AuditRule.allCases.filter { $0.needsPixels && options.rules.contains($0) }
        guard !rules.isEmpty else { return [] }
        let platform = options.platform ?? AuditPlatform.detect(tree)
        let context = RuleContext(elements: AuditElements(tree: tree, layout: layout, platform: platform), options: options, pixels: nil)
        return rules.flatMap { context.contrastSubjects($0) }
    }
}

extension AuditElements {
    /// Each node's place in painter's order.
    var positions: [Int] {
        var position = [Int](repeating: 0, count: count)
        for (rank, index) in tree.preorder().enumerated() { position[index] = rank }
        return position
    }
}

/// The state of one audit: the facts, the options, and what the rules have found so far.
struct RuleContext {
    let e: AuditElements
    let options: AuditOptions
    let pixels: AuditPixels?
    let order: [Int]
    var findings: [Finding] = []
    var audited: [AuditRule: [Int]] = [:]

    init(elements: AuditElements, options: AuditOptions, pixels: AuditPixels?) {
        e = elements
        self.options = options
        self.pixels = pixels
        order = elements.tree.preorder()
    }

    mutating func run(_ rule: AuditRule) {
        switch rule {
        case .touchTargetSize: touchTargetSize()
        case .missingLabel: missingLabel()
        case .duplicateLabel: duplicateLabel()
        case .duplicateBounds: duplicateBounds()
        case .redundantDescription: redundantDescription()
        case .editableDescription: editableDescription()
        case .imageLabel: imageLabel()
        case .textContrast: contrast(rule)
        case .imageContrast: contrast(rule)
        case .obscuredTarget: obscuredTarget()
        case .offscreenTarget: offscreenTarget()
        }
    }

    /// The unit of sizes: dp or pt.
    var unit: String { e.platform == .android ? "dp" : "pt" }

    /// A size in the layout's units as dp or points.
    func points(_ units: Double) -> Double { units / options.unitsPerPoint }

    mutating func judged(_ rule: AuditRule, _ node: Int) { audited[rule, default: []].append(node) }

    /// Records a finding about `node`.
    mutating func report(_ rule: AuditRule, _ node: Int, severity: Severity? = nil, frame: Rect? = nil,
                         values: [AuditValue], message: String, related: [Int] = []) {
        let view = e.tree.nodes[node]
        findings.append(Finding(
            rule: rule, severity: severity ?? rule.defaultSeverity, node: node, id: view.id, path: e.tree.indexPath(of: node),
            className: view.className, text: e.spoken(node), frame: frame ?? e.frame(node), values: values,
            message: "\(describe(node)): \(message)", related: related))
    }

    /// The view as messages name it: class, id, and its text in quotes.
    func describe(_ node: Int) -> String {
        let view = e.tree.nodes[node]
        var words = [view.className, view.id]
        if let said = e.spoken(node) { words.append("\"\(Self.shortened(said))\"") }
        return words.joined(separator: " ")
    }

    static func shortened(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > 40 ? String(line.prefix(39)) + "…" : line
    }

    /// A number as messages print it: at most two decimals, no trailing zeros.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format2: rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}

extension String {
    /// `value` with two decimals, without Foundation.
    init(format2 value: Double) {
        let hundredths = Int((abs(value) * 100).rounded())
        let sign = value < 0 && hundredths > 0 ? "-" : ""
        let fraction = hundredths % 100
        self = "\(sign)\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
