/// What a view is for, read from its class name, on all three platforms: UIKit (`UIButton`),
/// XCUITest (`XCUIElementTypeButton`, Appium's iOS page source), Android (`android.widget.Button`)
/// and the common androidx, Material and Compose classes.
public enum ViewRole: String, CaseIterable, Hashable, Sendable {
    /// Anything that only holds other views (UIView, FrameLayout, XCUIElementTypeOther…).
    case container
    /// A scrolling list, grid or pager.
    case list
    /// One row or tile of a list, or a card.
    case cell
    /// A navigation, tab, tool, status or app bar.
    case bar
    case text
    case button
    case image
    /// Where the user types: text fields, search fields, editable text views.
    case input
    /// An on/off control: switches, check boxes, radio buttons, toggle buttons.
    case toggle
    /// Other controls: sliders, progress bars, steppers, pickers, segmented controls, page dots.
    case control
    case web

    /// The role of a view of class `className` (case-insensitive; any package or module prefix
    /// and nested-class suffix is ignored).
    public static func classify(_ className: String) -> ViewRole {
        let name = simpleName(className)
        for (fragment, role) in rules where name.contains(fragment) { return role }
        return .container
    }

    /// "android.widget.TextView" → "textview"; "XCUIElementTypeButton" → "button";
    /// "Outer$Inner" → "inner"; "MyApp.FancyButton" → "fancybutton".
    static func simpleName(_ className: String) -> String {
        var name = Substring(className)
        if let dot = name.lastIndex(of: ".") { name = name[name.index(after: dot)...] }
        if let dollar = name.lastIndex(of: "$") { name = name[name.index(after: dollar)...] }
        if name.hasPrefix("XCUIElementType") { name = name.dropFirst("XCUIElementType".count) }
        return name.lowercased()
    }

    /// Fragments of class names, the more specific first: the first one a name contains wins
    /// ("searchbar" is an input before a bar; "progressbar" a control; "tableviewcell" a cell
    /// before "tableview" is a list; "imagebutton" a button before an image; "uibuttonlabel" text).
    static let rules: [(String, ViewRole)] = [
        ("cellcontentview", .container), ("keyboard", .container), ("webview", .web), ("wkcontentview", .web),
        ("switch", .toggle), ("toggle", .toggle), ("checkbox", .toggle), ("radiobutton", .toggle), ("checkedtextview", .toggle),
        ("searchbar", .input), ("searchfield", .input), ("textfield", .input), ("edittext", .input),
        ("autocomplete", .input), ("textinput", .input), ("securetext", .input),
        ("progress", .control), ("seekbar", .control), ("ratingbar", .control), ("slider", .control), ("stepper", .control),
        ("segmented", .control), ("pageindicator", .control), ("pagecontrol", .control), ("picker", .control),
        ("spinner", .control), ("activityindicator", .control),
        ("cell", .cell), ("cardview", .cell), ("card", .cell), ("listitem", .cell),
        ("textview", .text), ("label", .text), ("statictext", .text), ("text", .text),
        ("button", .button), ("chip", .button), ("link", .button), ("menuitem", .button), ("navigationitem", .button),
        ("floatingaction", .button), ("key", .button),
        ("tableview", .list), ("collectionview", .list), ("scrollview", .list), ("recyclerview", .list),
        ("listview", .list), ("gridview", .list), ("viewpager", .list), ("pager", .list), ("table", .list),
        ("lazycolumn", .list), ("lazyrow", .list), ("lazyvertical", .list), ("scroll", .list),
        ("navigationbar", .bar), ("tabbar", .bar), ("toolbar", .bar), ("statusbar", .bar), ("actionbar", .bar),
        ("appbar", .bar), ("bottomnavigation", .bar), ("navigationview", .bar), ("navigationrail", .bar),
        ("tablayout", .bar), ("barbackground", .bar), ("bar", .bar),
        ("tab", .button),
        ("imageview", .image), ("image", .image), ("icon", .image), ("picture", .image), ("photo", .image),
    ]
}
