import HierarchyImaging

/// Which snapshot files hold the same bytes as an earlier one, so that their textures are decoded
/// and reduced once. Captures often repeat a picture under several names: the in-app capture
/// writes a file per view, so every separator, every cell of a kind and a window with its
/// full-screen container are each a file of their own with the same content.
///
/// Only files of equal byte size are read; files whose content hashes alike are then compared byte
/// for byte, so no collision can join two different pictures. A file that cannot be read is
/// nobody's twin: its error comes when it is decoded, naming it.
struct IdenticalFiles: Sendable {
    /// Each file that repeats an earlier one, and that earlier one (the first in the given order).
    private let earlier: [String: String]

    /// - Parameters:
    ///   - files: the files, first come first named; repeats are ignored.
    ///   - size: a file's size in bytes, nil when it cannot be known (the file is then left alone).
    ///   - bytes: a file's content, nil when it cannot be read.
    init(_ files: some Sequence<String>, size: (String) -> Int?, bytes: (String) -> [UInt8]?) {
        var bySize: [Int: [String]] = [:]
        var seen: Set<String> = []
        for file in files where seen.insert(file).inserted {
            if let size = size(file) { bySize[size, default: []].append(file) }
        }
        var earlier: [String: String] = [:]
        for group in bySize.values where group.count > 1 {
            // By a hash of the content, so that one file at a time is held (files of one size can be
            // many different pictures: an uncompressed PNG's size is its dimensions'); a file whose
            // hash matches is compared with the earlier one byte for byte.
            var first: [Int: [String]] = [:]
            for file in group {
                guard let content = bytes(file) else { continue }
                let hash = content.withUnsafeBytes { bytes in
                    var hasher = Hasher()
                    hasher.combine(bytes: bytes)
                    return hasher.finalize()
                }
                if let twin = first[hash]?.first(where: { bytes($0) == content }) {
                    earlier[file] = twin
                } else {
                    first[hash, default: []].append(file)
                }
            }
        }
        self.earlier = earlier
    }

    /// The files on disk, sized with `stat` and read whole.
    init(files: some Sequence<String>) {
        self.init(files, size: FileSystem.size(of:), bytes: { try? FileSystem.read($0) })
    }

    /// The first file with the same bytes as `file`; `file` itself when it has no earlier twin.
    func representative(of file: String) -> String { earlier[file] ?? file }

    /// How many files repeat an earlier one.
    var repeatCount: Int { earlier.count }
}
