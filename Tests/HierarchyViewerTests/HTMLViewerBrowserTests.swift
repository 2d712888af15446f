import Foundation
import HierarchyViewer
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import HierarchySource
import HierarchyTestSupport
import XCTest

/// The viewer in a real browser: each test writes a page, the flat composite of its screen and the
/// picks `hierarchy pick` finds, then runs `Browser/viewer_check.py`, which opens the page from
/// file:// in headless Chromium and checks: no console errors and nothing fetched; the flat front
/// view equals the flat composite within a tolerance; clicks select the frontmost layer, in the
/// tree too; the spacing slider and `+` move the planes; search filters the tree and marks the
/// 3D view; `f` focuses; the tree's roles and arrows; arrows orbit; dragging orbits, Shift-dragging
/// pans, the wheel zooms and Reset returns to the first view.
///
/// Without Chromium, chromedriver or Selenium the tests are skipped, saying what is missing,
/// except under CI (the environment variable CI is set), where that is a failure.
final class HTMLViewerBrowserTests: XCTestCase {
    static let script = TestPaths.repository.appendingPathComponent("Tests/HierarchyViewerTests/Browser/viewer_check.py")

    func testSettingsSampleInChromium() throws {
        let sample = try HTMLTestScenes.sample("settings")
        try check("settings", sample.layout, sample.textures, scale: 1)
    }

    func testPhotosSampleInChromium() throws {
        let sample = try HTMLTestScenes.sample("photos")
        try check("photos", sample.layout, sample.textures, scale: 1)
    }

    func testSheetSampleInChromium() throws {
        let sample = try HTMLTestScenes.sample("sheet")
        try check("sheet", sample.layout, sample.textures, scale: 1)
    }

    func testGeneratedScreensInChromium() throws {
        for seed: UInt64 in [3, 8] {
            let scene = try HTMLTestScenes.random(seed: seed, count: 60)
            try check("random-\(seed)", scene.layout, scene.textures, scale: 2)
        }
    }

    /// Turned, scaled and mirrored views (CSS matrix3d, clip-path) against the flat composite,
    /// and clicks on them selecting what `hierarchy pick` finds.
    func testTransformedScreensInChromium() throws {
        for seed: UInt64 in [5, 12] {
            let scene = try HTMLTestScenes.random(seed: seed, count: 40, transforms: true)
            XCTAssertTrue(scene.layout.layers.contains { !$0.isUntransformed }, "seed \(seed) has transformed layers")
            try check("transformed-\(seed)", scene.layout, scene.textures, scale: 2)
        }
    }

    // MARK: - Running the check

    /// Writes the case and runs the script on it; every line it prints starting with `FAIL:` fails the test.
    private func check(_ name: String, _ layout: Layout, _ textures: TextureClosure, scale: Int) throws {
        try Chromium.require()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-html-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let casePath = try BrowserCase.write(name: name, layout: layout, textures: textures, scale: scale, into: folder)
        let result = try Python.run([Self.script.path, "check", casePath.path])
        let failures = result.output.split(separator: "\n").filter { $0.hasPrefix("FAIL: ") }
        for failure in failures { XCTFail("\(name): \(failure.dropFirst(6)) (files in \(folder.path))") }
        if result.status != 0 && failures.isEmpty { XCTFail("\(name): viewer_check.py exited with \(result.status): \(result.output)") }
        print("\(name): \(result.output.split(separator: "\n").last ?? "")")
        if result.status == 0 { try? FileManager.default.removeItem(at: folder) }
    }
}

/// What the script checks one page against, as `case.json` beside the page.
enum BrowserCase {
    static func write(name: String, layout: Layout, textures: TextureClosure, scale k: Int, into folder: URL) throws -> URL {
        let page = try HTMLViewer.page(for: layout, textures: textures, options: HTMLViewerOptions(title: name))
        try Data(page.utf8).write(to: folder.appendingPathComponent("page.html"))
        let reference = try FlatCompositor.composite(layout, scale: Double(k), background: RenderOptions.canvas, textures: textures)
        try Data(PNG.encode(reference)).write(to: folder.appendingPathComponent("reference.png"))
        precondition(layout.layers.first?.frame == layout.screen, "the first layer must be the whole screen")
        let front = layout.layers.filter { $0.depth == layout.maxDepth }.max { $0.frame.area < $1.frame.area }!
        var keys: [(String, OrderedJSON)] = [
            ("page", .string(folder.appendingPathComponent("page.html").path)),
            ("reference", .string(folder.appendingPathComponent("reference.png").path)),
            ("referenceSize", .array([.number(Double(reference.width)), .number(Double(reference.height))])),
            ("scale", .number(Double(k))), ("tolerance", tolerance(k, turned: layout.layers.contains { !$0.isUntransformed })),
            ("root", .string(layout.layers[0].id)), ("firstYaw", .number(HTMLViewerOptions().yaw)), ("layerCount", .number(Double(layout.layers.count))),
            ("picks", .array(try picks(layout, k: k))), ("frontLayer", .string(front.id)), ("deepLayer", .string(front.id)),
        ]
        keys.append(("search", search(layout)))
        keys.append(("focus", focus(layout)))
        let url = folder.appendingPathComponent("case.json")
        try Data(OrderedJSON.object(keys).text(pretty: true).utf8).write(to: url)
        return url
    }

    /// Chromium filters textures its own way (mipmaps, bilinear) where the composite averages
    /// areas, and snaps hairlines to whole pixels: the pictures agree closely on average, and
    /// only a few pixels on edges differ much, even allowing a shift of one pixel.
    /// Turned textures are resampled by Chromium along a different grid than the composite's
    /// nearest texel, so the sharp stripes of the test textures differ at more edge pixels there.
    static func tolerance(_ k: Int, turned: Bool = false) -> OrderedJSON {
        .object([("mean", .number(2.5)), ("over48", .number(turned ? 0.02 : 0.005))])
    }

    /// Clicks at the centres of a spread of layers, with the layer `hierarchy pick` finds at each
    /// pixel position of the front view at `k` pixels a point (the same point the browser gets).
    static func picks(_ layout: Layout, k: Int) throws -> [OrderedJSON] {
        var options = RenderOptions()
        (options.yaw, options.pitch, options.projection, options.margin) = (0, 0, .orthographic, 0)
        options.size = PixelSize(width: Int(layout.screen.width) * k, height: Int(layout.screen.height) * k)
        let renderer = try Renderer(options: options)
        let candidates = layout.layers.filter { $0.frame.width >= 4 && $0.frame.height >= 4 }
        let step = max(1, candidates.count / 8)
        return stride(from: 0, to: candidates.count, by: step).compactMap { index -> OrderedJSON? in
            let f = candidates[index].frame
            let column = Int(((f.midX - layout.screen.minX) * Double(k)).rounded(.down))
            let row = Int(((f.midY - layout.screen.minY) * Double(k)).rounded(.down))
            guard let hit = renderer.pick(layout, x: Double(column), y: Double(row)) else { return nil }
            return .object([("x", .number(Double(column) / Double(k))), ("y", .number(Double(row) / Double(k))), ("expected", .string(hit.layer.id))])
        }
    }

    /// A class name that some layers have and others not, and how many layers match it as the
    /// page's search does (class, id, name, text or an attribute containing the text, in any case).
    static func search(_ layout: Layout) -> OrderedJSON {
        let query = "label"
        let count = layout.layers.filter { HTMLViewerFeatureTests.fields($0).contains { $0.lowercased().contains(query) } }.count
        return .object([("query", .string(query)), ("matches", .number(Double(count)))])
    }

    /// The layer with the largest subtree below the root, its subtree's size, and one layer outside it.
    static func focus(_ layout: Layout) -> OrderedJSON {
        var size = [Int](repeating: 1, count: layout.layers.count)
        for index in layout.layers.indices.reversed() {
            if let parent = layout.layers[index].parentLayer { size[parent] += size[index] }
        }
        let target = layout.layers.indices.dropFirst().max { size[$0] < size[$1] }!
        return .object([("id", .string(layout.layers[target].id)), ("subtree", .number(Double(size[target]))),
                        ("outsider", .string(layout.layers[0].id))])
    }
}

/// Runs `python3`.
enum Python {
    /// Runs the tests' Python (`ExternalProcess.python`) with `arguments`; standard output and error together.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try ExternalProcess.run(ExternalProcess.python, arguments)
    }
}
