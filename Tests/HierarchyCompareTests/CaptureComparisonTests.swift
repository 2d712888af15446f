import HierarchyCompare
import HierarchyDiff
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import HierarchySource
import HierarchyTestSupport
import XCTest

/// Two captures compared through the library, as `hierarchy diff` and the report compare them.
final class CaptureComparisonTests: XCTestCase {
    static let settings = TestPaths.samples.appendingPathComponent("settings")

    func comparison() throws -> CaptureComparison<LoadedDocument, LoadedDocument> {
        let before = try LoadedDocument.load(Self.settings.appendingPathComponent("tree.json").path)
        let after = try LoadedDocument.load(Self.settings.appendingPathComponent("after.json").path)
        return try CaptureComparison(before: before, after: after, beforeLayout: before.layout(LayoutOptions()), afterLayout: after.layout(LayoutOptions()))
    }

    func testTheSettingsEditIsFound() throws {
        let diff = try comparison().diff
        XCTAssertEqual(diff.removed.map(\.id), ["cell-camera"])
        XCTAssertEqual(diff.added.map(\.id), ["cell-health-badge"])
        let icon = try XCTUnwrap(diff.changed.first { $0.afterID == "cell-microphone-icon" })
        XCTAssertTrue(icon.changes.contains(.content), "the icon's pixels changed: \(icon.changes)")
    }

    /// The picture outlines added views in `DiffColors.added` and removed ones in `DiffColors.removed`.
    func testThePictureDrawsInTheDiffColours() throws {
        var options = RenderOptions()
        (options.yaw, options.pitch, options.size) = (0, 0, PixelSize(width: 400, height: 860))
        let image = try comparison().picture(options: options)
        func count(_ color: Color) -> Int {
            var n = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image[x, y]
                    if abs(Int(p.red) - Int(color.red)) <= 2 && abs(Int(p.green) - Int(color.green)) <= 2 && abs(Int(p.blue) - Int(color.blue)) <= 2 { n += 1 }
                }
            }
            return n
        }
        XCTAssertGreaterThan(count(DiffColors.added), 50, "no green outline of the added view")
        XCTAssertGreaterThan(count(DiffColors.changed), 50, "no amber outline of the changed views")
        XCTAssertEqual(DiffPicture.style(.added).outlineColor, DiffColors.added)
        XCTAssertEqual(DiffPicture.style(.removed).outlineColor, DiffColors.removed)
    }

    /// The picture follows the output rule: an input is refused even when replacing is allowed,
    /// an existing file without it; nothing is written then.
    func testThePictureFollowsTheOutputRule() throws {
        let comparison = try comparison()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-compare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = Self.settings.appendingPathComponent("after.json").path
        XCTAssertThrowsError(try comparison.writePicture(to: input, options: RenderOptions(), rule: OutputRule(replace: true))) { error in
            XCTAssertEqual("\(error)", "\(input): is an input of this command; choose another output")
        }
        let path = folder.appendingPathComponent("diff.png").path
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try comparison.writePicture(to: path, options: RenderOptions(), rule: OutputRule())) { error in
            XCTAssertEqual("\(error)", "\(path): already exists (use --force to replace it)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data("not a picture".utf8))
        var small = RenderOptions()
        small.size = PixelSize(width: 40, height: 80)
        try comparison.writePicture(to: path, options: small, rule: OutputRule(replace: true))
        XCTAssertEqual(try PNG.decode(file: path).width, 40)
    }

    /// Any capture source can be compared: its pictures decide which pairs differ.
    func testContentIsComparedThroughTheCaptureSource() throws {
        var tree = ViewTree(root: ViewNode(id: "root", className: "UIWindow", frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        tree.append(ViewNode(id: "a", frame: Rect(x: 0, y: 0, width: 5, height: 5), snapshot: "a.png"), to: 0)
        tree.append(ViewNode(id: "b", frame: Rect(x: 5, y: 5, width: 5, height: 5), snapshot: "b.png"), to: 0)
        let layout = try Layout.compute(tree)
        let red = Color(red: 255, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 255)
        let before = Pictures(tree: tree, colors: ["a": red, "b": red])
        let after = Pictures(tree: tree, colors: ["a": red, "b": blue])
        let pairs = TreeMatcher.match(tree, tree)
        var content = ContentComparison(before: before, after: after, beforeLayout: layout, afterLayout: layout)
        XCTAssertEqual(try content.differingPairs(pairs), [try XCTUnwrap(tree.index(ofID: "b"))])
        let diff = try CaptureComparison(before: before, after: after, beforeLayout: layout, afterLayout: layout).diff
        XCTAssertEqual(diff.changed.map(\.afterID), ["b"])
    }
}

/// A capture whose views' pictures are plain colours, made in memory.
private struct Pictures: CaptureSource {
    let tree: ViewTree
    let colors: [String: Color]
    var file: String { "memory" }
    var inputFiles: [String] { [] }

    func textures(for layout: Layout) -> NoLayerTextures { NoLayerTextures() }

    func picture(of node: Int, layout: Layout, textures: NoLayerTextures) -> ViewPicture? {
        colors[tree[node].id].map { .image(RGBAImage(width: 4, height: 4, fill: $0)) }
    }
}

private struct NoLayerTextures: LayerTextureSource {
    func texture(for layer: Layer) throws(InputError) -> RGBAImage? { nil }
    func texture(for layer: Layer, maxSize: PixelSize) throws -> RGBAImage? { nil }
}
