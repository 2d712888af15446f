import HierarchyLayout
import HierarchyModel

extension AuditRule {
    /// ATF's DuplicateClickableBoundsCheck: clickable views with the same bounds and actions; one
    /// finding per group, on its first view.
    public static let duplicateBounds = AuditRule(
        "duplicate-bounds", severity: .error,
        summary: "Clickable elements do not share the same bounds on the screen.",
        reference: "ATF DuplicateClickableBoundsCheck",
        check: { $0.duplicateBounds() })
}

extension RuleContext {
    fileprivate mutating func duplicateBounds() {
        struct Key: Hashable { var x, y, w, h: Int64; var click, long: Bool }
        var groups: [Key: [Int]] = [:]
        var firstSeen: [Key] = []
        for i in order where e.isVisible(i) && e.interactive[i] {
            judged(.duplicateBounds, i)
            let f = e.frame(i)
            func q(_ v: Double) -> Int64 { Int64((v * 1000).rounded()) }
            let key = Key(x: q(f.x), y: q(f.y), w: q(f.width), h: q(f.height),
                          click: e.platform == .android ? e.clickable[i] : true, long: e.longClickable[i])
            if groups[key] == nil { firstSeen.append(key) }
            groups[key, default: []].append(i)
        }
        for key in firstSeen {
            let views = groups[key]!
            guard views.count > 1 else { continue }
            let others = Array(views.dropFirst())
            let f = e.frame(views[0])
            report(.duplicateBounds, views[0], values: [.number("others", Double(others.count))],
                   message: "\(others.count) other clickable \(others.count == 1 ? "view has" : "views have") the same bounds \(Self.number(f.x)),\(Self.number(f.y)) \(Self.number(f.width))×\(Self.number(f.height)): \(others.prefix(3).map { describe($0) }.joined(separator: ", "))",
                   related: others)
        }
    }
}
