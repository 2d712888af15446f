import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import XCTest

/// Filled holes on a generated screen: each view is drawn alone from a formula, the screenshot is
/// their composite, and every slice is compared with its view drawn alone.
final class ScreenshotSlicerHolesTests: XCTestCase {
    /// A view of the scene: its frame in points and its colour at a screenshot pixel (nil: clear).
    struct SceneView {
        var id: String
        var frame: Rect
        var parent: String?
        var paint: @Sendable (Int, Int) -> [UInt8]?
    }

    static let scale = 2.0

    static func vertical(_ top: [Double], _ bottom: [Double], from y0: Double, to y1: Double) -> @Sendable (Int, Int) -> [UInt8]? {
        { _, y in
            let span: Double = (y1 - y0) * scale - 1
            let t: Double = min(1, max(0, (Double(y) - y0 * scale) / span))
            var c: [UInt8] = [255, 255, 255, 255]
            for i in 0..<3 { c[i] = UInt8((top[i] + (bottom[i] - top[i]) * t).rounded()) }
            return c
        }
    }

    /// Dark strokes on a clear background, like the glyphs of a label.
    static let glyphs: @Sendable (Int, Int) -> [UInt8]? = { x, y in (x / 2 + y) % 5 == 0 || x % 7 == 0 ? [20, 20, 30, 255] : nil }

    /// A 60×100-point screen: a grey-to-blue gradient background; a white card with a label; a
    /// card with its own vertical gradient, a label and a badge; a solid card overlapping the
    /// gradient card's corner.
    let views: [SceneView] = [
        SceneView(id: "root", frame: Rect(x: 0, y: 0, width: 60, height: 100), paint: vertical([230, 230, 235], [40, 90, 200], from: 0, to: 100)),
        SceneView(id: "white", frame: Rect(x: 5, y: 10, width: 50, height: 30), parent: "root", paint: { _, _ in [255, 255, 255, 255] }),
        SceneView(id: "title", frame: Rect(x: 10, y: 15, width: 30, height: 8), parent: "white", paint: glyphs),
        SceneView(id: "fade", frame: Rect(x: 5, y: 45, width: 50, height: 40), parent: "root", paint: vertical([250, 200, 120], [200, 40, 60], from: 45, to: 85)),
        SceneView(id: "caption", frame: Rect(x: 9, y: 50, width: 36, height: 10), parent: "fade", paint: glyphs),
        SceneView(id: "badge", frame: Rect(x: 8, y: 65, width: 6, height: 6), parent: "fade", paint: { _, _ in [0, 160, 80, 255] }),
        SceneView(id: "corner", frame: Rect(x: 30, y: 70, width: 28, height: 25), parent: "root", paint: { _, _ in [90, 60, 160, 255] }),
    ]

    func makeLayout() throws -> Layout {
        var tree = ViewTree(root: ViewNode(id: "root", frame: views[0].frame))
        for view in views.dropFirst() {
            let parent = try XCTUnwrap(tree.index(ofID: view.parent!))
            var frame = view.frame
            // Frames above are given on the screen; the tree wants them in the superview.
            var p: Int? = parent
            while let index = p, index != 0 { frame.x -= tree[index].frame.x; frame.y -= tree[index].frame.y; p = tree[index].parent }
            tree.append(ViewNode(id: view.id, frame: frame), to: parent)
        }
        return try Layout.compute(tree)
    }

    /// The views composited in order, each over its frame: what the device would have shown.
    func screenshot() -> RGBAImage {
        let (w, h) = (Int(60 * Self.scale), Int(100 * Self.scale))
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for view in views {
            for y in pixelRange(view.frame.minY, view.frame.maxY) { for x in pixelRange(view.frame.minX, view.frame.maxX) {
                if let c = view.paint(x, y) { pixels.replaceSubrange((y * w + x) * 4..<((y * w + x) * 4 + 4), with: c) }
            } }
        }
        return RGBAImage(width: w, height: h, pixels: pixels)
    }

    func pixelRange(_ lo: Double, _ hi: Double) -> Range<Int> { Int(lo * Self.scale)..<Int(hi * Self.scale) }

    /// Each layer's whole slice, at the screenshot's scale.
    func slices(_ layout: Layout, _ slicer: ScreenshotSlicer) -> [RGBAImage] {
        layout.layers.map { layer in
            let size = PixelSize(width: Int(layer.fullFrame.width * Self.scale), height: Int(layer.fullFrame.height * Self.scale))
            return slicer.slice(layer, snapshotSize: size, crop: PixelRect(x: 0, y: 0, width: size.width, height: size.height))
        }
    }

    func testEveryOpaqueViewLooksLikeItselfDrawnAlone() throws {
        let layout = try makeLayout()
        let shot = screenshot()
        let slices = slices(layout, ScreenshotSlicer(screenshot: shot, scale: Self.scale, layout: layout))
        let expected: [String: Int] = ["root": 1, "white": 0, "fade": 1, "badge": 0, "corner": 0]
        var checked = 0
        for (layer, slice) in zip(layout.layers, slices) {
            let view = try XCTUnwrap(views.first { $0.id == layer.id })
            guard let tolerance = expected[view.id] else { continue }
            var (worst, holes) = (0, 0)
            let (ox, oy) = (Int(view.frame.minX * Self.scale), Int(view.frame.minY * Self.scale))
            for y in 0..<slice.height { for x in 0..<slice.width {
                let truth = try XCTUnwrap(view.paint(ox + x, oy + y))
                let got = slice[x, y]
                if got != shot[ox + x, oy + y] { holes += 1 }
                let channels: [UInt8] = [got.red, got.green, got.blue, got.alpha]
                for (a, b) in zip(channels, truth) { worst = max(worst, abs(Int(a) - Int(b))) }
            } }
            XCTAssertLessThanOrEqual(worst, tolerance, "\(view.id): largest channel error \(worst)")
            if !["badge", "corner"].contains(view.id) { XCTAssertGreaterThan(holes, 0, "\(view.id) had holes to fill") }
            checked += 1
        }
        XCTAssertEqual(checked, 5)
    }

    func testTheFrontViewIsTheScreenshotPixelForPixel() throws {
        let layout = try makeLayout()
        let shot = screenshot()
        for holes in ScreenshotSlicer.Holes.allCases {
            let slices = slices(layout, ScreenshotSlicer(screenshot: shot, scale: Self.scale, layout: layout, holes: holes))
            var composite = [UInt8](repeating: 0, count: shot.pixels.count)
            for (layer, slice) in zip(layout.layers, slices) {
                let (ox, oy) = (Int(layer.fullFrame.minX * Self.scale), Int(layer.fullFrame.minY * Self.scale))
                for y in 0..<slice.height { for x in 0..<slice.width where slice[x, y].alpha == 255 {
                    let c = slice[x, y], i = ((oy + y) * shot.width + ox + x) * 4
                    composite.replaceSubrange(i..<(i + 4), with: [c.red, c.green, c.blue, c.alpha])
                } }
            }
            XCTAssertEqual(composite, shot.pixels, "holes: \(holes)")
        }
    }

    func testKeepLeavesTheHolesClearAndALayerOwningNothingStaysClear() throws {
        let layout = try makeLayout()
        let shot = screenshot()
        let kept = slices(layout, ScreenshotSlicer(screenshot: shot, scale: Self.scale, layout: layout, holes: .keep))
        let white = try XCTUnwrap(layout.layers.firstIndex { $0.id == "white" })
        // Under the title, 5 points in and 5 down from the card's corner.
        XCTAssertEqual(kept[white][12, 12].alpha, 0)
        // A view wholly covered by one in front: nothing of its own to fill from.
        var tree = ViewTree(root: ViewNode(id: "root", frame: Rect(x: 0, y: 0, width: 60, height: 100)))
        tree.append(ViewNode(id: "cover", frame: Rect(x: 0, y: 0, width: 60, height: 100)), to: 0)
        let covered = try Layout.compute(tree)
        let rootSlice = slices(covered, ScreenshotSlicer(screenshot: shot, scale: Self.scale, layout: covered))[0]
        XCTAssertTrue(stride(from: 3, to: rootSlice.pixels.count, by: 4).allSatisfy { rootSlice.pixels[$0] == 0 })
    }

    func testAMemoOfFilledRegionsGivesTheSameSlicesAndServesAnotherScreenshot() throws {
        let layout = try makeLayout()
        let shot = screenshot()
        let alone = slices(layout, ScreenshotSlicer(screenshot: shot, scale: Self.scale, layout: layout))
        let memo = ScreenshotSlicer.FillMemo()
        XCTAssertEqual(slices(layout, ScreenshotSlicer(screenshot: shot, scale: Self.scale, layout: layout, memo: memo)), alone)
        // A second screenshot whose caption differs: the fade card (which the caption covered)
        // is filled from the same pixels and comes from the memo, the same; the caption differs.
        var other = shot
        for y in pixelRange(50, 60) { for x in pixelRange(9, 45) { other.pixels[(y * other.width + x) * 4] ^= 0x40 } }
        let again = slices(layout, ScreenshotSlicer(screenshot: other, scale: Self.scale, layout: layout, memo: memo))
        let fresh = slices(layout, ScreenshotSlicer(screenshot: other, scale: Self.scale, layout: layout))
        XCTAssertEqual(again, fresh)
        let index = { (id: String) in layout.layers.firstIndex { $0.id == id }! }
        XCTAssertEqual(again[index("fade")], alone[index("fade")])
        XCTAssertNotEqual(again[index("caption")], alone[index("caption")])
    }
}
