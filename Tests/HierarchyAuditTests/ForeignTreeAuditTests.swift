import HierarchyAudit
import HierarchyImport
import HierarchyLayout
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// The trees Compose, Flutter and Detox print, through the audit: their roles and labels are
/// what the rules read, on the platform the tree comes from.
final class ForeignTreeAuditTests: XCTestCase {
    private func audit(_ path: String, density: Double = 1) throws -> (ViewTree, AuditReport) {
        let bytes = Array(try Data(contentsOf: TestPaths.fixture("dumps/" + path)))
        let tree = try DumpImporter.read(bytes, fileName: path, options: ImportOptions(density: density)).tree
        return (tree, Audit.run(tree: tree, layout: try Layout.compute(tree), pixels: nil))
    }

    func testTheRallyTabsAreButtonsTooSmallToTouch() throws {
        let (tree, report) = try audit("compose/munho-composefest-rally-android-studio-logcat.txt", density: 2.625)
        XCTAssertEqual(report.platform, .android, "a Compose tree is Android's")
        XCTAssertEqual(report.findings.map(\.rule), [.touchTargetSize, .touchTargetSize, .touchTargetSize])
        XCTAssertEqual(report.findings.map { tree[$0.node].attributes["content-desc"] }, ["Overview", "Accounts", "Bills"])
        XCTAssertFalse(report.findings.contains { $0.rule == .missingLabel }, "ContentDescription is each tab's label")
    }

    func testASignInScreensControlsAreLabelled() throws {
        let (tree, report) = try audit("compose/written-threadtime-logcat-1080x2400.txt", density: 2.75)
        XCTAssertEqual(report.platform, .android)
        XCTAssertEqual(report.count(.error), 0, "\(report.findings)")
        let audited = Set(report.audited[.missingLabel] ?? [])
        for name in ["signIn", "create", "remember", "email"] {
            let index = try XCTUnwrap(tree.nodes.firstIndex { $0.attributes["resource-id"] == name })
            XCTAssertTrue(audited.contains(index), "\(name) is judged: a clickable control")
        }
    }

    func testAFlutterButtonIsTheNodeItsTapWasMergedInto() throws {
        let (tree, report) = try audit("flutter/written-ios-semantics-390x844.txt")
        XCTAssertFalse(report.findings.contains { $0.rule == .missingLabel || $0.rule == .duplicateBounds }, "\(report.findings)")
        let increment = try XCTUnwrap(tree.nodes.firstIndex { $0.name == "Increment" })
        XCTAssertTrue((report.audited[.missingLabel] ?? []).contains(increment))
        XCTAssertEqual(report.findings.map(\.rule), [.redundantDescription], "'…the button this many times:' says 'button'")
    }

    func testAReactNativeScreenFromDetox() throws {
        let (_, android) = try audit("detox/detox-e2e-android-rn73-1080x2220.xml", density: 2.75)
        XCTAssertEqual(android.platform, .android)
        XCTAssertEqual(android.findings.map(\.rule), [.duplicateLabel], "the root view repeats its text's label, as React Native gives it")
        let (_, ios) = try audit("detox/detox-e2e-ios-rn73-430x932.xml")
        XCTAssertEqual(ios.platform, .iOS)
        XCTAssertEqual(ios.findings, [])
    }
}
