import Foundation
import HierarchyExport
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import HierarchyTestSupport
import XCTest

/// Scenes to export and ways to read exports back: the samples, small trees made in the test,
/// GLB chunks, and JSON values as JSONSerialization gives them.
enum GLTFFixtures {
    /// `Samples/<name>/tree.json`.
    static func samplePath(_ name: String) -> String {
        TestPaths.sample(name).path
    }

    /// A sample laid out with the default options and its textures encoded as the exporter does.
    static func sample(_ name: String, layoutOptions: LayoutOptions = LayoutOptions()) throws -> (document: LoadedDocument, layout: Layout, textures: [Int: EncodedTexture]) {
        let document = try LoadedDocument.load(samplePath(name))
        let layout = try document.layout(layoutOptions)
        let textures = try TextureFiles.encode(layout, from: document, names: TextureFiles.names(for: layout))
        return (document, layout, textures)
    }

    /// Export options that match `hierarchy render … --size 800x600`.
    static func options(size: PixelSize = PixelSize(width: 800, height: 600), _ change: (inout ExportOptions) -> Void = { _ in }) -> ExportOptions {
        var options = ExportOptions()
        options.render.size = size
        change(&options)
        return options
    }

    // MARK: - Small trees

    /// A 100×200 screen: a window with a snapshot, a plain container (no snapshot, no colour)
    /// holding a translucent coloured panel, which holds two labels with snapshots (one opaque,
    /// one with transparent pixels), and an opaque badge whose snapshot is a copy of the first label's.
    static func smallTree() -> (tree: ViewTree, sizes: [String: PixelSize]) {
        var tree = ViewTree(root: ViewNode(id: "window", className: "UIWindow", frame: Rect(x: 0, y: 0, width: 100, height: 200),
                                           backgroundColor: Color(red: 255, green: 255, blue: 255), snapshot: "window.png"))
        let container = tree.append(ViewNode(id: "container", className: "UIView", frame: Rect(x: 0, y: 0, width: 100, height: 200)), to: 0)
        let panel = tree.append(ViewNode(id: "panel", className: "Panel", name: "Card", frame: Rect(x: 10, y: 20, width: 80, height: 60),
                                         alpha: 0.5, backgroundColor: Color(red: 0x33, green: 0x99, blue: 0xFF)), to: container)
        tree.append(ViewNode(id: "title", className: "UILabel", name: "Settings", tag: 7, frame: Rect(x: 5, y: 5, width: 40, height: 10), snapshot: "title.png"), to: panel)
        tree.append(ViewNode(id: "detail", className: "UILabel", frame: Rect(x: 5, y: 30, width: 40, height: 10), snapshot: "detail.png"), to: panel)
        tree.append(ViewNode(id: "badge", className: "Badge", frame: Rect(x: 60, y: 150, width: 40, height: 10), snapshot: "badge.png"), to: container)
        let sizes = ["window.png": PixelSize(width: 200, height: 400), "title.png": PixelSize(width: 80, height: 20),
                     "detail.png": PixelSize(width: 80, height: 20), "badge.png": PixelSize(width: 80, height: 20)]
        return (tree, sizes)
    }

    /// The small tree's layout and textures made in memory: opaque gradients, except `detail`,
    /// whose left half is transparent; `badge` gets exactly `title`'s picture.
    static func small(_ layoutOptions: LayoutOptions = LayoutOptions()) throws -> (layout: Layout, textures: [Int: EncodedTexture]) {
        let (tree, sizes) = smallTree()
        let layout = try Layout.compute(tree, options: layoutOptions, snapshotSizes: sizes)
        var textures: [Int: EncodedTexture] = [:]
        for (index, name) in TextureFiles.names(for: layout) {
            let layer = layout.layers[index], plan = layer.texture!
            let seed = layer.id == "badge" ? "title" : layer.id
            textures[index] = try EncodedTexture(name: name, image: picture(width: plan.width, height: plan.height, seed: seed, holes: layer.id == "detail"))
        }
        return (layout, textures)
    }

    /// `GradientPicture`'s pixels as an image.
    static func picture(width: Int, height: Int, seed: String, holes: Bool) -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: GradientPicture.pixels(width: width, height: height, seed: seed, holes: holes))
    }

    /// World positions of all nodes (their translations summed down the tree; no layer node rotates).
    static func worldPositions(_ json: [String: Any]) -> [Int: [Double]] {
        let nodes = json.array("nodes")
        var world: [Int: [Double]] = [:]
        var stack: [(Int, [Double])] = (json.array("scenes").first?.ints("nodes") ?? []).map { ($0, [0, 0, 0]) }
        while let (index, parent) = stack.popLast() {
            let t = nodes[index].doubles("translation") ?? [0, 0, 0]
            world[index] = zip(parent, t).map { $0 + $1 }
            for child in nodes[index].ints("children") ?? [] { stack.append((child, world[index]!)) }
        }
        return world
    }

    /// The files of an export in memory, by path.
    static func files(_ layout: Layout, _ textures: [Int: EncodedTexture], _ options: ExportOptions, _ container: GLTFExport.Container, name: String) throws -> [String: [UInt8]] {
        Dictionary(uniqueKeysWithValues: try GLTFExport.files(layout, textures: textures, options: options, container: container, name: name).map { ($0.path, $0.bytes) })
    }
}

/// Asserts two vectors agree within `tolerance`, naming what they are.
func assertClose(_ a: [Double], _ b: [Double], _ tolerance: Double, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, "\(what): \(a) vs \(b)", file: file, line: line)
    for (x, y) in zip(a, b) where !(abs(x - y) <= tolerance) {
        XCTFail("\(what): \(a) vs \(b) (tolerance \(tolerance))", file: file, line: line)
        return
    }
}
