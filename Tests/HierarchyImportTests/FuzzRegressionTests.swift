import Foundation
import HierarchyFormats
import HierarchyImaging
import HierarchyImport
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// Every input the fuzz targets (`Fuzz/`, `scripts/fuzz.sh`) once crashed on, kept in
/// `Tests/Fixtures/fuzz/TARGET/` and replayed through the same calls as the target makes: each
/// now gives a result or a one-line `InputError` naming the file, and never crashes.
final class FuzzRegressionTests: XCTestCase {
    /// The saved inputs of one target, as (file name, bytes).
    private func inputs(_ target: String) throws -> [(String, [UInt8])] {
        let folder = TestPaths.fixture("fuzz/\(target)")
        let names = (try? TestPaths.contents(of: folder)) ?? []
        return try names.filter { $0 != "README.md" }.map { ($0, Array(try Data(contentsOf: folder.appendingPathComponent($0)))) }
    }

    /// The thrown error is one line naming `file`.
    private func assertOneLine(_ error: InputError, file name: String) {
        XCTAssertEqual(error.file, name)
        XCTAssertFalse(error.description.contains("\n"), name)
    }

    func testTreeJSONInputs() throws {
        for (name, bytes) in try inputs("FuzzTreeJSON") {
            do {
                let tree = try TreeDocument.decode(Data(bytes), file: name)
                var sizes: [String: PixelSize] = [:]
                for node in tree.nodes { if let path = node.snapshot { sizes[path] = PixelSize(width: 40, height: 30) } }
                _ = try Layout.compute(tree, snapshotSizes: sizes)
            } catch {
                assertOneLine(error, file: name)
            }
        }
    }

    func testRecursiveDescriptionInputs() throws { try replayImporter("FuzzRecursiveDescription", .recursiveDescription) }

    func testAppiumInputs() throws { try replayImporter("FuzzAppium", .appium) }

    func testUIAutomatorInputs() throws { try replayImporter("FuzzUIAutomator", .uiautomator) }

    func testXCUITestInputs() throws { try replayImporter("FuzzXCUITest", .xcuitest, asTheNewTargets: true) }

    func testEspressoInputs() throws {
        XCTAssertFalse(try inputs("FuzzEspresso").isEmpty)
        try replayImporter("FuzzEspresso", .espresso, asTheNewTargets: true)
    }

    func testMaestroInputs() throws { try replayImporter("FuzzMaestro", .maestro, asTheNewTargets: true) }

    func testSentryInputs() throws { try replayImporter("FuzzSentry", .sentry, asTheNewTargets: true) }

    /// `asTheNewTargets`: with the options FuzzXCUITest, FuzzEspresso, FuzzMaestro and FuzzSentry
    /// use (density 2.75; the second hierarchy when the size is a multiple of 3).
    private func replayImporter(_ target: String, _ format: DumpFormat, asTheNewTargets: Bool = false) throws {
        for (name, bytes) in try inputs(target) {
            do {
                let options = asTheNewTargets ? ImportOptions(density: 2.75, index: bytes.count % 3 == 0 ? 2 : nil) : ImportOptions()
                let result = try DumpImporter.read(bytes, fileName: name, format: format, options: options)
                _ = try Layout.compute(result.tree)
            } catch {
                assertOneLine(error, file: name)
            }
        }
    }

    func testPNGInputs() throws {
        let limits = ImageLimits(maxPixels: 1 << 20)
        for (name, bytes) in try inputs("FuzzPNG") {
            let declared: PixelSize
            do { declared = try PNG.readSize(bytes, name: name, limits: limits) } catch {
                assertOneLine(error, file: name)
                continue
            }
            do {
                let image = try PNG.decode(bytes, name: name, limits: limits)
                XCTAssertEqual([image.width, image.height], [declared.width, declared.height], name)
                XCTAssertEqual(image.pixels.count, image.width * image.height * 4, name)
            } catch {
                assertOneLine(error, file: name)
            }
            let crop = PixelRect(x: declared.width / 3, y: declared.height / 4, width: max(1, declared.width / 2), height: max(1, declared.height / 2))
            if let part = try? PNG.decode(bytes, name: name, crop: crop, limits: limits) {
                XCTAssertEqual([part.width, part.height], [crop.width, crop.height], name)
            }
        }
    }

    /// As `FuzzSlicer`: two bytes of screenshot size, then a dump; every planned slice is cut.
    func testSlicerInputs() throws {
        for (name, bytes) in try inputs("FuzzSlicer") where bytes.count > 2 {
            let width = Int(bytes[0] % 64) + 1, height = Int(bytes[1] % 64) + 1
            guard var tree = try? DumpImporter.read(Array(bytes[2...]), fileName: name).tree else { continue }
            let screen = tree.root.bounds
            guard screen.width > 0, screen.height > 0 else { continue }
            let scale = Double(width) / screen.width
            var sizes: [String: PixelSize] = [:]
            for index in tree.nodes.indices {
                let path = "screenshot:\(index)"
                sizes[path] = ScreenshotSlicer.snapshotSize(bounds: tree[index].bounds, scale: scale)
                tree.update(index) { $0.snapshot = path }
            }
            let shot = RGBAImage(width: width, height: height, pixels: (0..<width * height * 4).map { UInt8(truncatingIfNeeded: $0 &* 37) })
            let layout = try Layout.compute(tree, snapshotSizes: sizes)
            let slicer = ScreenshotSlicer(screenshot: shot, scale: scale, layout: layout)
            for layer in layout.layers.prefix(200) {
                guard let plan = layer.texture, plan.crop.width * plan.crop.height <= 1 << 20 else { continue }
                let slice = slicer.slice(layer, snapshotSize: plan.source, crop: plan.crop)
                XCTAssertEqual([slice.width, slice.height], [plan.crop.width, plan.crop.height], name)
            }
        }
    }
}
