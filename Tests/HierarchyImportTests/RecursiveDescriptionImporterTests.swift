import HierarchyImport
import HierarchyLayout
import HierarchyModel
import XCTest

/// The recursiveDescription grammar beyond the samples: pastes, scroll views, elisions, odd lines, errors.
final class RecursiveDescriptionImporterTests: XCTestCase {
    private let window = "<UIWindow: 0x1; frame = (0 0; 375 667); layer = <UIWindowLayer: 0x2>>"

    private func read(_ lines: [String]) throws -> ImportResult {
        try importText(lines.joined(separator: "\n"), format: .recursiveDescription)
    }

    func testContentOffsetIsTheScrollViewsBoundsOrigin() throws {
        let result = try read([
            window,
            "   | <UITableView: 0x3; frame = (0 0; 375 667); clipsToBounds = YES; gestureRecognizers = <NSArray: 0x4>; layer = <CALayer: 0x5>; contentOffset: {0, -64}; contentSize: {375, 533.5}; adjustedContentInset: {88, 0, 83, 0}; dataSource: <ViewController: 0x6>>",
            "   |    | <UITableViewCell: 0x7; frame = (0 44; 375 44); text = 'Row'; layer = <CALayer: 0x8>>",
        ])
        let tree = result.tree
        XCTAssertEqual(tree[1].bounds, Rect(x: 0, y: -64, width: 375, height: 667))
        XCTAssertEqual(tree[2].frame, Rect(x: 0, y: 44, width: 375, height: 44), "frames stay in content space")
        // Scrolled to -64 the content's y 44 shows at 44 + 64 in the window.
        XCTAssertEqual(tree.rootFrame(of: 2), Rect(x: 0, y: 108, width: 375, height: 44))
        XCTAssertEqual(try Layout.compute(tree).layer(withID: "0x7")?.frame, Rect(x: 0, y: 108, width: 375, height: 44))
        XCTAssertEqual(result.warnings, [])
    }

    func testPastePrefixesGiveTheSameTree() throws {
        let canonical = [window, "   | <UIView: 0x3; frame = (1 2; 3 4); layer = <CALayer: 0x4>>",
                         "   |    | <UILabel: 0x5; frame = (5 6; 7 8); text = 'x'; layer = <_UILabelLayer: 0x6>>"]
        let expected = try read(canonical).tree
        let comments = canonical.map { "        // " + $0 }
        let markdown = canonical.map { "    " + $0.drop { $0 == " " } }
        let cycript = ["`" + canonical[0], canonical[1], "  " + canonical[2] + "`"]
        for variant in [comments, markdown, cycript] {
            let result = try read(variant)
            XCTAssertEqual(result.tree, expected, variant.joined(separator: "\n"))
            XCTAssertEqual(result.warnings, [])
        }
    }

    func testElisionIsSkippedAndTheDepthJumpAttachesToTheNearestAncestor() throws {
        let result = try read([
            window,
            "   | <UIView: 0x3; frame = (10 10; 80 80); layer = <CALayer: 0x4>>",
            "   |    ...",
            "   |    |    | <UILabel: 0x5; frame = (1 2; 3 4); layer = <CALayer: 0x6>>",
            "...",
            "   | <UIView: 0x7; frame = (0 0; 5 5); layer = <CALayer: 0x8>>",
        ])
        XCTAssertEqual(result.warnings, [
            "line 3: skipped '|    ...' (elision)",
            "line 4: depth 3 follows depth 1; attached under the view on line 2",
            "line 5: skipped '...' (elision)",
        ])
        let tree = result.tree
        XCTAssertEqual(tree.count, 4)
        XCTAssertEqual(tree[2].parent, 1)
        XCTAssertEqual(tree.level(of: 2), 2)
        XCTAssertEqual(tree[3].parent, 0)
    }

    func testLayerLinesAndProseAreSkippedWithAWarning() throws {
        let result = try read([
            "(lldb) po [[UIWindow keyWindow] recursiveDescription]",
            window,
            "   | <UILabel: 0x3; frame = (0 0; 10 10); text = 'a'; layer = <_UILabelLayer: 0x4>>",
            "   |    | <_UILabelContentLayer: 0x5> (layer)",
            "where a < b, see <UIView docs>",
            "   | <UIView: 0x9; layer = <CALayer: 0xa>>",
            "",
        ])
        XCTAssertEqual(result.tree.count, 2)
        XCTAssertEqual(result.warnings, [
            "line 1: skipped '(lldb) po [[UIWindow keyWindow] recursiveDescription]' (not a view)",
            "line 4: skipped '|    | <_UILabelContentLayer: 0x5> (layer)' (a layer, not a view)",
            "line 5: skipped 'where a < b, see <UIView docs>' (not a view)",
            "line 6: skipped '| <UIView: 0x9; layer = <CALayer: 0xa>>' (no frame)",
        ])
    }

    func testTextsKeepQuotesSemicolonsAndBrackets() throws {
        let tree = try read([
            window,
            "   | <UILabel: 0x3; frame = (0 0; 10 10); text = 'a; b > c 'quoted' d'; opaque = NO; layer = <_UILabelLayer: 0x4>>",
            "   | <UILabel: 0x5; frame = (0 0; 10 10); text = '<tag>'; layer = <_UILabelLayer: 0x6>>",
            "   | <UIButtonLabel: 0x7; frame = (0 0; 10 10); text = '\\u4e0b\\u4e00\\u6b65 \\ud83d\\ude00'; layer = <_UILabelLayer: 0x8>>",
            "   | <UILabel: 0x9; frame = (0 0; 10 10); text = '   '; layer = <_UILabelLayer: 0xa>>",
        ]).tree
        XCTAssertEqual(tree.nodes.map(\.name), [nil, "a; b > c 'quoted' d", "<tag>", "下一步 😀", nil])
        XCTAssertEqual(tree.nodes.map(\.text), [nil, "a; b > c 'quoted' d", "<tag>", "下一步 😀", nil])
    }

    func testTitlesAreTextWhereNoTextIsPrinted() throws {
        let tree = try read([
            window,
            "   | <UISegment: 0x3; frame = (0 0; 10 10); title = 'Day'; layer = <CALayer: 0x4>>",
            "   | <MyButton: 0x5; frame = (0 0; 10 10); title = 'Title'; text = 'Shown'; layer = <CALayer: 0x6>>",
            "   | <UITextField: 0x7; frame = (0 0; 10 10); text = ''; layer = <CALayer: 0x8>>",
        ]).tree
        XCTAssertEqual(tree.nodes.map(\.text), [nil, "Day", "Shown", nil])
    }

    func testDescriptionsWrappedInASecondPairOfBracketsAreViews() throws {
        let result = try read([
            window,
            "   | <UITextView: 0x3; frame = (0 0; 375 140); text = 'Hi'; layer = <CALayer: 0x4>; contentOffset: {0, 0}>",
            "   |    | <<_UITextContainerView: 0x5; frame = (0 0; 375 140); layer = <CALayer: 0x6>> minSize = {0, 0}, maxSize = {1.79769e+308, 1.79769e+308}, textContainer = <NSTextContainer: 0x7 size = (375.000000,inf); widthTracksTextView = YES; heightTracksTextView = NO>; exclusionPaths = 0x8; lineBreakMode = 0>",
            "   |    |    | <<_UITextLayoutView: 0x9; frame = (5 8; 365 20); hidden = YES; layer = <CALayer: 0xa>> text = 'x'>",
        ])
        XCTAssertEqual(result.warnings, [])
        XCTAssertEqual(result.tree.nodes.map(\.className), ["UIWindow", "UITextView", "_UITextContainerView", "_UITextLayoutView"])
        XCTAssertEqual(result.tree[2].id, "0x5")
        XCTAssertEqual(result.tree[2].frame, Rect(x: 0, y: 0, width: 375, height: 140))
        XCTAssertEqual(result.tree[3].parent, 2)
        XCTAssertTrue(result.tree[3].isHidden)
        XCTAssertNil(result.tree[3].text, "what follows the inner description is not the view's")
    }

    func testClassNamesAndFields() throws {
        let tree = try read([
            "<MyWindow: 0x1; baseClass = UIWindow; frame = (0 0; 375 812); alpha = 0.5; tag = -42; layer = <UIWindowLayer: 0x2>>",
            "   | <_TtGC7SwiftUI14_UIHostingViewVS_7AnyView_: 0x3; frame = (0 0; 375 812); autoresize = W+H; layer = <CALayer: 0x4>>",
            "   |    | <SwiftUI._UIHostingView<SwiftUI.ModifiedContent<SwiftUI.AnyView, SwiftUI.RootModifier>>: 0x5; frame = (1e+01 -0; 0.333333 1); layer = <CALayer: 0x6>>",
        ]).tree
        XCTAssertEqual(tree.root.extras["baseClass"], .string("UIWindow"))
        XCTAssertEqual(tree.root.alpha, 0.5)
        XCTAssertEqual(tree.root.tag, -42)
        XCTAssertEqual(tree[1].className, "_TtGC7SwiftUI14_UIHostingViewVS_7AnyView_")
        XCTAssertEqual(tree[2].className, "SwiftUI._UIHostingView<SwiftUI.ModifiedContent<SwiftUI.AnyView, SwiftUI.RootModifier>>")
        XCTAssertEqual(tree[2].id, "0x5")
        XCTAssertEqual(tree[2].frame, Rect(x: 10, y: 0, width: 0.333333, height: 1))
    }

    func testOlderAndOtherFrameSpellings() throws {
        // iOS 4 printed an empty field before '>', and bars from the first column.
        let tree = try read([
            "<UIWebView: 0x10; frame = (0 0; 320 460); >",
            "| <UIScrollView: 0x11; frame = (0 0; 320 460); >",
            "|    | <UIImageView: 0x12; frame = (-14.5 14.5; 30 1) >",
            "|    | <NSButton: 0x13; frame = {{20, 30}, {80, 32}}>",
        ]).tree
        XCTAssertEqual(tree.count, 4)
        XCTAssertEqual(tree.level(of: 3), 2)
        XCTAssertEqual(tree[2].frame, Rect(x: -14.5, y: 14.5, width: 30, height: 1))
        XCTAssertEqual(tree[3].frame, Rect(x: 20, y: 30, width: 80, height: 32))
    }

    func testRepeatedAddressesBecomeUnique() throws {
        let result = try read([
            window,
            "   | <UIView: 0x3; frame = (0 0; 1 1); layer = <CALayer: 0x4>>",
            "   | <UIView: 0x3; frame = (0 0; 2 2); layer = <CALayer: 0x4>>",
            "   | <UIView: 0x3-2; frame = (0 0; 3 3); layer = <CALayer: 0x4>>",
        ])
        XCTAssertEqual(result.tree.nodes.map(\.id), ["0x1", "0x3", "0x3-3", "0x3-2"])
        XCTAssertEqual(result.warnings, ["line 3: address 0x3 repeats; the view's id is 0x3-3"])
    }

    func testASecondTopLevelViewIsAttachedUnderTheRoot() throws {
        let result = try read([window, "<UIWindow: 0x9; frame = (0 0; 10 10); layer = <UIWindowLayer: 0xa>>",
                               "   | <UIView: 0xb; frame = (0 0; 1 1); layer = <CALayer: 0xc>>"])
        XCTAssertEqual(result.tree[1].parent, 0)
        XCTAssertEqual(result.tree[2].parent, 1)
        XCTAssertEqual(result.warnings, ["line 2: a second top-level view; attached under the view on line 1"])
    }

    func testBrokenLinesAreErrorsNamingTheLine() {
        let cases: [(String, String)] = [
            ("   | <UIView: 0x3; frame = (0 0; 10 10); layer = <CALayer: 0x4>",
             "dump.txt: line 2: unbalanced '<' in view description"),
            ("   | <UIView: 0x3; frame = (0 0; abc 10); layer = <CALayer: 0x4>>",
             "dump.txt: line 2: unparsable frame '(0 0; abc 10)': expected (x y; width height) with finite numbers"),
            ("   | <UIView: 0x3; frame = (nan 0; 1 1); layer = <CALayer: 0x4>>",
             "dump.txt: line 2: unparsable frame '(nan 0; 1 1)': expected (x y; width height) with finite numbers"),
            ("   | <UIView: 0x3; frame = (0 0; 10); layer = <CALayer: 0x4>>",
             "dump.txt: line 2: unparsable frame '(0 0; 10)': expected (x y; width height) with finite numbers"),
            ("   | <UIView: 0x3; frame = (0 0; -4 10); layer = <CALayer: 0x4>>",
             "dump.txt: line 2: frame '(0 0; -4 10)': expected a size >= 0, got -4 x 10"),
        ]
        for (line, message) in cases {
            XCTAssertEqual(importError(window + "\n" + line)?.description, message)
        }
    }

    func testATextWithoutViewsIsAnError() {
        XCTAssertEqual(importError("just prose\nand more\n", format: .recursiveDescription)?.description,
                       "dump.txt: line 3: no view description found")
    }

    func testTransformsGiveBackTheUntransformedFrame() throws {
        let result = try read([
            window,
            // 60×20 turned a quarter about its centre (100, 100), then moved by (5, -3): box 20×60 at (95, 67).
            "   | <UIView: 0x3; frame = (95 67; 20 60); transform = [0, 1, -1, 0, 5, -3]; layer = <CALayer: 0x4>>",
            // Scaled by (2, 0.5) and mirrored: a 10×40 view shows 20×20, centred on (30, 30).
            "   | <UIView: 0x5; frame = (20 20; 20 20); transform = [-2, 0, 0, 0.5, 0, 0]; layer = <CALayer: 0x6>>",
        ])
        XCTAssertEqual(result.warnings, [])
        XCTAssertEqual(result.tree[1].frame, Rect(x: 70, y: 90, width: 60, height: 20))
        XCTAssertEqual(result.tree[1].transform.values, [0, 1, -1, 0, 5, -3])
        XCTAssertEqual(result.tree[1].transformedFrame, Rect(x: 95, y: 67, width: 20, height: 60))
        XCTAssertEqual(result.tree[2].frame, Rect(x: 25, y: 10, width: 10, height: 40))
        XCTAssertEqual(result.tree[2].bounds, Rect(x: 0, y: 0, width: 10, height: 40))
    }

    func testAnUnsolvableTransformKeepsTheBoxAndWarnsOnce() throws {
        // A 45° turn: |a·d| = |b·c|, so a box could come from many sizes.
        let t = "transform = [0.70710678118654757, 0.70710678118654746, -0.70710678118654746, 0.70710678118654757, 0, 0]"
        let result = try read([
            window,
            "   | <UIView: 0x3; frame = (0 0; 50 50); \(t); layer = <CALayer: 0x4>>",
            "   | <UIView: 0x5; frame = (60 0; 50 50); \(t); layer = <CALayer: 0x6>>",
        ])
        XCTAssertEqual(result.warnings, ["line 2: " + "the transform's bounding box does not determine the view's size (|a·d| = |b·c|); "
            + "the view is drawn as its frame, the box, with the transform kept in extras as unappliedTransform (and 1 more views like it)"])
        XCTAssertEqual(result.tree[1].frame, Rect(x: 0, y: 0, width: 50, height: 50))
        XCTAssertEqual(result.tree[1].transform, .identity)
        XCTAssertEqual(result.tree[1].extras["unappliedTransform"]?.typeName, "an array")
    }

    func testATransformThatIsNotSixNumbersIsKeptAsText() throws {
        let result = try read([window, "   | <UIView: 0x3; frame = (0 0; 5 5); transform = [1, 0, 0]; layer = <CALayer: 0x4>>"])
        XCTAssertEqual(result.warnings, ["line 2: transform '[1, 0, 0]' is not six numbers; kept as text, the view is drawn as its frame"])
        XCTAssertEqual(result.tree[1].extras["unappliedTransform"], .string("[1, 0, 0]"))
    }
}
