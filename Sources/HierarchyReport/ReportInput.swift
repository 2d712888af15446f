import HierarchyImaging
import HierarchyModel

/// Finding a run's captures on disk.
public enum ReportInput {
    /// The screens under `folder`, searched recursively (hidden entries skipped), in name order.
    /// - Throws: `InputError` when `folder` is not a folder that can be read.
    /// What is not a regular file (a FIFO, a device, a link to one) is not read but added to
    /// `skipped` as a note naming it ("run/a.json: is a FIFO (named pipe), not a regular file; skipped").
    public static func screens(in folder: String, skipped: inout [String]) throws(InputError) -> [ScreenSource] {
        guard FileSystem.isFolder(folder) else {
            throw InputError(file: folder, FileSystem.exists(folder) ? "is not a folder; give the folder of a run's captures" : "no such folder")
        }
        guard FileSystem.names(in: folder) != nil else { throw InputError(file: folder, "cannot be read") }
        return ScreenSource.screens(in: files(in: folder, prefix: "", skipped: &skipped), folder: folder)
    }

    /// Every regular file under `folder`, as paths relative to it; folders reached through links
    /// are not followed, so a link to a parent cannot loop; anything else is noted in `skipped`.
    static func files(in folder: String, prefix: String, depth: Int = 0, skipped: inout [String]) -> [String] {
        guard depth < 64, let names = FileSystem.names(in: folder) else { return [] }
        var found: [String] = []
        for name in names where !name.hasPrefix(".") {
            let path = folder + "/" + name
            if FileSystem.isFolder(path) {
                if FileSystem.isSymbolicLink(path) == true { continue }
                found += files(in: path, prefix: prefix + name + "/", depth: depth + 1, skipped: &skipped)
            } else if let kind = FileSystem.specialKind(at: path) {
                skipped.append("\(path): is \(kind), not a regular file; skipped")
            } else {
                found.append(prefix + name)
            }
        }
        return found
    }
}
