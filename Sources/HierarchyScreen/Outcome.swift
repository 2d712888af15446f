/// How a use case ended, as the exit status a command line gives it.
///
/// Commands that answer a question (`diff`: the same?, `audit`: clean?, `render --expect`: as the
/// golden?, `find`: tappable?, `report`: passed?) give a verdict: 0 yes, 1 no, and so trouble (bad
/// input, a file that cannot be written) is 2, as diff(1)'s is. Commands that only make something
/// give 0, and 1 for trouble. `Outcome.status` is the verdict; `ExitStatus.trouble(verdict:)` the rest.
public enum ExitStatus: Int32, Sendable {
    /// Done; or the verdict's yes.
    case success = 0
    /// The verdict's no: different, findings at the threshold, does not match, nothing tappable,
    /// the run failed; or trouble in a command without a verdict.
    case no = 1
    /// Trouble in a command with a verdict.
    case troubleWithVerdict = 2

    /// The status for trouble (an error) in a command that gives a verdict or not.
    public static func trouble(verdict: Bool) -> ExitStatus { verdict ? .troubleWithVerdict : .no }
}

/// What a use case returns: what it found or made, and its verdict as an exit status.
public protocol Outcome {
    var status: ExitStatus { get }
}
