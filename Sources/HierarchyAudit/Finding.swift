import HierarchyModel

/// One problem with one view.
public struct Finding: Hashable, Sendable {
    public var rule: AuditRule
    public var severity: Severity
    /// The view's index in the tree's `nodes`.
    public var node: Int
    /// The view's id as `layout` gives it.
    public var id: String
    /// The view's index path ("0.2.1").
    public var path: String
    public var className: String
    /// What the view says (its text, else its label), if anything.
    public var text: String?
    /// The visible frame, in the layout's units; the full frame for a view that is not shown.
    public var frame: Rect
    /// What was measured and what was required, in order.
    public var values: [AuditValue]
    /// One sentence naming the view and the numbers.
    public var message: String
    /// Views this finding is about besides its own (the covering views, the duplicates), by node index.
    public var related: [Int]
    /// The lines of the dump the view was read from; nil for a capture's view.
    public var source: SourceSpan?

    public init(rule: AuditRule, severity: Severity, node: Int, id: String, path: String, className: String,
                text: String?, frame: Rect, values: [AuditValue], message: String, related: [Int] = [], source: SourceSpan? = nil) {
        self.rule = rule
        self.severity = severity
        self.node = node
        self.id = id
        self.path = path
        self.className = className
        self.text = text
        self.frame = frame
        self.values = values
        self.message = message
        self.related = related
        self.source = source?.lines
    }

    /// The value called `key`, if the finding has one.
    public func value(_ key: String) -> AuditValue.Value? { values.first { $0.key == key }?.value }
}

/// One measured or required value of a finding: `width: 40`, `unit: "dp"`.
public struct AuditValue: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        case number(Double)
        case string(String)
        case strings([String])
    }

    public var key: String
    public var value: Value

    public init(_ key: String, _ value: Value) {
        self.key = key
        self.value = value
    }

    public static func number(_ key: String, _ value: Double) -> AuditValue { AuditValue(key, .number(value)) }
    public static func string(_ key: String, _ value: String) -> AuditValue { AuditValue(key, .string(value)) }
}
