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

    func testAViewThatDoesNotCoverIsNotCounted() throws {
        // A plain, non-clickable view in the same window with no background hides nothing.
        let dump = F.android(F.node("android.widget.Button", 100, 100, 200, 200, #"clickable="true" text="Target""#)
            + F.node("android.view.View", 100, 100, 200, 190))
        XCTAssertEqual(try F.audit(dump, rules: [.obscuredTarget]).of(.obscuredTarget).map(\.text), [])
    }
}
