import HierarchyFormats
import HierarchyModel

/// Small text helpers of the report.
enum ReportText {
    /// A JSON value on one line, object keys sorted.
    static func compact(_ value: JSONValue) -> String { OrderedJSON(value).text() }
}
