/// What an audit found, in a stable order: by severity (errors first), then by the view's place
/// in painter's order, then by rule. A finding's number in the reports is its index plus one.
public struct AuditReport: Hashable, Sendable {
    public var findings: [Finding]
    /// For each rule that ran, the views it judged (node indices in painter's order), passing or not:
    /// the test cases of the JUnit report.
    public var audited: [AuditRule: [Int]]
    public var platform: AuditPlatform
    /// The unit of sizes in messages and values: "dp" or "pt".
    public var unit: String
    /// Rules asked for that could not run (the contrast rules without pixels), with the reason.
    public var skipped: [AuditRule: String]

    public init(findings: [Finding], audited: [AuditRule: [Int]], platform: AuditPlatform, unit: String, skipped: [AuditRule: String] = [:]) {
        self.findings = findings
        self.audited = audited
        self.platform = platform
        self.unit = unit
        self.skipped = skipped
    }

    /// How many findings of each severity.
    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }

    /// Whether a finding is at least as severe as `threshold` (nil: never).
    public func fails(at threshold: Severity?) -> Bool {
        guard let threshold else { return false }
        return findings.contains { $0.severity <= threshold }
    }

    /// The report without the findings `baseline` already has (matched by rule and view id).
    public func subtracting(_ baseline: [BaselineEntry]) -> AuditReport {
        var known: [BaselineEntry: Int] = [:]
        for entry in baseline { known[entry, default: 0] += 1 }
        var copy = self
        copy.findings = findings.filter { finding in
            let key = BaselineEntry(rule: finding.rule.rawValue, id: finding.id)
            guard let count = known[key], count > 0 else { return true }
            known[key] = count - 1
            return false
        }
        return copy
    }
}

/// A finding of an earlier audit, as `--baseline` matches it: by rule and view id, not by line.
public struct BaselineEntry: Hashable, Sendable {
    public var rule: String
    public var id: String

    public init(rule: String, id: String) {
        self.rule = rule
        self.id = id
    }
}
