import Foundation
import HierarchyFormats
import HierarchyModel

/// What the page holds for one screen besides its viewer: its row, its title, its thumbnails
/// (base64 PNG) and the names of its viewer's block and textures. The page's grid is made from
/// these; `--merge` reads them back.
public struct ScreenBlock: Hashable, Sendable {
    public var row: ReportScreen
    /// The capture's file name, shown in the viewer.
    public var title: String
    public var front: String?
    public var exploded: String?
    /// The id of the viewer's data block, nil when there is no viewer (an error row).
    public var viewer: String?
    /// The names of the textures the viewer uses, in its order.
    public var textures: [String]

    public init(row: ReportScreen, title: String, front: String? = nil, exploded: String? = nil, viewer: String? = nil, textures: [String] = []) {
        self.row = row
        self.title = title
        self.front = front
        self.exploded = exploded
        self.viewer = viewer
        self.textures = textures
    }

    /// The block's JSON (free of `<`, as the page needs).
    public func encode() -> String {
        func optional(_ s: String?) -> OrderedJSON { s.map(OrderedJSON.string) ?? .null }
        return OrderedJSON.object([
            ("row", ReportDocument.entry(row)), ("title", .string(title)), ("front", optional(front)), ("exploded", optional(exploded)),
            ("viewer", optional(viewer)), ("textures", .array(textures.map(OrderedJSON.string))),
        ]).text().escapingLessThanForScript()
    }

    /// Reads a block `encode` wrote.
    public static func decode(_ text: String, file: String, path: String) throws(InputError) -> ScreenBlock {
        let value = try JSONValue.parse(Data(text.utf8), file: file)
        guard case .object(let keys) = value, let row = keys["row"] else { throw InputError(file: file, location: path, "expected a screen block with a row") }
        func string(_ key: String) throws(InputError) -> String? {
            switch keys[key] {
            case nil, .null?: return nil
            case .string(let s)?: return s
            case let other?: throw InputError(file: file, location: path + "." + key, "expected a string or null, got \(other.typeName)")
            }
        }
        var block = ScreenBlock(row: try ReportDocument.decodeEntry(row, file: file, path: path + ".row"), title: try string("title") ?? "")
        (block.front, block.exploded, block.viewer) = (try string("front"), try string("exploded"), try string("viewer"))
        if case .array(let names)? = keys["textures"] {
            for (i, name) in names.enumerated() {
                guard case .string(let s) = name, ReportPage.isName(s) else { throw InputError(file: file, location: path + ".textures[\(i)]", "expected a texture name") }
                block.textures.append(s)
            }
        }
        if let viewer = block.viewer, !ReportPage.isName(viewer) { throw InputError(file: file, location: path + ".viewer", "expected a block name, got '\(viewer)'") }
        return block
    }
}

extension String {
    /// The text with `<` written `\u003c`: JSON that no `</script>` can end.
    func escapingLessThanForScript() -> String {
        guard utf8.contains(UInt8(ascii: "<")) else { return self }
        return replacingOccurrences(of: "<", with: "\\u003c")
    }
}
