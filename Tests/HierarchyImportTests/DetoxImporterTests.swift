import Foundation
import HierarchyImport
import HierarchyLayout
import HierarchyModel
import XCTest

/// Detox's `<ViewHierarchy>`: the Android and iOS hierarchies Detox's own end-to-end tests
/// expected (React Native 0.73), the Android one in a Jest failure and escaped in a JUnit report.
final class DetoxImporterTests: XCTestCase {
    private func read(_ name: String, density: Double = 1) throws -> ImportResult {
        let result = try Samples.read("detox/\(name)", options: ImportOptions(density: density))
        XCTAssertEqual(result.format, .detox, name)
        return result
    }

    /// Each element's `x`, `y`, `width`, `height` as written, in document order.
    private func printedFrames(_ name: String) throws -> [Rect] {
        let text = String(decoding: try Samples.bytes("detox/\(name)"), as: UTF8.self)
        let element = try NSRegularExpression(pattern: #"<\w+ [^>]*>"#)
        return element.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            let tag = String(text[Range(match.range, in: text)!])
            func value(_ key: String) -> Double? {
                guard let range = tag.range(of: " \(key)=\"") else { return nil }
                return Double(tag[range.upperBound...].prefix { $0 != "\"" })
            }
            guard let width = value("width"), let height = value("height") else { return nil }
            return Rect(x: value("x") ?? 0, y: value("y") ?? 0, width: width, height: height)
        }
    }

    func testAnAndroidHierarchyIsAbsoluteInPixels() throws {
        let name = "detox-e2e-android-rn73-1080x2220.xml"
        let density = 2.75
        let result = try read(name, density: density)
        let tree = result.tree
        let printed = try printedFrames(name)
        XCTAssertEqual(tree.count, printed.count + 1, "every element, under a synthetic root")
        XCTAssertEqual(tree.root.className, "ViewHierarchy")
        XCTAssertEqual(tree.screenScale, density)
        for (index, frame) in printed.enumerated() {
            XCTAssertClose(tree.screenFrame(of: index + 1), Rect(x: frame.x / density, y: frame.y / density, width: frame.width / density, height: frame.height / density),
                           "getLocationInWindow: absolute, in pixels")
        }
        let text = try XCTUnwrap(tree.nodes.firstIndex { $0.className == "com.facebook.react.views.text.ReactTextView" })
        XCTAssertEqual(tree[text].text, "Hello!!!")
        XCTAssertEqual(tree[text].attributes["content-desc"], "Hello!!!")
        XCTAssertEqual(tree[text].attributes["resource-id"], "289")
        XCTAssertEqual(ViewRole.classify(tree[text].className), .text)
        let stub = try XCTUnwrap(tree.nodes.firstIndex { $0.className == "android.view.ViewStub" })
        XCTAssertTrue(tree[stub].isHidden, "visibility=gone")
        XCTAssertNil(tree[1].attributes["content-desc"], "label=\"null\" is no label")
        XCTAssertEqual(tree.root.extras["rendering_system"], .string("android_view_system"))
        XCTAssertFalse(try Layout.compute(tree).layers.isEmpty)
    }

    func testAnIOSHierarchyIsRelativeInPoints() throws {
        let name = "detox-e2e-ios-rn73-430x932.xml"
        let result = try read(name, density: 3)
        let tree = result.tree
        XCTAssertEqual(tree.count, try printedFrames(name).count + 1)
        XCTAssertEqual(tree.screenScale, 1, "points: --density is for Android's pixels")
        XCTAssertEqual(tree.screenFrame(of: 1), Rect(x: 0, y: 0, width: 430, height: 932), "a window has no x or y")
        let label = try XCTUnwrap(tree.index(named: "Active"))
        XCTAssertEqual(tree[label].className, "UILabel")
        XCTAssertEqual(tree[label].text, "Active")
        XCTAssertEqual(tree[label].attributes["label"], "Active")
        XCTAssertEqual(tree.screenFrame(of: label), Rect(x: 174, y: 45, width: 80, height: 36), "x, y relative to the window")
        let hello = try XCTUnwrap(tree.nodes.firstIndex { $0.className == "RCTTextView" })
        XCTAssertEqual(tree.screenFrame(of: hello), Rect(x: 176, y: 460, width: 76, height: 30), "under parents at 0, 0")
        XCTAssertEqual(tree.root.extras["rendering_system"], .string("uikit"))
    }

    func testTheHierarchyOfAJestFailureAndOfItsJUnitReport() throws {
        let alone = try read("detox-e2e-android-rn73-1080x2220.xml", density: 2.75).tree
        let failure = try read("written-jest-failure-android-rn73.txt", density: 2.75)
        XCTAssertEqual(failure.tree, alone)
        XCTAssertEqual(failure.warnings, ["the text around the view hierarchy (lines before 6 and after 25) was skipped"])
        XCTAssertEqual(failure.lines[1], 8, "lines are the failure's own")
        let report = try read("written-jest-junit-android-rn73.xml", density: 2.75)
        XCTAssertEqual(report.tree, alone)
        XCTAssertTrue(report.warnings.contains { $0.hasPrefix("the view hierarchy was escaped") }, "\(report.warnings)")
    }

    func testBadValuesNameTheLine() {
        XCTAssertEqual(importError("<ViewHierarchy>\n <UIWindow class=\"UIWindow\" width=\"-1\" height=\"2\"/>\n</ViewHierarchy>")?.description,
                       "dump.txt: line 2: <UIWindow> width='-1': expected a number >= 0")
        XCTAssertEqual(importError("<ViewHierarchy density=\"0\">\n <View class=\"android.view.View\" width=\"1\" height=\"2\"/>\n</ViewHierarchy>")?.description,
                       "dump.txt: line 1: density='0': expected a number > 0")
        XCTAssertEqual(importError("<ViewHierarchy>\n</ViewHierarchy>")?.description, "dump.txt: line 1: <ViewHierarchy> holds no view: no views found")
        XCTAssertEqual(importError("View Hierarchy:\n<ViewHierarchy>\n <View class=\"a.b\" x=\"one\" width=\"1\" height=\"1\"/>\n</ViewHierarchy>")?.description,
                       "dump.txt: line 3: <View> x='one': expected a finite number")
    }
}
