import Foundation
import HierarchyFormats
@testable import HierarchyViewer
import HierarchyTestSupport
import XCTest

/// The page is `Viewer/viewer.html` with its slots filled: the web files go in byte for byte.
final class HTMLViewerMarkupTests: XCTestCase {
    static let viewer = TestPaths.repository.appendingPathComponent("Sources/HierarchyViewer/Web")
    /// The scripts in the order the page runs them (ViewerFiles).
    static let scripts = ["stack.js", "picking.js", "labels.js", "input.js", "panels.js", "predicate.js", "locate.js", "search.js", "measure.js", "overlay.js", "link.js", "diff.js", "audit.js", "find.js", "interface.js"]

    func testTemplateHasEachSlotAndTheTitleThrice() {
        let slots = HTMLViewerMarkup.template.filter { if case .text = $0 { false } else { true } }
        XCTAssertEqual(slots, [.title, .style, .title, .title, .data, .script])
    }

    /// The head is `HTMLPageHead`'s (the report's pages start with it too): no connection allowed.
    func testTheHeadIsTheSharedOne() throws {
        let page = HTMLViewerMarkup.page(title: "T & U", data: "{}")
        let head = HTMLPageHead.text(generator: "hierarchy export --format html", kind: "hierarchy viewer")
            .replacingOccurrences(of: "{{title}}", with: "T &amp; U").replacingOccurrences(of: "{{style}}", with: ViewerFiles.style)
        XCTAssertTrue(page.hasPrefix(head + "\n<body>\n"))
        XCTAssertTrue(head.contains(#"content="default-src 'none'; img-src data: blob:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">"#))
        XCTAssertFalse(page.contains("{{head}}"))
        XCTAssertTrue(HTMLPageHead.text(generator: "g", kind: "k", frames: true).contains("; frame-src 'self' blob: data:\">"))
    }

    func testPageHoldsTheFilesAsWritten() throws {
        let page = HTMLViewerMarkup.page(title: "T", data: "{}")
        let css = try String(contentsOf: Self.viewer.appendingPathComponent("viewer.css"), encoding: .utf8)
        XCTAssertTrue(page.contains("<style>\n" + ViewerFiles.compact(css) + "\n</style>"))
        var script: [String] = []
        for name in Self.scripts {
            let text = ViewerFiles.compact(try String(contentsOf: Self.viewer.appendingPathComponent(name), encoding: .utf8))
            XCTAssertTrue(page.contains(text), name)
            script.append((name == "interface.js" ? "\n" : "") + text)
        }
        XCTAssertTrue(page.contains("<script>\n" + script.joined(separator: "\n") + "\n</script>"), "the scripts in order, as one")
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(page.hasSuffix("</body>\n</html>\n"))
    }

    /// Compacting drops indentation, blank lines and whole-line comments, and nothing else.
    func testCompactKeepsEveryLineOfCode() {
        let source = "/**\n * Doc.\n */\nconst a = 1; // kept\n\n  // gone\n  /* gone */\n  b = a\n    * 2;\n/* x */ c();\n"
        XCTAssertEqual(ViewerFiles.compact(source), "const a = 1; // kept\nb = a\n* 2;\n/* x */ c();")
    }

    func testEveryScriptBesideTheViewerIsOnThePage() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.viewer.path).filter { $0.hasSuffix(".js") }
        XCTAssertEqual(Set(names), Set(Self.scripts), "a new script needs Package.swift and ViewerFiles")
    }

    func testSlotValuesAreNotSearchedForSlots() {
        let page = HTMLViewerMarkup.page(title: "{{data}}", data: "{\"x\":\"{{script}}\"}")
        XCTAssertTrue(page.contains("<title>{{data}} — hierarchy viewer</title>"))
        XCTAssertTrue(page.contains(">{\"x\":\"{{script}}\"}</script>"))
        XCTAssertEqual(HTMLViewerMarkup.pieces(of: "a{{title}}b"), [.text("a"), .title, .text("b")])
    }
}
