import Foundation
import HierarchyFormats
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// `audit` of a web capture by the web's rules, against the real thing: the project's page
/// `Tests/Fixtures/web/targets.html` opened in headless Chromium by Debian's chromedriver (400×300
/// CSS px, one device pixel each), captured with `capture webdriver`, audited. WCAG 2.2 SC 2.5.8's
/// 24×24 CSS px with its spacing and inline exceptions; a control with no accessible name; an
/// image with no text alternative (docs/audit.md).
final class WebAuditTests: XCTestCase {
    private var workspace: Workspace!
    private var driver: Chromedriver!

    override func setUpWithError() throws {
        try Chromium.require()
        workspace = try Workspace()
        driver = try Chromedriver()
        try Data(WebCaptureTroubleTests.script.utf8).write(to: URL(fileURLWithPath: workspace.path("session.py")))
    }

    override func tearDown() {
        driver = nil
        workspace = nil
    }

    /// The page captured into a folder; its tree.
    private func capture(_ page: String) throws -> (folder: String, tree: ViewTree) {
        let out = workspace.path("session")
        let (opened, output) = try ExternalProcess.run(ExternalProcess.python, [workspace.path("session.py"), "open", driver.url, out, WebCaptureTests.page(page)])
        XCTAssertEqual(opened, 0, output)
        let id = try String(contentsOfFile: out, encoding: .utf8)
        defer { _ = try? ExternalProcess.run(ExternalProcess.python, [workspace.path("session.py"), "close", driver.url, id]) }
        let folder = workspace.path("page")
        let result = try Hierarchy.run(["capture", "webdriver", driver.url, "--session", id, "-o", folder])
        XCTAssertEqual(result.status, 0, result.stderr)
        let tree = try TreeDocument.decode(Data(contentsOf: URL(fileURLWithPath: folder + "/tree.json")), file: "tree.json")
        return (folder, tree)
    }

    func testAWebPageIsAuditedByWCAGsTargetSizeAndTheWebsNames() throws {
        let (folder, tree) = try capture("targets.html")
        let audit = try Hierarchy.run(["audit", folder, "--format", "json"])
        XCTAssertEqual(audit.status, 1, "errors found: \(audit.stderr)")
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(audit.stdout.utf8)) as? [String: Any])
        let summary = try XCTUnwrap(document["summary"] as? [String: Any])
        XCTAssertEqual(summary["platform"] as? String, "web")
        XCTAssertEqual(summary["unit"] as? String, "CSS px")
        // Each finding by its rule and the page's id of its element.
        let pageID = Dictionary(tree.nodes.map { ($0.id, $0.attributes["id"] ?? $0.className) }, uniquingKeysWith: { a, _ in a })
        let findings = try XCTUnwrap(document["findings"] as? [[String: Any]])
        let found = findings.map { "\($0["rule"] as? String ?? "?") \(pageID[$0["id"] as? String ?? ""] ?? "?")" }
        XCTAssertEqual(Set(found), ["touch-target-size crowded", "missing-label unlabeled", "image-label no-alt"], audit.stdout)
        XCTAssertEqual(found.count, 3, audit.stdout)
        let target = try XCTUnwrap(findings.first { $0["rule"] as? String == "touch-target-size" })
        XCTAssertEqual(target["severity"] as? String, "error")
        let values = try XCTUnwrap(target["values"] as? [String: Any])
        XCTAssertEqual(values["width"] as? Double, 20)
        XCTAssertEqual(values["height"] as? Double, 20)
        XCTAssertEqual(values["required"] as? Double, 24)
        let message = try XCTUnwrap(target["message"] as? String)
        XCTAssertTrue(message.contains("target 20×20 CSS px, needs 24×24 CSS px, or a 24 CSS px circle of its own: its circle meets button"), message)
        XCTAssertTrue(message.contains("\"N\""), "the neighbour it meets: \(message)")
        let unnamed = try XCTUnwrap(findings.first { $0["rule"] as? String == "missing-label" }?["message"] as? String)
        XCTAssertTrue(unnamed.hasSuffix("no accessible name for its button (<button>): give it text, aria-label or aria-labelledby"), unnamed)
        let image = try XCTUnwrap(findings.first { $0["rule"] as? String == "image-label" })
        XCTAssertEqual(image["severity"] as? String, "warning")
        XCTAssertTrue((image["message"] as? String ?? "").contains("an <img> with no alt attribute"), "\(image)")

        // What was judged: every target (the spaced 20×20, the 24×24 pair, the links in the
        // sentence pass); the images that are not decorative (alt="" is).
        let audited = try XCTUnwrap(summary["audited"] as? [String: Int])
        XCTAssertEqual(audited["touch-target-size"], 8)
        // The links in the sentence pass by the inline exception alone: each is under 24 CSS px
        // high and their circles meet (centres under 24 CSS px apart).
        let frames = WebCaptureTests.viewportFrames(tree)
        let links = try ["terms", "rules"].map { name in try XCTUnwrap(tree.nodes.indices.first { tree[$0].attributes["id"] == name }, name) }
        XCTAssertLessThan(frames[links[0]].height, 24)
        XCTAssertLessThan(abs(frames[links[1]].midX - frames[links[0]].midX), 24)
        XCTAssertEqual(frames[links[0]].midY, frames[links[1]].midY, accuracy: 1)
        XCTAssertEqual(audited["image-label"], 2)
    }
}
