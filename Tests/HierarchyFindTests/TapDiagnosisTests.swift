import HierarchyFind
import HierarchyLayout
import HierarchyModel
import XCTest

/// Every reason a found view cannot be seen or tapped, each naming the view responsible.
final class TapDiagnosisTests: XCTestCase {
    /// A screen with one view for each reason.
    static func screen() -> ViewTree {
        var tree = ViewTree(root: ViewNode(id: "root", className: "UIWindow", frame: Rect(x: 0, y: 0, width: 400, height: 800)))
        let hiddenParent = tree.append(ViewNode(id: "hiddenParent", frame: Rect(x: 0, y: 0, width: 100, height: 40), isHidden: true), to: 0)
        tree.append(ViewNode(id: "underHidden", className: "UIButton", text: "Hidden", frame: Rect(x: 0, y: 0, width: 100, height: 40)), to: hiddenParent)
        tree.append(ViewNode(id: "faded", className: "UIButton", text: "Faded", frame: Rect(x: 100, y: 0, width: 100, height: 40), alpha: 0), to: 0)
        let scroller = tree.append(ViewNode(id: "scroller", className: "UIScrollView", frame: Rect(x: 0, y: 100, width: 400, height: 200), clipsToBounds: true), to: 0)
        tree.append(ViewNode(id: "row", className: "UIButton", text: "Row", frame: Rect(x: 0, y: 300, width: 400, height: 50)), to: scroller)
        tree.append(ViewNode(id: "far", className: "UIButton", frame: Rect(x: 500, y: 0, width: 50, height: 50)), to: 0)
        tree.append(ViewNode(id: "empty", className: "UIButton", frame: Rect(x: 10, y: 60, width: 0, height: 20)), to: 0)
        tree.append(ViewNode(id: "off", className: "UIButton", frame: Rect(x: 0, y: 320, width: 100, height: 40), attributes: ["clickable": "true", "enabled": "false"]), to: 0)
        tree.append(ViewNode(id: "label", className: "UILabel", frame: Rect(x: 200, y: 320, width: 100, height: 40), attributes: ["clickable": "false"]), to: 0)
        tree.append(ViewNode(id: "covered", className: "UIButton", frame: Rect(x: 0, y: 500, width: 200, height: 50), attributes: ["clickable": "true"]), to: 0)
        tree.append(ViewNode(id: "partly", className: "UIButton", frame: Rect(x: 200, y: 400, width: 200, height: 100), attributes: ["clickable": "true"]), to: 0)
        tree.append(ViewNode(id: "dialog", className: "UIView", frame: Rect(x: 0, y: 450, width: 400, height: 120), backgroundColor: Color(red: 255, green: 255, blue: 255, alpha: 255)), to: 0)
        tree.append(ViewNode(id: "field", className: "UITextField", frame: Rect(x: 0, y: 700, width: 400, height: 40), attributes: ["clickable": "true"]), to: 0)
        tree.append(ViewNode(id: "keyboard", className: "UIKeyboardLayout", frame: Rect(x: 0, y: 650, width: 400, height: 150)), to: 0)
        tree.append(ViewNode(id: "fine", className: "UIButton", frame: Rect(x: 300, y: 0, width: 100, height: 40), attributes: ["clickable": "true"]), to: 0)
        return tree
    }

    private func match(_ id: String) throws -> FindResult.Match {
        let tree = Self.screen()
        let layout = try Layout.compute(tree)
        let result = try Finder.find(Locator(using: .id, value: id), tree: tree, layout: layout, kind: .viewTree, markup: nil)
        XCTAssertEqual(result.matches.count, 1, id)
        return try XCTUnwrap(result.matches.first)
    }

    func testAViewThatShowsAndTakesTapsHasNoReason() throws {
        let fine = try match("fine")
        XCTAssertEqual(fine.reasons, [])
        XCTAssertTrue(fine.visible)
        XCTAssertTrue(fine.tappable)
        XCTAssertEqual(fine.visibleFrame, Rect(x: 300, y: 0, width: 100, height: 40))
    }

    func testHiddenNamesTheHiddenAncestor() throws {
        let m = try match("underHidden")
        XCTAssertEqual(m.reasons, [.init(kind: .hidden, by: "hiddenParent")])
        XCTAssertFalse(m.visible)
        XCTAssertNil(m.visibleFrame)
    }

    func testTransparentNamesItself() throws {
        XCTAssertEqual(try match("faded").reasons, [.init(kind: .transparent, by: "faded")])
    }

    func testClippedNamesTheAncestorThatCutsItAway() throws {
        let row = try match("row")
        XCTAssertEqual(row.reasons, [.init(kind: .clipped, by: "scroller")])
        // The frame is the whole one, unclipped, on the screen.
        XCTAssertEqual(row.frame, Rect(x: 0, y: 400, width: 400, height: 50))
        XCTAssertFalse(row.tappable)
    }

    func testOffscreenAndZeroSize() throws {
        XCTAssertEqual(try match("far").reasons, [.init(kind: .offscreen, by: nil)])
        XCTAssertEqual(try match("empty").reasons, [.init(kind: .zeroSize, by: "empty")])
    }

    func testObscuredNamesTheViewInFrontWithTheShareItCovers() throws {
        let covered = try match("covered")
        XCTAssertEqual(covered.reasons, [.init(kind: .obscured, by: "dialog", share: 1)])
        XCTAssertFalse(covered.visible)
        XCTAssertFalse(covered.tappable)
        // Half covered, the centre too (y 450…500 of 400…500, centre at 450): seen, not tapped.
        let partly = try match("partly")
        XCTAssertEqual(partly.reasons, [.init(kind: .obscured, by: "dialog", share: 0.5)])
        XCTAssertTrue(partly.visible)
        XCTAssertFalse(partly.tappable)
    }

    func testKeyboardNamesTheInputMethod() throws {
        let field = try match("field")
        XCTAssertEqual(field.reasons, [.init(kind: .keyboard, by: "keyboard", share: 1)])
        XCTAssertFalse(field.tappable)
    }

    func testDisabledAndNotClickable() throws {
        let off = try match("off")
        XCTAssertEqual(off.reasons, [.init(kind: .disabled, by: "off")])
        XCTAssertTrue(off.visible)
        XCTAssertFalse(off.tappable)
        XCTAssertEqual(try match("label").reasons, [.init(kind: .notClickable, by: "label")])
    }

    func testRealAppiumScreenClippedAndDisabled() throws {
        let screen = try LoadedScreen(fixture: "appium-ios/shirates-ios-settings-top.xml")
        let table = try XCTUnwrap(screen.find(.xpath, "//XCUIElementTypeTable").matches.first?.id)
        let developer = try XCTUnwrap(screen.find(.xpath, "//XCUIElementTypeCell[@name='Developer']").matches.first)
        XCTAssertEqual(developer.reasons.map(\.kind), [.clipped])
        XCTAssertEqual(developer.reasons.first?.by, table)
        XCTAssertEqual(developer.frame, Rect(x: 0, y: 916, width: 390, height: 45))
        let chevron = try XCTUnwrap(screen.find(.xpath, "//XCUIElementTypeCell[@name='General']/XCUIElementTypeButton").matches.first)
        XCTAssertTrue(chevron.reasons.contains(.init(kind: .disabled, by: chevron.id)))
        XCTAssertFalse(chevron.tappable)
    }

    func testRealAndroidLabelOutsideAnyClickableView() throws {
        let screen = try LoadedScreen(fixture: "uiautomator/written-raw-dump-settings-1080x2400.xml")
        let clock = try XCTUnwrap(screen.find(.id, "clock").matches.first)
        XCTAssertEqual(clock.reasons, [.init(kind: .notClickable, by: clock.id)])
        XCTAssertEqual(clock.frame, Rect(x: 74, y: 28, width: 118, height: 63))
        XCTAssertTrue(clock.visible)
    }
}
