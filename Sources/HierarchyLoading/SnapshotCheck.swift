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
        for index in tree.preorder() {
            guard let path = nodes[index].snapshot, sizes[path] == nil else { continue }
            let location = tree.jsonPath(of: index) + ".snapshot"
            do throws(InputError) {
                if !allowOutside { try checkInside(path, folder: folder, realFolder: realFolder) }
                let full = path.hasPrefix("/") ? path : folder + "/" + path
                do {
                    sizes[path] = try PNG.readSize(file: full)
                } catch {
                    // The PNG reader names the file it opened; say it by the path the document gives.
                    throw InputError("'\(path)': \(error.message)")
                }
            } catch {
                throw InputError(file: file, location: location, error.message)
            }
        }
        return sizes
    }

    /// Refuses absolute paths and paths that lead out of the document's folder, by name or through a link.
    static func checkInside(_ path: String, folder: String, realFolder: String) throws(InputError) {
        let hint = "(pass --allow-outside-paths to allow it)"
        if path.hasPrefix("/") || path.hasPrefix("~") || path.contains("\0") {
            throw InputError("'\(path)' is an absolute path \(hint)")
        }
        var depth = 0
        for component in path.split(separator: "/") {
            if component == ".." { depth -= 1 } else if component != "." { depth += 1 }
            if depth < 0 { throw InputError("'\(path)' leads out of the document's folder \(hint)") }
        }
        if let real = FileSystem.realPath(folder + "/" + path), !real.hasPrefix(realFolder + "/") {
            throw InputError("'\(path)' links out of the document's folder \(hint)")
        }
    }
}
