import HierarchyModel
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

extension ReportRun.Outcome {
    /// Throws when the run has nothing to report, which ends it with status 2 whatever `--fail-on`
    /// says: a run of `folders` that found no capture, or screens none of which could be read.
    /// A merge (`merged`) found its screens in its parts, so only the second applies.
    public func checkSomethingWasRead(in folders: [String], merged: Bool) throws(InputError) {
        if !merged && found == 0 {
            throw InputError(file: folders.joined(separator: ", "), "no captures found (.json, .xml or .txt files)")
        }
        if !screens.isEmpty && screens.allSatisfy({ $0.status == .error }) { throw InputError("no capture could be read") }
    }
}
