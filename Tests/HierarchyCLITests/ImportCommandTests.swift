import HierarchyTestSupport
import XCTest

final class ImportCommandTests: XCTestCase {
    func testImportWritesADocumentThatReadsBackTheSame() throws {
        let ws = try Workspace()
        let dump = TestPaths.fixture("dumps/recursive-description/written-lldb-mail-inbox-390x844.txt").path
        let result = try Hierarchy.run(["import", dump, "-o", ws.path("tree.json")])
        XCTAssertEqual(result.status, 0, result.stderr)
        let direct = try Hierarchy.run(["layout", dump, "--format", "json"])
        let viaDocument = try Hierarchy.run(["layout", ws.path("tree.json"), "--format", "json"])
        XCTAssertEqual(direct.stdout, viaDocument.stdout)
        XCTAssertFalse(direct.stdout.isEmpty)
    }
}

/// The hierarchies test runs and crash reports save, through the command line: found by content
/// inside their containers, `--index`, `--from`, `--density`, and bad input as one line, exit 1.
final class ForeignDumpCommandTests: XCTestCase {
    private func fixture(_ path: String) -> String { TestPaths.fixture("dumps/" + path).path }

    func testAnHTMLPageIsRefusedInOneLineThatSaysHowToCaptureIt() throws {
        let ws = try Workspace()
        // The project's own page (Tests/Fixtures/web), as a saved page source would be.
        let page = TestPaths.fixture("web/forms.html").path
        // Exit status 2 in every command, as for a session that cannot be reached (issue 51): what
        // the page needs is a live session, not another file (import's other bad input is 1).
        let result = try Hierarchy.run(["import", page, "-o", ws.path("tree.json")])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(try Hierarchy.run(["find", page, "css:form"]).status, 2)
        XCTAssertEqual(try Hierarchy.run(["render", page, "-o", ws.path("page.png")]).status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: ws.path("page.png")))
        XCTAssertEqual(result.stderr, "error: \(page): an HTML page holds no boxes: HTML needs a live session or a CDP snapshot; capture the page from its browser "
            + "with 'hierarchy capture webdriver URL --session ID -o DIR' (chromedriver, or Appium in a web context), or save Chromium's "
            + "DOMSnapshot.captureSnapshot answer as JSON (docs/foreign-dumps.md)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: ws.path("tree.json")))
        // Its DOM as capture webdriver's script recorded it reads, every command alike.
        let dom = try Hierarchy.run(["import", TestPaths.fixture("web/forms.page-dom.json").path, "-o", ws.path("dom.json")])
        XCTAssertEqual(dom.status, 0, dom.stderr)
    }

    func testEachKindImportsByContent() throws {
        let ws = try Workspace()
        for path in ["xcuitest/written-lldb-p-390x844.txt", "espresso/written-junit-report-1080x2400.xml",
                     "maestro/written-android-with-preamble-1080x2400.json", "sentry/written-flutter-390x844.json",
                     "compose/written-count-mismatch-failure-1080x2400.txt", "flutter/written-ios-semantics-390x844.txt",
                     "flutter/written-logcat-render-tree-390x844.txt", "detox/written-jest-junit-android-rn73.xml"] {
            let result = try Hierarchy.run(["import", fixture(path), "--density", "2.75", "-o", ws.path("tree.json"), "--force"])
            XCTAssertEqual(result.status, 0, "\(path): \(result.stderr)")
            let layout = try Hierarchy.run(["layout", ws.path("tree.json")])
            XCTAssertEqual(layout.status, 0, "\(path): \(layout.stderr)")
        }
    }

    func testIndexPicksTheSecondHierarchyOfALogcat() throws {
        let log = fixture("espresso/written-logcat-two-failures.txt")
        let first = try Hierarchy.run(["layout", log, "--format", "json"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stderr.contains("the file holds 2 hierarchies (Espresso view hierarchy); read the first (--index N reads another)"), first.stderr)
        let second = try Hierarchy.run(["layout", log, "--index", "2", "--format", "json"])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stderr.contains("view-hierarchy-2.txt"), second.stderr)
        XCTAssertNotEqual(first.stdout, second.stdout, "the truncated second hierarchy has fewer views")
        let third = try Hierarchy.run(["layout", log, "--index", "3"])
        XCTAssertEqual(third.status, 1)
        XCTAssertEqual(third.stderr, "error: \(log): index: expected 1...2 (the file holds 2 hierarchies, Espresso view hierarchy), got 3\n")
    }

    func testBadInputIsOneLineExitOne() throws {
        let ws = try Workspace()
        try "{\"rendering_system\": \"UIKIT\", \"windows\": [{\"type\": \"UIWindow\", \"x\": \"0\"}]}".write(toFile: ws.path("vh.json"), atomically: true, encoding: .utf8)
        let sentry = try Hierarchy.run(["render", ws.path("vh.json"), "-o", ws.path("out.png")])
        XCTAssertEqual(sentry.status, 1)
        XCTAssertEqual(sentry.stderr, "error: \(ws.path("vh.json")): windows[0].x: expected a number, got a string\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: ws.path("out.png")))
        let maestro = try Hierarchy.run(["layout", fixture("maestro/written-ios-390x844.json"), "--from", "xcuitest"])
        XCTAssertEqual(maestro.status, 1)
        XCTAssertEqual(maestro.stderr, "error: \(fixture("maestro/written-ios-390x844.json")): no XCUITest element subtree found\n")
    }
}
