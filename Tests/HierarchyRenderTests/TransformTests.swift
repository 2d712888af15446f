import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import HierarchySource
import XCTest

/// Transformed views drawn: the front view against the flat composite, goldens, picking.
final class TransformTests: XCTestCase {
    /// The straight-on orthographic render against the flat composite on trees with transforms. Edges
    /// that are not on the pixel grid are where the two differ: the renderer counts 16 samples a
    /// pixel, the reference the exact area, so such pixels may differ by up to a sixteenth (plus
    /// filtering); inside, they agree as closely as for untransformed trees.
    func testFrontViewMatchesTheFlatCompositeOnRandomTransformedTrees() throws {
        for seed in UInt64(1)...12 {
            let layout = try TestScenes.layout(TestScenes.randomTransformed(seed: seed, count: 30))
            XCTAssertTrue(layout.layers.contains { !$0.isUntransformed }, "seed \(seed) has transformed layers")
            try assertFrontViewMatchesFlat(layout, k: seed % 2 == 0 ? 2 : 1, label: "seed \(seed)")
        }
    }

    func testFrontViewOfTheTransformedScreenMatchesTheFlatComposite() throws {
        let layout = try TestScenes.layout(TestScenes.transformed())
        try assertFrontViewMatchesFlat(layout, k: 2, label: "transformed screen")
    }

    private func assertFrontViewMatchesFlat(_ layout: Layout, k: Int, label: String) throws {
        let textures = GeneratedTextures(withHoles: false)
        let rendered = try Renderer(options: frontView(layout, k: k)).render(layout, textures: textures).image
        let flat = try FlatCompositor.composite(layout, scale: Double(k), textures: textures)
        var close = 0, total = 0.0, worst = (value: 0, x: 0, y: 0)
        for y in 0..<flat.height {
            for x in 0..<flat.width {
                let d = rendered.premultipliedPixel(x, y) &- flat.premultipliedPixel(x, y)
                let m = max(abs(d.x), abs(d.y), abs(d.z), abs(d.w))
                if m <= 4 { close += 1 }
                total += Double(m)
                if m > worst.value { worst = (m, x, y) }
            }
        }
        let count = flat.width * flat.height
        XCTAssertLessThanOrEqual(worst.value, 48, "\(label): pixel (\(worst.x), \(worst.y)) rendered \(rendered[worst.x, worst.y]), flat \(flat[worst.x, worst.y])")
        XCTAssertGreaterThan(Double(close) / Double(count), 0.95, "\(label): pixels within 4")
        XCTAssertLessThan(total / Double(count), 1.5, "\(label): mean difference")
    }

    func testPickingHitsTransformedViewsAtTheirCentres() throws {
        let layout = try TestScenes.layout(TestScenes.transformed())
        let renderer = try Renderer(options: frontView(layout, k: 2))
        for id in ["badge", "card0", "card2", "corner", "mirror", "clipped", "quarter", "half"] {
            let layer = try XCTUnwrap(layout.layer(withID: id), id)
            // The centre of the view's visible region, in picture pixels (2 a point).
            let polygon = layer.polygon
            let cx = polygon.map(\.x).reduce(0, +) / Double(polygon.count), cy = polygon.map(\.y).reduce(0, +) / Double(polygon.count)
            XCTAssertEqual(renderer.pick(layout, x: cx * 2, y: cy * 2)?.layer.id, id, id)
        }
    }

    func testPickingFollowsTheTurnedOutlineNotTheBox() throws {
        // A square turned 45°: the corner of its bounding box is not the view, the diamond's tip is.
        var tree = ViewTree(root: ViewNode(id: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        tree.append(ViewNode(id: "d", frame: Rect(x: 30, y: 30, width: 40, height: 40), transform: .rotation(degrees: 45)), to: 0)
        let layout = try TestScenes.layout(tree)
        let renderer = try Renderer(options: frontView(layout, k: 1))
        let half = 20 * 2.0.squareRoot()
        XCTAssertEqual(renderer.pick(layout, x: 50 - half + 3, y: 50 - half + 3)?.layer.id, "root", "box corner")
        XCTAssertEqual(renderer.pick(layout, x: 50, y: 50 - half + 2)?.layer.id, "d", "the top tip")
    }

    func testAMirroredViewShowsItsTextureMirrored() throws {
        var tree = ViewTree(root: ViewNode(id: "root", frame: Rect(x: 0, y: 0, width: 40, height: 20)))
        tree.append(ViewNode(id: "m", frame: Rect(x: 0, y: 0, width: 40, height: 20), transform: .scale(-1, 1), snapshot: "m.png"), to: 0)
        let layout = try TestScenes.layout(tree)
        // The snapshot is red on its left half, blue on its right: mirrored, blue shows on the left.
        let textures = TextureClosure { layer, _ in
            guard let plan = layer.texture else { return nil }
            var pixels: [UInt8] = []
            for _ in 0..<plan.height {
                for x in 0..<plan.width { pixels += x < plan.width / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
            }
            return RGBAImage(width: plan.width, height: plan.height, pixels: pixels)
        }
        let picture = try Renderer(options: frontView(layout, k: 1)).render(layout, textures: textures).image
        XCTAssertTrue(isClose(picture[5, 10], Color(red: 0, green: 0, blue: 255)), "\(picture[5, 10])")
        XCTAssertTrue(isClose(picture[35, 10], Color(red: 255, green: 0, blue: 0)), "\(picture[35, 10])")
    }

    func testGoldensOfTheTransformedScreen() throws {
        let layout = try TestScenes.layout(TestScenes.transformed())
        let textures = GeneratedTextures(withHoles: false)
        assertMatchesGolden(try Renderer(options: frontView(layout, k: 2)).render(layout, textures: textures).image, named: "transforms-front")
        var options = RenderOptions()
        options.size = PixelSize(width: 400, height: 300)
        assertMatchesGolden(try Renderer(options: options).render(layout, textures: textures).image, named: "transforms-default")
        options.style = .wireframe
        assertMatchesGolden(try Renderer(options: options).render(layout, textures: textures).image, named: "transforms-wireframe")
    }
}
