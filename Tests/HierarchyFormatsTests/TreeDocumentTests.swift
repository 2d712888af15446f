import Foundation
@_spi(Testing) import HierarchyFormats
import HierarchyModel
import XCTest

final class TreeDocumentTests: XCTestCase {
    func decode(_ text: String) throws -> ViewTree {
        try TreeDocument.decode(Data(text.utf8), file: "tree.json")
    }

    /// The one-line message decoding `text` fails with.
    func failure(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try decode(text)
            XCTFail("decoded without error", file: file, line: line)
            return nil
        } catch let error as InputError {
            XCTAssertFalse(error.description.contains("\n"), file: file, line: line)
            return error.description
        } catch {
            XCTFail("not an InputError: \(error)", file: file, line: line)
            return nil
        }
    }

    /// A document whose root has one child with the given extra keys.
    func doc(child: String, root: String = "") -> String {
        ##"{"version": 1, "root": {"frame": {"x": 0, "y": 0, "width": 100, "height": 100}\##(root), "children": [{"frame": {"x": 0, "y": 0, "width": 10, "height": 10}\##(child)}]}}"##
    }

    func testDefaults() throws {
        let tree = try decode(doc(child: ""))
        XCTAssertEqual(tree.screenScale, 1)
        XCTAssertEqual(tree.count, 2)
        let child = tree[1]
        XCTAssertEqual(child.id, "0.0")
        XCTAssertEqual(tree.root.id, "0")
        XCTAssertEqual(child.className, "View")
        XCTAssertEqual(child.bounds, Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual([child.alpha], [1])
        XCTAssertFalse(child.isHidden || child.clipsToBounds)
        XCTAssertEqual(child.tag, 0)
        XCTAssertNil(child.name ?? child.snapshot)
    }

    func testEveryKeyIsRead() throws {
        let tree = try decode(doc(child: ##", "id": "c", "class": "UILabel", "name": "Title", "tag": 7, "bounds": {"x": 0, "y": 120, "width": 10, "height": 10}, "clipsToBounds": true, "alpha": 0.5, "hidden": true, "backgroundColor": "#FF000080", "snapshot": "s/c.png", "text": "Hello", "attributes": {"clickable": "true", "resource-id": "app:id/title", "zeta": "z"}, "futureKey": [1, "a"]"##))
        let c = tree[1]
        XCTAssertEqual(c.id, "c")
        XCTAssertEqual(c.className, "UILabel")
        XCTAssertEqual(c.name, "Title")
        XCTAssertEqual(c.tag, 7)
        XCTAssertEqual(c.bounds.y, 120)
        XCTAssertTrue(c.clipsToBounds && c.isHidden)
        XCTAssertEqual(c.alpha, 0.5)
        XCTAssertEqual(c.backgroundColor, Color(red: 255, green: 0, blue: 0, alpha: 128))
        XCTAssertEqual(c.snapshot, "s/c.png")
        XCTAssertEqual(c.text, "Hello")
        XCTAssertEqual(c.attributes.keys, ["resource-id", "clickable", "zeta"], "well-known keys first, then by name")
        XCTAssertEqual(c.attributes["resource-id"], "app:id/title")
        XCTAssertEqual(c.extras.keys.sorted(), ["futureKey"])
    }

    func testTheWriterReadsBackToTheSameTree() throws {
        let tree = try decode(doc(child: ##", "id": "c", "class": "UILabel", "name": "Tïtle \"q\"\n", "tag": -7, "bounds": {"x": 0.1, "y": 120.333333333333, "width": 10, "height": 10}, "clipsToBounds": true, "alpha": 0.25, "backgroundColor": "#ff000080", "snapshot": "s/c.png", "text": "½ \\ \"x\"", "attributes": {"selected": "false", "content-desc": "Ü", "a": ""}, "transform": [1, 0, 0, 1, 0, 0]"##, root: ##", "class": "UIWindow""##))
        let written = TreeDocument.encode(tree)
        let again = try TreeDocument.decode(Data(written.utf8), file: "again.json")
        XCTAssertEqual(again, tree)
        XCTAssertEqual(again[1].text, "½ \\ \"x\"")
        XCTAssertEqual(again[1].attributes.keys, ["content-desc", "selected", "a"])
        XCTAssertTrue(written.contains(##""attributes": {"content-desc":"Ü","selected":"false","a":""}"##), "attributes on one line, in canonical order")
    }

    func testWritingAndReadingADeepTreeNeedsNoRecursion() throws {
        var tree = ViewTree(root: ViewNode(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        var parent = 0
        for i in 0..<200 { parent = tree.append(ViewNode(id: "v\(i)", frame: Rect(x: 0, y: 0, width: 10, height: 10)), to: parent) }
        XCTAssertEqual(try TreeDocument.decode(Data(TreeDocument.encode(tree).utf8), file: "deep.json"), tree)
    }

    func testMalformedJSON() {
        XCTAssertEqual(failure(##"{"version": 1,"##)?.hasPrefix("tree.json: not valid JSON"), true)
        XCTAssertEqual(failure("")?.hasPrefix("tree.json: not valid JSON"), true)
    }

    func testTooDeepADocumentIsAnErrorNotACrash() {
        let levels = 600
        var text = ##"{"version": 1, "root": "##
        for _ in 0..<levels { text += ##"{"frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "children": ["## }
        text += String(repeating: "]}", count: levels) + "}"
        XCTAssertEqual(failure(text)?.hasPrefix("tree.json: not valid JSON"), true)
    }

    func testWrongTypes() {
        XCTAssertEqual(failure("[]"), "tree.json: (top level): expected an object, got an array")
        XCTAssertEqual(failure(doc(child: ##", "id": 5"##)), "tree.json: root.children[0].id: expected a string, got a number")
        XCTAssertEqual(failure(doc(child: ##", "hidden": "yes""##)), "tree.json: root.children[0].hidden: expected true or false, got a string")
        XCTAssertEqual(failure(doc(child: ##", "tag": 1.5"##)), "tree.json: root.children[0].tag: expected an integer, got 1.5")
        XCTAssertEqual(failure(doc(child: ##", "children": {}"##)), "tree.json: root.children[0].children: expected an array of views, got an object")
        XCTAssertEqual(failure(doc(child: ##", "children": [3]"##)), "tree.json: root.children[0].children[0]: expected an object, got a number")
        XCTAssertEqual(failure(doc(child: ##", "backgroundColor": "red""##)), ##"tree.json: root.children[0].backgroundColor: expected a colour "#RRGGBB" or "#RRGGBBAA", got "red""##)
        XCTAssertEqual(failure(doc(child: ##", "bounds": [0, 0, 1, 1]"##)), "tree.json: root.children[0].bounds: expected an object, got an array")
        XCTAssertEqual(failure(doc(child: ##", "class": """##)), "tree.json: root.children[0].class: expected a non-empty string")
        XCTAssertEqual(failure(doc(child: ##", "text": 3"##)), "tree.json: root.children[0].text: expected a string, got a number")
        XCTAssertEqual(failure(doc(child: ##", "attributes": ["a"]"##)), "tree.json: root.children[0].attributes: expected an object, got an array")
        XCTAssertEqual(failure(doc(child: ##", "attributes": {"clickable": true}"##)), "tree.json: root.children[0].attributes.clickable: expected a string, got a boolean")
    }

    func testTheViewControllerIsReadWrittenAndCheckedByEveryReader() throws {
        let text = doc(child: ##", "viewController": {"class": "SettingsViewController", "title": "Wi-Fi \"Home\""}"##)
        for singlePass in [true, false] {
            let tree = try TreeDocument.decode(Data(text.utf8), file: "tree.json", singlePass: singlePass)
            XCTAssertEqual(tree[1].viewController, ViewController(className: "SettingsViewController", title: "Wi-Fi \"Home\""))
            XCTAssertTrue(tree[1].extras.isEmpty)
            XCTAssertNil(tree[0].viewController)
            let written = TreeDocument.encode(tree)
            XCTAssertTrue(written.contains(##""viewController": {"class":"SettingsViewController","title":"Wi-Fi \"Home\""}"##), written)
            XCTAssertEqual(try decode(written), tree, "the writer reads back")
        }
        XCTAssertEqual(try decode(doc(child: ##", "viewController": {"class": "VC"}"##))[1].viewController, ViewController(className: "VC"))
        XCTAssertEqual(failure(doc(child: ##", "viewController": "VC""##)), "tree.json: root.children[0].viewController: expected an object, got a string")
        XCTAssertEqual(failure(doc(child: ##", "viewController": {"title": "t"}"##)), ##"tree.json: root.children[0].viewController: missing "class" (the controller's class is required)"##)
        XCTAssertEqual(failure(doc(child: ##", "viewController": {"class": ""}"##)), "tree.json: root.children[0].viewController.class: expected a non-empty string")
        XCTAssertEqual(failure(doc(child: ##", "viewController": {"class": "VC", "title": 3}"##)), "tree.json: root.children[0].viewController.title: expected a string, got a number")
    }

    func testMissingFrame() {
        XCTAssertEqual(failure(##"{"version": 1, "root": {"children": []}}"##), ##"tree.json: root.frame: missing (a rectangle {"x", "y", "width", "height"} is required)"##)
        XCTAssertEqual(failure(##"{"version": 1, "root": {"frame": {"x": 0, "y": 0, "width": 1}}}"##), "tree.json: root.frame.height: missing (a number is required)")
        XCTAssertEqual(failure(##"{"version": 1}"##), "tree.json: root: missing (the root view is required)")
    }

    func testImpossibleNumbers() {
        let negative = ##"{"version": 1, "root": {"frame": {"x": 0, "y": 0, "width": 100, "height": 100}, "children": [{"frame": {"x": 0, "y": 0, "width": 1, "height": 1}}, {"frame": {"x": 0, "y": 0, "width": 1, "height": 1}}, {"frame": {"x": 0, "y": 0, "width": 1, "height": 1}}, {"frame": {"x": 0, "y": 0, "width": -4, "height": 1}}]}}"##
        XCTAssertEqual(failure(negative), "tree.json: root.children[3].frame.width: expected a number >= 0, got -4")
        XCTAssertEqual(failure(doc(child: ##", "alpha": 1.5"##)), "tree.json: root.children[0].alpha: expected a number in [0, 1], got 1.5")
        XCTAssertEqual(failure(doc(child: ##", "alpha": -0.1"##)), "tree.json: root.children[0].alpha: expected a number in [0, 1], got -0.1")
        XCTAssertEqual(failure(##"{"version": 1, "screenScale": 0, "root": {"frame": {"x": 0, "y": 0, "width": 1, "height": 1}}}"##), "tree.json: screenScale: expected a number > 0, got 0")
        XCTAssertEqual(failure(doc(child: ##", "bounds": {"x": 0, "y": 1e999, "width": 1, "height": 1}"##))?.hasPrefix("tree.json: "), true)
    }

    func testUnsupportedVersion() {
        XCTAssertEqual(failure(##"{"version": 2, "root": {"frame": {"x": 0, "y": 0, "width": 1, "height": 1}}}"##), "tree.json: version: unsupported version 2, expected 1")
        XCTAssertEqual(failure(##"{"root": {"frame": {"x": 0, "y": 0, "width": 1, "height": 1}}}"##), "tree.json: version: missing (a number is required)")
    }

    func testDuplicateIDs() {
        let text = ##"{"version": 1, "root": {"id": "a", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "children": [{"id": "b", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}, {"id": "b", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}]}}"##
        XCTAssertEqual(failure(text), "tree.json: root.children[1].id: duplicate id 'b' (also at root.children[0])")
        // An explicit id may not take another view's default id either.
        let clash = ##"{"version": 1, "root": {"frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "children": [{"frame": {"x": 0, "y": 0, "width": 1, "height": 1}}, {"id": "0.0", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}]}}"##
        XCTAssertEqual(failure(clash), "tree.json: root.children[1].id: duplicate id '0.0' (also at root.children[0])")
    }

    func testTheFirstRepeatedIDIsToldAmongManyViews() throws {
        // Enough views for the ids to be checked in many groups: the repeat told is the first in
        // document order, whichever group it falls in, with the first view of its id.
        func view(_ id: String) -> String { ##"{"id":"\##(id)","frame":{"x":0,"y":0,"width":1,"height":1}}"## }
        var ids = (0..<20_000).map { "v\($0)" }
        let unique = ##"{"version":1,"root":{"frame":{"x":0,"y":0,"width":10,"height":10},"children":["## + ids.map(view).joined(separator: ",") + "]}}"
        XCTAssertEqual(try decode(unique).count, 20_001)
        ids[19_000] = "v3"
        ids[15_000] = "v12000"
        ids[17_000] = "v12000"
        let text = ##"{"version":1,"root":{"frame":{"x":0,"y":0,"width":10,"height":10},"children":["## + ids.map(view).joined(separator: ",") + "]}}"
        XCTAssertEqual(failure(text), "tree.json: root.children[15000].id: duplicate id 'v12000' (also at root.children[12000])")
        ids[13_000] = "v3"
        let earlier = ##"{"version":1,"root":{"frame":{"x":0,"y":0,"width":10,"height":10},"children":["## + ids.map(view).joined(separator: ",") + "]}}"
        XCTAssertEqual(failure(earlier), "tree.json: root.children[13000].id: duplicate id 'v3' (also at root.children[3])")
    }

    func testAMillionNodeDocumentDecodes() throws {
        // Flat and wide: a million small views under the root. Must not crash; checks the count.
        let child = ##"{"frame":{"x":0,"y":0,"width":1,"height":1}}"##
        var text = ##"{"version":1,"root":{"frame":{"x":0,"y":0,"width":10,"height":10},"children":["##
        text += Array(repeating: child, count: 1_000_000).joined(separator: ",") + "]}}"
        let tree = try decode(text)
        XCTAssertEqual(tree.count, 1_000_001)
    }

    func testKeysInAnyOrderEscapedKeysAndRepeatedKeys() throws {
        // Subviews before the view's own keys, a key spelled with an escape, a repeated key (the
        // last wins, as in a dictionary), unknown keys with nested arrays kept as extras.
        let text = ##"{"root": {"children": [{"children": [{"frame": {"height": 2, "width": 2, "y": 0, "x": 0}, "\u0069d": "leaf"}], "extra": [[1], {"a": [2]}], "frame": {"x": 1, "y": 1, "width": 5, "height": 5}, "id": "first", "id": "mid"}, {"frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "id": "last"}], "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}, "version": 1}"##
        let tree = try decode(text)
        XCTAssertEqual(tree.nodes.map(\.id), ["0", "mid", "leaf", "last"], "pre-order, whatever the key order")
        XCTAssertEqual(tree[1].frame, Rect(x: 1, y: 1, width: 5, height: 5))
        XCTAssertEqual(tree[1].extras["extra"], .array([.array([.number(1)]), .object(["a": .array([.number(2)])])]))
        XCTAssertEqual(tree[2].parent, 1)
        XCTAssertEqual(tree[3].parent, 0)
    }

    func testSyntaxErrorsComeBeforeErrorsOfMeaningWhereverTheyAre() {
        // The bad alpha comes first in the file, the syntax error last: the syntax error is reported.
        let text = ##"{"version": 1, "root": {"alpha": 7, "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "children": [1 2]}}"##
        XCTAssertEqual(failure(text)?.hasPrefix("tree.json: not valid JSON: line 1, column "), true)
        // A missing version is reported before a bad root, as the keys are checked in order.
        XCTAssertEqual(failure(##"{"root": {"alpha": 7}}"##), "tree.json: version: missing (a number is required)")
    }

    func testDecimalNumbersAreCorrectlyRounded() throws {
        // The reader's fast path (up to 15 digits, small exponents) against the standard library.
        var generator = SystemRandomNumberGenerator()
        var texts = ["0.1", "119.666667", "-0.333333", "844", "0.000001", "123456789012345", "1234567.89012345", "9007199254740993", "1e-7", "2.5E3", "0.30000000000000004", "1.7976931348623157e308", "5e-324"]
        for _ in 0..<2000 {
            let digits = String(UInt64.random(in: 0...999_999_999_999_999, using: &generator))
            let point = Int.random(in: 0...digits.count, using: &generator)
            texts.append((Bool.random(using: &generator) ? "-" : "") + (point == 0 ? "0" : String(digits.prefix(point))) + (point < digits.count ? "." + digits.dropFirst(point) : ""))
        }
        let child = texts.map { ##"{"frame": {"x": \##($0), "y": 0, "width": 1, "height": 1}}"## }.joined(separator: ",")
        let tree = try decode(##"{"version": 1, "root": {"frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "children": [\##(child)]}}"##)
        for (i, text) in texts.enumerated() { XCTAssertEqual(tree[i + 1].frame.x, Double(text)!, text) }
    }

    func testADeepTreeWithSubviewsBeforeTheirKeysIsRead() throws {
        // 250 levels (the nesting limit allows 256 views deep), each view's subviews written before
        // its own keys, each level with 40 leaves: the reader looks a subview array's end up instead
        // of reading it twice. (Its speed is a benchmark's matter, not a timed test's:
        // `hierarchy-bench document`.)
        var text = ##"{"version": 1, "root": "##
        let leaves = Array(repeating: ##"{"frame": {"x": 0, "y": 0, "width": 1, "height": 1}}"##, count: 40).joined(separator: ",")
        for _ in 0..<250 { text += ##"{"children": [\##(leaves), "## }
        text += ##"{"frame": {"x": 7, "y": 0, "width": 1, "height": 1}}"##
        text += String(repeating: ##"], "frame": {"x": 0, "y": 0, "width": 2, "height": 2}}"##, count: 250) + "}"
        let tree = try decode(text)
        XCTAssertEqual(tree.count, 250 * 41 + 1)
        XCTAssertEqual(tree[0].frame.width, 2, "the root's own keys, read after its subviews")
        XCTAssertEqual(tree.nodes.filter { $0.frame.x == 7 }.count, 1, "the innermost view, once")
    }
}
