import HierarchyImport
import HierarchyLayout
import HierarchyModel
import XCTest

/// Sentry's view-hierarchy.json from sentry-java (pixels, relative), sentry-cocoa (points, relative,
/// a depth-cap marker) and sentry-dart (global, zero coordinates left out); and what no file shows.
final class SentryImporterTests: XCTestCase {
    private func read(_ name: String, options: ImportOptions = .init()) throws -> ImportResult {
        try Samples.read(name, in: "sentry", as: .sentry, options: options)
    }


    func testAndroidViewSystemRelativeInPixels() throws {
        let density = 2.75
        let result = try read("written-android-view-system-1080x2400.json", options: ImportOptions(density: density))
        let tree = result.tree
        XCTAssertEqual(tree.count, 18, "17 views under the screen")
        XCTAssertEqual(tree.root.className, "Screen")
        XCTAssertEqual(tree.root.frame, Rect(x: 0, y: 0, width: 1080 / density, height: 2400 / density))
        let toggle = try tree.named("row_switch")
        XCTAssertClose(tree.rootFrame(of: toggle), Rect(x: 900 / density, y: 277 / density, width: 136 / density, height: 80 / density))
        XCTAssertEqual(tree[toggle].className, "android.widget.SwitchMaterial")
        XCTAssertTrue(tree[try tree.named("action_mode_bar_stub")].isHidden, "visibility gone")
        XCTAssertEqual(tree[try tree.named("statusBarBackground")].alpha, 0.5)
        XCTAssertEqual(result.warnings, [
            "windows[0].children[0].children[1].children[0].children[1].children[2].width: a number too large to be a size or position (1e999) read as absent",
        ])
        let divider = tree[tree.nodes.firstIndex { $0.className.hasSuffix("SettingsFragment$1") }!]
        XCTAssertEqual(divider.frame, Rect(x: 0, y: 400 / density, width: 0, height: 2 / density))
        XCTAssertFalse(try Layout.compute(tree).layers.isEmpty)
    }

    func testUIKitRelativeInPointsWithTheDepthCapsMarker() throws {
        let result = try read("written-uikit-390x844.json")
        let tree = result.tree
        XCTAssertEqual(tree.count, 16)
        XCTAssertEqual(tree.root.frame, Rect(x: 0, y: 0, width: 390, height: 844))
        let back = try tree.named("back")
        XCTAssertEqual(tree[back].frame, Rect(x: 8, y: 0, width: 44, height: 44))
        XCTAssertEqual(tree.rootFrame(of: back), Rect(x: 8, y: 47, width: 44, height: 44))
        let spinner = tree[tree.nodes.firstIndex { $0.className == "UIActivityIndicatorView" }!]
        XCTAssertTrue(spinner.isHidden)
        XCTAssertEqual(spinner.alpha, 0)
        XCTAssertEqual(tree[tree.nodes.firstIndex { $0.extras["view_controller"] != nil }!].extras["view_controller"], .string("SettingsViewController"))
        XCTAssertEqual(result.warnings, [
            "windows[0].children[0].children[0].children[0].children[1].children[3].children[0]: the SDK cut the hierarchy here (SentryTruncatedViewHierarchy: its depth limit); the views below are not in the file",
        ])
    }

    func testFlutterGlobalWithZeroCoordinatesLeftOut() throws {
        let result = try read("written-flutter-390x844.json", options: ImportOptions(density: 3))
        let tree = result.tree
        XCTAssertEqual(result.warnings, ["a flutter hierarchy is in points: --density is not applied"])
        XCTAssertEqual(tree.count, 16)
        XCTAssertEqual(tree.root.frame, Rect(x: 0, y: 0, width: 390, height: 844))
        let title = try tree.named("[<'title'>]")
        XCTAssertEqual(tree.rootFrame(of: title), Rect(x: 16, y: 61, width: 90, height: 28))
        XCTAssertEqual(tree[title].frame, Rect(x: 16, y: 61, width: 90, height: 28), "the app bar is at 0, 0: no x or y written")
        let list = tree.nodes.firstIndex { $0.className == "ListView" }!
        let hidden = tree.nodes.firstIndex { $0.className == "Visibility" }!
        XCTAssertTrue(tree[hidden].isHidden)
        XCTAssertEqual(tree.rootFrame(of: hidden), Rect(x: 16, y: 231, width: 80, height: 24), "no size, no position: where its child is")
        XCTAssertEqual(tree[hidden].parent, list)
        XCTAssertEqual(tree[tree.nodes.firstIndex { $0.className == "Opacity" }!].alpha, 0.5)
        let fab = try tree.named("[<'add'>]")
        XCTAssertEqual(tree.rootFrame(of: fab), Rect(x: 318, y: 772, width: 56, height: 56))
        XCTAssertEqual(tree[fab].extras["depth"], .number(3), "Flutter's depth is the element's, kept as it is")
    }

    func testMissingWindowsAndBadValues() {
        XCTAssertEqual(importError("{\"rendering_system\": \"flutter\"}")?.description, "dump.txt: the view hierarchy holds no window: no views found")
        XCTAssertEqual(importError("{\"rendering_system\": \"UIKIT\", \"windows\": []}")?.description, "dump.txt: windows: the view hierarchy holds no window: no views found")
        XCTAssertEqual(importError("{\"rendering_system\": \"UIKIT\", \"windows\": [{\"type\": \"UIWindow\", \"width\": -3}]}")?.description,
                       "dump.txt: windows[0].width: expected a number >= 0, got -3")
        XCTAssertEqual(importError("{\"rendering_system\": \"UIKIT\", \"windows\": [{\"type\": \"UIWindow\", \"alpha\": 2}]}")?.description,
                       "dump.txt: windows[0].alpha: expected a number in [0, 1], got 2")
        XCTAssertEqual(importError("{\"rendering_system\": \"UIKIT\", \"windows\": [{\"type\": 4}]}")?.description,
                       "dump.txt: windows[0].type: expected a string, got a number")
        XCTAssertEqual(importError("{\"rendering_system\": \"UIKIT\", \"windows\": {}}")?.description,
                       "dump.txt: windows: expected an array, got an object")
        XCTAssertEqual(importError("{\"rendering_system\": \"UIKIT\", \"windows\": [{\"children\": [1]}]}")?.description,
                       "dump.txt: windows[0].children[0]: expected an object, got a number")
    }

    func testInAConsoleLogTwice() throws {
        let one = "{\"rendering_system\":\"UIKIT\",\"windows\":[{\"type\":\"UIWindow\",\"width\":10,\"height\":20,\"x\":0,\"y\":0}]}"
        let two = "{\"rendering_system\":\"UIKIT\",\"windows\":[{\"type\":\"UIWindow\",\"width\":30,\"height\":40,\"x\":0,\"y\":0}]}"
        let result = try importText("2024-10-02 14:14:03 attaching view hierarchy\n" + one + "\nsent\n" + two + "\n", options: ImportOptions(index: 2))
        XCTAssertEqual(result.format, .sentry)
        XCTAssertEqual(result.tree.root.frame, Rect(x: 0, y: 0, width: 30, height: 40))
        XCTAssertEqual(result.warnings, ["the file holds 2 hierarchies (Sentry view hierarchy); read number 2"])
    }
}

/// Files the SDKs' own tests hold (sentry-cocoa's `SentryViewHierarchyTests`, sentry-java's
/// serialization fixture): what each SDK writes for the smallest hierarchy.
final class SentrySDKFileTests: XCTestCase {
    func testSentryCocoasWindowNotYetShown() throws {
        let result = try Samples.read("sentry/sentry-cocoa-uikit-window-10x10.json")
        XCTAssertEqual(result.format, .sentry)
        XCTAssertEqual(result.tree.count, 2)
        let window = result.tree[1]
        XCTAssertEqual(window.className, "UIWindow")
        XCTAssertEqual(window.name, "WindowId")
        XCTAssertEqual(window.frame, Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertTrue(window.isHidden, "\"visible\": false")
        XCTAssertEqual(result.tree.root.frame, Rect(x: 0, y: 0, width: 10, height: 10), "the screen spans its window")
        XCTAssertEqual(result.lines, [1, 1])
    }

    func testSentryJavasWindowWithATypeAlone() throws {
        let result = try Samples.read("sentry/sentry-java-view-hierarchy.json", options: ImportOptions(density: 2))
        XCTAssertEqual(result.tree.count, 2)
        XCTAssertEqual(result.tree[1].className, "com.example.ui.FancyButton")
        XCTAssertEqual(result.tree[1].frame, .zero, "no position and no size: empty at the screen's origin")
        XCTAssertEqual(result.tree.root.extras["rendering_system"], .string("android_view_system"))
        XCTAssertEqual(result.lines, [1, 3])
    }
}
