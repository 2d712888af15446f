import HierarchyAudit
import XCTest

/// Each rule on small uiautomator dumps: a finding and a near miss (density 1, so pixels are dp).
final class AndroidRulesTests: XCTestCase {
    private typealias F = AuditFixture

    func testSmallClickableIsAnErrorAndFortyEightPasses() throws {
        let dump = F.android(F.node("android.widget.ImageButton", 100, 100, 140, 140, #"clickable="true" content-desc="Search""#)
            + F.node("android.widget.ImageButton", 300, 300, 348, 348, #"clickable="true" content-desc="Share""#))
        let found = try F.audit(dump, rules: [.touchTargetSize]).of(.touchTargetSize)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.severity, .error)
        XCTAssertEqual(found.first?.text, "Search")
        XCTAssertEqual(found.first?.number("width"), 40)
        XCTAssertEqual(found.first?.number("required"), 48)
        XCTAssertEqual(try F.audit(dump, rules: [.touchTargetSize]).audited[.touchTargetSize]?.count, 2)
    }

    func testAnAxisAtTheScreensEdgeNeedsOnly32() throws {
        // 40 wide against the left edge passes its width (32 needed) but not its 40 height (48 needed).
        let dump = F.android(F.node("android.widget.Button", 0, 500, 40, 540, #"clickable="true" text="A""#)
            + F.node("android.widget.Button", 0, 600, 40, 648, #"clickable="true" text="B""#))
        let found = try F.audit(dump, rules: [.touchTargetSize]).of(.touchTargetSize)
        XCTAssertEqual(found.map(\.text), ["A"])
        XCTAssertEqual(found.first?.number("requiredWidth"), 32)
        XCTAssertEqual(found.first?.number("requiredHeight"), 48)
    }

    func testSizesRoundToWholeDpAsATFDoes() throws {
        // 95 px at density 2 is 47.5 dp, which rounds to 48; 93 px is 46.5 → 47 (Java's Math.round).
        let dump = F.android(F.node("android.widget.Button", 200, 200, 295, 295, #"clickable="true" text="Round""#)
            + F.node("android.widget.Button", 400, 400, 493, 493, #"clickable="true" text="Small""#))
        let found = try F.audit(dump, rules: [.touchTargetSize], options: AuditOptions(unitsPerPoint: 2)).of(.touchTargetSize)
        XCTAssertEqual(found.map(\.text), ["Small"])
        XCTAssertEqual(found.first?.number("width"), 47)
    }

    func testAClickableAncestorLowersTheErrorToAWarning() throws {
        let child = F.node("android.widget.TextView", 120, 120, 300, 150, #"clickable="true" text="Terms""#)
        let dump = F.android(F.node("android.widget.LinearLayout", 100, 100, 400, 200, #"clickable="true""#, children: child))
        let found = try F.audit(dump, rules: [.touchTargetSize]).of(.touchTargetSize)
        XCTAssertEqual(found.map(\.severity), [.warning])
        XCTAssertTrue(found[0].message.contains("clickable ancestor"), found[0].message)
    }

    func testATargetAtAScrollingContainersEdgeIsNotJudged() throws {
        let rows = F.node("android.widget.Button", 0, 1000, 300, 1030, #"clickable="true" text="Cut""#)
            + F.node("android.widget.Button", 100, 1100, 300, 1130, #"clickable="true" text="Inside""#)
        let dump = F.android(F.node("androidx.recyclerview.widget.RecyclerView", 0, 1000, 1080, 1500, #"scrollable="true""#, children: rows))
        XCTAssertEqual(try F.audit(dump, rules: [.touchTargetSize]).of(.touchTargetSize).map(\.text), ["Inside"])
    }

    func testMinTargetReplacesFortyEight() throws {
        let dump = F.android(F.node("android.widget.Button", 200, 200, 230, 230, #"clickable="true" text="X""#))
        XCTAssertEqual(try F.audit(dump, rules: [.touchTargetSize], options: AuditOptions(minTarget: 24)).of(.touchTargetSize).count, 0)
        XCTAssertEqual(try F.audit(dump, rules: [.touchTargetSize], options: AuditOptions(minTarget: 32)).of(.touchTargetSize).count, 1)
    }

    func testAClickableLeafWithNothingToSayIsMissingItsLabel() throws {
        let dump = F.android(F.node("android.widget.ImageButton", 100, 100, 200, 200, #"clickable="true""#)
            + F.node("android.widget.ImageButton", 300, 100, 400, 200, #"clickable="true" content-desc="Play""#))
        let found = try F.audit(dump, rules: [.missingLabel]).of(.missingLabel)
        XCTAssertEqual(found.map(\.path), ["0.0.0"])
        XCTAssertEqual(found.first?.severity, .error)
    }

    func testAClickableGroupSpeaksItsChildrensText() throws {
        let speaking = F.node("android.widget.LinearLayout", 0, 100, 1080, 300, #"clickable="true""#,
                              children: F.node("android.widget.TextView", 20, 120, 500, 180, #"text="Wi-Fi""#))
        let silent = F.node("android.widget.LinearLayout", 0, 400, 1080, 600, #"clickable="true""#,
                            children: F.node("android.widget.ImageButton", 20, 420, 200, 580, #"clickable="true""#))
        let found = try F.audit(F.android(speaking + silent), rules: [.missingLabel]).of(.missingLabel)
        // ATF: the group with a text child speaks it; the silent group is not focused (it has a
        // focusable child and nothing to say), but its unlabelled button is.
        XCTAssertEqual(found.map(\.className), ["android.widget.ImageButton"])
    }

    func testASwitchSpeaksItsState() throws {
        let dump = F.android(F.node("android.widget.Switch", 900, 100, 1000, 200, #"clickable="true" checkable="true" checked="false""#))
        XCTAssertEqual(try F.audit(dump, rules: [.missingLabel]).of(.missingLabel).count, 0)
    }

    func testDuplicateLabelsOnClickableViewsWarnOnceAndOthersInform() throws {
        let dump = F.android(
            F.node("android.widget.Button", 0, 100, 200, 200, #"clickable="true" text="OK""#)
                + F.node("android.widget.Button", 300, 100, 500, 200, #"clickable="true" text="OK""#)
                + F.node("android.widget.Button", 600, 100, 800, 200, #"clickable="true" text="Cancel""#)
                + F.node("android.widget.TextView", 0, 300, 400, 360, #"text="Hello""#)
                + F.node("android.widget.TextView", 0, 400, 400, 460, #"text="Hello""#))
        let found = try F.audit(dump, rules: [.duplicateLabel]).of(.duplicateLabel)
        XCTAssertEqual(found.map(\.severity), [.warning, .info])
        XCTAssertEqual(found.map(\.path), ["0.0.0", "0.0.3"])
        XCTAssertEqual(found[0].number("others"), 1)
    }

    func testClickableViewsWithTheSameBoundsAreOneError() throws {
        let dump = F.android(
            F.node("android.widget.Button", 0, 100, 200, 200, #"clickable="true" text="A""#)
                + F.node("android.view.View", 0, 100, 200, 200, #"clickable="true""#)
                + F.node("android.widget.Button", 0, 300, 200, 400, #"clickable="true" text="B""#)
                + F.node("android.view.View", 1, 300, 200, 400, #"clickable="true""#))
        let found = try F.audit(dump, rules: [.duplicateBounds]).of(.duplicateBounds)
        XCTAssertEqual(found.map(\.text), ["A"])
        XCTAssertEqual(found.first?.related.count, 1)
    }

    func testADescriptionNamingTheTypeIsRedundant() throws {
        let dump = F.android(
            F.node("android.widget.ImageButton", 0, 100, 200, 200, #"clickable="true" content-desc="Play button""#)
                + F.node("android.widget.ImageButton", 0, 300, 200, 400, #"clickable="true" content-desc="Buttons and taps""#)
                + F.node("android.widget.CheckBox", 0, 500, 200, 600, #"clickable="true" content-desc="Unchecked box""#))
        let found = try F.audit(dump, rules: [.redundantDescription]).of(.redundantDescription)
        XCTAssertEqual(found.map(\.path), ["0.0.0", "0.0.2"])
        XCTAssertEqual(found.first?.value("words"), .strings(["button"]))
        XCTAssertEqual(found.last?.value("words"), .strings(["unchecked"]))
    }

    func testAnEditTextWithADescriptionIsAnError() throws {
        let dump = F.android(
            F.node("android.widget.EditText", 0, 100, 600, 200, #"clickable="true" content-desc="Name""#)
                + F.node("android.widget.EditText", 0, 300, 600, 400, #"clickable="true" hint="Email""#))
        let found = try F.audit(dump, rules: [.editableDescription]).of(.editableDescription)
        XCTAssertEqual(found.map(\.path), ["0.0.0"])
        XCTAssertEqual(found.first?.severity, .error)
    }

    func testAnImageWithoutDescriptionIsAWarning() throws {
        let dump = F.android(
            F.node("android.widget.ImageView", 0, 100, 200, 200)
                + F.node("android.widget.ImageView", 0, 300, 200, 400, #"content-desc="Logo""#))
        let found = try F.audit(dump, rules: [.imageLabel]).of(.imageLabel)
        XCTAssertEqual(found.map(\.path), ["0.0.0"])
        XCTAssertEqual(found.first?.severity, .warning)
    }

    func testATargetMostlyCoveredByAViewInFrontIsObscured() throws {
        // A 200×100 button; a clickable banner in front covers 60% of the first and 40% of the second.
        let dump = F.android(
            F.node("android.widget.Button", 0, 100, 200, 200, #"clickable="true" text="Hidden""#)
                + F.node("android.widget.Button", 400, 100, 600, 200, #"clickable="true" text="Shown""#)
                + F.node("android.widget.FrameLayout", 0, 100, 120, 200, #"clickable="true" content-desc="Banner""#)
                + F.node("android.widget.FrameLayout", 400, 100, 480, 200, #"clickable="true" content-desc="Chip""#))
        let found = try F.audit(dump, rules: [.obscuredTarget]).of(.obscuredTarget)
        XCTAssertEqual(found.map(\.text), ["Hidden"])
        XCTAssertEqual(found.first?.number("visible"), 0.4)
        XCTAssertTrue(found.first!.message.contains("Banner"), found.first!.message)
    }

    func testATargetOffTheScreenIsInformation() throws {
        let dump = F.android(
            F.node("android.widget.Button", 2000, 100, 2200, 200, #"clickable="true" text="Away""#)
                + F.node("android.widget.Button", 900, 100, 1100, 200, #"clickable="true" text="Half""#))
        let found = try F.audit(dump, rules: [.offscreenTarget]).of(.offscreenTarget)
        XCTAssertEqual(found.map(\.text), ["Away"])
        XCTAssertEqual(found.first?.severity, .info)
        XCTAssertEqual(found.first?.frame.x, 2000)
    }

    func testTheDensityOfAPhoneIsInferredFromItsWidth() {
        XCTAssertEqual(AuditOptions.inferredDensity(screenWidth: 1080), 2.625)
        XCTAssertEqual(AuditOptions.inferredDensity(screenWidth: 1440), 3.5)
        XCTAssertEqual(AuditOptions.inferredDensity(screenWidth: 720), 2)
        XCTAssertEqual(AuditOptions.inferredDensity(screenWidth: 411), 1)
    }
}
