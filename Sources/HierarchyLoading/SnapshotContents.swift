/// The bytes of the snapshot files read whole when the document was loaded (while its snapshots
/// were checked), so that finding files with the same bytes and decoding them opens no file again:
/// a capture names thousands of small snapshots, and every open, read and close is a system call.
/// Keyed by the file as the loader opens it (`LoadedDocument.snapshotFile`). Bounded: files over
/// `fileLimit` bytes, and files past `budget` bytes in all, are not kept and are read when needed.
public struct SnapshotContents: Sendable {
    private var files: [String: [UInt8]]

    public init(_ files: [String: [UInt8]] = [:]) {
        self.files = files
    }

    /// The bytes of `file` as they were read at load time; nil when they were not kept.
    public subscript(file: String) -> [UInt8]? { files[file] }

    public var count: Int { files.count }

    /// The largest file kept: a snapshot this large is a screen's worth of pixels, read again when
    /// decoded rather than held for the document's life.
    static let fileLimit = 1 << 20
    /// The most bytes kept for one document.
    static let budget = 64 << 20
}
