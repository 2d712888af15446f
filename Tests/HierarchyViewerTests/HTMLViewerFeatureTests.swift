import Foundation
import HierarchyViewer
import HierarchyFormats
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// The viewer's reading, searching, measuring, overlay and linking in headless Chromium
/// (`Browser/features_check.py FEATURE CASE.json`), one test a feature, on a generated Android
/// window 44 levels deep, on the settings sample and, when `../shared` is there, on a real
/// uiautomator dump. The expected values are worked out here from the layout, not by the page:
/// each row's class name without its package, the views whose fields hold a word, the gaps and
/// insets between visible frames. Screenshots are left in the case's folder when a check fails
/// (and always with HIERARCHY_KEEP_SCREENSHOTS set).
final class HTMLViewerFeatureTests: XCTestCase {
    static let script = TestPaths.repository.appendingPathComponent("Tests/HierarchyViewerTests/Browser/features_check.py")

    func testTreeReadsAtAnyDepthInChromium() throws {
        try check("tree", try Self.deepAndroid())
        if let dump = try Self.sharedDump() { try check("tree", dump) }
    }

    func testSearchFindsTextAndAttributesInChromium() throws {
        try check("search", try Self.deepAndroid())
        if let dump = try Self.sharedDump() { try check("search", dump) }
    }

    func testMeasureBetweenVisibleFramesInChromium() throws {
        try check("measure", try Self.deepAndroid())
        try check("measure", try Self.scene(TestPaths.sample("settings").path))
    }

    func testDesignOverlayInChromium() throws {
        try check("overlay", try Self.scene(TestPaths.sample("settings").path))
    }

    func testLinkAndCommandLineInChromium() throws {
        try check("link", try Self.deepAndroid())
    }

    /// A selected view's lines of the dump, quoted as text: a one-line button (its line found in
    /// the file by its resource id) and the window that spans the file (its start and end tags).
    func testSourceLinesOfTheSelectedViewInChromium() throws {
        try check("source", try Self.deepAndroid())
    }

    /// A subtree (what focusing and measuring take) and a search's context rows follow the tree, not
    /// painter's order: on a web page recorded by `hierarchy capture webdriver` from chromedriver
    /// (`Tests/Fixtures/web/stacking.page-dom.json`), whose box of z-index -1 is painted, and
    /// listed, before the body that holds it; and on a window whose orders agree.
    func testSubtreesAndSearchContextFollowTheTreeInChromium() throws {
        let web = try Self.scene(TestPaths.fixture("web/stacking.page-dom.json").path)
        let layers = web.layout.layers
        XCTAssertTrue(layers.indices.contains { i in layers[i].parentLayer.map { $0 > i } ?? false },
                      "the page has no layer painted before its parent: the check would not tell the orders apart")
        try check("subtree", web)
        try check("subtree", try Self.deepAndroid())
    }

    func testScriptInterfaceInChromium() throws {
        try check("interface", try Self.scene(TestPaths.sample("settings").path))
    }

    // MARK: - Scenes

    /// A page and what it holds: the document's layout and the page's file.
    struct Scene {
        var name: String
        var layout: Layout
        var page: URL
        var folder: URL
    }

    /// An Android window in uiautomator's format, 44 levels deep: layouts of AndroidX and
    /// android.widget classes, each 10 × 20 px inside its parent, and at the bottom a text
    /// "Attendees", a login button and an image; a second "Attendees" text near the top.
    static func deepAndroid() throws -> Scene {
        let classes = ["android.widget.FrameLayout", "android.widget.LinearLayout", "androidx.constraintlayout.widget.ConstraintLayout",
                       "androidx.recyclerview.widget.RecyclerView", "android.view.ViewGroup"]
        var xml = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<hierarchy rotation=\"0\">\n"
        for k in 0..<44 {
            let (x, y) = (k * 10, k * 20)
            xml += "<node index=\"0\" text=\"\" resource-id=\"com.example:id/level_\(k)\" class=\"\(classes[k % classes.count])\" package=\"com.example\" content-desc=\"\" clickable=\"false\" enabled=\"true\" bounds=\"[\(x),\(y)][\(1080 - x),\(2400 - y)]\">\n"
            if k == 2 { xml += "<node index=\"1\" text=\"Attendees (12)\" resource-id=\"com.example:id/header\" class=\"android.widget.TextView\" package=\"com.example\" content-desc=\"\" clickable=\"false\" enabled=\"true\" bounds=\"[40,60][600,100]\"/>\n" }
        }
        xml += """
            <node index="0" text="Attendees" resource-id="com.example:id/tab_title" class="android.widget.TextView" package="com.example" content-desc="" clickable="true" enabled="true" bounds="[460,900][620,960]"/>
            <node index="1" text="" resource-id="com.example:id/login" class="android.widget.Button" package="com.example" content-desc="Sign in" clickable="true" enabled="true" bounds="[460,1000][620,1100]"/>
            <node index="2" text="" resource-id="" class="android.widget.ImageView" package="com.example" content-desc="" clickable="false" enabled="true" bounds="[500,1400][580,1480]"/>

            """
        xml += String(repeating: "</node>\n", count: 44) + "</hierarchy>\n"
        let folder = try temporaryFolder("deep")
        let file = folder.appendingPathComponent("window_dump.xml")
        try Data(xml.utf8).write(to: file)
        return try scene(file.path, in: folder)
    }

    /// The first uiautomator dump in ../shared/dumps, or nil without ../shared.
    static func sharedDump() throws -> Scene? {
        let path = TestPaths.repository.deletingLastPathComponent().appendingPathComponent("shared/dumps/uiautomator/shirates-appium-uia2-playstore-games.xml").path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try scene(path)
    }

    /// The page `hierarchy export FILE -o page.html` writes, and the layout it shows.
    static func scene(_ path: String, in folder: URL? = nil) throws -> Scene {
        let folder = try folder ?? temporaryFolder(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
        let document = try LoadedDocument.load(path)
        let layout = try document.layout(LayoutOptions(maxTextureSize: HTMLViewer.defaultMaxTextureSize))
        var options = HTMLViewerOptions(title: "features")
        options.source = path
        options.dumpLines = document.readDumpLines()
        let page = folder.appendingPathComponent("page.html")
        try Data(HTMLViewer.page(for: layout, document: document, options: options).utf8).write(to: page)
        return Scene(name: URL(fileURLWithPath: path).lastPathComponent, layout: layout, page: page, folder: folder)
    }

    static func temporaryFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-features-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    // MARK: - What the page must show

    /// The case: every layer with its class name as a person reads it, a word to search for and
    /// the layers it must find, pairs of layers with their gaps and insets, the screen.
    static func caseJSON(_ scene: Scene) throws -> OrderedJSON {
        let layers = scene.layout.layers
        let rows = layers.map { layer in
            OrderedJSON.object([("id", .string(layer.id)), ("full", .string(layer.className)), ("short", .string(readable(layer.className)))])
        }
        let word = searchWord(layers)
        let found = layers.filter { fields($0).contains { $0.lowercased().contains(word.lowercased()) } }.map { OrderedJSON.string($0.id) }
        return .object([
            ("page", .string(scene.page.path)), ("folder", .string(scene.folder.path)), ("rows", .array(rows)),
            ("search", .object([("query", .string(word)), ("ids", .array(found))])),
            ("measures", .array(measurePairs(scene.layout))), ("screen", rect(scene.layout.screen)),
            ("source", .string(scene.name)), ("sources", .array(try sources(scene))),
            ("treeOrder", .array(layers.sorted { $0.node < $1.node }.map { .string($0.id) })),
            ("subtrees", .array(subtrees(layers))), ("context", .array(context(layers, found: found).map(OrderedJSON.string))),
        ])
    }

    /// Each layer that has layers under it (the first 40), with the ids of its subtree worked out
    /// from `parentLayer` alone: painter's order need not be the tree's (a web page's box of
    /// negative z-index is painted before the body that holds it).
    static func subtrees(_ layers: [Layer]) -> [OrderedJSON] {
        func isUnder(_ i: Int, _ root: Int) -> Bool {
            var current: Int? = i
            while let k = current { if k == root { return true }; current = layers[k].parentLayer }
            return false
        }
        let parents = layers.indices.filter { i in layers.contains { $0.parentLayer == i } }.prefix(40)
        return parents.map { root in
            .object([("id", .string(layers[root].id)), ("ids", .array(layers.indices.filter { isUnder($0, root) }.map { .string(layers[$0].id) }))])
        }
    }

    /// The ids of the layers a search keeps as context: the ancestors of those it finds, not found themselves.
    static func context(_ layers: [Layer], found: [OrderedJSON]) -> [String] {
        let ids = Set(found.compactMap { if case .string(let id) = $0 { id } else { nil } })
        var kept = Set<Int>()
        for i in layers.indices where ids.contains(layers[i].id) {
            var current = layers[i].parentLayer
            while let k = current { kept.insert(k); current = layers[k].parentLayer }
        }
        return layers.indices.filter { kept.contains($0) && !ids.contains(layers[$0].id) }.map { layers[$0].id }
    }

    /// The views whose quoted lines the page must show, found in the file by their resource ids:
    /// the login button (its one line, quoted whole) and the outermost window (start tag to the last
    /// `</node>`). Empty for a document without such views.
    static func sources(_ scene: Scene) throws -> [OrderedJSON] {
        guard let text = try? String(contentsOf: scene.folder.appendingPathComponent("window_dump.xml"), encoding: .utf8) else { return [] }
        let lines = text.components(separatedBy: "\n")
        var entries: [OrderedJSON] = []
        for (resource, single) in [("com.example:id/login", true), ("com.example:id/level_0", false)] {
            guard let layer = scene.layout.layers.first(where: { $0.attributes["resource-id"] == resource }),
                  let first = lines.firstIndex(where: { $0.contains("resource-id=\"\(resource)\"") }) else { continue }
            if single {
                entries.append(.object([("id", .string(layer.id)), ("caption", .string("Line \(first + 1) of the dump")), ("text", .string(lines[first]))]))
            } else {
                let last = try XCTUnwrap(lines.lastIndex { $0.contains("</node>") })
                entries.append(.object([("id", .string(layer.id)), ("caption", .string("Lines \(first + 1)–\(last + 1) of the dump"))]))
            }
        }
        return entries
    }

    /// The class name without its Java package or Swift module, or the XCUIElementType prefix.
    static func readable(_ name: String) -> String {
        let last = name.split(separator: ".").last.map(String.init) ?? name
        return last.hasPrefix("XCUIElementType") && last.count > 15 ? String(last.dropFirst(15)) : last
    }

    /// What a search looks in: class, id, name, text, attributes as key=value.
    static func fields(_ layer: Layer) -> [String] {
        [layer.className, layer.id, layer.name ?? "", layer.text ?? ""] + layer.attributes.map { "\($0.key)=\($0.value)" }
    }

    /// A word of the first text on the screen that some layers show and others not.
    static func searchWord(_ layers: [Layer]) -> String {
        for layer in layers {
            guard let text = layer.text else { continue }
            for word in text.split(whereSeparator: { !$0.isLetter }) where word.count >= 4 { return String(word) }
        }
        return "view"
    }

    /// Pairs to measure: two leaves side by side (a gap), and a layer inside its parent layer (insets).
    static func measurePairs(_ layout: Layout) -> [OrderedJSON] {
        let layers = layout.layers
        var pairs: [(Int, Int)] = []
        let leaves = layers.indices.filter { i in !layers.contains { $0.parentLayer == i } && layers[i].frame.area > 0 }
        outer: for a in leaves.reversed() { for b in leaves.reversed() where b < a && gap(layers[a].frame, layers[b].frame) != nil { pairs.append((a, b)); break outer } }
        if let inner = layers.indices.reversed().first(where: { i in
            layers[i].parentLayer.map { layers[$0].frame.contains(layers[i].frame) && layers[$0].frame != layers[i].frame } ?? false
        }) { pairs.append((inner, layers[inner].parentLayer!)) }
        return pairs.map { a, b in
            let (fa, fb) = (layers[a].frame, layers[b].frame)
            let gx = max(0, max(fa.minX, fb.minX) - min(fa.maxX, fb.maxX)), gy = max(0, max(fa.minY, fb.minY) - min(fa.maxY, fb.maxY))
            var keys: [(String, OrderedJSON)] = [("a", .string(layers[a].id)), ("b", .string(layers[b].id)),
                                                ("gap", .object([("x", .number(gx)), ("y", .number(gy))]))]
            let (outer, inner) = fb.contains(fa) ? (fb, fa) : fa.contains(fb) ? (fa, fb) : (nil, nil) as (Rect?, Rect?)
            if let outer, let inner {
                keys.append(("insets", .object([("left", .number(inner.minX - outer.minX)), ("right", .number(outer.maxX - inner.maxX)),
                                                ("top", .number(inner.minY - outer.minY)), ("bottom", .number(outer.maxY - inner.maxY))])))
            }
            return .object(keys)
        }
    }

    /// The frames' gap when they are apart along one axis and overlap along the other.
    static func gap(_ a: Rect, _ b: Rect) -> Double? {
        let apartX = a.maxX <= b.minX || b.maxX <= a.minX, apartY = a.maxY <= b.minY || b.maxY <= a.minY
        return apartX != apartY ? 1 : nil
    }

    static func rect(_ r: Rect) -> OrderedJSON { .array([.number(r.x), .number(r.y), .number(r.width), .number(r.height)]) }

    // MARK: - Running the check

    private func check(_ feature: String, _ scene: Scene) throws {
        try Chromium.require()
        let casePath = scene.folder.appendingPathComponent("case-\(feature).json")
        try Data(try Self.caseJSON(scene).text(pretty: true).utf8).write(to: casePath)
        let result = try Python.run([Self.script.path, feature, casePath.path])
        let failures = result.output.split(separator: "\n").filter { $0.hasPrefix("FAIL: ") }
        for failure in failures { XCTFail("\(feature) on \(scene.name): \(failure.dropFirst(6)) (files in \(scene.folder.path))") }
        if result.status != 0 && failures.isEmpty { XCTFail("\(feature) on \(scene.name): exit \(result.status): \(result.output)") }
        print("\(feature) on \(scene.name): \(result.output.split(separator: "\n").last ?? "")")
        if result.status == 0 && ProcessInfo.processInfo.environment["HIERARCHY_KEEP_SCREENSHOTS"] == nil {
            try? FileManager.default.removeItem(at: scene.folder)
        }
    }
}
