import Foundation
import HierarchyFind
import HierarchyFormats
import HierarchyScreen
import HierarchyTestSupport
import XCTest

/// The page `hierarchy find INPUT LOCATOR -o find.html` writes, in headless Chromium: the answer
/// above the tree, as the command's text says it; each match outlined green or red, the views
/// responsible amber, the nearest views blue; the page open on the first match (selected and
/// framed, or the first drawn view responsible when the match is not drawn), the locator in the
/// search box when a match is drawn; a row's click selects and frames its view; a view's hostile
/// text stays text.
final class FindPageTests: XCTestCase {
    static let script = TestPaths.repository.appendingPathComponent("Tests/HierarchyFindTests/Browser/find_page_check.py")
    static let hostile = #"</script><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">"#

    func testTheAnswerOnTheViewerInChromium() throws {
        try Chromium.require()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-find-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let settings = TestPaths.fixture("dumps/appium-ios/shirates-ios-settings-top.xml").path
        let android = TestPaths.fixture("dumps/uiautomator/written-raw-dump-settings-1080x2400.xml").path
        let cases: [(String, String, Locator)] = [
            // 15 cells, 13 can be tapped, 2 clipped away by the table (not drawn).
            ("cells", settings, Locator(using: .className, value: "XCUIElementTypeCell")),
            // One match, clipped away: the table responsible is shown, the tree left whole.
            ("developer", settings, Locator(using: .accessibilityID, value: "Developer")),
            // No match: the nearest views.
            ("case", android, Locator(using: .xpath, value: "//android.widget.TextView[@text='Network & Internet']")),
            // A test framework's combination: the page carries find's answer, the box gives it.
            ("matcher", TestPaths.fixture("dumps/espresso/written-nomatching-1080x2400.txt").path,
             try XCTUnwrap(TestMatcher.locator("onView(allOf(withText(\"Display\"), isDisplayed()))"))),
            // A locator the search box cannot run, on a view whose text is markup.
            ("hostile", try Self.hostileCapture(in: folder), Locator(using: .text, value: Self.hostile)),
        ]
        var pages: [OrderedJSON] = []
        for (name, path, locator) in cases {
            let screen = try Screen.open(path)
            let xml = try screen.findXML()
            let outcome = try screen.find(locator, in: xml)
            let page = folder.appendingPathComponent("\(name).html").path
            try outcome.writePage(of: screen, xml: xml, camera: RenderOptions(), pageLayout: LayoutOptions(), to: page)
            pages.append(Self.expected(outcome.result, page: page, drawn: Set(screen.layout.layers.map(\.id)), layers: screen.layout.layers.count))
        }
        let casePath = folder.appendingPathComponent("case.json")
        try Data(OrderedJSON.object([("pages", .array(pages)), ("hostile", .string(Self.hostile))]).text(pretty: true).utf8).write(to: casePath)
        let result = try ExternalProcess.run(ExternalProcess.python, [Self.script.path, casePath.path, folder.path])
        for failure in result.output.split(separator: "\n").filter({ $0.hasPrefix("FAIL: ") }) { XCTFail(String(failure.dropFirst(6)) + " (files in \(folder.path))") }
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("checked 5 pages"), result.output)
        if result.status == 0 { try? FileManager.default.removeItem(at: folder) }
    }

    /// What the page must show for `result`: `drawn` the ids of the page's layers.
    static func expected(_ result: FindResult, page: String, drawn: Set<String>, layers: Int) -> OrderedJSON {
        let matchIDs = Set(result.matches.map(\.id))
        let rows = result.matches.map { m -> OrderedJSON in
            .object([("first", .string(m.lines[0])), ("kind", .string(m.tappable ? "tappable" : "blocked")),
                     ("target", ([m.id] + m.reasons.compactMap(\.by)).first(where: drawn.contains).map(OrderedJSON.string) ?? .null)])
        } + result.suggestions.map { s -> OrderedJSON in
            .object([("first", .string(s.line)), ("kind", .string("suggested")), ("target", drawn.contains(s.id) ? .string(s.id) : .null)])
        }
        let anyDrawn = result.matches.contains { drawn.contains($0.id) }
        let prefixes: [Locator.Strategy: String] = [.xpath: "xpath:", .id: "id:", .accessibilityID: "accessibility-id:", .className: "class-name:", .predicate: "predicate:"]
        let carried: [Locator.Strategy: String] = [.matcher: "", .textMatching: "text-matching:", .idMatching: "id-matching:"]
        let search = anyDrawn ? (prefixes[result.locator.using] ?? carried[result.locator.using]).map { $0 + result.locator.value } ?? "" : ""
        let tappable = Set(result.matches.filter { $0.tappable && drawn.contains($0.id) }.map(\.id))
        let blocked = Set(result.matches.filter { !$0.tappable && drawn.contains($0.id) }.map(\.id))
        let responsible = Set(result.matches.flatMap { m in m.reasons.compactMap(\.by).filter { $0 != m.id } }).filter(drawn.contains).subtracting(matchIDs)
        let suggested = Set(result.suggestions.map(\.id)).filter(drawn.contains).subtracting(matchIDs).subtracting(responsible)
        let firstRow = rows.isEmpty ? nil : result.matches.isEmpty ? nil : ([result.matches[0].id] + result.matches[0].reasons.compactMap(\.by)).first(where: drawn.contains)
        return .object([
            ("page", .string(page)), ("lines", .array(result.headerLines.map(OrderedJSON.string))), ("rows", .array(rows)),
            ("selected", firstRow.map(OrderedJSON.string) ?? .null), ("search", .string(search)),
            ("located", carried[result.locator.using] != nil && !search.isEmpty ? .array(result.matches.map { .string($0.id) }) : .null),
            ("treeRows", search.isEmpty ? .number(Double(layers)) : .null),
            ("outlines", .object([("find-tappable", .number(Double(tappable.count))), ("find-blocked", .number(Double(blocked.count))),
                                  ("find-responsible", .number(Double(responsible.count))), ("find-suggested", .number(Double(suggested.count)))])),
        ])
    }

    /// A 200×300 capture whose button's text is markup (`hostile`).
    static func hostileCapture(in folder: URL) throws -> String {
        let title = String(decoding: try JSONSerialization.data(withJSONObject: [hostile], options: [.withoutEscapingSlashes]), as: UTF8.self).dropFirst().dropLast()
        let path = folder.appendingPathComponent("tree.json")
        try Data("""
            {"version": 1, "root": {"id": "screen", "class": "UIView", "frame": {"x": 0, "y": 0, "width": 200, "height": 300}, "backgroundColor": "#F2F2F7",
              "children": [
                {"id": "markup", "class": "UIButton", "text": \(title), "frame": {"x": 20, "y": 40, "width": 160, "height": 44}, "backgroundColor": "#007AFF"},
                {"id": "cover", "class": "UIView", "frame": {"x": 0, "y": 30, "width": 200, "height": 80}, "backgroundColor": "#1C1C1E"}
              ]}}
            """.utf8).write(to: path)
        return path.path
    }
}
