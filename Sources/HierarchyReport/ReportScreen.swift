import HierarchyModel

/// One row of a report: a screen of the run, what became of it against the baseline, its audit
/// findings, or the one line that says why it could not be read.
public struct ReportScreen: Hashable, Sendable {
    /// What happened to a screen.
    public enum Status: String, CaseIterable, Hashable, Sendable {
        /// Reported without a baseline.
        case captured
        /// In the baseline too, the same.
        case unchanged
        /// In the baseline too, with `changes` (the diff's JSON document).
        case changed
        /// Not in the baseline.
        case added
        /// Only in the baseline.
        case removed
        /// Its capture (or its baseline's) could not be read: `error` says why.
        case error
    }

    /// The capture's path relative to its folder, without the extension (`settings/login`).
    public var name: String
    public var status: Status
    /// `hierarchy diff --format json`'s document for a changed screen.
    public var changes: JSONValue?
    /// The audit's findings, with `--audit` (an empty list when it found nothing).
    public var findings: [JSONValue]?
    /// With `--junit-in`: for each failed test that saved this screen and names a locator, its
    /// locator run against the screen (`{"test", "line", "text", "find"}`); nil for none.
    public var failures: [JSONValue]?
    /// The one-line error of a screen that could not be read.
    public var error: String?

    public init(name: String, status: Status, changes: JSONValue? = nil, findings: [JSONValue]? = nil, failures: [JSONValue]? = nil, error: String? = nil) {
        self.name = name
        self.status = status
        self.changes = changes
        self.findings = findings
        self.failures = failures
        self.error = error
    }

    /// Whether the screen differs from the baseline: changed, added or removed.
    public var isChange: Bool { status == .changed || status == .added || status == .removed }
}

/// The counts at the top of a report.
public struct ReportSummary: Hashable, Sendable {
    public var screens = 0
    public var captured = 0
    public var unchanged = 0
    public var changed = 0
    public var added = 0
    public var removed = 0
    /// Findings over every screen.
    public var findings = 0
    /// Screens that could not be read.
    public var errors = 0

    public init(_ screens: [ReportScreen]) {
        self.screens = screens.count
        for screen in screens {
            switch screen.status {
            case .captured: captured += 1
            case .unchanged: unchanged += 1
            case .changed: changed += 1
            case .added: added += 1
            case .removed: removed += 1
            case .error: errors += 1
            }
            findings += screen.findings?.count ?? 0
        }
    }

    /// The counts by name, in the order report.json writes them.
    public var fields: [(String, Int)] {
        [("screens", screens), ("captured", captured), ("unchanged", unchanged), ("changed", changed), ("added", added),
         ("removed", removed), ("findings", findings), ("errors", errors)]
    }
}

/// When a run fails (its exit status and its JUnit test cases): each level also fails on what the
/// levels after it fail on: `changes` on changes, findings and errors; `findings` on findings and
/// errors; `errors` on errors alone; `never` on nothing.
public enum FailureLevel: String, CaseIterable, Hashable, Sendable {
    case changes, findings, errors, never

    /// Why `screen` fails at this level, or nil when it passes.
    public func failure(of screen: ReportScreen) -> String? {
        if screen.status == .error { return self == .never ? nil : "error: " + (screen.error ?? "cannot be read") }
        let findings = screen.findings?.count ?? 0
        if findings > 0 && (self == .changes || self == .findings) { return findings == 1 ? "1 finding" : "\(findings) findings" }
        if screen.isChange && self == .changes { return screen.status.rawValue }
        return nil
    }
}
