import HierarchyAudit
import XCTest

/// `image-label`: a drawn image (Android's image views and buttons; iOS images that are
/// accessibility elements) without a description is a finding.
final class ImageLabelTests: XCTestCase {
    private typealias F = AuditFixture

    func testAnAndroidImageOrImageButtonWithoutADescription() throws {
        let dump = F.android(F.node("android.widget.ImageView", 100, 100, 200, 200)
            + F.node("android.widget.ImageButton", 300, 100, 400, 200, #"clickable="true""#)
            + F.node("android.widget.ImageView", 500, 100, 600, 200, #"content-desc="Logo""#)
            + F.node("android.widget.ImageView", 700, 100, 800, 200, #"content-desc="""#))
        let report = try F.audit(dump, rules: [.imageLabel])
        XCTAssertEqual(report.of(.imageLabel).count, 3, "an empty description is none")
        XCTAssertEqual(report.of(.imageLabel).map(\.severity), [.warning, .warning, .warning])
        XCTAssertEqual(report.audited[.imageLabel]?.count, 4)
    }

    func testAnImageOffTheScreenIsNotJudged() throws {
        let report = try F.audit(F.android(F.node("android.widget.ImageView", 2000, 100, 2100, 200)), rules: [.imageLabel])
        XCTAssertEqual(report.of(.imageLabel).count, 0)
        XCTAssertEqual(report.audited[.imageLabel]?.count ?? 0, 0)
    }

    func testOnIOSOnlyAccessibleImagesAreJudged() throws {
        let elements = F.element("Image", 20, 100, 60, 60, #"accessible="true""#)
            + F.element("Image", 20, 200, 60, 60, #"accessible="false""#)
            + F.element("Image", 20, 300, 60, 60, #"name="Avatar" label="Avatar" accessible="true""#)
        let report = try F.audit(F.appium(elements), rules: [.imageLabel])
        XCTAssertEqual(report.of(.imageLabel).count, 1)
        XCTAssertEqual(report.audited[.imageLabel]?.count, 2)
    }
}
