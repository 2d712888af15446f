import HierarchyAudit
import XCTest

/// `offscreen-target` at the screen's edge: a target that starts exactly where the screen ends is
/// off it; one that keeps a pixel on it is not.
final class OffscreenTargetTests: XCTestCase {
    private typealias F = AuditFixture

    func testATargetStartingAtTheRightEdgeIsOffTheScreen() throws {
        let dump = F.android(F.node("android.widget.Button", 1080, 100, 1180, 200, #"clickable="true" text="Gone""#)
            + F.node("android.widget.Button", 1079, 300, 1179, 400, #"clickable="true" text="Peeking""#))
        let found = try F.audit(dump, rules: [.offscreenTarget]).of(.offscreenTarget)
        XCTAssertEqual(found.map(\.text), ["Gone"])
        XCTAssertEqual(found.first?.value("reason"), .string("off-screen"))
        XCTAssertEqual(found.first?.severity, .info)
    }

    func testAboveTheTopEdgeToo() throws {
        let dump = F.android(F.node("android.widget.Button", 100, -100, 200, 0, #"clickable="true" text="Gone""#)
            + F.node("android.widget.Button", 300, -100, 400, 1, #"clickable="true" text="Peeking""#))
        XCTAssertEqual(try F.audit(dump, rules: [.offscreenTarget]).of(.offscreenTarget).map(\.text), ["Gone"])
    }

    func testAViewThatIsNotInteractiveIsNotJudged() throws {
        let dump = F.android(F.node("android.widget.TextView", 2000, 100, 2100, 200, #"text="Far""#))
        let report = try F.audit(dump, rules: [.offscreenTarget])
        XCTAssertEqual(report.of(.offscreenTarget).map(\.text), [])
        XCTAssertEqual(report.audited[.offscreenTarget]?.count ?? 0, 0)
    }
}
