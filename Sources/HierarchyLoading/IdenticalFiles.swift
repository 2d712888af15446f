import Dispatch
import HierarchyImaging

/// Which snapshot files hold the same bytes as an earlier one, so that their textures are decoded
/// and reduced once. Captures often repeat a picture under several names: the in-app capture
/// writes a file per view, so every separator, every cell of a kind and a window with its
/// full-screen container are each a file of their own with the same content.
///
/// Only files of equal byte size are read; files whose content hashes alike are then compared byte
/// for byte, so no collision can join two different pictures. A file that cannot be read is
/// nobody's twin: its error comes when it is decoded, naming it. Which file represents which does
/// not depend on the order the groups are worked on.
struct IdenticalFiles: Sendable {
    /// Each file that repeats an earlier one, and that earlier one (the first in the given order).
    private let earlier: [String: String]

    /// - Parameters:
    ///   - files: the files, first come first named; repeats are ignored.
    ///   - size: a file's size in bytes, nil when it cannot be known (the file is then left alone).
    ///   - bytes: a file's content, nil when it cannot be read.
    init(_ files: some Sequence<String>, size: (String) -> Int?, bytes: (String) -> [UInt8]?) {
        var earlier: [String: String] = [:]
        for group in IdenticalFiles.groups(files, size: size) {
            IdenticalFiles.twins(in: group, bytes: bytes) { earlier[$0] = $1 }
        }
        self.earlier = earlier
    }

    /// The files on disk, sized with `stat` and read whole, on all cores: files of different
    /// sizes are never compared, so each group of one size is a task of its own. Files whose bytes
    /// are in `contents` (read at load time) are neither sized nor read again.
    init(files: some Sequence<String>, contents: SnapshotContents = SnapshotContents()) {
        let files = Array(files)
        guard !files.isEmpty else {
            earlier = [:]
            return
        }
        let sizes = UnsafeMutableBufferPointer<Int?>.allocate(capacity: files.count)
        defer { sizes.deallocate() }
        let sized = Shared(sizes)
        let run = 256
        DispatchQueue.concurrentPerform(iterations: (files.count + run - 1) / run) { r in
            for i in r * run..<min(files.count, (r + 1) * run) {
                sized.value.baseAddress!.advanced(by: i).initialize(to: contents[files[i]]?.count ?? FileSystem.size(of: files[i]))
            }
        }
        let known = Dictionary(zip(files, sizes), uniquingKeysWith: { first, _ in first })
        let groups = IdenticalFiles.groups(files, size: { known[$0] ?? nil })
        // Each group's twins, found by one task and merged in group order.
        let found = UnsafeMutableBufferPointer<[(String, String)]>.allocate(capacity: groups.count)
        defer { found.deallocate() }
        let slots = Shared(found)
        DispatchQueue.concurrentPerform(iterations: groups.count) { g in
            var twins: [(String, String)] = []
            let size = known[groups[g][0]].flatMap { $0 } ?? 0
            IdenticalFiles.twins(in: groups[g], bytes: { contents[$0] ?? FileSystem.contents(of: $0, size: size) }) { twins.append(($0, $1)) }
            slots.value.baseAddress!.advanced(by: g).initialize(to: twins)
        }
        var earlier: [String: String] = [:]
        for g in groups.indices {
            for (file, twin) in found[g] { earlier[file] = twin }
        }
        _ = found.baseAddress!.deinitialize(count: groups.count)
        _ = sizes.baseAddress!.deinitialize(count: files.count)
        self.earlier = earlier
    }

    /// The files (each once, in the given order) that share their size with another, by size.
    private static func groups(_ files: some Sequence<String>, size: (String) -> Int?) -> [[String]] {
        var bySize: [Int: [String]] = [:]
        var seen: Set<String> = []
        for file in files where seen.insert(file).inserted {
            if let size = size(file) { bySize[size, default: []].append(file) }
        }
        return bySize.values.filter { $0.count > 1 }
    }

    /// Gives `found(file, twin)` for each file of `group` (files of one size) that repeats an
    /// earlier one of the group, the first in order.
    private static func twins(in group: [String], bytes: (String) -> [UInt8]?, found: (String, String) -> Void) {
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
                found(file, twin)
            } else {
                first[hash, default: []].append(file)
            }
        }
    }

    /// The first file with the same bytes as `file`; `file` itself when it has no earlier twin.
    func representative(of file: String) -> String { earlier[file] ?? file }

    /// How many files repeat an earlier one.
    var repeatCount: Int { earlier.count }
}
