/// Bad input, told in one line: the file, the JSON path (or line) of the bad value, and what is wrong.
///
/// `description` reads `tree.json: root.children[3].frame.width: expected a number >= 0, got -4`.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file the bad value came from, as the user named it; nil when it came from no file.
    public var file: String?
    /// Where in the file: a JSON path such as `root.children[3].frame`, or `line 12`.
    public var location: String?
    /// What is wrong, ideally with the value found and the limit it broke.
    public var message: String

    public init(file: String? = nil, location: String? = nil, _ message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// The same error, attributed to `file` unless it already names one.
    public func inFile(_ name: String) -> InputError {
        var copy = self
        if copy.file == nil { copy.file = name }
        return copy
    }

    public var description: String {
        [file, location, message].compactMap { $0 }.joined(separator: ": ")
            .split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
