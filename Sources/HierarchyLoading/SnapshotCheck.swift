import HierarchyImaging
import HierarchyLayout
import HierarchyModel

/// Checks every snapshot a document names, and reads its size from its PNG header.
enum SnapshotCheck {
    static func sizes(_ tree: ViewTree, folder: String, file: String, allowOutside: Bool) throws(InputError) -> [String: PixelSize] {
        // `tree[index]` would copy the whole view (and retain its strings) to read one key.
        let nodes = tree.nodes
        guard nodes.contains(where: { $0.snapshot != nil }) else { return [:] }
        var sizes: [String: PixelSize] = [:]
        let realFolder = FileSystem.realPath(folder) ?? folder
        var realPaths = RealPaths()
        for index in tree.preorder() {
            guard let path = nodes[index].snapshot, sizes[path] == nil else { continue }
            do throws(InputError) {
                if !allowOutside { try checkInside(path, folder: folder, realFolder: realFolder, realPaths: &realPaths) }
                let full = path.hasPrefix("/") ? path : folder + "/" + path
                do {
                    sizes[path] = try PNG.readSize(file: full)
                } catch {
                    // The PNG reader names the file it opened; say it by the path the document gives.
                    throw InputError("'\(path)': \(error.message)")
                }
            } catch {
                throw InputError(file: file, location: tree.jsonPath(of: index) + ".snapshot", error.message)
            }
        }
        return sizes
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

/// Real paths of files (links resolved), each folder resolved once: a capture's thousands of
/// snapshots sit in a few folders, and `realpath` reads the link of every component of every path.
struct RealPaths {
    private var folders: [String: String?] = [:]

    /// What `FileSystem.realPath(path)` gives: nil when nothing is there.
    mutating func of(_ path: String) -> String? {
        // A last component that is a link, or that moves between folders, is resolved whole.
        guard let slash = path.lastIndex(of: "/") else { return FileSystem.realPath(path) }
        let name = path[path.index(after: slash)...]
        guard !name.isEmpty, name != ".", name != ".." else { return FileSystem.realPath(path) }
        switch FileSystem.isSymbolicLink(path) {
        case nil: return nil
        case true?: return FileSystem.realPath(path)
        case false?: break
        }
        let folder = String(path[..<slash])
        let real: String?
        if let known = folders[folder] {
            real = known
        } else {
            real = FileSystem.realPath(folder.isEmpty ? "/" : folder)
            folders[folder] = .some(real)
        }
        return real.map { ($0 == "/" ? "" : $0) + "/" + name }
    }
}
