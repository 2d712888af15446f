import Foundation
import HierarchyFormats
import HierarchyModel

/// The audit as JSON (docs/audit.md): the findings in the report's order, then a summary. Keys in
/// a fixed order, numbers that round-trip: the same audit gives the same bytes.
public enum AuditJSON {
    /// The whole document, ending with a newline.
    public static func encode(_ report: AuditReport) -> String {
        var out = "{\n  \"findings\": ["
        for (n, finding) in report.findings.enumerated() {
            out += (n == 0 ? "\n" : ",\n") + "    " + encode(finding, number: n + 1)
        }
        out += report.findings.isEmpty ? "],\n" : "\n  ],\n"
        out += "  \"summary\": " + summary(report) + "\n}\n"
        return out
    }

    /// One finding as a one-line object.
    public static func encode(_ f: Finding, number: Int) -> String {
        var fields: [(String, String)] = [
            ("number", String(number)), ("rule", JSONText.string(f.rule.rawValue)), ("severity", JSONText.string(f.severity.rawValue)),
            ("id", JSONText.string(f.id)), ("path", JSONText.string(f.path)), ("class", JSONText.string(f.className)),
            ("text", f.text.map(JSONText.string) ?? "null"), ("frame", frame(f.frame)),
        ]
        if let source = f.source { fields.append(("source", "{\"line\": \(source.line), \"endLine\": \(source.endLine)}")) }
        fields += [
            ("values", "{" + f.values.map { JSONText.string($0.key) + ": " + value($0.value) }.joined(separator: ", ") + "}"),
            ("message", JSONText.string(f.message)),
        ]
        return "{" + fields.map { JSONText.string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    static func frame(_ r: Rect) -> String {
        "{\"x\": \(JSONText.number(r.x)), \"y\": \(JSONText.number(r.y)), \"width\": \(JSONText.number(r.width)), \"height\": \(JSONText.number(r.height))}"
    }

    static func value(_ v: AuditValue.Value) -> String {
        switch v {
        case .number(let n): JSONText.number(n)
        case .string(let s): JSONText.string(s)
        case .strings(let list): "[" + list.map(JSONText.string).joined(separator: ", ") + "]"
        }
    }

    static func summary(_ report: AuditReport) -> String {
        let ran = AuditRule.allCases.filter { report.audited[$0] != nil }
        let audited = ran.map { "\(JSONText.string($0.rawValue)): \(report.audited[$0]!.count)" }.joined(separator: ", ")
        let skipped = AuditRule.allCases.compactMap { rule in report.skipped[rule].map { "\(JSONText.string(rule.rawValue)): \(JSONText.string($0))" } }
        return "{\"errors\": \(report.count(.error)), \"warnings\": \(report.count(.warning)), \"info\": \(report.count(.info)), "
            + "\"platform\": \(JSONText.string(report.platform.rawValue)), \"unit\": \(JSONText.string(report.unit)), "
            + "\"audited\": {\(audited)}, \"skipped\": {\(skipped.joined(separator: ", "))}}"
    }

    /// The findings of an earlier audit's JSON, as `--baseline` matches them (rule and view id).
    /// - Throws: `InputError` naming `file` and the JSON path of a bad value.
    public static func baseline(_ data: Data, file: String) throws(InputError) -> [BaselineEntry] {
        let document = try JSONValue.parse(data, file: file)
        guard case .object(let top) = document else { throw InputError(file: file, "expected an object with \"findings\", got \(document.typeName)") }
        guard let list = top["findings"] else { throw InputError(file: file, location: "findings", "missing: not the JSON of hierarchy audit") }
        guard case .array(let findings) = list else { throw InputError(file: file, location: "findings", "expected an array, got \(list.typeName)") }
        var entries: [BaselineEntry] = []
        for (n, item) in findings.enumerated() {
            guard case .object(let finding) = item else { throw InputError(file: file, location: "findings[\(n)]", "expected an object, got \(item.typeName)") }
            func string(_ key: String) throws(InputError) -> String {
                guard let value = finding[key] else { throw InputError(file: file, location: "findings[\(n)].\(key)", "missing") }
                guard case .string(let s) = value else { throw InputError(file: file, location: "findings[\(n)].\(key)", "expected a string, got \(value.typeName)") }
                return s
            }
            entries.append(BaselineEntry(rule: try string("rule"), id: try string("id")))
        }
        return entries
    }
}

/// The audit as text: the findings grouped by severity, a numbered line each, then a summary line.
public enum AuditText {
    public static func render(_ report: AuditReport) -> String {
        var lines: [String] = []
        let titles: [Severity: String] = [.error: "Errors", .warning: "Warnings", .info: "Information"]
        for severity in Severity.allCases {
            let numbered = report.findings.enumerated().filter { $0.element.severity == severity }
            guard !numbered.isEmpty else { continue }
            if !lines.isEmpty { lines.append("") }
            lines.append("\(titles[severity]!) (\(numbered.count))")
            for (n, finding) in numbered {
                lines.append("  \(n + 1). [\(finding.rule.rawValue)] \(TerminalText.line(finding.message))" + (finding.source.map { " (\($0.text))" } ?? ""))
            }
        }
        if !lines.isEmpty { lines.append("") }
        for rule in AuditRule.allCases { if let why = report.skipped[rule] { lines.append("skipped \(rule.rawValue): \(TerminalText.line(why))") } }
        lines.append(summaryLine(report))
        return lines.joined(separator: "\n")
    }

    /// `3 errors, 2 warnings, 1 info; 41 views audited by 9 rules`.
    public static func summaryLine(_ report: AuditReport) -> String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 || word == "info" ? "" : "s")" }
        let views = Set(report.audited.values.joined()).count
        return "\(count(report.count(.error), "error")), \(count(report.count(.warning), "warning")), \(count(report.count(.info), "info")); "
            + "\(count(views, "view")) audited by \(count(report.audited.count, "rule")) (\(report.platform.name), sizes in \(report.unit))"
    }
}
