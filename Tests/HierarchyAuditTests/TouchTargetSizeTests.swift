import HierarchyAudit
import XCTest

/// `touch-target-size` at its thresholds: 48 dp (rounded as ATF rounds), 32 dp along an axis at the
/// screen's edge (within a twentieth of a dp), 44 pt on iOS, and `--min-target` in their place.
final class TouchTargetSizeTests: XCTestCase {
    private typealias F = AuditFixture

    /// Square clickable buttons of each side, away from the edges, by their text.
    private func androidFindings(sides: [Int], density: Double = 1, minTarget: Double? = nil) throws -> [Finding] {
        let nodes = sides.enumerated().map { n, side in
            F.node("android.widget.Button", 200, 100 + 200 * n, 200 + side, 100 + 200 * n + side, #"clickable="true" text="\#(side)""#)
        }
        return try F.audit(F.android(nodes.joined()), rules: [.touchTargetSize],
                           options: AuditOptions(unitsPerPoint: density, minTarget: minTarget)).of(.touchTargetSize)
    }

    func testFortyEightDpPassesAndFortySevenFails() throws {
        let found = try androidFindings(sides: [47, 48, 49])
        XCTAssertEqual(found.map(\.text), ["47"])
        XCTAssertEqual(found.first?.number("width"), 47)
        XCTAssertEqual(found.first?.number("required"), 48)
        XCTAssertEqual(found.first?.severity, .error)
    }

    func testHalfADpRoundsUpAndLessRoundsDown() throws {
        // At density 2: 95 px is 47.5 dp → 48; 94 px is 47 dp; 96 px is 48 dp.
        XCTAssertEqual(try androidFindings(sides: [94, 95, 96], density: 2).map(\.text), ["94"])
    }

    func testAtTheScreensEdgeAnAxisNeedsThirtyTwo() throws {
        // 48 high, against the left edge: 31 wide fails its width, 32 and 33 pass.
        let nodes = [31, 32, 33].enumerated().map { n, width in
            F.node("android.widget.Button", 0, 300 + 100 * n, width, 348 + 100 * n, #"clickable="true" text="\#(width)""#)
        }
        let found = try F.audit(F.android(nodes.joined()), rules: [.touchTargetSize]).of(.touchTargetSize)
        XCTAssertEqual(found.map(\.text), ["31"])
        XCTAssertEqual(found.first?.number("requiredWidth"), 32)
        XCTAssertEqual(found.first?.number("requiredHeight"), 48)
    }

    func testOnePixelFromTheEdgeIsNotAtTheEdge() throws {
        // 40 × 48: at x = 0 the width needs 32; at x = 1 it is away from the edge and needs 48.
        let dump = F.android(F.node("android.widget.Button", 0, 300, 40, 348, #"clickable="true" text="At""#)
            + F.node("android.widget.Button", 1, 500, 41, 548, #"clickable="true" text="Off""#))
        let found = try F.audit(dump, rules: [.touchTargetSize]).of(.touchTargetSize)
        XCTAssertEqual(found.map(\.text), ["Off"])
        XCTAssertEqual(found.first?.number("required"), 48)
    }

    func testMinTargetTakesFortyEightsPlaceAndScalesTheEdge() throws {
        XCTAssertEqual(try androidFindings(sides: [23, 24, 25], minTarget: 24).map(\.text), ["23"])
        // 32 × 24 / 48 = 16 at the edge.
        let dump = F.android(F.node("android.widget.Button", 0, 300, 15, 324, #"clickable="true" text="15""#)
            + F.node("android.widget.Button", 0, 500, 16, 524, #"clickable="true" text="16""#))
        let found = try F.audit(dump, rules: [.touchTargetSize], options: AuditOptions(minTarget: 24)).of(.touchTargetSize)
        XCTAssertEqual(found.map(\.text), ["15"])
        XCTAssertEqual(found.first?.number("requiredWidth"), 16)
    }

    func testFortyFourPointsOnIOS() throws {
        let elements = [43, 44, 45].enumerated().map { n, side in
            F.element("Button", 100, 100 + 100 * n, side, side, #"name="\#(side)" label="\#(side)" accessible="true""#)
        }
        let found = try F.audit(F.appium(elements.joined()), rules: [.touchTargetSize]).of(.touchTargetSize)
        XCTAssertEqual(found.map(\.text), ["43"])
        XCTAssertEqual(found.first?.number("required"), 44)
        XCTAssertEqual(found.first?.value("unit"), .string("pt"))
    }
}
