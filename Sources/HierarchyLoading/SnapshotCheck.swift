import Dispatch
import HierarchyImaging
import HierarchyLayout
import HierarchyModel

/// Checks every snapshot a document names, and reads its size from its PNG header.
enum SnapshotCheck {
    /// What the check found: each snapshot's size, keyed by the path as written, and the bytes of
    /// the files it read whole (see `SnapshotContents`).
    struct Found {
        var sizes: [String: PixelSize] = [:]
        var contents = SnapshotContents()
    }

    /// The files are checked on all cores (a capture names thousands, each a few system calls);
    /// the error is the one of the first view in preorder whose snapshot fails, as checking them
    /// one by one in that order gives. Small files are read whole and kept (within
    /// `SnapshotContents.budget`, shared evenly among the tasks); others only have their header read.
    static func sizes(_ tree: ViewTree, folder: String, file: String, allowOutside: Bool) throws(InputError) -> Found {
        // `tree[index]` would copy the whole view (and retain its strings) to read one key.
        let nodes = tree.nodes
        guard nodes.contains(where: { $0.snapshot != nil }) else { return Found() }
        // Each path once, at the first view in preorder that names it.
        var seen: Set<String> = []
        var firsts: [(index: Int, path: String)] = []
        for index in tree.preorder() {
            guard let path = nodes[index].snapshot, seen.insert(path).inserted else { continue }
            firsts.append((index, path))
        }
        let realFolder = FileSystem.realPath(folder) ?? folder
        let results = UnsafeMutableBufferPointer<Result<Checked, InputError>>.allocate(capacity: firsts.count)
        defer { results.deallocate() }
        // Runs of paths a task, each with its own cache of real folders and its share of the
        // budget; each result is written once.
        let count = firsts.count, run = max(64, count / 32), runs = (count + run - 1) / run
        let slots = Shared(results), paths = firsts.map(\.path), listings = RealPaths.FolderListings()
        let check = { @Sendable (range: Range<Int>) in
            var realPaths = RealPaths(sharing: listings)
            var budget = SnapshotContents.budget / runs
            for i in range {
                slots.value.baseAddress!.advanced(by: i).initialize(to: Result { () throws(InputError) in
                    try checked(paths[i], folder: folder, realFolder: realFolder, allowOutside: allowOutside,
                                realPaths: &realPaths, budget: &budget)
                })
            }
        }
        if runs > 1 {
            DispatchQueue.concurrentPerform(iterations: runs) { check($0 * run..<min(count, ($0 + 1) * run)) }
        } else {
            check(0..<firsts.count)
        }
        defer { _ = results.baseAddress!.deinitialize(count: firsts.count) }
        var sizes: [String: PixelSize] = [:], contents: [String: [UInt8]] = [:]
        sizes.reserveCapacity(firsts.count)
        for (i, first) in firsts.enumerated() {
            switch results[i] {
            case .success(let checked):
                sizes[first.path] = checked.size
                if let bytes = checked.bytes { contents[checked.file] = bytes }
            case .failure(let error): throw InputError(file: file, location: tree.jsonPath(of: first.index) + ".snapshot", error.message)
            }
        }
        return Found(sizes: sizes, contents: SnapshotContents(contents))
    }

    /// One snapshot checked: its file, its size, and its bytes when they were kept.
    struct Checked {
        let file: String
        let size: PixelSize
        let bytes: [UInt8]?
    }

    /// The snapshot at `path` (as the document gives it), after checking that it stays inside the
    /// folder unless `allowOutside`: read whole and kept while `budget` (bytes) allows, else its
    /// header alone is read.
    private static func checked(_ path: String, folder: String, realFolder: String, allowOutside: Bool,
                                realPaths: inout RealPaths, budget: inout Int) throws(InputError) -> Checked {
        if !allowOutside { try checkInside(path, folder: folder, realFolder: realFolder, realPaths: &realPaths) }
        let full = path.hasPrefix("/") ? path : folder + "/" + path
        do {
            // As many system calls as reading the header alone; a file that cannot be read whole
            // here (too large, no regular file, unreadable) is read as a stream, which says why.
            if budget > 0, let bytes = FileSystem.smallFile(full, atMost: min(budget, SnapshotContents.fileLimit)) {
                let size = try PNG.readSize(bytes, name: full)
                budget -= bytes.count
                return Checked(file: full, size: size, bytes: bytes)
            }
            return Checked(file: full, size: try PNG.readSize(file: full), bytes: nil)
        } catch {
            // The PNG reader names the file it opened; say it by the path the document gives.
            throw InputError("'\(path)': \(error.message)")
        }
    }

    /// Refuses absolute paths and paths that lead out of the document's folder, by name or through a link.
    static func checkInside(_ path: String, folder: String, realFolder: String, realPaths: inout RealPaths) throws(InputError) {
        let hint = "(pass --allow-outside-paths to allow it)"
        if path.hasPrefix("/") || path.hasPrefix("~") || path.utf8.contains(0) {
            throw InputError("'\(path)' is an absolute path \(hint)")
        }
        var depth = 0
        for component in path.split(separator: "/") {
            if component == ".." { depth -= 1 } else if component != "." { depth += 1 }
            if depth < 0 { throw InputError("'\(path)' leads out of the document's folder \(hint)") }
        }
        if let real = realPaths.of(folder + "/" + path), !real.hasPrefix(realFolder + "/") {
            throw InputError("'\(path)' links out of the document's folder \(hint)")
        }
    }
}
