import HierarchyAudit
import XCTest

/// `text-contrast` at its two thresholds, with ATF's tolerance of 0.01: under 2.99 is not
/// sufficient (needs 3.0), from 2.99 to under 4.49 borderline (needs 4.5), 4.49 and above passes.
final class TextContrastTests: XCTestCase {
    private typealias F = AuditFixture

    /// Foregrounds on white and their ratios to two decimals, as ATF rounds them.
    private let inks: [(UInt32, String)] = [
        (0x8989FC, "2.98"), (0x8888FF, "2.99"), (0x8888FE, "3.00"),
        (0x6262FD, "4.48"), (0x6262FC, "4.49"), (0x6161FF, "4.50"),
    ]

    func testNotSufficientBorderlineAndEnough() throws {
        var nodes = "", boxes: [F.Box] = []
        for (n, (ink, ratio)) in inks.enumerated() {
            let (x, y) = (10 + 130 * (n % 3), 10 + 90 * (n / 3))
            nodes += F.node("android.widget.TextView", x, y, x + 120, y + 80, #"text="\#(ratio)""#)
            boxes.append((x, y, 120, 80, ink, 0xFFFFFF))
        }
        let found = try F.audit(F.android(nodes, width: 400, height: 200), rules: [.textContrast], pixels: F.pixels(boxes: boxes)).of(.textContrast)
        XCTAssertEqual(found.map(\.text), ["2.98", "2.99", "3.00", "4.48"])
        XCTAssertEqual(found.map { $0.number("required") }, [3, 4.5, 4.5, 4.5])
        XCTAssertEqual(found.map { $0.value("borderline") }, [nil, .string("true"), .string("true"), .string("true")])
        XCTAssertEqual(found.map(\.severity), [.warning, .warning, .warning, .warning])
    }

    func testADisabledViewIsNotJudged() throws {
        let dump = F.android(F.node("android.widget.TextView", 20, 20, 140, 100, #"text="Off" enabled="false""#), width: 400, height: 200)
        let report = try F.audit(dump, rules: [.textContrast], pixels: F.pixels(boxes: [(20, 20, 120, 80, 0xEEEEEE, 0xFFFFFF)]))
        XCTAssertEqual(report.of(.textContrast).count, 0)
        XCTAssertEqual(report.audited[.textContrast]?.count ?? 0, 0)
    }
}
