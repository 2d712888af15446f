/// A capture that could not be written: the file and why, in one line.
public struct CaptureError: Error, CustomStringConvertible, Sendable {
    /// The file that could not be written.
    public var file: String
    /// Why, as the file system said.
    public var reason: String

    /// `file: reason`.
    public var description: String { "\(file): \(reason)" }
}
