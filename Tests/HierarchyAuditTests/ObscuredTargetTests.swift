import HierarchyAudit
import XCTest

/// `obscured-target` at its threshold: a target of which less than half shows is a finding;
/// exactly half, or more, is not.
final class ObscuredTargetTests: XCTestCase {
    private typealias F = AuditFixture

    /// A 100 × 100 button with a clickable view in front covering its top `covered` rows.
    private func findings(covered: Int) throws -> [Finding] {
        let dump = F.android(F.node("android.widget.Button", 100, 100, 200, 200, #"clickable="true" text="Target""#)
            + F.node("android.widget.Button", 100, 100, 200, 100 + covered, #"clickable="true" text="Front""#))
        return try F.audit(dump, rules: [.obscuredTarget]).of(.obscuredTarget)
    }

    func testLessThanHalfShowingIsAFinding() throws {
        let found = try findings(covered: 51)
        XCTAssertEqual(found.map(\.text), ["Target"])
        XCTAssertEqual(found.first?.number("visible"), 0.49)
        XCTAssertEqual(found.first?.number("required"), 0.5)
        XCTAssertTrue(found.first?.message.contains("covered by") == true, "\(found.first?.message ?? "")")
        XCTAssertEqual(found.first?.severity, .warning)
    }

    func testExactlyHalfShowingIsNot() throws {
        XCTAssertEqual(try findings(covered: 50).map(\.text), [])
    }

    func testMoreThanHalfShowingIsNot() throws {
        XCTAssertEqual(try findings(covered: 49).map(\.text), [])
    }

    func testAWebPagesCoverPaintedBetweenATargetAndItsOwnDescendantCounts() throws {
        // In the order the browser paints: the button (positioned, z-index auto), the red box
        // after it in tree order, then the button's own z-index 1 badge: the box covers the
        // button though it comes between the button and a view inside it.
        let page = #"""
            {"hierarchy-web-dom": 1, "viewport": [400, 400], "devicePixelRatio": 1, "nodes": [
            {"parent": -1, "tag": "html", "box": [0, 0, 400, 400], "stacking": true},
            {"parent": 0, "tag": "body", "box": [0, 0, 400, 400]},
            {"parent": 1, "tag": "button", "box": [10, 10, 100, 40], "role": "button", "label": "Target", "position": "relative", "display": "inline-block"},
            {"parent": 2, "tag": "span", "box": [12, 12, 10, 10], "position": "absolute", "zIndex": "1", "stacking": true},
            {"parent": 1, "tag": "div", "box": [10, 10, 100, 40], "position": "relative", "background": "rgb(255, 0, 0)"}
            ]}
            """#
        let found = try F.audit(page, rules: [.obscuredTarget]).of(.obscuredTarget)
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.message.contains("covered by") == true, "\(found.first?.message ?? "")")
    }

    func testAViewThatDoesNotCoverIsNotCounted() throws {
        // A plain, non-clickable view in the same window with no background hides nothing.
        let dump = F.android(F.node("android.widget.Button", 100, 100, 200, 200, #"clickable="true" text="Target""#)
            + F.node("android.view.View", 100, 100, 200, 190))
        XCTAssertEqual(try F.audit(dump, rules: [.obscuredTarget]).of(.obscuredTarget).map(\.text), [])
    }
}
