import HierarchyAudit
import XCTest

/// The rules on made Appium page sources and recursiveDescriptions: a finding and a near miss each.
final class IOSRulesTests: XCTestCase {
    private typealias F = AuditFixture

    func testAppiumButtonsUnder44PointsAreErrors() throws {
        let page = F.appium(F.element("Button", 20, 100, 30, 30, #"name="close" label="Close" accessible="true""#)
            + F.element("Button", 100, 100, 44, 44, #"name="ok" label="OK" accessible="true""#)
            + F.element("StaticText", 200, 100, 20, 20, #"label="Tiny" accessible="true""#))
        let found = try F.audit(page, rules: [.touchTargetSize]).of(.touchTargetSize)
        XCTAssertEqual(found.map(\.text), ["Close"])
        XCTAssertEqual(found.first?.number("required"), 44)
        XCTAssertEqual(found.first?.value("unit"), .string("pt"))
        XCTAssertEqual(try F.audit(page, rules: [.touchTargetSize], options: AuditOptions(minTarget: 24)).of(.touchTargetSize).count, 0)
    }

    func testHittableCellsAreTargetsAndOtherCellsAreNot() throws {
        let page = F.appium(F.element("Cell", 0, 100, 390, 30, #"hittable="true" label="Row""#)
            + F.element("Cell", 0, 200, 390, 30, #"hittable="false" label="Other""#))
        XCTAssertEqual(try F.audit(page, rules: [.touchTargetSize]).of(.touchTargetSize).map(\.text), ["Row"])
    }

    func testAnAccessibleButtonWithoutALabelIsMissingIt() throws {
        let page = F.appium(F.element("Button", 20, 100, 60, 60, #"name="icon-button" accessible="true""#)
            + F.element("Button", 100, 100, 60, 60, #"name="share" label="Share" accessible="true""#))
        let found = try F.audit(page, rules: [.missingLabel]).of(.missingLabel)
        XCTAssertEqual(found.map(\.id), ["0.0.0"])
        XCTAssertEqual(found.first?.severity, .error)
    }

    func testAnAccessibleImageWithoutALabelAndARedundantLabel() throws {
        let page = F.appium(F.element("Image", 20, 100, 60, 60, #"accessible="true""#)
            + F.element("Image", 100, 100, 60, 60, #"label="Avatar" accessible="true""#)
            + F.element("Button", 200, 100, 60, 60, #"label="Close button" accessible="true""#))
        XCTAssertEqual(try F.audit(page, rules: [.imageLabel]).of(.imageLabel).map(\.id), ["0.0.0"])
        XCTAssertEqual(try F.audit(page, rules: [.redundantDescription]).of(.redundantDescription).map(\.text), ["Close button"])
    }

    func testRecursiveDescriptionButtonsAreMeasuredInPoints() throws {
        let dump = F.description([
            "   | <UIButton: 0x7f02; frame = (10 100; 30 30); opaque = NO; layer = <CALayer: 0x6002>>",
            "   |    | <UIButtonLabel: 0x7f03; frame = (0 0; 30 30); text = 'Go'; layer = <CALayer: 0x6003>>",
            "   | <UIButton: 0x7f04; frame = (100 100; 44 44); opaque = NO; layer = <CALayer: 0x6004>>",
        ])
        let found = try F.audit(dump, rules: [.touchTargetSize]).of(.touchTargetSize)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.className, "UIButton")
        XCTAssertEqual(found.first?.number("width"), 30)
    }

    func testRecursiveDescriptionDuplicateBoundsAndMissingLabel() throws {
        let dump = F.description([
            "   | <UIButton: 0x7f02; frame = (10 100; 60 60); layer = <CALayer: 0x6002>>",
            "   | <UISwitch: 0x7f05; frame = (10 100; 60 60); layer = <CALayer: 0x6005>>",
            "   | <UIButton: 0x7f06; frame = (100 300; 60 60); title = 'Save'; layer = <CALayer: 0x6006>>",
        ])
        let report = try F.audit(dump, rules: [.duplicateBounds, .missingLabel])
        XCTAssertEqual(report.of(.duplicateBounds).map(\.className), ["UIButton"])
        XCTAssertEqual(report.of(.missingLabel).map(\.className), ["UIButton", "UISwitch"])
    }

    func testRecursiveDescriptionObscuredAndOffscreen() throws {
        let dump = F.description([
            "   | <UIButton: 0x7f02; frame = (0 100; 100 100); title = 'Under'; layer = <CALayer: 0x6002>>",
            "   | <UIView: 0x7f07; frame = (0 100; 390 80); backgroundColor = UIExtendedSRGBColorSpace 1 1 1 1; layer = <CALayer: 0x6007>>",
            "   | <UIButton: 0x7f08; frame = (0 400; 100 100); title = 'Clear'; layer = <CALayer: 0x6008>>",
            "   | <UIButton: 0x7f09; frame = (0 900; 100 100); title = 'Below'; layer = <CALayer: 0x6009>>",
        ])
        let report = try F.audit(dump, rules: [.obscuredTarget, .offscreenTarget])
        XCTAssertEqual(report.of(.obscuredTarget).map(\.text), ["Under"])
        XCTAssertEqual(report.of(.offscreenTarget).map(\.text), ["Below"])
    }
}
