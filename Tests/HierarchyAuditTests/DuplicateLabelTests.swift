import HierarchyAudit
import XCTest

/// `duplicate-label`: a text two focused views speak is one finding (a warning on the first
/// clickable one, information when none is clickable); the text is compared trimmed, case kept.
final class DuplicateLabelTests: XCTestCase {
    private typealias F = AuditFixture

    private func button(_ text: String, _ n: Int) -> String {
        F.node("android.widget.Button", 100, 100 + 100 * n, 400, 180 + 100 * n, #"clickable="true" text="\#(text)""#)
    }

    private func findings(_ nodes: String) throws -> [Finding] {
        try F.audit(F.android(nodes), rules: [.duplicateLabel]).of(.duplicateLabel)
    }

    func testOneTwoAndThreeViewsSpeakingTheSameText() throws {
        XCTAssertEqual(try findings(button("Play", 0)).map(\.text), [])
        let two = try findings(button("Play", 0) + button("Play", 1))
        XCTAssertEqual(two.map(\.severity), [.warning])
        XCTAssertEqual(two.first?.number("others"), 1)
        XCTAssertEqual(two.first?.value("label"), .string("Play"))
        XCTAssertEqual(try findings(button("Play", 0) + button("Play", 1) + button("Play", 2)).first?.number("others"), 2)
    }

    func testSpacesAroundAreTrimmedButCaseCounts() throws {
        XCTAssertEqual(try findings(button("Play", 0) + button(" Play ", 1)).count, 1)
        XCTAssertEqual(try findings(button("Play", 0) + button("play", 1)).map(\.text), [])
    }

    func testWithoutAClickableViewItIsInformation() throws {
        let nodes = F.node("android.widget.TextView", 100, 100, 400, 180, #"text="Total""#)
            + F.node("android.widget.TextView", 100, 300, 400, 380, #"text="Total""#)
        XCTAssertEqual(try findings(nodes).map(\.severity), [.info])
    }
}
