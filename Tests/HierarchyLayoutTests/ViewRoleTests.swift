import HierarchyLayout
import XCTest

final class ViewRoleTests: XCTestCase {
    private func assertRoles(_ expected: [String: ViewRole], file: StaticString = #filePath, line: UInt = #line) {
        for (name, role) in expected.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(ViewRole.classify(name), role, name, file: file, line: line)
        }
    }

    func testUIKit() {
        assertRoles([
            "UIView": .container, "UIWindow": .container, "UILabel": .text, "UIButton": .button, "UIButtonLabel": .text,
            "UIImageView": .image, "UITextField": .input, "UISearchBar": .input, "UITextView": .text, "UISwitch": .toggle,
            "UISlider": .control, "UIProgressView": .control, "UISegmentedControl": .control, "UIPageControl": .control,
            "UITableView": .list, "UICollectionView": .list, "UIScrollView": .list, "UITableViewCell": .cell,
            "UICollectionViewCell": .cell, "UITableViewCellContentView": .container, "UINavigationBar": .bar,
            "UITabBar": .bar, "UIToolbar": .bar, "_UIBarBackground": .bar, "UITabBarButton": .button,
            "_UIButtonBarButton": .button, "WKWebView": .web, "UIActivityIndicatorView": .control,
            "MyApp.ProfileHeaderView": .container, "MyApp.AvatarImageView": .image,
        ])
    }

    func testXCUITest() {
        assertRoles([
            "XCUIElementTypeOther": .container, "XCUIElementTypeApplication": .container, "XCUIElementTypeWindow": .container,
            "XCUIElementTypeStaticText": .text, "XCUIElementTypeButton": .button, "XCUIElementTypeLink": .button,
            "XCUIElementTypeImage": .image, "XCUIElementTypeIcon": .image, "XCUIElementTypeTextField": .input,
            "XCUIElementTypeSecureTextField": .input, "XCUIElementTypeSearchField": .input, "XCUIElementTypeSwitch": .toggle,
            "XCUIElementTypeCell": .cell, "XCUIElementTypeTable": .list, "XCUIElementTypeCollectionView": .list,
            "XCUIElementTypeScrollView": .list, "XCUIElementTypeNavigationBar": .bar, "XCUIElementTypeTabBar": .bar,
            "XCUIElementTypeStatusBar": .bar, "XCUIElementTypeToolbar": .bar, "XCUIElementTypeSlider": .control,
            "XCUIElementTypePageIndicator": .control, "XCUIElementTypeKeyboard": .container, "XCUIElementTypeKey": .button,
            "XCUIElementTypeWebView": .web,
        ])
    }

    func testAndroidAndCompose() {
        assertRoles([
            "android.widget.FrameLayout": .container, "android.widget.LinearLayout": .container, "android.view.View": .container,
            "android.view.ViewGroup": .container, "android.widget.TextView": .text, "android.widget.Button": .button,
            "android.widget.ImageButton": .button, "android.widget.ImageView": .image, "android.widget.EditText": .input,
            "android.widget.Switch": .toggle, "android.widget.CheckBox": .toggle, "android.widget.RadioButton": .toggle,
            "android.widget.CheckedTextView": .toggle, "android.widget.ToggleButton": .toggle, "android.widget.SeekBar": .control,
            "android.widget.ProgressBar": .control, "android.widget.Spinner": .control, "android.widget.ScrollView": .list,
            "android.widget.ListView": .list, "androidx.recyclerview.widget.RecyclerView": .list,
            "androidx.viewpager.widget.ViewPager": .list, "android.widget.Toolbar": .bar,
            "androidx.appcompat.widget.Toolbar": .bar, "com.google.android.material.bottomnavigation.BottomNavigationView": .bar,
            "com.google.android.material.bottomnavigation.BottomNavigationItemView": .button,
            "com.google.android.material.tabs.TabLayout$TabView": .button, "com.google.android.material.button.MaterialButton": .button,
            "com.google.android.material.card.MaterialCardView": .cell, "androidx.cardview.widget.CardView": .cell,
            "com.google.android.material.floatingactionbutton.FloatingActionButton": .button,
            "com.google.android.material.chip.Chip": .button, "com.google.android.material.textfield.TextInputEditText": .input,
            "androidx.appcompat.widget.SwitchCompat": .toggle, "androidx.compose.ui.platform.ComposeView": .container,
            "android.webkit.WebView": .web, "androidx.appcompat.widget.AppCompatImageView": .image,
        ])
    }

    func testUnknownNamesAreContainers() {
        assertRoles(["": .container, "View": .container, "Qwerty": .container])
    }
}
