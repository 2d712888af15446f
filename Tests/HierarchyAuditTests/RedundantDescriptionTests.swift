import HierarchyAudit
import XCTest

/// `redundant-description`: ATF's words found between word boundaries, in any case; a word
/// inside another (`Buttons`, `unchecked`'s `checked`, `tap_area`) is not one.
final class RedundantDescriptionTests: XCTestCase {
    private typealias F = AuditFixture

    /// The words found in each description, one image view each.
    private func words(_ descriptions: [String]) throws -> [[String]] {
        let nodes = descriptions.enumerated().map { n, description in
            F.node("android.widget.ImageView", 100, 100 + 100 * n, 200, 180 + 100 * n, #"content-desc="\#(description)""#)
        }
        let found = try F.audit(F.android(nodes.joined()), rules: [.redundantDescription]).of(.redundantDescription)
        return found.map { finding in
            guard case .strings(let words)? = finding.value("words") else { return [] }
            return words
        }
    }

    func testAWordBetweenBoundariesInAnyCase() throws {
        XCTAssertEqual(try words(["Play button"]), [["button"]])
        XCTAssertEqual(try words(["BUTTON"]), [["button"]])
        XCTAssertEqual(try words(["Tap to play, checked"]), [["checked", "tap"]])
        XCTAssertEqual(try words(["button."]), [["button"]])
    }

    func testAWordInsideAnotherIsNot() throws {
        XCTAssertEqual(try words(["Buttons", "tap_area", "tapped", "2button"]), [])
        XCTAssertEqual(try words(["unchecked"]), [["unchecked"]])
    }

    func testTheFindingIsAWarningWithTheDescription() throws {
        let dump = F.android(F.node("android.widget.ImageView", 100, 100, 200, 200, #"content-desc="Close button""#))
        let found = try F.audit(dump, rules: [.redundantDescription]).of(.redundantDescription)
        XCTAssertEqual(found.map(\.severity), [.warning])
        XCTAssertEqual(found.first?.value("description"), .string("Close button"))
    }
}
