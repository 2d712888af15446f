import ArgumentParser
import HierarchyScreen

/// A command whose exit status 1 is an answer (diff's "different", audit's "findings", a golden's
/// "does not match"), so that its trouble (bad input, an output that cannot be written, a usage
/// error) is status 2, as diff(1)'s is. `HierarchyCommand.run` maps every error to a status by it,
/// in one place.
protocol VerdictCommand: ParsableCommand {
    /// Whether this invocation gives a verdict (`render` does only with `--expect`).
    var givesVerdict: Bool { get }
    /// Whether a usage error in `arguments` (the command's, found before its options are parsed)
    /// is trouble of a verdict: the command that defines an option knows what it means.
    static func verdictOnUsageErrors(_ arguments: [String]) -> Bool
}

extension VerdictCommand {
    var givesVerdict: Bool { true }
    static func verdictOnUsageErrors(_ arguments: [String]) -> Bool { true }
}

extension ParsableCommand {
    /// Ends the command with `outcome`'s status (the verdict's "no" is 1).
    func finish(_ outcome: some Outcome) throws {
        guard outcome.status != .success else { return }
        throw ExitCode(outcome.status.rawValue)
    }

    /// The status of trouble in this command.
    var troubleStatus: ExitStatus { .trouble(verdict: (self as? any VerdictCommand)?.givesVerdict ?? false) }
}
