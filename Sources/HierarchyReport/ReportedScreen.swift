import HierarchyScreen

/// A screen made ready for the page: its block, its viewer's data and its textures by name.
public struct ReportedScreen: Sendable {
    public var block: ScreenBlock
    /// The viewer's data, its `"textures"` naming `textures`.
    public var viewer: String?
    public var textures: [(name: String, png: [UInt8])]

    public init(block: ScreenBlock, viewer: String? = nil, textures: [(name: String, png: [UInt8])] = []) {
        self.block = block
        self.viewer = viewer
        self.textures = textures
    }

    /// A row without a viewer or thumbnails.
    public static func row(_ row: ReportScreen) -> ReportedScreen {
        ReportedScreen(block: ScreenBlock(row: row, title: row.name))
    }

    /// Attaches a viewer's data and textures: the block names them.
    mutating func attach(viewer data: String, textures pngs: [[UInt8]]) {
        let names = pngs.map(TextureName.of)
        block.viewer = TextureName.of(Array(block.row.name.utf8))
        block.textures = names
        viewer = data
        textures = Array(zip(names, pngs)).map { (name: $0.0, png: $0.1) }
    }
}
