import HierarchyModel

/// A capture that could not be written, worded as every file error of the package is (the
/// command line's `InputError`, HierarchyImaging's `FileSystem`): one line, the file, what could
/// not be done and the system's reason, `snapshots/3.png: cannot write: no space left on device`.
public struct CaptureError: Error, CustomStringConvertible, Sendable {
    /// The file that could not be written.
    public var file: String
    /// What could not be done, and why (`SystemError.reason`).
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    /// `what` failed on `file` with the C library's `code`.
    init(file: String, cannot what: String, code: Int32) {
        self.init(file: file, reason: "cannot \(what): \(SystemError.reason(code))")
    }

    /// `file: reason`, on one line.
    public var description: String {
        "\(file): \(reason)".split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
