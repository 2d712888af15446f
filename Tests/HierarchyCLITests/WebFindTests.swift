import Foundation
import HierarchyTestSupport
import XCTest

/// `find` with Selenium's web strategies over web captures recorded from Debian's headless
/// Chromium (Tests/Fixtures/web/*.page-dom.json; WebCaptureTests checks `css:` against the
/// browser's own querySelectorAll on generated selectors).
final class WebFindTests: XCTestCase {
    private func page(_ name: String) -> String { TestPaths.fixture("web/\(name).page-dom.json").path }

    /// The ids (index paths) of the views `find` returns, from its JSON.
    private func found(_ locator: String, in name: String) throws -> [String] {
        let result = try Hierarchy.run(["find", page(name), locator, "--format", "json"])
        XCTAssertEqual(result.status == 0 || result.status == 1, true, result.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return (json["matches"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    func testEachWebStrategyFindsItsElements() throws {
        XCTAssertEqual(try found("css:form > input[type=password]", in: "forms"), ["0.0.1.0.3"])
        XCTAssertEqual(try found("css:input:not([type]), textarea", in: "forms"), ["0.0.1.0.1", "0.0.1.0.6"])
        XCTAssertEqual(try found("css:[data-testid=user-field]", in: "forms"), ["0.0.1.0.1"])
        XCTAssertEqual(try found("name:user", in: "forms"), ["0.0.1.0.1"])
        XCTAssertEqual(try found("tag-name:IMG", in: "boxes"), ["0.0.1.1.3"])
        XCTAssertEqual(try found("link-text:Skip to content", in: "boxes"), ["0.0.1.0.0"])
        XCTAssertEqual(try found("partial-link-text:to cont", in: "boxes"), ["0.0.1.0.0"])
        XCTAssertEqual(try found("link-text:Skip", in: "boxes"), [], "a link text is the whole text")
        XCTAssertEqual(try found("css:#scroller > div:nth-child(2)", in: "boxes"), ["0.0.1.1.4.1"])
        // The page's own value attribute, not the value the capture read (a select's chosen option).
        XCTAssertEqual(try found("css:option[selected]", in: "forms"), ["0.0.1.0.5.1"])
    }

    func testASelectorThisEngineDoesNotReadIsRefusedWithItsColumn() throws {
        for (selector, message) in [
            ("div::before", "column 4: pseudo-elements ('::') select no element"),
            ("a:hover", "column 2: ':hover' is not supported"),
            ("div > ", "column 7: expected a selector"),
            ("[href=x", "column 8: expected ']'"),
            ("svg|rect", "column 4: namespaces are not supported"),
        ] {
            let result = try Hierarchy.run(["find", page("boxes"), "css:" + selector])
            XCTAssertEqual(result.status, 2, selector)
            XCTAssertEqual(result.stderr, "error: --css: \(message)\n", selector)
            XCTAssertEqual(result.stdout, "", selector)
        }
    }

    func testAWebStrategyOnANativeScreenSaysWhatItNeeds() throws {
        let dump = TestPaths.fixture("dumps/detox").path
        let file = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: dump).sorted().first)
        let result = try Hierarchy.run(["find", dump + "/" + file, "css:div"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "error: --css: runs over a web page's DOM: capture the page with 'hierarchy capture webdriver' (a browser, or a web view's context)\n")
    }

    func testWhyAWebElementCannotBeClickedIsSaid() throws {
        func reasons(_ id: String) throws -> [String] {
            let result = try Hierarchy.run(["find", page("hiding"), "css:#" + id, "--format", "json"])
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stderr)
            let match = try XCTUnwrap((json["matches"] as? [[String: Any]])?.first, id)
            return (match["reasons"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        }
        XCTAssertEqual(try reasons("shown"), [])
        XCTAssertEqual(try reasons("folded"), ["hidden"], "inside a closed <details>")
        XCTAssertEqual(try reasons("none"), ["hidden"])
        XCTAssertEqual(try reasons("transparent"), ["transparent"], "opacity 0")
        XCTAssertEqual(try reasons("flat"), ["zero-size"])
        XCTAssertEqual(try reasons("off"), ["disabled"])
        XCTAssertEqual(try reasons("ghost"), ["not-clickable"], "pointer-events: none")
    }
}
