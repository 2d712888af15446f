import HierarchyAudit
import XCTest

/// `duplicate-bounds`: two clickable views with the same bounds are one finding, on the first;
/// a pixel apart, or one of them not clickable, they are none.
final class DuplicateBoundsTests: XCTestCase {
    private typealias F = AuditFixture

    private func findings(_ nodes: String) throws -> [Finding] {
        try F.audit(F.android(nodes), rules: [.duplicateBounds]).of(.duplicateBounds)
    }

    func testTwoThenThreeViewsWithTheSameBounds() throws {
        let a = F.node("android.widget.Button", 100, 100, 300, 200, #"clickable="true" text="A""#)
        let b = F.node("android.widget.Button", 100, 100, 300, 200, #"clickable="true" text="B""#)
        let c = F.node("android.widget.Button", 100, 100, 300, 200, #"clickable="true" text="C""#)
        let two = try findings(a + b)
        XCTAssertEqual(two.map(\.text), ["A"])
        XCTAssertEqual(two.first?.number("others"), 1)
        XCTAssertEqual(two.first?.severity, .error)
        XCTAssertEqual(try findings(a + b + c).first?.number("others"), 2)
        XCTAssertEqual(try findings(a).map(\.text), [])
    }

    func testOnePixelApartIsNotTheSame() throws {
        let nodes = F.node("android.widget.Button", 100, 100, 300, 200, #"clickable="true" text="A""#)
            + F.node("android.widget.Button", 100, 100, 301, 200, #"clickable="true" text="B""#)
            + F.node("android.widget.Button", 100, 101, 300, 201, #"clickable="true" text="C""#)
        XCTAssertEqual(try findings(nodes).map(\.text), [])
    }

    func testAViewThatIsNotClickableOrOnlyLongClickableIsAnotherKind() throws {
        let nodes = F.node("android.widget.Button", 100, 100, 300, 200, #"clickable="true" text="A""#)
            + F.node("android.widget.TextView", 100, 100, 300, 200, #"text="Label""#)
            + F.node("android.widget.Button", 100, 100, 300, 200, #"long-clickable="true" text="Long""#)
        XCTAssertEqual(try findings(nodes).map(\.text), [])
    }
}
