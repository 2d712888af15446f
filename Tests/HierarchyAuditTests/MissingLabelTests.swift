import HierarchyAudit
import XCTest

/// `missing-label`: a focused view that speaks nothing, spaces included, is a finding; one
/// character is enough; a web view without subviews speaks its page and is not judged.
final class MissingLabelTests: XCTestCase {
    private typealias F = AuditFixture

    private func button(_ attributes: String, _ n: Int) -> String {
        F.node("android.widget.Button", 100, 100 + 100 * n, 400, 180 + 100 * n, #"clickable="true" "# + attributes)
    }

    func testNothingOrOnlySpacesIsMissingAndOneCharacterIsNot() throws {
        let dump = F.android(button("", 0) + button(#"text="   ""#, 1) + button(#"text="x""#, 2) + button(#"content-desc="Go""#, 3))
        let report = try F.audit(dump, rules: [.missingLabel])
        XCTAssertEqual(report.of(.missingLabel).count, 2)
        XCTAssertEqual(report.of(.missingLabel).map(\.severity), [.error, .error])
        XCTAssertEqual(report.audited[.missingLabel]?.count, 4)
    }

    func testAWebViewWithoutSubviewsIsNotJudged() throws {
        let dump = F.android(F.node("android.webkit.WebView", 0, 100, 1080, 1800, #"clickable="true" focusable="true""#))
        let report = try F.audit(dump, rules: [.missingLabel])
        XCTAssertEqual(report.of(.missingLabel).count, 0)
        XCTAssertEqual(report.audited[.missingLabel]?.count ?? 0, 0)
    }

    func testAnAccessibleIOSButtonWithoutALabel() throws {
        let elements = F.element("Button", 20, 100, 60, 60, #"accessible="true""#)
            + F.element("Button", 20, 200, 60, 60, #"name="Play" label="Play" accessible="true""#)
        XCTAssertEqual(try F.audit(F.appium(elements), rules: [.missingLabel]).of(.missingLabel).count, 1)
    }
}
