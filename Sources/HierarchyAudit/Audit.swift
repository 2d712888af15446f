import HierarchyLayout
import HierarchyModel

/// The accessibility audit of a laid-out capture: every rule asked for, over every view.
///
/// ```swift
/// let report = Audit.run(tree: tree, layout: layout, pixels: pixels, options: AuditOptions())
/// print(AuditText.render(report))
/// ```
public enum Audit {
    /// Runs the rules of `options` over `tree` as `layout` laid it out, in the catalogue's order.
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
            if let only = rule.onlyOn, only != platform { skipped[rule] = "\(only.name) only"; continue }
            context.audited[rule] = []
            rule.check(&context)
        }
        let position = elements.positions
        let findings = context.findings.sorted {
            ($0.severity, position[$0.node], $0.rule) < ($1.severity, position[$1.node], $1.rule)
        }
        return AuditReport(findings: findings, audited: context.audited, platform: platform,
                           unit: platform.unit, skipped: skipped)
    }
}

extension Audit {
    /// The visible frames (in the layout's units) of the views whose pixels the rules of `options`
    /// read: a picture needs only the pixels under them (`AuditPixels.region`) for `run` to find
    /// the same. Empty when no rule that reads pixels is asked for.
    public static func pixelFrames(tree: ViewTree, layout: Layout, options: AuditOptions = AuditOptions()) -> [Rect] {
        let readers = AuditRule.allCases.filter { options.rules.contains($0) }.compactMap(\.pixelFrames)
        guard !readers.isEmpty else { return [] }
        let platform = options.platform ?? AuditPlatform.detect(tree)
        let context = RuleContext(elements: AuditElements(tree: tree, layout: layout, platform: platform), options: options, pixels: nil)
        return readers.flatMap { $0(context) }
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
