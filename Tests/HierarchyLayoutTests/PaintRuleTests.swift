import HierarchyLayout
import HierarchyModel
import XCTest

/// The rule of what a synthesized texture paints: opaque backgrounds only for roles that draw
/// one, text the app draws apart from accessibility descriptions.
final class PaintRuleTests: XCTestCase {
    private func draws(_ className: String, isRoot: Bool = false) -> Bool {
        PaintRule.drawsBackground(role: ViewRole.classify(className), className: className, isRoot: isRoot)
    }

    func testOpaqueRoles() {
        for name in ["XCUIElementTypeCell", "UITableViewCell", "XCUIElementTypeNavigationBar", "android.widget.Button",
                     "XCUIElementTypeKey", "XCUIElementTypeTextField", "android.widget.EditText", "XCUIElementTypeSwitch",
                     "android.widget.ImageView", "XCUIElementTypeImage", "XCUIElementTypeTabBar", "androidx.cardview.widget.CardView"] {
            XCTAssertTrue(draws(name), name)
        }
    }

    func testContainersListsAndLabelsDrawNoBackground() {
        for name in ["XCUIElementTypeWindow", "XCUIElementTypeOther", "UIView", "UIWindow", "android.widget.FrameLayout",
                     "android.widget.LinearLayout", "android.widget.RelativeLayout", "androidx.constraintlayout.widget.ConstraintLayout",
                     "android.view.ViewGroup", "android.view.View", "XCUIElementTypeScrollView", "androidx.viewpager.widget.ViewPager",
                     "androidx.recyclerview.widget.RecyclerView", "XCUIElementTypeStaticText", "android.widget.TextView",
                     "XCUIElementTypeStatusBar", "XCUIElementTypeKeyboard", "XCUIElementTypeApplication"] {
            XCTAssertFalse(draws(name), name)
        }
    }

    func testTheRootIsTheScreensBackground() {
        XCTAssertTrue(draws("XCUIElementTypeApplication", isRoot: true))
        XCTAssertTrue(draws("hierarchy", isRoot: true))
    }

    /// A view of `className` showing `text`, with the accessibility attribute `key` saying `value`.
    private func view(_ className: String, text: String, _ key: String, _ value: String) -> ViewNode {
        var view = ViewNode(className: className, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        view.text = text
        view.attributes[key] = value
        return view
    }

    func testTextOfTextsButtonsAndInputsIsDrawn() {
        let label = view("XCUIElementTypeStaticText", text: "Wi-Fi", "label", "Wi-Fi")
        XCTAssertEqual(PaintRule.shownText(of: label, role: .text), .drawn("Wi-Fi"))
        let button = view("android.widget.Button", text: "OK", "content-desc", "OK")
        XCTAssertEqual(PaintRule.shownText(of: button, role: .button), .drawn("OK"))
    }

    func testADescriptionThatSaysMoreThanTheTextIsExtra() {
        var days = ViewNode(className: "android.widget.TextView", frame: .zero)
        days.text = "Mon, Tue"
        days.attributes["content-desc"] = "Monday, Tuesday"
        let shown = PaintRule.shownText(of: days, role: .text)
        XCTAssertEqual(PaintRule.extraDescription(of: days, shown: shown), "Monday, Tuesday")
        days.attributes["content-desc"] = "tue MON"
        XCTAssertNil(PaintRule.extraDescription(of: days, shown: shown), "the text says every word")
        let tab = view("android.widget.FrameLayout", text: "MyNews", "content-desc", "MyNews")
        XCTAssertNil(PaintRule.extraDescription(of: tab, shown: PaintRule.shownText(of: tab, role: .container)), "a description is not extra to itself")
    }

    func testContentDescriptionAndLabelOfOthersAreDescriptions() {
        let tab = view("android.widget.FrameLayout", text: "MyNews", "content-desc", "MyNews")
        XCTAssertEqual(PaintRule.shownText(of: tab, role: .container), .description("MyNews"))
        let image = view("XCUIElementTypeImage", text: "Photo of a cat", "label", "Photo of a cat")
        XCTAssertEqual(PaintRule.shownText(of: image, role: .image), .description("Photo of a cat"))
    }

    func testTextWithoutAnAccessibilityAttributeIsDrawn() {
        // A recursiveDescription's `text =` on a custom class, a document's text.
        var view = ViewNode(className: "MyBadgeView", frame: .zero)
        view.text = "3 new"
        XCTAssertEqual(PaintRule.shownText(of: view, role: .container), .drawn("3 new"))
    }

    func testStaticTextWithoutLabelShowsItsValue() {
        var label = ViewNode(className: "XCUIElementTypeStaticText", frame: .zero)
        label.attributes["value"] = "10:05"
        XCTAssertEqual(PaintRule.shownText(of: label, role: .text), .drawn("10:05"))
        label.attributes["value"] = "  "
        XCTAssertNil(PaintRule.shownText(of: label, role: .text))
    }

    func testRepeatsComparesWordsWithoutCase() {
        XCTAssertTrue(PaintRule.repeats("Wi-Fi, On", wordsOf: ["wi-fi", "ON"]))
        XCTAssertFalse(PaintRule.repeats("Wi-Fi, Off", wordsOf: ["Wi-Fi", "On"]))
        XCTAssertFalse(PaintRule.repeats("  ", wordsOf: ["x"]))
    }
}
