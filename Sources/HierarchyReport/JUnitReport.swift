import HierarchyFormats

/// `--junit FILE`: a JUnit XML document with a test case per screen, failing as the failure level
/// says (a screen that cannot be read is an `<error>`, another failure a `<failure>`).
public enum JUnitReport {
    public static func encode(_ screens: [ReportScreen], failOn level: FailureLevel, suite: String = "hierarchy report") -> String {
        let sorted = screens.sorted { $0.name < $1.name }
        let failures = sorted.filter { $0.status != .error && level.failure(of: $0) != nil }.count
        let errors = sorted.filter { $0.status == .error && level.failure(of: $0) != nil }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(escape(suite))\" tests=\"\(sorted.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        out += "  <testsuite name=\"\(escape(suite))\" tests=\"\(sorted.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        for screen in sorted { out += testCase(screen, level: level) }
        return out + "  </testsuite>\n</testsuites>\n"
    }

    private static func testCase(_ screen: ReportScreen, level: FailureLevel) -> String {
        let open = "    <testcase classname=\"hierarchy.report\" name=\"\(escape(screen.name))\""
        guard let reason = level.failure(of: screen) else { return open + "/>\n" }
        let element = screen.status == .error ? "error" : "failure"
        let detail = details(screen)
        return open + ">\n      <\(element) type=\"\(screen.status.rawValue)\" message=\"\(escape(reason))\">\(escape(detail))</\(element)>\n    </testcase>\n"
    }

    /// The failure's text: the error, the status and the findings, one a line.
    private static func details(_ screen: ReportScreen) -> String {
        var lines = ["status: " + screen.status.rawValue]
        if let error = screen.error { lines.append(error) }
        if let changes = screen.changes { lines.append("changes: " + ReportText.compact(changes)) }
        for finding in screen.findings ?? [] { lines.append("finding: " + ReportText.compact(finding)) }
        return lines.joined(separator: "\n")
    }

    static func escape(_ text: String) -> String { MarkupText.escape(text) }
}
