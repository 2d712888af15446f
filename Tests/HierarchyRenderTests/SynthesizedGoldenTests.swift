import HierarchyImaging
import HierarchyImport
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import HierarchySource
import HierarchyTestSupport
import HierarchyText
import XCTest

/// Dumps without screenshots drawn with synthesized textures (role fills, text, image marks),
/// compared with goldens beside this file. The dumps are in `Goldens/dumps`, written for these
/// tests (the Android one is `Samples/android-settings`): an Android settings screen (in pixels,
/// read without --density), an Appium settings
/// screen with an ellipsized long label, Japanese and Chinese labels, Arabic and Hebrew labels.
/// Text comes from FreeType: the goldens hold for the fonts `.ci/run` installs.
final class SynthesizedGoldenTests: XCTestCase {
    private static let dumps = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/dumps")
    /// The Android dump is the README's sample.
    private static let android = "../../../../Samples/android-settings/window_dump.xml"

    private func picture(_ dump: String, size: PixelSize, front: Bool = true) throws -> RGBAImage {
        var document = try LoadedDocument.load(Self.dumps.appendingPathComponent(dump).path)
        document.synthesizeTextures(fonts: try FontLibrary.system())
        let layout = try document.layout(LayoutOptions())
        var options = RenderOptions()
        options.size = size
        if front { options.yaw = 0; options.pitch = 0; options.projection = .orthographic; options.margin = 0.02 }
        let textures = document.textures(for: layout)
        return try Renderer(options: options).render(layout, textures: TextureClosure { try textures.texture(for: $0, maxSize: $1) }).image
    }

    func testAndroidDumpWithoutScreenshot() throws {
        assertMatchesGolden(try picture(Self.android, size: PixelSize(width: 300, height: 640)), named: "synthesized-android")
    }

    func testAndroidDumpExploded() throws {
        assertMatchesGolden(try picture(Self.android, size: PixelSize(width: 480, height: 360), front: false), named: "synthesized-android-exploded")
    }

    func testAppiumDumpWithAnEllipsizedLabel() throws {
        assertMatchesGolden(try picture("appium-settings.xml", size: PixelSize(width: 300, height: 640)), named: "synthesized-appium")
    }

    func testJapaneseAndChinese() throws {
        assertMatchesGolden(try picture("cjk-settings.xml", size: PixelSize(width: 300, height: 640)), named: "synthesized-cjk")
    }

    func testArabicAndHebrew() throws {
        assertMatchesGolden(try picture("rtl-settings.xml", size: PixelSize(width: 300, height: 640)), named: "synthesized-rtl")
    }

    /// Without synthesis the same dump is outlines only: nothing but the canvas inside the screen.
    func testSynthesisOffKeepsOutlines() throws {
        let document = try LoadedDocument.load(Self.dumps.appendingPathComponent(Self.android).path)
        let layout = try document.layout(LayoutOptions())
        XCTAssertTrue(layout.layers.allSatisfy { $0.texture == nil })
    }

    /// Every text of every dump in ../shared, Japanese and Chinese included, is drawn with real
    /// glyphs: no character falls back to a missing-glyph box.
    func testSharedDumpsTextHasNoMissingGlyphs() throws {
        let folder = try TestPaths.shared("dumps", for: "the shared dumps' text coverage")
        let fonts = try FontLibrary.system()
        var texts = 0
        for format in try TestPaths.contents(of: folder) where !format.hasSuffix(".md") {
            for name in try TestPaths.contents(of: folder.appendingPathComponent(format)) {
                let document = try LoadedDocument.load(folder.appendingPathComponent(format).appendingPathComponent(name).path)
                for text in document.tree.nodes.compactMap(\.text) where !text.isEmpty {
                    texts += 1
                    let set = fonts.typeset(text, width: 10_000, height: 10_000, style: TextStyle(size: 12))
                    XCTAssertFalse(set.lines.flatMap(\.glyphs).contains { $0.glyph == 0 }, "\(name): \(text)")
                }
            }
        }
        XCTAssertGreaterThan(texts, 50)
    }
}
