/// The view controller whose root view a view is (UIKit's `UIViewController.view`, AppKit's
/// `NSViewController.view`): its class and, where set, its title. Written on that root view as
/// `viewController`; the views below it belong to it until another controller's root view.
public struct ViewController: Hashable, Sendable {
    /// The controller's class, e.g. `SettingsViewController`; never empty.
    public var className: String
    /// The controller's `title`, when set and not empty.
    public var title: String?

    /// A controller of class `className` titled `title`.
    public init(className: String, title: String? = nil) {
        self.className = className
        self.title = title
    }

    /// `Class` or `Class "Title"`: how `layout`, `pick` and the viewer name it.
    public var summary: String {
        guard let title else { return className }
        return "\(className) \"\(title)\""
    }
}
