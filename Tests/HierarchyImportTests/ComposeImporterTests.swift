import Foundation
import HierarchyImport
import HierarchyLayout
import HierarchyModel
import XCTest

/// Compose's semantics tree: the real rally app bar as Android Studio's logcat showed it (three
/// printouts, indentation trimmed), and the written sign-in screen in a threadtime logcat, in a
/// brief logcat with CRLF line ends, and in a failing assertion's message.
final class ComposeImporterTests: XCTestCase {
    private func read(_ name: String, density: Double = 1, index: Int? = nil) throws -> ImportResult {
        let result = try Samples.read("compose/\(name)", options: ImportOptions(density: density, index: index))
        XCTAssertEqual(result.format, .compose, name)
        return result
    }

    /// The bounds each `Node #N at (l=…, t=…, r=…, b=…)px` line of `block` gives, in its order.
    static func printedBounds(_ block: String) -> [(id: String, rect: Rect)] {
        let pattern = try! NSRegularExpression(pattern: #"Node #(\d+) at \(l=([-\d.E]+), t=([-\d.E]+), r=([-\d.E]+), b=([-\d.E]+)\)px"#)
        return pattern.matches(in: block, range: NSRange(block.startIndex..., in: block)).map { match in
            let value = { (group: Int) in Double(block[Range(match.range(at: group), in: block)!])! }
            let (l, t, r, b) = (value(2), value(3), value(4), value(5))
            return (String(block[Range(match.range(at: 1), in: block)!]), Rect(x: l, y: t, width: r - l, height: b - t))
        }
    }

    /// Every printed node is a view, in the printed order, at the printed bounds (pixels / density).
    private func checkEveryNode(_ tree: ViewTree, printed block: String, density: Double, file: StaticString = #filePath, line: UInt = #line) {
        let printed = Self.printedBounds(block)
        XCTAssertEqual(tree.count, printed.count, "every node imported", file: file, line: line)
        for (index, node) in printed.enumerated() where index < tree.count {
            XCTAssertEqual(tree[index].extras["semantics-id"], .string(node.id), file: file, line: line)
            let expected = Rect(x: node.rect.x / density, y: node.rect.y / density, width: node.rect.width / density, height: node.rect.height / density)
            XCTAssertClose(tree.screenFrame(of: index), expected, "node #\(node.id)", file: file, line: line)
        }
    }

    private func text(_ name: String) throws -> String {
        String(decoding: try Samples.bytes("compose/\(name)"), as: UTF8.self)
    }

    func testTheRallyAppBarAsAndroidStudiosLogcatShowedIt() throws {
        let name = "munho-composefest-rally-android-studio-logcat.txt"
        let blocks = try text(name).components(separatedBy: "\n\n")
        XCTAssertEqual(blocks.count, 3)
        for index in 1...3 {
            let result = try read(name, density: 2.625, index: index)
            checkEveryNode(result.tree, printed: blocks[index - 1], density: 2.625)
            XCTAssertTrue(result.warnings.contains("the file holds 3 hierarchies (Compose semantics tree); read number \(index)"), "\(result.warnings)")
            XCTAssertTrue(result.warnings.contains { $0.contains("indentation was trimmed") }, "\(result.warnings)")
            XCTAssertEqual(result.tree.root.extras["useUnmergedTree"], .bool(index > 1))
            XCTAssertEqual(result.tree.screenScale, 2.625)
        }
        let tree = try read(name, density: 2.625, index: 2).tree
        let accounts = try XCTUnwrap(tree.index(named: "Accounts"))
        XCTAssertEqual(tree[accounts].className, "Tab", "Role = 'Tab'")
        XCTAssertEqual(ViewRole.classify(tree[accounts].className), .button)
        XCTAssertEqual(tree[accounts].attributes["content-desc"], "Accounts", "ContentDescription = '[Accounts]' without its brackets")
        XCTAssertEqual(tree[accounts].attributes["selected"], "true")
        XCTAssertEqual(tree[accounts].attributes["clickable"], "true", "Actions = [OnClick]")
        XCTAssertEqual(tree[accounts].extras["MergeDescendants"], .string("true"))
        let label = try XCTUnwrap(tree.index(named: "ACCOUNTS"))
        XCTAssertEqual(tree[label].className, "Text")
        XCTAssertEqual(tree[label].text, "ACCOUNTS")
        XCTAssertEqual(tree[label].parent, accounts, "the tab's children, under the bars left")
        XCTAssertEqual(tree[2].extras["SelectableGroup"], .bool(true), "a unit: [SelectableGroup]")
    }

    func testASignInScreenInAThreadtimeLogcat() throws {
        let name = "written-threadtime-logcat-1080x2400.txt"
        let result = try read(name, density: 2.75)
        XCTAssertEqual(result.warnings, [])
        checkEveryNode(result.tree, printed: try text(name), density: 2.75)
        let tree = result.tree
        XCTAssertEqual(tree.level(of: try XCTUnwrap(tree.index(named: "Sign in"))), 3, "children of a merging button, three columns a level")
        let email = tree.nodes.firstIndex { $0.attributes["resource-id"] == "email" }!
        XCTAssertEqual(tree[email].className, "TextField", "EditableText")
        XCTAssertEqual(tree[email].text, "ada@example.com")
        XCTAssertEqual(tree[email].attributes["focused"], "true")
        let password = tree.nodes.firstIndex { $0.attributes["resource-id"] == "password" }!
        XCTAssertEqual(tree[password].attributes["password"], "true", "[Password]")
        let remember = tree.nodes.firstIndex { $0.attributes["resource-id"] == "remember" }!
        XCTAssertEqual(tree[remember].className, "CheckBox")
        XCTAssertEqual(tree[remember].attributes["checked"], "true", "ToggleableState = 'On'")
        let create = tree.nodes.firstIndex { $0.attributes["resource-id"] == "create" }!
        XCTAssertEqual(tree[create].className, "Button")
        XCTAssertEqual(tree[create].attributes["enabled"], "false", "[Disabled]")
        let logo = try XCTUnwrap(tree.index(named: "Acme logo"))
        XCTAssertEqual(ViewRole.classify(tree[logo].className), .image)
        let terms = try XCTUnwrap(tree.nodes.firstIndex { $0.text?.hasPrefix("By signing in") == true })
        XCTAssertEqual(tree[terms].text, "By signing in you accept the 'Terms'", "quotes inside a value")
        XCTAssertFalse(try Layout.compute(tree).layers.isEmpty)
    }

    func testABriefLogcatWithCRLFReadsAsTheThreadtimeOne() throws {
        let brief = try read("written-brief-logcat-crlf-1080x2400.txt", density: 2.75)
        let threadtime = try read("written-threadtime-logcat-1080x2400.txt", density: 2.75)
        XCTAssertEqual(brief.tree.count, threadtime.tree.count)
        XCTAssertEqual(brief.tree.root.extras["useUnmergedTree"], .bool(true))
        XCTAssertEqual(threadtime.tree.root.extras["useUnmergedTree"], .bool(false))
        for index in brief.tree.nodes.indices.dropFirst() { XCTAssertEqual(brief.tree[index], threadtime.tree[index]) }
    }

    func testTheNodesOfAFailingAssertion() throws {
        let name = "written-count-mismatch-failure-1080x2400.txt"
        let first = try read(name, density: 2.75)
        XCTAssertEqual(first.tree.count, 1)
        XCTAssertEqual(first.tree.root.className, "Button")
        XCTAssertEqual(first.tree.root.text, "Sign in")
        XCTAssertClose(first.tree.root.frame, Rect(x: 66 / 2.75, y: 1232 / 2.75, width: 948 / 2.75, height: 132 / 2.75))
        XCTAssertTrue(first.warnings.contains("line 10: 'Has 1 child, 6 siblings': not printed (maxDepth), not read"), "\(first.warnings)")
        let second = try read(name, density: 2.75, index: 2)
        XCTAssertEqual(second.tree.root.text, "Create account", "`2) Node #11`: the second printout")
    }

    func testATreeIndentedInAComment() throws {
        let comment = """
        // Printing with useUnmergedTree = 'false'
        // Node #1 at (l=0.0, t=63.0, r=1080.0, b=210.0)px
        //  |-Node #2 at (l=0.0, t=63.0, r=1080.0, b=210.0)px
        //    IsTraversalGroup = 'true'
        //     |-Node #3 at (l=0.0, t=63.0, r=1080.0, b=210.0)px
        //       [SelectableGroup]
        //        |-Node #4 at (l=42.0, t=105.0, r=105.0, b=168.0)px
        //        | ContentDescription = '[Overview]'
        //        |-Node #6 at (l=189.0, t=105.0, r=469.0, b=168.0)px
        //          ContentDescription = '[Accounts]'
        """
        let tree = try importText(comment).tree
        XCTAssertEqual(tree.count, 5)
        XCTAssertEqual((1..<5).map { tree.level(of: $0) }, [1, 2, 3, 3], "three columns a level, after the comment's marker")
    }

    func testBadBoundsNameTheLine() {
        XCTAssertEqual(importError("Node #1 at (l=0.0, t=0.0, r=10.0, b=10.0)px\n |-Node #2 at (l=0.0, t=zero, r=1.0, b=1.0)px\n")?.description,
                       "dump.txt: line 2: node #2: bounds '(l=0.0, t=zero, r=1.0, b=1.0)px' do not parse: expected (l=…, t=…, r=…, b=…)px with finite numbers")
        XCTAssertEqual(importError("Node #1 at (l=10.0, t=0.0, r=5.0, b=10.0)px\n")?.description,
                       "dump.txt: line 1: node #1 at (l=10.0, t=0.0, r=5.0, b=10.0): expected r >= l and b >= t")
        XCTAssertEqual(importError("Node #1 at (l=0.0, t=0.0, r=5.0, b=10.0\n")?.description,
                       "dump.txt: line 1: node #1: bounds '(l=0.0, t=0.0, r=5.0, b=10.0' are cut short: expected (l=…, t=…, r=…, b=…)px")
    }
}
