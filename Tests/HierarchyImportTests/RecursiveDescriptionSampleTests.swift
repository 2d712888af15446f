import HierarchyImport
import HierarchyLayout
import HierarchyModel
import XCTest

/// Every recursiveDescription sample (carried in the fixtures, and the shared corpus), checked against values read off the text.
final class RecursiveDescriptionSampleTests: XCTestCase {
    private static func read(_ name: String) throws -> ViewTree {
        let result = try Samples.read("recursive-description/\(name)")
        XCTAssertEqual(result.format, .recursiveDescription)
        return result.tree
    }

    private static func index(_ tree: ViewTree, _ id: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        try XCTUnwrap(tree.index(ofID: id), "no view \(id)", file: file, line: line)
    }

    func testEverySampleImportsOneViewALine() throws { try Self.checkEverySample(in: .fixtures) }


    static func checkEverySample(in corpus: Corpus) throws {
        // Each sample holds one view per line and nothing else.
        let lines = ["chm-lldb-keywindow-428x926.txt": 16, "hou-recursiveDescription2-variant.txt": 12,
                     "natds-avatar-snapshot.txt": 8, "owasp-mastg-cycript-keywindow.txt": 10,
                     "sentry-cocoa-rotated-transform.txt": 3, "sentry-cocoa-uislider-ios26.txt": 9,
                     "sentry-cocoa-uiswitch.txt": 10, "sentry-mock-view-hierarchy-375x667.txt": 96,
                     "snapshot-testing-uibutton.txt": 2, "tinder-layout-custom-frame-syntax.txt": 7,
                     "written-cycript-login-375x667.txt": 17, "written-lldb-mail-inbox-390x844.txt": 108]
        let paths = try Samples.paths(in: "recursive-description", corpus: corpus)
        XCTAssertTrue(Set(paths.map { String($0.split(separator: "/").last!) }).isSubset(of: lines.keys), "a new sample needs its own test")
        for path in paths {
            let result = try Samples.read(path, in: corpus)
            XCTAssertEqual(result.tree.count, lines[String(path.split(separator: "/").last!)], path)
            XCTAssertEqual(Set(result.tree.nodes.map(\.id)).count, result.tree.count, "ids unique in \(path)")
            _ = try Layout.compute(result.tree)
        }
    }

    func testLLDBKeyWindow() throws {
        let tree = try Self.read("chm-lldb-keywindow-428x926.txt")
        XCTAssertEqual(tree.root.className, "UIWindow")
        XCTAssertEqual(tree.root.frame, Rect(x: 0, y: 0, width: 428, height: 926))
        // 'CENTER' sits under seven full-screen views at (0 0): its frame is already in window space.
        let label = try Self.index(tree, "0x7fb457509450")
        XCTAssertEqual(tree[label].name, "CENTER")
        XCTAssertEqual(tree.level(of: label), 7)
        XCTAssertEqual(tree.rootFrame(of: label), Rect(x: 182, y: 453, width: 64.3333, height: 20.3333))
        // _UIBarBackground (0 -47) inside UINavigationBar (0 47) reaches the window's top edge.
        let background = try Self.index(tree, "0x7fb45740af90")
        XCTAssertEqual(tree.level(of: background), 5)
        XCTAssertEqual(tree.rootFrame(of: background), Rect(x: 0, y: 0, width: 428, height: 91))
        // The hairline: bar 47, background -47, shadow view 91, content image view 0 → y 91.
        let hairline = try Self.index(tree, "0x7fb4557180d0")
        XCTAssertEqual(tree.level(of: hairline), 7)
        XCTAssertEqual(tree.rootFrame(of: hairline), Rect(x: 0, y: 91, width: 428, height: 0.333333))
        XCTAssertTrue(tree[try Self.index(tree, "0x7fb45720a9e0")].clipsToBounds)
    }

    func testHOURecursiveDescription2() throws {
        let tree = try Self.read("hou-recursiveDescription2-variant.txt")
        // The first line's lldb value prefix is not part of the view.
        XCTAssertEqual(tree.root.id, "0x719ffd0")
        XCTAssertEqual(tree.root.frame, Rect(x: 0, y: 20, width: 320, height: 460))
        // _titleView 'log': _myButton (46 295) + (90 12).
        let title = try Self.index(tree, "0x719cfa0")
        XCTAssertEqual(tree[title].name, "log")
        XCTAssertEqual(tree[title].extras["ivar"], .string("_titleView"))
        XCTAssertEqual(tree.level(of: title), 2)
        XCTAssertEqual(tree.rootFrame(of: title), Rect(x: 136, y: 307, width: 23, height: 19))
        // 'Button': _greyBlob (46 96) + _myButton2 (20 73) + (12 12).
        let button = try Self.index(tree, "0x719f100")
        XCTAssertEqual(tree.level(of: button), 3)
        XCTAssertEqual(tree.rootFrame(of: button), Rect(x: 78, y: 181, width: 49, height: 19))
        // _imageView, after '->' trailing text: _greyBlob (46 96) + (101 9).
        let image = try Self.index(tree, "0x8c81490")
        XCTAssertEqual(tree.level(of: image), 2)
        XCTAssertEqual(tree.rootFrame(of: image), Rect(x: 147, y: 105, width: 106, height: 60))
    }

    func testSnapshotTestingWithoutAddresses() throws {
        let tree = try Self.read("natds-avatar-snapshot.txt")
        // No addresses: ids are index paths.
        XCTAssertEqual(tree.nodes.map(\.id), ["0", "0.0", "0.1", "0.2", "0.2.0", "0.2.1", "0.3", "0.4"])
        XCTAssertEqual(tree.root.className, "NatDS.NatAvatar")
        XCTAssertEqual(tree.nodes.filter(\.isHidden).map(\.id), ["0.1", "0.2", "0.4"])
        // The icon's image view: NatDS.IconView (4 4) + (0 0).
        let icon = try Self.index(tree, "0.2.1")
        XCTAssertEqual(tree.level(of: icon), 2)
        XCTAssertEqual(tree.rootFrame(of: icon), Rect(x: 4, y: 4, width: 40, height: 40))
        XCTAssertEqual(tree[try Self.index(tree, "0.3")].frame, Rect(x: -2, y: -2, width: 52, height: 52))
        XCTAssertTrue(tree[try Self.index(tree, "0.3")].clipsToBounds)

        let button = try Self.read("snapshot-testing-uibutton.txt")
        XCTAssertEqual(button.nodes.map(\.className), ["UIButton", "UIImageView"])
        XCTAssertEqual(button.rootFrame(of: 1), Rect(x: 0, y: 0, width: 24.3333, height: 23.6667))
        // The image covers the button exactly: two layers, the image one level in front.
        let layout = try Layout.compute(button)
        XCTAssertEqual(layout.layers.map(\.depth), [0, 1])
    }

    /// The Cycript excerpt (CC-BY-SA, in the shared corpus only; see SharedCorpusTests).
    static func checkCycriptKeyWindow() throws {
        let tree = try Self.read("owasp-mastg-cycript-keywindow.txt")
        // The backticks around the whole string are not part of the first or last view.
        XCTAssertEqual(tree.root.id, "0x16e82190")
        let groot = try Self.index(tree, "0x16e8f840")
        XCTAssertEqual(tree[groot].name, "i am groot!")
        XCTAssertTrue(tree[groot].isHidden)
        // An empty text gives no name.
        XCTAssertNil(tree[try Self.index(tree, "0x16e8fbd0")].name)
        // 'Verify': UIView (0 0) + UIButton (8 191) + (133 6).
        let verify = try Self.index(tree, "0x16e72b70")
        XCTAssertEqual(tree.level(of: verify), 3)
        XCTAssertEqual(tree.rootFrame(of: verify), Rect(x: 141, y: 197, width: 38, height: 18))
        let guide = try Self.index(tree, "0x16d92c10")
        XCTAssertEqual(tree[guide].frame, Rect(x: 0, y: 568, width: 0, height: 0))
        XCTAssertTrue(tree[guide].isHidden)
    }

    func testRotatedViewGetsItsUntransformedFrameBack() throws {
        let result = try Samples.read("recursive-description/sentry-cocoa-rotated-transform.txt")
        XCTAssertEqual(result.warnings, [])
        let rotated = result.tree[2]
        // The dump's frame is the box of a 100×100 square turned 22.5°: 100·(cos + sin) = 130.656 wide,
        // centred on (50, 50). The untransformed frame is the square itself.
        XCTAssertEqual(rotated.frame, Rect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertEqual(rotated.bounds, Rect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertEqual(rotated.transform, Transform2D([
            0.92387953251128674, 0.38268343236508978, -0.38268343236508978, 0.92387953251128674, 0, 0,
        ]))
        XCTAssertNil(rotated.extras["unappliedTransform"])
        // Transformed again, it is the box the dump printed, to the dump's six digits.
        let box = rotated.transformedFrame
        for (got, printed) in [(box.x, -15.3281), (box.y, -15.3281), (box.width, 130.656), (box.height, 130.656)] {
            XCTAssertEqual(got, printed, accuracy: 1e-3)
        }
        XCTAssertEqual(rotated.backgroundColor, Color(red: 0, green: 0, blue: 0))
        XCTAssertEqual(result.tree[1].backgroundColor, Color(red: 0, green: 0, blue: 0, alpha: 0))
    }

    func testSliderWithNestedBracketsAndTrailingFields() throws {
        let tree = try Self.read("sentry-cocoa-uislider-ios26.txt")
        XCTAssertEqual(tree[try Self.index(tree, "0x11b25bdd0")].className, "UIKit._UISliderGlassVisualElement")
        // The fill view's colour nests '<…<…>>': slider (10 10) + element (0 0) + track (0 7) + (0 0).
        let fill = try Self.index(tree, "0x11b439ff0")
        XCTAssertEqual(tree.level(of: fill), 4)
        XCTAssertEqual(tree.rootFrame(of: fill), Rect(x: 10, y: 17, width: 80, height: 6))
        XCTAssertNil(tree[fill].backgroundColor)
        // The lens: slider (10 10) + element (0 0) + (0 -2); its innermost view adds nothing.
        XCTAssertEqual(tree.rootFrame(of: try Self.index(tree, "0x11b25c050")), Rect(x: 10, y: 8, width: 37, height: 24))
        let innermost = try Self.index(tree, "0x11b434710")
        XCTAssertEqual(tree.level(of: innermost), 5)
        XCTAssertEqual(tree.rootFrame(of: innermost), Rect(x: 10, y: 8, width: 37, height: 24))
    }

    func testSwitchWithNegativeAndEmptyFrames() throws {
        let tree = try Self.read("sentry-cocoa-uiswitch.txt")
        // The off image: switch (10 40) + (0 0) + (0 0) + (-459 0).
        let off = try Self.index(tree, "0x11a638c30")
        XCTAssertTrue(tree[off].isHidden)
        XCTAssertEqual(tree.level(of: off), 4)
        XCTAssertEqual(tree.rootFrame(of: off), Rect(x: -449, y: 40, width: 510, height: 31))
        XCTAssertEqual(tree[try Self.index(tree, "0x11a636ee0")].alpha, 0)
        XCTAssertEqual(tree.rootFrame(of: try Self.index(tree, "0x11a639bf0")), Rect(x: 48.6667, y: 56, width: 0, height: 0))
        XCTAssertEqual(tree.level(of: try Self.index(tree, "0x11a639bf0")), 5)
        XCTAssertEqual(tree.rootFrame(of: try Self.index(tree, "0x11a63b980")), Rect(x: 4, y: 37, width: 43, height: 43))
        XCTAssertEqual(tree[try Self.index(tree, "0x11a639760")].backgroundColor, Color(red: 120, green: 120, blue: 128, alpha: 41))
    }

    /// The Sentry mock (FSL, in the shared corpus only; see SharedCorpusTests).
    static func checkSentryMockMidNavigation() throws {
        let tree = try Self.read("sentry-mock-view-hierarchy-375x667.txt")
        // 'add Breadcrumb': the sliding-out view (-112 0) + stack (8 73) + stacks and button at (0 0) + (24.5 6).
        let breadcrumb = try XCTUnwrap(tree.index(named: "add Breadcrumb"))
        XCTAssertEqual(tree.level(of: breadcrumb), 10)
        XCTAssertEqual(tree.rootFrame(of: breadcrumb), Rect(x: -79.5, y: 79, width: 114.5, height: 18))
        // 'Image' (its animations field holds '; }'): -112 + 8 + 163.5 + 77, 73 + 132 + 7.5.
        let image = try XCTUnwrap(tree.index(named: "Image"))
        XCTAssertEqual(tree.level(of: image), 10)
        XCTAssertEqual(tree.rootFrame(of: image), Rect(x: 136.5, y: 212.5, width: 42, height: 18))
        // 'Back': navigation bar (0 20) + bar button (27 9) + (-1.5 3).
        let back = try XCTUnwrap(tree.index(named: "Back"))
        XCTAssertEqual(tree.level(of: back), 7)
        XCTAssertEqual(tree.rootFrame(of: back), Rect(x: 25.5, y: 32, width: 38, height: 20.5))
        XCTAssertEqual(tree.nodes.filter(\.isHidden).count, 3)
        XCTAssertEqual(tree.nodes.filter { $0.alpha == 0 }.count, 6)

        let layout = try Layout.compute(tree)
        let toolbar = try Self.index(tree, "0x7f893fc40790")
        XCTAssertEqual(layout.status[toolbar], .omitted(.hidden))
        XCTAssertEqual(layout.status[try Self.index(tree, "0x7f893fe138c0")], .omitted(.insideOmitted(ancestor: toolbar)))
    }

    func testTinderFrameSyntax() throws {
        let tree = try Self.read("tinder-layout-custom-frame-syntax.txt")
        XCTAssertEqual(tree.nodes.compactMap(\.name), ["Pink", "Yellow", "Blue", "Green", "Red", "Orange"])
        XCTAssertEqual(tree.rootFrame(of: try XCTUnwrap(tree.index(named: "Red"))), Rect(x: 157.666667, y: 306, width: 60, height: 100))
        XCTAssertEqual(tree.rootFrame(of: try XCTUnwrap(tree.index(named: "Blue"))), Rect(x: 0, y: 712, width: 50, height: 100))
        XCTAssertEqual(tree.level(of: try XCTUnwrap(tree.index(named: "Orange"))), 1)
        // Six squares that touch but never overlap: all in one layer above the root.
        let layout = try Layout.compute(tree)
        XCTAssertEqual(layout.layers.count, 7)
        XCTAssertEqual(layout.maxDepth, 1)
    }
}
