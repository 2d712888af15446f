import Foundation
import HierarchyImaging
import HierarchyImport
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import HierarchyTestSupport
import HierarchyText
import XCTest

/// One screen of each hierarchy test runs and crash reports save (XCUITest, Espresso, Maestro,
/// Sentry; `Tests/Fixtures/dumps`), drawn exploded with synthesized textures and compared with
/// goldens beside this file; and a screenshot sliced onto each, as onto the other dumps.
final class ForeignDumpGoldenTests: XCTestCase {
    private static let dumps: [(name: String, path: String, density: Double)] = [
        ("xcuitest", "xcuitest/written-failure-log-390x844.txt", 1),
        ("espresso", "espresso/written-junit-report-1080x2400.xml", 2.75),
        ("maestro", "maestro/written-ios-390x844.json", 1),
        ("sentry", "sentry/written-flutter-390x844.json", 1),
    ]

    private func load(_ path: String, density: Double, screenshot: String? = nil) throws -> LoadedDocument {
        try LoadedDocument.load(TestPaths.fixture("dumps/" + path).path,
                                options: LoadOptions(importOptions: ImportOptions(density: density), screenshot: screenshot))
    }

    private func picture(_ path: String, density: Double) throws -> RGBAImage {
        var document = try load(path, density: density)
        document.synthesizeTextures(fonts: try FontLibrary.system())
        let layout = try document.layout(LayoutOptions())
        var options = RenderOptions()
        options.size = PixelSize(width: 480, height: 360)
        let textures = document.textures(for: layout)
        return try Renderer(options: options).render(layout, textures: TextureClosure { try textures.texture(for: $0, maxSize: $1) }).image
    }

    func testXCUITestScreen() throws { assertMatchesGolden(try picture(Self.dumps[0].path, density: 1), named: "foreign-xcuitest") }
    func testEspressoScreen() throws { assertMatchesGolden(try picture(Self.dumps[1].path, density: 2.75), named: "foreign-espresso") }
    func testMaestroScreen() throws { assertMatchesGolden(try picture(Self.dumps[2].path, density: 1), named: "foreign-maestro") }
    func testSentryScreen() throws { assertMatchesGolden(try picture(Self.dumps[3].path, density: 1), named: "foreign-sentry") }

    /// A screenshot whose pixels say where they are, sliced onto each dump: every drawn layer
    /// gets a slice, and a leaf's slice starts with the screenshot's pixel at the leaf's corner.
    func testAScreenshotSlicesOntoEach() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("foreign-slices-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for dump in Self.dumps {
            let plain = try load(dump.path, density: dump.density)
            let scale = 1.0
            let width = Int((plain.tree.root.bounds.width * scale).rounded()), height = Int((plain.tree.root.bounds.height * scale).rounded())
            var pixels = [UInt8](repeating: 255, count: width * height * 4)
            for y in 0..<height {
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    (pixels[i], pixels[i + 1], pixels[i + 2]) = (UInt8(x / 4 % 256), UInt8(y / 4 % 256), UInt8((x + y) % 256))
                }
            }
            let shot = folder.appendingPathComponent("\(dump.name).png").path
            try PNG.write(RGBAImage(width: width, height: height, pixels: pixels), to: shot)
            let document = try load(dump.path, density: dump.density, screenshot: shot)
            XCTAssertEqual(document.screenshotScale, scale, accuracy: 0.01, dump.name)
            let layout = try document.layout(LayoutOptions())
            let textures = document.textures(for: layout)
            XCTAssertGreaterThan(layout.layers.count, 3, dump.name)
            var checked = 0
            for layer in layout.layers {
                let slice = try XCTUnwrap(try textures.texture(for: layer), "\(dump.name): layer \(layer.node) has no slice")
                let node = document.tree[layer.node]
                guard node.children.isEmpty, node.frame.width >= 4, node.frame.height >= 4, layer.texture?.crop.x == 0, layer.texture?.crop.y == 0 else { continue }
                var origin = (x: 0.0, y: 0.0)
                var index: Int? = layer.node
                while let current = index, let parent = document.tree[current].parent {
                    origin.x += document.tree[current].frame.x
                    origin.y += document.tree[current].frame.y
                    index = parent
                }
                let (px, py) = (Int((origin.x * document.screenshotScale).rounded()), Int((origin.y * document.screenshotScale).rounded()))
                guard px >= 0, py >= 0, px < width, py < height else { continue }
                let expected = Color(red: UInt8(px / 4 % 256), green: UInt8(py / 4 % 256), blue: UInt8((px + py) % 256))
                let got = slice[0, 0]
                XCTAssertLessThanOrEqual(abs(Int(got.red) - Int(expected.red)), 1, "\(dump.name): \(node.className) at \(px),\(py)")
                XCTAssertLessThanOrEqual(abs(Int(got.green) - Int(expected.green)), 1, "\(dump.name): \(node.className) at \(px),\(py)")
                checked += 1
            }
            XCTAssertGreaterThan(checked, 2, "\(dump.name): leaves checked")
        }
    }
}
