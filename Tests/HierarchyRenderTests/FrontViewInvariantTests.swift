import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import HierarchySource
import XCTest

/// The renderer's flat front view (orthographic, yaw 0, pitch 0, margin 0, contents only, at k
/// pixels a point) must equal the flat composite of the screen.
final class FrontViewInvariantTests: XCTestCase {
    /// Premultiplied 8-bit channels may differ by this much: the reference quantizes its reduced
    /// textures to 8 bits, the renderer keeps them in Float.
    let tolerance = 3

    func testHandMadeTreeAtScales1And2() throws {
        let layout = try TestScenes.layout(TestScenes.phone())
        for k in [1, 2] {
            try assertFrontViewMatchesFlat(layout, k: k, textures: GeneratedTextures(), label: "phone at \(k)x")
        }
    }

    /// Random trees laid out by overlap, the mode that keeps the stack's order equal to painter's
    /// order wherever layers overlap. (In nesting mode a later sibling can sit behind an earlier
    /// sibling's subview, so its front view rightly differs from the flat screen.)
    func testRandomTrees() throws {
        for seed in UInt64(1)...16 {
            let layout = try TestScenes.layout(TestScenes.random(seed: seed, count: 40))
            try assertFrontViewMatchesFlat(layout, k: seed % 2 == 0 ? 2 : 1, textures: GeneratedTextures(), label: "seed \(seed)")
        }
    }

    func testAbuttingLayersOffThePixelGridShowNoSeam() throws {
        // Two opaque layers meeting at x = 10.5, between pixel centres: together they cover the
        // pixel, so it must come out opaque (coverage blending would leave a quarter see-through).
        let red = Color(red: 255, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 255)
        let layout = TestScenes.layers([
            ("a", Rect(x: 0, y: 0, width: 10.5, height: 20), 0, red),
            ("b", Rect(x: 10.5, y: 0, width: 9.5, height: 20), 0, blue),
        ], screen: Rect(x: 0, y: 0, width: 20, height: 20))
        let image = try Renderer(options: frontView(layout, k: 1)).render(layout).image
        for y in 0..<20 {
            XCTAssertEqual(image[10, y].alpha, 255, "row \(y)")
            XCTAssertEqual(Int(image[10, y].red), 128, accuracy: 12, "row \(y): half red")
            XCTAssertEqual(Int(image[10, y].blue), 128, accuracy: 12, "row \(y): half blue")
        }
    }

    private func assertFrontViewMatchesFlat(_ layout: Layout, k: Int, textures: some TextureProvider, label: String) throws {
        let rendered = try Renderer(options: frontView(layout, k: k)).render(layout, textures: textures).image
        let flat = try FlatCompositor.composite(layout, scale: Double(k), textures: textures)
        XCTAssertEqual(rendered.width, flat.width, label)
        XCTAssertEqual(rendered.height, flat.height, label)
        let worst = rendered.largestDifference(from: flat)
        XCTAssertLessThanOrEqual(worst.value, tolerance, "\(label): pixel (\(worst.x), \(worst.y)) rendered \(rendered[worst.x, worst.y]), flat \(flat[worst.x, worst.y])")
    }
}
