import Foundation
import HierarchyFind
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// The XML a page source's locators run over is built from the importer's elements, each tied to
/// the view that names it in its source: whatever order the importer gave the views (uiautomator's
/// drawing order) and whatever it put above them (a screen over a lone window), each element is
/// its own view, with no numbering of find's own and no fallback.
final class ScreenXMLBuildingTests: XCTestCase {
    private func screen(_ xml: String) throws -> LoadedScreen {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screen-xml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("window_dump.xml")
        try Data(xml.utf8).write(to: file)
        return try LoadedScreen(file.path)
    }

    /// Every element that stands for a view is that view: same class, same text.
    private func assertElementsAreTheirViews(_ loaded: LoadedScreen, file: StaticString = #filePath, line: UInt = #line) {
        for element in loaded.xml.elements {
            guard let node = element.node else { continue }
            let view = loaded.document.tree[node]
            XCTAssertEqual(element.attributes["class"] ?? element.name, view.className, file: file, line: line)
            if let text = element["text"] { XCTAssertEqual(view.text, text, file: file, line: line) }
        }
    }

    func testSiblingsInDrawingOrderAreEachTheirOwnView() throws {
        let loaded = try screen("""
            <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
            <hierarchy rotation="0" width="300" height="600">
            <node index="0" class="android.widget.FrameLayout" text="" bounds="[0,0][300,600]" drawing-order="0">
            <node index="0" class="android.widget.Button" text="A" bounds="[0,0][100,50]" drawing-order="3"/>
            <node index="1" class="android.widget.TextView" text="B" bounds="[0,60][100,110]" drawing-order="1"/>
            <node index="2" class="android.widget.Button" text="C" bounds="[0,120][100,170]" drawing-order="2"/>
            </node>
            </hierarchy>
            """)
        XCTAssertEqual(loaded.xml.notes, [])
        assertElementsAreTheirViews(loaded)
        // Drawn C after B after A's place: the views are in drawing order, the elements in the file's.
        let tree = loaded.document.tree
        XCTAssertEqual(tree[1].children.map { tree[$0].text }, ["B", "C", "A"])
        let result = try loaded.find(.xpath, "//android.widget.Button[@text='A']")
        XCTAssertEqual(result.matches.map(\.text), ["A"])
        XCTAssertEqual(result.matches.first?.source?.line, 4)
    }

    func testALoneWindowUnderItsScreenIsSearchedAsThePageSource() throws {
        let loaded = try screen("""
            <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
            <node index="0" class="android.widget.FrameLayout" text="" bounds="[0,0][300,600]">
            <node index="0" class="android.widget.Button" text="OK" bounds="[0,0][100,50]"/>
            </node>
            """)
        XCTAssertEqual(loaded.xml.notes, [], "no fallback to the view tree's XML")
        XCTAssertTrue(loaded.xml.text.contains("<android.widget.Button"), loaded.xml.text)
        XCTAssertEqual(loaded.xml.elements.count, 2)
        assertElementsAreTheirViews(loaded)
        XCTAssertEqual(try loaded.find(.text, "OK").matches.map(\.className), ["android.widget.Button"])
    }

    func testAttributesKeepThePageSourcesOrder() throws {
        let loaded = try screen("""
            <hierarchy rotation="0"><node text="Hi" index="0" bounds="[0,0][10,10]" class="android.widget.TextView" package="p"/></hierarchy>
            """)
        XCTAssertTrue(loaded.xml.serialized.contains("<android.widget.TextView text=\"Hi\" index=\"0\" bounds=\"[0,0][10,10]\" class=\"android.widget.TextView\" package=\"p\">"),
                      loaded.xml.serialized)
    }
}
