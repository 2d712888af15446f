import Foundation
import HierarchyFormats
import HierarchyImaging
import HierarchyImport
import HierarchyLayout
import HierarchyModel
import HierarchyText

/// A view tree read from disk with what the layout needs of its files: the snapshot sizes and
/// the folder the snapshot paths are relative to.
public struct LoadedDocument: Sendable {
    public var tree: ViewTree
    /// The file as the user named it, for messages.
    public var file: String
    /// The folder of the document; snapshot paths are relative to it.
    public var folder: String
    /// The pixel size of every snapshot the tree names, keyed by the path as written.
    public var snapshotSizes: [String: PixelSize]
    /// The bytes of the snapshot files read whole while they were checked, so that they are not
    /// read again (see `SnapshotContents`).
    public var snapshotContents = SnapshotContents()
    /// The dump format the tree was imported from; nil for a view-hierarchy document.
    public var format: DumpFormat?
    /// Things the reader passed over, one line each.
    public var warnings: [String]
    /// The line of the file each view came from, indexed like the tree's nodes, for a dump; nil
    /// for a view-hierarchy document (`TreeDocument.viewLines` finds those from the bytes).
    public var sourceLines: [Int]?
    /// The XML a page source or a uiautomator dump was, each view naming its element: what
    /// `find` builds the XML its locators run over from. Nil for the other inputs.
    public var markup: MarkupTree?
    /// A screenshot of the screen that is cut into the layers' textures (`--screenshot`), and its
    /// pixels per point.
    public var screenshot: RGBAImage?
    public var screenshotScale: Double = 1
    /// The screenshot's file, as the user named it.
    public var screenshotFile: String?
    /// What a slice shows where views in front of its layer covered the screenshot.
    public var holes: ScreenshotSlicer.Holes = .fill
    /// Regions of earlier screenshots already filled, shared by the slicers of several documents
    /// (a report's screens); nil: each slicer fills its own.
    public var fillMemo: ScreenshotSlicer.FillMemo?
    /// The fonts of synthesized textures' text (`synthesizeTextures(fonts:)`).
    public var synthesisFonts: FontLibrary?

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

    /// Where the layers of `layout` get their textures: the snapshot files, or the slices of the
    /// screenshot when there is one.
    public func textures(for layout: Layout) -> LayerTextures {
        let slicer = screenshot.map { screenshot in
            var turned: [Int: Rect] = [:]
            for layer in layout.layers where !layer.isUntransformed { turned[layer.node] = tree[layer.node].bounds }
            return ScreenshotSlicer(screenshot: screenshot, scale: screenshotScale, layout: layout, holes: holes, memo: fillMemo, bounds: turned)
        }
        // Snapshot files only: a screenshot's slices and synthesized textures are no files.
        let plans = slicer != nil ? [] : layout.layers.compactMap(\.texture).filter { !LoadedDocument.isSynthesized($0) }
        let identical = IdenticalFiles(files: plans.map { snapshotFile($0.path) }, contents: snapshotContents)
        // The crops more than one layer shows (of one file, or of files with the same bytes).
        var seen = Set<LayerTextures.FileCrop>(), repeated = Set<LayerTextures.FileCrop>()
        for plan in plans {
            let crop = LayerTextures.FileCrop(file: identical.representative(of: snapshotFile(plan.path)), crop: plan.crop)
            if !seen.insert(crop).inserted { repeated.insert(crop) }
        }
        return LayerTextures(document: self, slicer: slicer, identical: identical, repeated: repeated)
    }
}

extension LoadedDocument {
    /// Reads a view-hierarchy document or any dump the importers know, by its content, and checks
    /// every snapshot it names. Every problem is a one-line `InputError` naming the file.
    public static func load(_ path: String, options: LoadOptions = LoadOptions()) throws(InputError) -> LoadedDocument {
        var bytes = try FileSystem.read(path, limit: .document)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        var document: LoadedDocument
        // A JSON file is a view-hierarchy document unless its keys say it is a dump (Maestro, Sentry).
        if options.format == nil && bytes.first(where: { !isWhitespace($0) }) == UInt8(ascii: "{") && DumpImporter.detectJSONObject(bytes) == nil {
            // The bytes as they were read: a copy would double the peak of a large document.
            let tree = try TreeDocument.decode(bytes, file: path)
            bytes = []  // freed before the snapshots are checked and the layout is made
            let found = options.screenshot != nil ? SnapshotCheck.Found() : try SnapshotCheck.sizes(tree, folder: folder, file: path, allowOutside: options.allowOutsidePaths)
            document = LoadedDocument(tree: tree, file: path, folder: folder, snapshotSizes: found.sizes)
            document.snapshotContents = found.contents
        } else {
            let result = try DumpImporter.read(bytes, fileName: path, format: options.format, options: options.importOptions)
            document = LoadedDocument(tree: result.tree, file: path, folder: folder, format: result.format, warnings: result.warnings)
            if result.lines.count == result.tree.count { document.sourceLines = result.lines }
            document.markup = result.markup
        }
        if let screenshot = options.screenshot { try document.useScreenshot(screenshot, decoded: options.screenshotPixels) }
        document.holes = options.holes
        return document
    }

    /// Virtual snapshot paths of screenshot slices start with this.
    static let screenshotPrefix = "screenshot:"

    /// Takes every view's texture from the screenshot at `path` instead of from snapshots: each
    /// view gets a virtual snapshot over its bounds at the screenshot's scale. The screenshot
    /// already shows every view's opacity, so views that are drawn are drawn opaque (alpha 1).
    /// `decoded`: the file's pixels when the caller has them already (a baseline's screenshot with
    /// the same bytes as the run's).
    /// The size is checked from the PNG's header (its limits, the screen's aspect ratio) before
    /// any pixel is decoded.
    mutating func useScreenshot(_ path: String, decoded: RGBAImage? = nil) throws(InputError) {
        let size: PixelSize
        if let decoded { size = PixelSize(width: decoded.width, height: decoded.height) } else { size = try PNG.readSize(file: path) }
        let screen = tree.root.bounds
        guard screen.width > 0, screen.height > 0 else { throw InputError(file: path, "the root view has no size to match the screenshot to") }
        let scale = Double(size.width) / screen.width
        let expectedHeight = screen.height * scale
        if !LoadedDocument.matches(size, screen) {
            // Appium's UiAutomator2 page source gives the display without the navigation bar as the
            // `hierarchy`'s size, its root's bounds (and the screenshot) the whole screen: a screenshot
            // of the children's extent is accepted, the root grown to it; the views keep their places.
            let extent = tree.root.children.reduce(screen) { $0.union(tree[$1].frame) }
            let whole = Rect(x: screen.x, y: screen.y, width: max(screen.width, extent.maxX - screen.x), height: max(screen.height, extent.maxY - screen.y))
            guard whole != screen, LoadedDocument.matches(size, whole) else {
                throw InputError(file: path, "\(size.width)×\(size.height) pixels does not match the screen's aspect ratio (\(JSONText.number(screen.width))×\(JSONText.number(screen.height)) points; \(size.width) pixels wide needs \(Int(expectedHeight.rounded())) high)")
            }
            warnings.append("the screenshot (\(size.width)×\(size.height)) shows the root view's children's extent, \(JSONText.number(whole.width))×\(JSONText.number(whole.height)) points, not the \(JSONText.number(screen.width))×\(JSONText.number(screen.height)) the dump gives the screen: the screen is taken as that extent")
            tree.update(0) { root in
                root.frame = Rect(x: root.frame.x, y: root.frame.y, width: whole.width, height: whole.height)
                root.bounds = Rect(x: root.bounds.x, y: root.bounds.y, width: whole.width, height: whole.height)
            }
            return try useScreenshot(path, decoded: decoded)
        }
        let image: RGBAImage
        if let decoded { image = decoded } else { image = try PNG.decode(file: path) }
        if tree.nodes.contains(where: { $0.snapshot != nil }) { warnings.append("the screenshot replaces the snapshots the document names") }
        snapshotSizes = [:]
        for index in tree.nodes.indices {
            let path = LoadedDocument.screenshotPrefix + String(index)
            snapshotSizes[path] = ScreenshotSlicer.snapshotSize(bounds: tree[index].bounds, scale: scale)
            tree.update(index) { node in
                node.snapshot = path
                if node.alpha >= 0.01 { node.alpha = 1 }
            }
        }
        screenshot = image
        screenshotFile = path
        screenshotScale = scale
    }

    /// Whether `image` has the aspect ratio of `screen`, within half a percent (or 1.5 pixels).
    static func matches(_ size: PixelSize, _ screen: Rect) -> Bool {
        let expected = screen.height * Double(size.width) / screen.width
        return abs(Double(size.height) - expected) <= max(1.5, expected * 0.005)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0xEF || byte == 0xBB || byte == 0xBF
    }
}
