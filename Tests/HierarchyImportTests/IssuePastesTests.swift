import Foundation
import HierarchyImport
import HierarchyModel
import XCTest

/// The pastes the importers lost or invented views from (issue 48), each on a fixture of its kind:
/// a Compose tree behind the IDE's `tag : ` prefix (recorded), an XCUITest tree with a note where rows were cut,
/// Flutter's render tree with its summary children, Flutter's one-line semantics format of 2017.
final class IssuePastesTests: XCTestCase {
    private func text(_ path: String) throws -> String { String(decoding: try Samples.bytes(path), as: UTF8.self) }

    private func read(_ text: String, _ name: String = "paste.txt") throws -> ImportResult {
        try DumpImporter.read(Array(text.utf8), fileName: name)
    }

    private func frames(_ tree: ViewTree) -> [Rect] { tree.nodes.map(\.frame) }

    /// Recorded: Now in Android's For You screen printed by `printToLog("noNews")` as Android
    /// Studio's logcat shows it, each line behind the tag padded to its column (`noNews  : `).
    func testAComposeTreeBehindTheIDEsTagPrefix() throws {
        let name = "compose/dena-nowinandroid-foryou-nonews-ide-tag-logcat.txt"
        let logged = try text(name)
        let pasted = try read(logged, name)
        XCTAssertEqual(pasted.format, .compose)
        XCTAssertEqual(pasted.tree.count, 13, "every node of the printout, not the first two")
        XCTAssertEqual(pasted.warnings, [])
        XCTAssertEqual(pasted.tree.nodes.last?.className, "Button")
        XCTAssertEqual(pasted.tree.nodes.last?.text, "Done")
        // The same printout without the log's prefix reads to the same views at the same lines.
        let plain = logged.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasPrefix("noNews  : ") ? $0.dropFirst(10) : $0 }
        let expected = try read(plain.joined(separator: "\n"))
        XCTAssertEqual(pasted.tree.nodes.map(\.className), expected.tree.nodes.map(\.className))
        XCTAssertEqual(frames(pasted.tree), frames(expected.tree))
        XCTAssertEqual(pasted.lines, expected.lines, "lines keep the file's numbers")
        XCTAssertEqual(pasted.lines.first, 3, "Node #1 is on line 3")
    }

    /// The note is put into the written failure log: no recorded XCUITest tree with such a note
    /// was found, in ../shared/dumps or in a public source whose licence allows a copy (the trees
    /// pasted into Appium's issues have none and no licence of their own).
    func testAnXCUITestTreeWithANoteWhereRowsWereCut() throws {
        var lines = try text("xcuitest/written-failure-log-390x844.txt").components(separatedBy: "\n")
        let whole = try read(lines.joined(separator: "\n"))
        // After the StaticText on line 14: a note of three lines, as a person cutting repeated rows writes it.
        lines.insert(contentsOf: ["        ... the other cells are the same", "        (12 more rows)", "        ..."], at: 14)
        let cut = try read(lines.joined(separator: "\n"))
        XCTAssertEqual(cut.tree.count, whole.tree.count, "the tab bar and its buttons after the note are read")
        XCTAssertEqual(frames(cut.tree), frames(whole.tree))
        XCTAssertEqual(cut.tree.nodes.last?.className, "XCUIElementTypeButton")
        XCTAssertEqual(cut.lines.last, 20, "the last button is on line 20 of the file")
        XCTAssertTrue(cut.warnings.contains("lines 15–16 not read: \"... the other cells are the same\""), "\(cut.warnings)")
        XCTAssertTrue(cut.warnings.contains("line 17: skipped '...' (elision)"), "\(cut.warnings)")
    }

    func testFlutterSummaryChildrenAreNoViews() throws {
        let name = "flutter/flutter-website-debugging-render-tree-411x683.txt"
        let result = try Samples.read(name)
        XCTAssertEqual(result.format, .flutterRender)
        // 27 connectors, one of them `└╌no offstage children`: the root and 26 render objects.
        XCTAssertEqual(result.tree.count, 27)
        XCTAssertTrue(result.tree.nodes.allSatisfy { $0.className.hasPrefix("Render") || $0.className.hasPrefix("_Render") }, "\(result.tree.nodes.map(\.className))")
        XCTAssertFalse(result.warnings.contains { $0.contains("⋯") }, "a `⋯` ending a creator chain is part of the value: \(result.warnings)")
        let paragraph = try XCTUnwrap(result.tree.nodes.last)
        XCTAssertEqual(paragraph.className, "RenderParagraph")
        XCTAssertEqual(paragraph.text, "Dump App")
        // RenderConstrainedBox at Offset(156.7, 323.7), its padding 16 and the paragraph's 10 below.
        var origin = (x: 0.0, y: 0.0)
        var index: Int? = result.tree.count - 1
        while let at = index {
            origin = (origin.x + result.tree[at].frame.x - result.tree[at].bounds.x, origin.y + result.tree[at].frame.y - result.tree[at].bounds.y)
            index = result.tree[at].parent
        }
        XCTAssertEqual(origin.x, 172.7, accuracy: 0.001)
        XCTAssertEqual(origin.y, 333.7, accuracy: 0.001)
    }

    func testFlutterLegacyOneLineSemantics() throws {
        let name = "flutter/flutter-website-debugging-legacy-semantics-411x683.txt"
        XCTAssertEqual(DumpImporter.detect(try Samples.bytes(name)), .flutterSemantics)
        let result = try Samples.read(name)
        XCTAssertEqual(result.tree.count, 5)
        XCTAssertEqual(result.lines, [1, 2, 3, 4, 5])
        XCTAssertEqual(result.tree.nodes.map(\.parent), [nil, 0, 1, 0, 3])
        let button = result.tree.nodes[4]
        XCTAssertEqual(button.text, "Dump App")
        XCTAssertEqual(button.frame, Rect(x: 0, y: 0, width: 82, height: 36))
        XCTAssertEqual(button.extras["actions"], .string("tap"))
        XCTAssertEqual(result.tree.nodes[2].extras["actions"], .string("tap"))
        // Without its `I/flutter : ` prefix, as `flutter run` prints it, the same.
        let bare = try text(name).replacingOccurrences(of: "I/flutter : ", with: "")
        XCTAssertEqual(try read(bare).tree, result.tree)
    }
}
