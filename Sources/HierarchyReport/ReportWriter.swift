import Foundation
import HierarchyExport
import HierarchyImaging
import HierarchyModel

/// Writes a report's page a screen at a time, each texture once, into an open file; a screen's
/// pictures are written and can be freed before the next screen's are made.
final class ReportWriter {
    private let file: UnsafeMutablePointer<FILE>
    private var written = Set<String>()
    private(set) var rows: [ReportScreen] = []
    /// Bytes written so far.
    private(set) var size = 0

    init(file: UnsafeMutablePointer<FILE>, title: String) throws(InputError) {
        self.file = file
        try put(ReportPage.head(title: title))
    }

    /// A screen's block, its viewer and the textures no earlier screen had.
    func write(_ screen: ReportedScreen) throws(InputError) {
        rows.append(screen.block.row)
        try put(ReportPage.screenBlock(screen.block))
        if let viewer = screen.viewer, let name = screen.block.viewer { try put(ReportPage.viewerBlock(name: name, data: viewer)) }
        for texture in screen.textures where written.insert(texture.name).inserted {
            try put(ReportPage.textureBlock(name: texture.name, base64: Base64.encode(texture.png)))
        }
    }

    /// A screen read back from a part: its block, viewer and textures as they were written.
    func write(_ block: ScreenBlock, from part: ReportPageBlocks) throws(InputError) {
        rows.append(block.row)
        try put(ReportPage.screenBlock(block))
        if let name = block.viewer, let viewer = part.viewers[name] { try put(ReportPage.viewerBlock(name: name, data: String(viewer))) }
        for name in block.textures where written.insert(name).inserted {
            guard let base64 = part.textures[name] else { continue }
            try put(ReportPage.textureBlock(name: name, base64: String(base64)))
        }
    }

    func finish() throws(InputError) { try put(ReportPage.tail) }

    private func put(_ text: String) throws(InputError) {
        var text = text
        let count = text.utf8.count
        let done = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
        guard done == count else { throw InputError("cannot write: \(FileSystem.reason(errno))") }
        size += count
    }
}
