import HierarchyFormats
import HierarchyImaging
import HierarchyModel

/// A golden picture: the exploded rendering of a capture, with the capture's view tree kept inside
/// the PNG (a compressed iTXt chunk, `treeKey`), so that one file is one golden and a later
/// mismatch can name the views that moved or changed.
public struct Golden: Sendable {
    public var image: RGBAImage
    /// The capture the picture was rendered from; nil for a plain PNG.
    public var tree: ViewTree?
    /// Why there is no picture (a snapshot strategy cannot throw: it says this in its failure).
    public var problem: String?

    /// The keyword of the PNG text chunk that holds the tree as a view-hierarchy document.
    public static let treeKey = "hierarchy-tree"

    public init(image: RGBAImage, tree: ViewTree?, problem: String? = nil) {
        (self.image, self.tree, self.problem) = (image, tree, problem)
    }

    /// The PNG: the picture (zlib level 9) and the tree in its text chunk.
    public func encoded() throws(InputError) -> [UInt8] {
        guard let tree else { return try PNG.encode(image, compression: .small) }
        return try PNG.encode(image, compression: .small, text: TreeDocument.encode(tree), key: Golden.treeKey)
    }

    /// Reads a golden PNG (any PNG: one without the tree has `tree` nil). A damaged tree is an
    /// error naming the file.
    public static func decode(_ bytes: [UInt8], name: String) throws(InputError) -> Golden {
        let (image, text) = try PNG.decode(bytes, name: name, textKey: treeKey)
        guard let text else { return Golden(image: image, tree: nil) }
        do throws(InputError) {
            return Golden(image: image, tree: try TreeDocument.decode(Array(text.utf8), file: name))
        } catch {
            throw InputError(file: name, location: "text chunk '\(treeKey)'", error.message)
        }
    }

    public static func read(_ path: String) throws(InputError) -> Golden {
        try decode(FileSystem.read(path, limit: .image), name: path)
    }

    /// Writes the PNG atomically, creating missing folders.
    public func write(to path: String) throws(InputError) {
        let bytes: [UInt8]
        do throws(InputError) { bytes = try encoded() } catch { throw error.inFile(path) }
        try FileSystem.write(bytes, to: path)
    }
}
