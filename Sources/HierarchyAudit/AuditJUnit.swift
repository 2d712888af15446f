import HierarchyFormats

/// The audit as JUnit XML, for CI's test views (GitLab, Jenkins): a `testsuite` per rule that ran,
/// a `testcase` per view it judged (passing ones too), a `failure` per finding. A view with two
/// findings of one rule is two test cases, so that failures count findings.
public enum AuditJUnit {
    public static func encode(_ report: AuditReport, file: String) -> String {
        var suites: [String] = []
        var total = 0, failed = 0, skippedTotal = 0
        for rule in AuditRule.allCases {
            if let why = report.skipped[rule] {
                suites.append("  <testsuite name=\"\(rule.rawValue)\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"1\">\n"
                    + "    <testcase classname=\"audit.\(rule.rawValue)\" name=\"\(rule.rawValue)\"><skipped message=\"\(escape(why))\"/></testcase>\n  </testsuite>")
                total += 1
                skippedTotal += 1
                continue
            }
            guard let judged = report.audited[rule] else { continue }
            let findings = report.findings.enumerated().filter { $0.element.rule == rule }
            var byNode: [Int: [(Int, Finding)]] = [:]
            for (n, f) in findings { byNode[f.node, default: []].append((n + 1, f)) }
            var cases: [String] = []
            var seen = Set<Int>()
            for node in judged + findings.map(\.element.node) where seen.insert(node).inserted {
                let name = byNode[node]?.first?.1 ?? nil
                let label = name.map { "\($0.className) \($0.id)" } ?? "view \(node)"
                guard let list = byNode[node] else {
                    cases.append("    <testcase classname=\"audit.\(rule.rawValue)\" name=\"\(escape(label)) [node \(node)]\" file=\"\(escape(file))\"/>")
                    continue
                }
                for (number, f) in list {
                    cases.append("    <testcase classname=\"audit.\(rule.rawValue)\" name=\"\(escape("\(f.className) \(f.id)")) #\(number)\" file=\"\(escape(file))\">\n"
                        + "      <failure type=\"\(f.severity.rawValue)\" message=\"\(escape(f.message))\">\(escape("\(f.severity.rawValue) \(f.rule.rawValue) at \(f.path): \(f.message)"))</failure>\n    </testcase>")
                }
            }
            let failures = findings.count
            suites.append("  <testsuite name=\"\(rule.rawValue)\" tests=\(quote(cases.count)) failures=\(quote(failures)) errors=\"0\" skipped=\"0\">\n"
                + cases.joined(separator: "\n") + (cases.isEmpty ? "" : "\n") + "  </testsuite>")
            total += cases.count
            failed += failures
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"hierarchy audit\" tests=\(quote(total)) failures=\(quote(failed)) errors=\"0\" skipped=\(quote(skippedTotal))>\n"
            + suites.joined(separator: "\n") + (suites.isEmpty ? "" : "\n") + "</testsuites>\n"
    }

    private static func quote(_ n: Int) -> String { "\"\(n)\"" }

    static func escape(_ text: String) -> String { MarkupText.escape(text) }
}
