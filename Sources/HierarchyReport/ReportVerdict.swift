import HierarchyScreen

/// A run's verdict: the screens that fail as `--fail-on` says, "no" when there are any.
public struct ReportVerdict: Outcome, Sendable {
    /// The names of the failing screens, in name order.
    public let failing: [String]

    public var status: ExitStatus { failing.isEmpty ? .success : .no }
}

extension ReportRun.Outcome {
    /// The verdict at `failOn`.
    public func verdict(failOn: FailureLevel) -> ReportVerdict {
        ReportVerdict(failing: screens.filter { failOn.failure(of: $0) != nil }.map(\.name))
    }
}
