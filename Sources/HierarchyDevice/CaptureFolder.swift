import Foundation
import HierarchyFormats
import HierarchyImaging
import HierarchyImport
import HierarchyModel

/// The folder a capture is written to, which every command reads as one screen:
///
///     tree.json         the hierarchy in points (the density applied), as `hierarchy import` writes it
///     screenshot.png    the screen's pixels, cut into the views' textures
///     window_dump.xml   the hierarchy as the tool printed it (or activity-top.txt, page-source.xml, page-dom.json)
///     capture.json      where, when and how (CaptureInfo)
///
/// `hierarchy report` reads such a folder as the screen named by the folder (its tree.json and
/// screenshot.png). The folder appears whole or not at all: it is filled beside its place and
/// renamed into it.
public enum CaptureFolder {
    public static let tree = "tree.json"
    public static let screenshot = "screenshot.png"
    public static let info = "capture.json"

    /// Writes `screen` as the folder `path`, by `rule` (an existing folder is replaced only when
    /// it allows). Returns the importer's warnings, one line each.
    @discardableResult
    public static func write(_ screen: CapturedScreen, to given: String, rule: OutputRule) throws(InputError) -> [String] {
        var path = given
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        try rule.checkNotStream(path, because: "a capture is a folder")
        try rule.checkEntry(path)
        if FileSystem.exists(path), !FileSystem.isFolder(path) { throw InputError(file: path, "is a file; a capture is a folder") }
        // Named as what the device or server gave: nothing is written when it does not read.
        let imported: ImportResult
        if let tree = screen.tree {
            imported = ImportResult(tree: tree, format: screen.format)
        } else {
            imported = try DumpImporter.read(screen.source, fileName: "\(screen.info.source) \(screen.sourceName)", format: screen.format,
                                             options: ImportOptions(density: screen.info.density))
        }
        let parent = FileSystem.folder(of: path)
        if !FileSystem.exists(parent) { try FileSystem.createFolder(parent) }
        let name = URL(fileURLWithPath: path).lastPathComponent
        let staging = try FileSystem.createTemporaryFolder(in: parent, for: name, suffix: "partial", shared: true)
        do throws(InputError) {
            try FileSystem.write(screen.source, to: staging + "/" + screen.sourceName)
            try FileSystem.write(screen.screenshot, to: staging + "/" + screenshot)
            try FileSystem.write(Array(TreeDocument.encode(imported.tree, notes: imported.warnings).utf8), to: staging + "/" + tree)
            let files = [("hierarchy", screen.sourceName), ("tree", tree), ("screenshot", screenshot)]
            // What the importer said (which of a dump's activities was read) is kept with the notes.
            try FileSystem.write(Array(screen.info.json(files: files, notes: screen.notes + imported.warnings).utf8), to: staging + "/" + info)
            if FileSystem.exists(path) { FileSystem.removeTree(path) }
            try FileSystem.move(staging, to: path)
        } catch {
            FileSystem.removeTree(staging)
            throw error
        }
        return imported.warnings
    }

    /// The tree and screenshot of a capture folder, nil when `path` is none (no tree.json in it).
    public static func contents(of path: String) -> (tree: String, screenshot: String?)? {
        guard FileSystem.isFolder(path), FileSystem.exists(path + "/" + tree) else { return nil }
        let shot = path + "/" + screenshot
        return (path + "/" + tree, FileSystem.exists(shot) ? shot : nil)
    }
}
