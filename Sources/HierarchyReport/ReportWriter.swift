import Foundation
import HierarchyFormats
import HierarchyImaging
import HierarchyModel

/// Writes a report a screen at a time as a folder: `index.html` (the page with its screen blocks)
/// and `data/` (each viewer's data and each texture in a script file of its own, a texture once);
/// a screen's pictures are written and can be freed before the next screen's are made.
/// `ReportAssembly` turns the folder into the single page when it is small enough.
final class ReportWriter {
    /// The folder written into.
    let root: String
    private let file: UnsafeMutablePointer<FILE>
    private var written = Set<String>()
    private(set) var rows: [ReportScreen] = []
    /// The data files' block ids (`v-…`, `t-…`), in the order they were written.
    private(set) var data: [String] = []
    /// The bytes of `index.html`'s head (before the screen blocks), which the single page replaces.
    let headSize: Int
    /// The size the page would have as one file.
    private(set) var size = 0

    /// Starts `root/index.html` with the page's head; `file` is that file, open for writing.
    init(root: String, file: UnsafeMutablePointer<FILE>, title: String) throws(InputError) {
        self.root = root
        self.file = file
        let head = ReportPage.head(title: title, data: ReportPage.dataFolder)
        headSize = head.utf8.count
        try put(head)
        size += ReportPage.head(title: title).utf8.count - headSize
    }

    /// A screen's block, its viewer and the textures no earlier screen had.
    func write(_ screen: ReportedScreen) throws(InputError) {
        rows.append(screen.block.row)
        try put(ReportPage.screenBlock(screen.block))
        if let viewer = screen.viewer, let name = screen.block.viewer { try store("v-" + name, json: viewer) }
        for texture in screen.textures where written.insert(texture.name).inserted {
            try store("t-" + texture.name, json: "\"" + Base64.encode(texture.png) + "\"")
        }
    }

    /// A screen read back from a part: its block, viewer and textures as they were written.
    func write(_ block: ScreenBlock, from part: ReportPageBlocks) throws(InputError) {
        rows.append(block.row)
        try put(ReportPage.screenBlock(block))
        if let name = block.viewer, let viewer = try part.viewer(name) { try store("v-" + name, json: viewer) }
        for name in block.textures where written.insert(name).inserted {
            guard let base64 = try part.texture(name) else { continue }
            try store("t-" + name, json: "\"" + base64 + "\"")
        }
    }

    func finish() throws(InputError) { try put(ReportPage.tail) }

    /// Writes a data block's file, counting the block the single page would hold instead.
    private func store(_ id: String, json: String) throws(InputError) {
        try FileSystem.write(Array(ReportPage.dataFile(id: id, json: json).utf8), to: ReportAssembly.dataPath(root, id), atomically: false)
        data.append(id)
        size += ReportPage.block(id: id, json: json).utf8.count
    }

    private func put(_ text: String) throws(InputError) {
        var text = text
        let count = text.utf8.count
        let done = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
        guard done == count else { throw InputError("cannot write: \(FileSystem.reason(errno))") }
        size += count
    }
}
