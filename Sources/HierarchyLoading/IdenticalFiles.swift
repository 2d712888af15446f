import HierarchyImaging

/// Which snapshot files hold the same bytes as an earlier one, so that their textures are decoded
/// and reduced once. Captures often repeat a picture under several names: the in-app capture
/// writes a file per view, so every separator, every cell of a kind and a window with its
/// full-screen container are each a file of their own with the same content.
///
/// Only files of equal byte size are read, and they are compared byte for byte (no digest, so no
/// collision can join two different pictures). A file that cannot be read is nobody's twin: its
/// error comes when it is decoded, naming it.
struct IdenticalFiles: Sendable {
    /// Each file that repeats an earlier one, and that earlier one (the first in the given order).
    private let earlier: [String: String]

    init() { earlier = [:] }

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
            var first: [[UInt8]: String] = [:]
            for file in group {
                guard let content = bytes(file) else { continue }
                if let twin = first[content] { earlier[file] = twin } else { first[content] = file }
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
