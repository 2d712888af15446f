import HierarchyAudit
import XCTest

final class ContrastSwatchTests: XCTestCase {
    /// Grey #777777 text on white is WCAG's classic 4.48:1.
    func testGreyOnWhiteIsTheWCAGRatio() {
        var pixels = [UInt32](repeating: 0xFFFFFF, count: 900)
        for i in 0..<200 { pixels[i * 3] = 0x777777 }
        let swatch = ContrastSwatch(pixels: pixels)
        XCTAssertEqual(swatch.background, 0xFFFFFF)
        XCTAssertEqual(swatch.foreground, 0x777777)
        XCTAssertEqual(swatch.ratio, 4.48)
    }
}

/// The contrast rules on generated screens of known colours.
final class ContrastRulesTests: XCTestCase {
    private typealias F = AuditFixture

    /// A 400×200 white screen (`AuditFixture.pixels`).
    private func screen(scale: Int = 1, boxes: [AuditFixture.Box]) -> AuditPixels { AuditFixture.pixels(scale: scale, boxes: boxes) }

    private let dump = AuditFixture.android(
        AuditFixture.node("android.widget.TextView", 0, 0, 100, 40, #"text="Grey""#)
            + AuditFixture.node("android.widget.TextView", 0, 50, 100, 90, #"text="Pale""#)
            + AuditFixture.node("android.widget.TextView", 0, 100, 100, 140, #"text="Black""#)
            + AuditFixture.node("android.widget.ImageView", 200, 0, 260, 60, #"content-desc="Chevron""#)
            + AuditFixture.node("android.widget.ImageView", 200, 100, 260, 160, #"content-desc="Dark""#),
        width: 400, height: 200)

    func testTextContrastIsJudgedAsATFDoesWithoutATextSize() throws {
        let pixels = screen(boxes: [
            (0, 0, 100, 40, 0x777777, 0xFFFFFF),   // 4.48: borderline (from 3.0 to 4.5)
            (0, 50, 100, 40, 0xAAAAAA, 0xFFFFFF),  // 2.32: not sufficient
            (0, 100, 100, 40, 0x000000, 0xFFFFFF), // 21: fine
        ])
        let found = try F.audit(dump, rules: [.textContrast], pixels: pixels).of(.textContrast)
        XCTAssertEqual(found.map(\.text), ["Grey", "Pale"])
        XCTAssertEqual(found.map { $0.number("ratio") }, [4.48, 2.32])
        XCTAssertEqual(found.map { $0.number("required") }, [4.5, 3.0])
        XCTAssertEqual(found[0].value("borderline"), .string("true"))
        XCTAssertEqual(found[1].value("foreground"), .string("#AAAAAA"))
        XCTAssertEqual(found[1].value("background"), .string("#FFFFFF"))
        XCTAssertEqual(found.map(\.severity), [.warning, .warning])
    }

    func testExactWCAGRatiosOfKnownColours() {
        // #767676 on white is the lightest grey that passes 4.5 (4.54); #595959 is 7.0.
        XCTAssertEqual(WCAG.contrast(WCAG.luminance(0x767676), WCAG.luminance(0xFFFFFF)), 4.54, accuracy: 0.005)
        XCTAssertEqual(WCAG.contrast(WCAG.luminance(0x595959), WCAG.luminance(0xFFFFFF)), 7.0, accuracy: 0.005)
        XCTAssertEqual(WCAG.contrast(WCAG.luminance(0x000000), WCAG.luminance(0xFFFFFF)), 21, accuracy: 1e-9)
    }

    func testImageContrastNeedsThree() throws {
        let pixels = screen(scale: 2, boxes: [(200, 0, 60, 60, 0xC4C4C6, 0xFFFFFF), (200, 100, 60, 60, 0x333333, 0xFFFFFF)])
        let found = try F.audit(dump, rules: [.imageContrast], pixels: pixels).of(.imageContrast)
        XCTAssertEqual(found.map(\.text), ["Chevron"])
        XCTAssertEqual(found.first?.number("ratio"), 1.74)
        XCTAssertEqual(found.first?.number("required"), 3)
    }

    func testWithoutPixelsTheContrastRulesAreSkipped() throws {
        let report = try F.audit(dump, rules: [.textContrast, .imageContrast])
        XCTAssertTrue(report.findings.isEmpty)
        XCTAssertNotNil(report.skipped[.textContrast])
        XCTAssertNil(report.audited[.textContrast])
    }

    func testTheMoreFrequentSideIsTheBackground() {
        // White text on a blue field: blue has most pixels, so it is the background.
        var pixels = [UInt32](repeating: 0x007AFF, count: 100)
        for i in 0..<30 { pixels[i] = 0xFFFFFF }
        let swatch = ContrastSwatch(pixels: pixels)
        XCTAssertEqual(swatch.background, 0x007AFF)
        XCTAssertEqual(swatch.foreground, 0xFFFFFF)
        XCTAssertEqual(ContrastSwatch(pixels: [UInt32](repeating: 0x123456, count: 10)).foreground, 0x123456)
    }
}
