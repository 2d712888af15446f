import HierarchyAudit
import XCTest

/// `image-contrast` at 3.0 with ATF's tolerance of 0.01: 2.98 is a finding, 2.99, 3.00 and 3.01
/// are not. The colours (on white) give those ratios to two decimals, as ATF rounds them.
final class ImageContrastTests: XCTestCase {
    private typealias F = AuditFixture

    /// Foregrounds on white and their ratios: #8989FC 2.98, #8888FF 2.99, #8888FE 3.00, #8888FC 3.01.
    static let inks: [(UInt32, Double)] = [(0x8989FC, 2.98), (0x8888FF, 2.99), (0x8888FE, 3.0), (0x8888FC, 3.01)]

    func testTheThresholdIsThreeLessTheTolerance() throws {
        var nodes = "", boxes: [F.Box] = []
        for (n, (ink, ratio)) in Self.inks.enumerated() {
            nodes += F.node("android.widget.ImageView", 20 + 90 * n, 20, 100 + 90 * n, 100, #"content-desc="\#(ratio)""#)
            boxes.append((20 + 90 * n, 20, 80, 80, ink, 0xFFFFFF))
        }
        let found = try F.audit(F.android(nodes, width: 400, height: 200), rules: [.imageContrast], pixels: F.pixels(boxes: boxes)).of(.imageContrast)
        XCTAssertEqual(found.map(\.text), ["2.98"])
        XCTAssertEqual(found.first?.number("ratio"), 2.98)
        XCTAssertEqual(found.first?.number("required"), 3)
        XCTAssertEqual(found.first?.value("foreground"), .string("#8989FC"))
        XCTAssertEqual(found.first?.severity, .warning)
    }

    func testOneColourIsNothingToCompare() throws {
        let dump = F.android(F.node("android.widget.ImageView", 20, 20, 100, 100, #"content-desc="Blank""#), width: 400, height: 200)
        let report = try F.audit(dump, rules: [.imageContrast], pixels: F.pixels(boxes: [(20, 20, 80, 80, 0xFFFFFF, 0xFFFFFF)]))
        XCTAssertEqual(report.of(.imageContrast).count, 0)
        XCTAssertEqual(report.audited[.imageContrast]?.count, 1)
    }
}
