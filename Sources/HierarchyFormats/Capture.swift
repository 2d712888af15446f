import Foundation
import HierarchyImaging
import HierarchyImport
import HierarchyLayout
import HierarchyModel

/// A view tree read from disk with what the layout needs of its files: the snapshot sizes and
/// the folder the snapshot paths are relative to.
public struct Capture: Sendable {
    public var tree: ViewTree
    /// The file as the user named it, for messages.
    public var file: String
    /// The folder of the document; snapshot paths are relative to it.
    public var folder: String
    /// The pixel size of every snapshot the tree names, keyed by the path as written.
    public var snapshotSizes: [String: PixelSize]
    /// The dump format the tree was imported from; nil for a view-hierarchy document.
    public var format: DumpFormat?
    /// Things the reader passed over, one line each.
    public var warnings: [String]

    public init(tree: ViewTree, file: String, folder: String, snapshotSizes: [String: PixelSize] = [:],
                format: DumpFormat? = nil, warnings: [String] = []) {
        self.tree = tree
        self.file = file
        self.folder = folder
        self.snapshotSizes = snapshotSizes
        self.format = format
        self.warnings = warnings
    }

    /// The file a snapshot path names.
    public func snapshotFile(_ path: String) -> String {
        path.hasPrefix("/") ? path : folder + "/" + path
    }

    /// Lays the tree out with its snapshot sizes.
    public func layout(_ options: LayoutOptions) throws(InputError) -> Layout {
        try Layout.compute(tree, options: options, snapshotSizes: snapshotSizes)
    }

    /// A layer's final texture: its snapshot's visible part, reduced as planned; nil without a snapshot.
    public func texture(for layer: Layer) throws(InputError) -> RGBAImage? {
        guard let plan = layer.texture else { return nil }
        return try PNG.texture(for: plan, file: snapshotFile(plan.path))
    }
}

/// How a capture is read.
public struct CaptureOptions: Hashable, Sendable {
    /// Allows snapshot paths that are absolute or lead out of the document's folder.
    public var allowOutsidePaths: Bool
    /// The dump format, when not detected from the content.
    public var format: DumpFormat?
    public var importOptions: ImportOptions

    public init(allowOutsidePaths: Bool = false, format: DumpFormat? = nil, importOptions: ImportOptions = ImportOptions()) {
        self.allowOutsidePaths = allowOutsidePaths
        self.format = format
        self.importOptions = importOptions
    }
}

extension Capture {
    /// Reads a view-hierarchy document or any dump the importers know, by its content, and checks
    /// every snapshot it names. Every problem is a one-line `InputError` naming the file.
    public static func load(_ path: String, options: CaptureOptions = CaptureOptions()) throws(InputError) -> Capture {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw InputError(file: path, FileError.reason(error, path: path))
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        if options.format == nil && data.first(where: { !isWhitespace($0) }) == UInt8(ascii: "{") {
            let tree = try TreeDocument.decode(data, file: path)
            let sizes = try SnapshotCheck.sizes(tree, folder: folder, file: path, allowOutside: options.allowOutsidePaths)
            return Capture(tree: tree, file: path, folder: folder, snapshotSizes: sizes)
        }
        let result = try DumpImporter.read(Array(data), fileName: path, format: options.format, options: options.importOptions)
        return Capture(tree: result.tree, file: path, folder: folder, format: result.format, warnings: result.warnings)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0xEF || byte == 0xBB || byte == 0xBF
    }
}

/// Messages for file-system errors, one line each.
enum FileError {
    static func reason(_ error: Error, path: String) -> String {
        let ns = error as NSError
        if let posix = (ns.userInfo[NSUnderlyingErrorKey] as? NSError), posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) { return "no such file" }
        if isFolder.boolValue { return "is a folder, not a file" }
        return "cannot read the file"
    }
}
