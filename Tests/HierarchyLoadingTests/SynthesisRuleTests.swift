import Foundation
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import XCTest

/// The paint rule applied to whole dumps: windows and layouts clear, the screen and what draws
/// opaque, descriptions left out where the views inside show their words.
final class SynthesisRuleTests: XCTestCase {
    private func document(_ text: String, name: String) throws -> LoadedDocument {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("synthesis-\(UUID().uuidString)-\(name)")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var document = try LoadedDocument.load(url.path)
        document.synthesizeTextures(fonts: nil)
        return document
    }

    private let android = """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">\
        <node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="p" content-desc="" bounds="[0,0][1080,2400]">\
        <node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="p" content-desc="MyNews" bounds="[0,2200][540,2400]">\
        <node index="0" text="MyNews" resource-id="" class="android.widget.TextView" package="p" content-desc="" bounds="[100,2300][440,2380]"/></node>\
        <node index="1" text="" resource-id="" class="android.widget.FrameLayout" package="p" content-desc="Search" bounds="[540,2200][1080,2400]">\
        <node index="0" text="" resource-id="" class="android.widget.ImageView" package="p" content-desc="" bounds="[700,2250][900,2350]"/></node>\
        <node index="2" text="" resource-id="" class="android.view.ViewGroup" package="p" content-desc="" bounds="[0,200][1080,2200]"/>\
        </node></hierarchy>
        """

    func testAndroidContainersAreClearAndTheScreenOpaque() throws {
        let document = try document(android, name: "window_dump.xml")
        let tree = document.tree
        XCTAssertEqual(document.syntheticLook(of: 0).fill.alpha, 255, "the screen")
        for index in tree.nodes.indices where tree[index].className.hasSuffix("FrameLayout") || tree[index].className.hasSuffix("ViewGroup") {
            XCTAssertEqual(document.syntheticLook(of: index).fill.alpha, SyntheticLook.faintTintAlpha, tree[index].className)
        }
        let image = try XCTUnwrap(tree.nodes.indices.first { tree[$0].className.hasSuffix("ImageView") })
        XCTAssertEqual(document.syntheticLook(of: image).fill.alpha, 255)
    }

    func testADescriptionTheChildrenShowIsNotDrawnTwice() throws {
        let document = try document(android, name: "window_dump.xml")
        let tree = document.tree
        let myNews = try XCTUnwrap(tree.nodes.indices.first { tree[$0].attributes["content-desc"] == "MyNews" })
        XCTAssertNil(document.syntheticLook(of: myNews).text)
        XCTAssertEqual(tree[myNews].text, "MyNews", "kept for pick, the viewer and diff")
        let label = try XCTUnwrap(tree.nodes.indices.first { tree[$0].className.hasSuffix("TextView") })
        XCTAssertEqual(document.syntheticLook(of: label).text, "MyNews")
        XCTAssertFalse(document.syntheticLook(of: label).isCaption)
        let search = try XCTUnwrap(tree.nodes.indices.first { tree[$0].attributes["content-desc"] == "Search" })
        let look = document.syntheticLook(of: search)
        XCTAssertEqual(look.text, "Search")
        XCTAssertTrue(look.isCaption)
    }

    func testAnImageOverTextBehindItIsSeeThroughAndALeafsDescriptionFillsIt() throws {
        let source = """
            <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">\
            <node index="0" text="" class="android.widget.FrameLayout" package="p" content-desc="" bounds="[0,0][1080,2400]">\
            <node index="0" text="Check it out" class="android.widget.TextView" package="p" content-desc="" bounds="[100,100][500,200]"/>\
            <node index="1" text="" class="android.widget.ImageView" package="p" content-desc="" bounds="[300,50][1000,400]"/>\
            <node index="2" text="" class="android.widget.ImageView" package="p" content-desc="" bounds="[100,500][500,900]"/>\
            <node index="3" text="" class="android.view.View" package="p" content-desc="App: Sudoku&#10;Puzzle" bounds="[100,1000][600,1200]"/>\
            </node></hierarchy>
            """
        let document = try document(source, name: "window_dump.xml")
        let tree = document.tree
        let images = tree.nodes.indices.filter { tree[$0].className.hasSuffix("ImageView") }
        let over = document.syntheticLook(of: images[0])
        XCTAssertEqual(over.fill.alpha, SyntheticLook.faintTintAlpha, "over the text")
        XCTAssertNil(over.placeholder)
        let apart = document.syntheticLook(of: images[1])
        XCTAssertEqual(apart.fill.alpha, 255)
        XCTAssertNotNil(apart.placeholder)
        let leaf = try XCTUnwrap(tree.nodes.indices.first { tree[$0].className.hasSuffix(".View") })
        let look = document.syntheticLook(of: leaf)
        XCTAssertTrue(look.isCaption)
        XCTAssertGreaterThan(look.textBox.height, tree[leaf].bounds.height * 0.8, "over the whole frame")
    }

    func testAppiumWindowsAreClear() throws {
        let source = """
            <?xml version="1.0" encoding="UTF-8"?><AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App" label="App" x="0" y="0" width="320" height="568">\
            <XCUIElementTypeWindow type="XCUIElementTypeWindow" x="0" y="0" width="320" height="568">\
            <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" name="Hello" label="Hello" x="10" y="100" width="200" height="20"/></XCUIElementTypeWindow>\
            <XCUIElementTypeWindow type="XCUIElementTypeWindow" x="0" y="0" width="320" height="568">\
            <XCUIElementTypeOther type="XCUIElementTypeOther" x="0" y="0" width="320" height="568"/></XCUIElementTypeWindow>\
            </XCUIElementTypeApplication></AppiumAUT>
            """
        let document = try document(source, name: "source.xml")
        let tree = document.tree
        for index in 1..<tree.count where tree[index].className != "XCUIElementTypeStaticText" {
            XCTAssertEqual(document.syntheticLook(of: index).fill.alpha, SyntheticLook.faintTintAlpha, tree[index].className)
        }
        let label = try XCTUnwrap(tree.nodes.indices.first { tree[$0].className == "XCUIElementTypeStaticText" })
        XCTAssertEqual(document.syntheticLook(of: label).text, "Hello")
    }
}
