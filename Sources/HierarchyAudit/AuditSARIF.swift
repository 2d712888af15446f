import HierarchyFormats
import HierarchyModel

/// The audit as SARIF 2.1.0 for code scanning: the rules with help text, a result per finding with
/// its level, its place in the input file (the line of the element, or of the view's object in
/// JSON) and the view's path as a logical location, and a fingerprint that stays while the view
/// keeps its rule, id and class.
public enum AuditSARIF {
    /// - Parameters:
    ///   - file: the input as the user named it, written as the artifact's relative URI.
    ///   - lines: the line of each view in `file`, indexed like the tree's nodes; nil or a missing
    ///     entry puts the finding at line 1.
    public static func encode(_ report: AuditReport, file: String, lines: [Int]?) -> String {
        let rules = AuditRule.allCases
        var out = "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n"
        out += "      \"tool\": {\n        \"driver\": {\n          \"name\": \"hierarchy audit\",\n"
        out += "          \"version\": \(JSONText.string(HierarchyVersion.current.text)),\n"
        out += "          \"informationUri\": \"https://github.com/hierarchy/hierarchy/blob/main/docs/audit.md\",\n"
        out += "          \"rules\": [\n" + rules.map { "            " + rule($0) }.joined(separator: ",\n") + "\n          ]\n        }\n      },\n"
        out += "      \"artifacts\": [{\"location\": {\"uri\": \(JSONText.string(uri(file)))}}],\n"
        out += "      \"results\": ["
        for (n, finding) in report.findings.enumerated() {
            let line = lines.flatMap { finding.node < $0.count ? $0[finding.node] : nil } ?? 1
            out += (n == 0 ? "\n" : ",\n") + "        " + result(finding, ruleIndex: rules.firstIndex(of: finding.rule)!, file: file, line: max(line, 1))
        }
        out += report.findings.isEmpty ? "]\n" : "\n      ]\n"
        out += "    }\n  ]\n}\n"
        return out
    }

    static func rule(_ r: AuditRule) -> String {
        let help = "\(r.summary) Reference: \(r.reference). See docs/audit.md#\(r.rawValue)."
        let markdown = "**" + r.rawValue + "**: " + r.summary + "\n\nReference: " + r.reference + "."
        return "{\"id\": \(JSONText.string(r.rawValue)), \"name\": \(JSONText.string(camel(r.rawValue))), "
            + "\"shortDescription\": {\"text\": \(JSONText.string(r.summary))}, "
            + "\"fullDescription\": {\"text\": \(JSONText.string(r.summary + " (" + r.reference + ")"))}, "
            + "\"help\": {\"text\": \(JSONText.string(help)), \"markdown\": \(JSONText.string(markdown))}, "
            + "\"defaultConfiguration\": {\"level\": \(JSONText.string(level(r.defaultSeverity)))}, "
            + "\"properties\": {\"tags\": [\"accessibility\"]}}"
    }

    static func result(_ f: Finding, ruleIndex: Int, file: String, line: Int) -> String {
        "{\"ruleId\": \(JSONText.string(f.rule.rawValue)), \"ruleIndex\": \(ruleIndex), \"level\": \(JSONText.string(level(f.severity))), "
            + "\"message\": {\"text\": \(JSONText.string(f.message))}, "
            + "\"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": \(JSONText.string(uri(file))), \"index\": 0}, "
            + "\"region\": {\"startLine\": \(line)}}, "
            + "\"logicalLocations\": [{\"name\": \(JSONText.string(f.id)), \"fullyQualifiedName\": \(JSONText.string(f.path)), \"kind\": \"element\"}]}], "
            + "\"partialFingerprints\": {\"hierarchyAuditView/v1\": \(JSONText.string(fingerprint(f)))}}"
    }

    /// SARIF's levels: error, warning, note.
    static func level(_ s: Severity) -> String {
        switch s {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// FNV-1a 64 of the rule, the view's id and class: the same view keeps it across runs.
    static func fingerprint(_ f: Finding) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(f.rule.rawValue)\u{0}\(f.id)\u{0}\(f.className)".utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = Array("0123456789abcdef")
        return String((0..<16).map { digits[Int(hash >> (60 - UInt64($0) * 4) & 0xF)] })
    }

    /// A relative URI reference for a path: separators kept, other reserved characters escaped.
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if c.isASCII && (c.isLetter || c.isNumber || "-._~/".contains(c)) { out.append(c) } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return out
    }

    static func camel(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

private extension String {
    var leftPadded: String { count == 1 ? "0" + self : self }
}
