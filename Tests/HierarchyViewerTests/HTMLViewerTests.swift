import HierarchyTestSupport
import Foundation
@testable import HierarchyExport
@testable import HierarchyViewer
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import XCTest
import HierarchySource

/// The page as text: self-contained, safe to embed any name, de-duplicated, deterministic; and
/// `export --format html` on the command line.
final class HTMLViewerTests: XCTestCase {
    func testPageCarriesEverythingAndMayFetchNothing() throws {
        let sample = try HTMLTestScenes.sample("settings")
        let page = try HTMLViewer.page(for: sample.layout, textures: sample.textures)
        XCTAssertTrue(page.contains("content=\"default-src 'none'; img-src data: blob:; style-src 'unsafe-inline'; script-src 'unsafe-inline'\""))
        XCTAssertEqual(page.components(separatedBy: "<script").count - 1, 2, "the data block and the script, nothing else")
        for remote in ["http:", "https:", "//cdn", "src=\"", "<link rel=\"stylesheet", "@import", "fetch(", "XMLHttpRequest"] {
            XCTAssertFalse(page.contains(remote), "the page mentions \(remote)")
        }
        let data = try PageData(page)
        XCTAssertEqual(data.layers.count, sample.layout.layers.count)
        XCTAssertEqual(data.layers.map { $0["id"] as? String }, sample.layout.layers.map(\.id))
    }

    func testEveryTextureIsThePlannedPNG() throws {
        let sample = try HTMLTestScenes.sample("sheet")
        let data = try PageData(try HTMLViewer.page(for: sample.layout, textures: sample.textures))
        for (layer, object) in zip(sample.layout.layers, data.layers) {
            guard let index = object["texture"] as? Int else { XCTAssertNil(layer.texture, layer.id); continue }
            let png = try XCTUnwrap(Data(base64Encoded: data.textures[index]), layer.id)
            let size = try PNG.readSize(Array(png), name: layer.id)
            XCTAssertEqual(size, PixelSize(width: layer.texture!.width, height: layer.texture!.height), layer.id)
            XCTAssertEqual(object["size"] as? [Int], [size.width, size.height], layer.id)
        }
    }

    func testIdenticalTexturesAreStoredOnce() throws {
        let scene = try HTMLTestScenes.random(seed: 5, count: 40)
        let grey = TextureClosure { layer, _ in layer.texture.map { RGBAImage(width: $0.width, height: $0.height, fill: Color(red: 90, green: 90, blue: 90)) } }
        let data = try PageData(try HTMLViewer.page(for: scene.layout, textures: grey))
        let sizes = Set(scene.layout.layers.compactMap { $0.texture.map { "\($0.width)x\($0.height)" } })
        XCTAssertGreaterThan(scene.layout.layers.filter { $0.texture != nil }.count, sizes.count, "the scene must repeat a size")
        XCTAssertEqual(data.textures.count, sizes.count, "one grey PNG per size")
    }

    func testNamesCannotEndTheScriptOrTheTitle() throws {
        let hostile = "</script><script>alert(1)</script><!--"
        var tree = ViewTree(root: ViewNode(id: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        tree.append(ViewNode(id: "a</b>", className: "<img onerror=x>", name: hostile, frame: Rect(x: 10, y: 10, width: 20, height: 20)), to: 0)
        let layout = try Layout.compute(tree)
        let page = try HTMLViewer.page(for: layout, textures: NoTextures(), options: HTMLViewerOptions(title: "<b>\"x\" & 'y'</b>"))
        XCTAssertEqual(page.components(separatedBy: "</script>").count - 1, 2)
        XCTAssertFalse(page.contains("<img onerror"))
        XCTAssertTrue(page.contains("<title>&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt; — hierarchy viewer</title>"))
        let data = try PageData(page)
        XCTAssertEqual(data.layers[1]["name"] as? String, hostile)
        XCTAssertEqual(data.layers[1]["id"] as? String, "a</b>")
        XCTAssertEqual(data.layers[1]["class"] as? String, "<img onerror=x>")
    }

    func testLayerObjectHasTheDocumentedKeys() {
        let plan = TexturePlan(path: "s.png", source: PixelSize(width: 60, height: 30), crop: PixelRect(x: 0, y: 0, width: 60, height: 30), width: 60, height: 30)
        let layer = Layer(node: 3, id: "title", className: "UILabel", name: "Hi", tag: 7, depth: 2,
                          frame: Rect(x: 1, y: 2.5, width: 20, height: 10), fullFrame: Rect(x: 1, y: 0, width: 20, height: 12.5),
                          alpha: 0.5, backgroundColor: Color(red: 255, green: 0, blue: 0, alpha: 128), texture: plan, parentLayer: 1)
        XCTAssertEqual(HTMLViewerData.layer(layer, texture: 4).text(),
                       ##"{"id":"title","class":"UILabel","name":"Hi","tag":7,"depth":2,"frame":[1,2.5,20,10],"fullFrame":[1,0,20,12.5],"alpha":0.5,"background":"#FF000080","texture":4,"size":[60,30],"parent":1}"##)
    }

    func testTextAndAttributesFollowTheName() {
        let layer = Layer(node: 1, id: "ok", className: "android.widget.Button", name: "OK", text: "OK <now>",
                          attributes: ["clickable": "true", "resource-id": "app:id/ok"], frame: Rect(x: 0, y: 0, width: 10, height: 10),
                          fullFrame: Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(HTMLViewerData.layer(layer, texture: nil).text(),
                       ##"{"id":"ok","class":"android.widget.Button","name":"OK","text":"OK <now>","attributes":{"resource-id":"app:id/ok","clickable":"true"},"tag":0,"depth":0,"frame":[0,0,10,10],"fullFrame":[0,0,10,10],"alpha":1}"##)
        XCTAssertEqual(LayerNode.extras(layer).text(),
                       ##"{"id":"ok","class":"android.widget.Button","name":"OK","text":"OK <now>","attributes":{"resource-id":"app:id/ok","clickable":"true"},"tag":0,"depth":0,"frame":{"x":0,"y":0,"width":10,"height":10},"fullFrame":{"x":0,"y":0,"width":10,"height":10},"alpha":1}"##)
    }

    func testSameInputGivesTheSameBytes() throws {
        let scene = try HTMLTestScenes.random(seed: 11, count: 30)
        let first = try HTMLViewer.page(for: scene.layout, textures: scene.textures)
        XCTAssertEqual(first, try HTMLViewer.page(for: scene.layout, textures: scene.textures))
    }

    func testBase64MatchesFoundation() {
        var random = SplitMix(seed: 2)
        for count in 0..<40 {
            let bytes = (0..<count).map { _ in UInt8(random.next() & 0xFF) }
            XCTAssertEqual(Base64.encode(bytes), Data(bytes).base64EncodedString(), "\(count) bytes")
        }
    }

    func testFirstViewComesFromTheOptions() throws {
        let sample = try HTMLTestScenes.sample("photos")
        var options = HTMLViewerOptions(title: "p", yaw: 12, pitch: -5, spacing: 33, style: .wireframe)
        options.minDepth = 1
        let data = try PageData(try HTMLViewer.page(for: sample.layout, textures: NoTextures(), options: options))
        let view = try XCTUnwrap(data.object["view"] as? [String: Any])
        XCTAssertEqual(view["yaw"] as? Double, 12)
        XCTAssertEqual(view["pitch"] as? Double, -5)
        XCTAssertEqual(view["spacing"] as? Double, 33)
        XCTAssertEqual(view["style"] as? String, "wireframe")
        XCTAssertEqual(view["minDepth"] as? Int, 1)
        // The controls' ranges come from the same definitions as the command line's checks.
        let limits = try XCTUnwrap(data.object["limits"] as? [String: Any])
        XCTAssertEqual(limits["spacing"] as? Double, RenderOptions.maximumSpacing)
        XCTAssertEqual(limits["spacingSlider"] as? Double, HTMLViewerOptions.spacingSliderMaximum)
        XCTAssertNil(view["maxDepth"])
        XCTAssertEqual(data.textures.count, 0, "no textures given, none stored")
    }

    /// The style menu is made from the page's data, which lists RenderStyle: no web file names a style.
    func testTheStyleMenuIsRenderStylesOneList() throws {
        let sample = try HTMLTestScenes.sample("photos")
        let data = try PageData(try HTMLViewer.page(for: sample.layout, textures: NoTextures()))
        let styles = try XCTUnwrap(data.object["styles"] as? [[String: Any]])
        XCTAssertEqual(styles.map { $0["name"] as? String }, RenderStyle.allCases.map(\.rawValue))
        XCTAssertEqual(styles.map { $0["title"] as? String }, RenderStyle.allCases.map(\.title))
        XCTAssertEqual(styles.map { $0["summary"] as? String }, RenderStyle.allCases.map(\.summary))
        XCTAssertEqual(styles.map { $0["contents"] as? Bool }, RenderStyle.allCases.map(\.drawsContents))
        XCTAssertEqual(styles.map { $0["outlines"] as? Bool }, RenderStyle.allCases.map(\.drawsOutlines))
        XCTAssertEqual(styles.map { $0["default"] as? Bool }, RenderStyle.allCases.map { $0 == RenderOptions().style })
        XCTAssertFalse(ViewerFiles.html.contains("data-style=\""), "the menu's buttons are made by the script")
        for style in RenderStyle.allCases {
            for (name, file) in [("viewer.html", ViewerFiles.html), ("the script", ViewerFiles.script), ("viewer.css", ViewerFiles.style)] {
                XCTAssertFalse(file.contains("\"\(style.rawValue)\""), "\(name) names the style \(style.rawValue)")
                XCTAssertFalse(file.contains(style.summary), "\(name) words the style \(style.rawValue)")
            }
        }
    }

    // MARK: - The command

    func testWriteRefusesAFirstViewTheRendererWouldRefuse() throws {
        let document = try LoadedDocument.load(TestPaths.sample("sheet").path)
        let layout = try document.layout(LayoutOptions(maxTextureSize: 64))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-html-options-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad: [(String, (inout HTMLViewerOptions) -> Void)] = [
            ("spacing", { $0.spacing = .nan }), ("spacing", { $0.spacing = -1 }), ("yaw", { $0.yaw = .infinity }),
            ("pitch", { $0.pitch = -.infinity }),
        ]
        for (name, change) in bad {
            var options = HTMLViewerOptions()
            change(&options)
            let path = folder.appendingPathComponent("page.html").path
            XCTAssertThrowsError(try HTMLExport.write(layout, from: document, to: path, options: options, replace: false), name) { error in
                XCTAssertTrue("\(error)".contains(name), "\(error)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: path), "nothing written for a bad \(name)")
            // The page alone refuses it too: a NaN never becomes a 0 in the page's data.
            XCTAssertThrowsError(try HTMLViewer.page(for: layout, document: document, options: options), name)
        }
        var range = HTMLViewerOptions()
        (range.minDepth, range.maxDepth) = (3, 1)
        XCTAssertThrowsError(try range.validate())
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-html-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }
}

/// The data block of a page, parsed.
struct PageData {
    var object: [String: Any]
    var layers: [[String: Any]]
    var textures: [String]

    init(_ page: String) throws {
        let start = try XCTUnwrap(page.range(of: "<script type=\"application/json\" id=\"hierarchy-data\">"))
        let end = try XCTUnwrap(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8))
        object = try XCTUnwrap(json as? [String: Any])
        layers = try XCTUnwrap(object["layers"] as? [[String: Any]])
        textures = try XCTUnwrap(object["textures"] as? [String])
    }
}
