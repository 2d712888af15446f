import Foundation
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import HierarchyTestSupport
import XCTest

/// The bundled samples (Samples/ at the repository's top), read from disk as a user's captures are:
/// their pictures against goldens, and the front-view invariant on real snapshots.
final class SampleTests: XCTestCase {
    static let samples = TestPaths.samples

    private func load(_ name: String, _ options: LayoutOptions = LayoutOptions()) throws -> (Layout, LayerTextures) {
        let document = try LoadedDocument.load(Self.samples.appendingPathComponent("\(name)/tree.json").path)
        let layout = try document.layout(options)
        let textures = document.textures(for: layout)
        return (layout, textures)
    }

    private func picture(_ name: String, _ layoutOptions: LayoutOptions = LayoutOptions(), _ change: (inout RenderOptions) -> Void = { _ in }) throws -> RGBAImage {
        let (layout, textures) = try load(name, layoutOptions)
        var options = RenderOptions()
        options.size = PixelSize(width: 400, height: 300)
        change(&options)
        return try Renderer(options: options).render(layout, textures: textures).image
    }

    func testEverySampleAtTheDefaultView() throws {
        for name in ["settings", "photos", "sheet"] {
            assertMatchesGolden(try picture(name), named: "sample-\(name)")
        }
    }

    func testAnAppiumDumpSlicedFromItsScreenshotWithTheHolesFilled() throws {
        // Every cell, bar and group behind a label or an icon is whole: no clear patches.
        let folder = Self.samples.appendingPathComponent("appium-settings")
        let document = try LoadedDocument.load(folder.appendingPathComponent("page-source.xml").path,
                                               options: LoadOptions(screenshot: folder.appendingPathComponent("screenshot.png").path, holes: .fill))
        let layout = try document.layout(LayoutOptions())
        var options = RenderOptions()
        options.size = PixelSize(width: 400, height: 300)
        let picture = try Renderer(options: options).render(layout, textures: document.textures(for: layout)).image
        assertMatchesGolden(picture, named: "sample-appium-settings-filled")
    }

    func testAFocusedSubtree() throws {
        // The sheet alone, depths counted from it.
        assertMatchesGolden(try picture("sheet", LayoutOptions(focusID: "sheetView")), named: "sample-sheet-focus")
    }

    func testTheFrontViewOfEverySampleIsItsFlatComposite() throws {
        for name in ["settings", "photos", "sheet"] {
            let (layout, textures) = try load(name)
            var options = RenderOptions()
            (options.yaw, options.pitch, options.projection, options.style) = (0, 0, .orthographic, .contents)
            (options.margin, options.background) = (0, RenderOptions.transparent)
            options.size = PixelSize(width: Int(layout.screen.width), height: Int(layout.screen.height))
            let rendered = try Renderer(options: options).render(layout, textures: textures).image.premultiplied()
            let flat = try FlatCompositor.composite(layout, scale: 1, textures: textures).premultiplied()
            // The samples' frames are off the pixel grid (rows at 44.333 pt, icons at 7.5 pt) and
            // their 3x text is reduced to 1x: the renderer filters edges bilinearly, the reference
            // takes the nearest texel, so single edge pixels of text differ. What must agree is
            // the picture on the whole and every layer's part of it: mean differences. (Text that
            // touches a label's frame moves a little ink across it, hence the wide per-layer
            // bound; a missing or misplaced layer changes its part by far more.)
            var total = 0
            for i in rendered.pixels.indices { total += abs(Int(rendered.pixels[i]) - Int(flat.pixels[i])) }
            XCTAssertLessThan(Double(total) / Double(rendered.pixels.count), 1.5, "\(name): mean difference per channel")
            for layer in layout.layers where layer.frame.width >= 6 && layer.frame.height >= 6 {
                let a = rendered.mean(in: layer.frame.insetBy(1)), b = flat.mean(in: layer.frame.insetBy(1))
                for c in 0..<4 {
                    XCTAssertEqual(a[c], b[c], accuracy: 24, "\(name): layer \(layer.id), channel \(c)")
                }
            }
        }
    }

    func testTheDebugOverlayIsLeftOutByItsTag() throws {
        let (with, _) = try load("sheet")
        let (without, _) = try load("sheet", LayoutOptions(excludedTags: [9999]))
        XCTAssertNotNil(with.layers.first { $0.tag == 9999 })
        XCTAssertNil(without.layers.first { $0.tag == 9999 })
    }
}

extension RGBAImage {
    /// The mean of each channel over the pixels whose centres lie in `rect` (points at 1 px a point).
    func mean(in rect: Rect) -> [Double] {
        var sums = [0.0, 0.0, 0.0, 0.0], n = 0.0
        for y in max(0, Int(rect.minY.rounded()))..<min(height, Int(rect.maxY.rounded())) {
            for x in max(0, Int(rect.minX.rounded()))..<min(width, Int(rect.maxX.rounded())) {
                for c in 0..<4 { sums[c] += Double(pixels[(y * width + x) * 4 + c]) }
                n += 1
            }
        }
        return n == 0 ? sums : sums.map { $0 / n }
    }
}

extension Rect {
    func insetBy(_ d: Double) -> Rect { Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d) }
}
