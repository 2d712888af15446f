import HierarchyModel

/// The one rule for the files every command writes, worded here alone: an input is never
/// overwritten (not even when replacing is allowed), a file that exists is replaced only when
/// replacing is allowed (`--force`), and a file never replaces a folder. A path that exists and
/// is not a regular file (`-`, `/dev/stdout`, `/dev/null`, a FIFO, a socket, a link to one:
/// `FileSystem.stream`) is written into as a stream and never replaced, `--force` or not. Writers
/// put a file in place whole (a temporary file renamed, `FileSystem.write`), never half-written.
public struct OutputRule: Sendable {
    /// Whether a file that exists may be replaced (`--force`).
    public var replace: Bool
    /// The files the command reads, as named: never written over.
    public var inputs: [String]

    public init(replace: Bool = false, inputs: [String] = []) {
        self.replace = replace
        self.inputs = inputs
    }

    /// The same rule, protecting `files` too.
    public func protecting(_ files: [String]) -> OutputRule {
        OutputRule(replace: replace, inputs: inputs + files)
    }

    /// Throws when the file `path` may not be written: it names a folder, it is an input, or it
    /// exists and may not be replaced.
    public func check(_ path: String) throws(InputError) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard !name.isEmpty, name != ".", name != ".." else { throw InputError(file: path, "names a folder; name the file to write") }
        if FileSystem.isFolder(path) { throw InputError(file: path, "is a folder; name the file to write") }
        if FileSystem.stream(path) != nil { return }
        try checkEntry(path)
    }

    /// Throws when `path` is a stream (`FileSystem.stream`): for an output that is a folder or
    /// several files, which cannot be written into one; the error says what the path is.
    /// `because` ends the message ("a capture is a folder").
    public func checkNotStream(_ path: String, because: String) throws(InputError) {
        switch FileSystem.stream(path) {
        case nil: return
        case .descriptor: throw InputError(file: path, "is a descriptor (standard output), not a regular file; \(because)")
        case .special(_, let kind): throw InputError(file: path, "is \(kind), not a regular file; \(because)")
        }
    }

    /// Throws when `path`, a file or a folder an output replaces whole, is an input (or a file in
    /// an input folder, such as a report's run) or holds one, or exists and may not be replaced.
    public func checkEntry(_ path: String) throws(InputError) {
        guard let real = FileSystem.realPath(path) else { return }
        // A command's inputs are often thousands of snapshots in a few folders: each folder is resolved once.
        var realPaths = RealPaths()
        for input in inputs.compactMap({ realPaths.of($0) }) {
            if input == real || real.hasPrefix(input + "/") { throw Self.isInput(path) }
            if input.hasPrefix(real + "/") { throw InputError(file: path, "holds an input of this command; choose another output") }
        }
        if !replace { throw Self.exists(path) }
    }

    /// Checks `path`, then writes `bytes` there whole.
    public func write(_ bytes: [UInt8], to path: String) throws(InputError) {
        try check(path)
        try FileSystem.write(bytes, to: path)
    }

    /// The error for an output that is one of the inputs.
    public static func isInput(_ path: String) -> InputError {
        InputError(file: path, "is an input of this command; choose another output")
    }

    /// The error for an output that exists when replacing is not allowed.
    public static func exists(_ path: String) -> InputError {
        InputError(file: path, "already exists (use --force to replace it)")
    }
}
