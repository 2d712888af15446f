import HierarchyLayout
import HierarchyModel

/// The state of one audit: the facts, the options, and what the rules have found so far. Each
/// rule's check (`AuditRule.check`) reads it and records what it judged and found.
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

    /// The unit of sizes: dp, pt or CSS px.
    var unit: String { e.platform.unit }

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
            message: "\(describe(node)): \(message)", related: related, source: view.source))
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
