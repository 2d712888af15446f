import Foundation

/// Source: https://developer.apple.com/documentation/uikit/uinavigationitem
/// (`@MainActor open class UINavigationItem : NSObject`; `init(title: String)`, `var title: String?`).
@MainActor
open class UINavigationItem: NSObject {
    open var title: String?
    public init(title: String) {
        self.title = title
        super.init()
    }
}

/// Source: https://developer.apple.com/documentation/uikit/uiviewcontroller
/// (`@MainActor open class UIViewController : UIResponder`; `init(nibName: String?, bundle:
/// Bundle?)`, `var view: UIView!` (loaded on first use), `var viewIfLoaded: UIView? { get }`
/// iOS 9, `var isViewLoaded: Bool { get }`, `func loadView()`, `var title: String?`,
/// `var navigationItem: UINavigationItem { get }`). The controller is its view's next responder.
@MainActor
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    open var title: String?
    public private(set) lazy var navigationItem = UINavigationItem(title: "")

    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public convenience override init() { self.init(nibName: nil, bundle: nil) }

    open func loadView() { view = UIView(frame: .zero) }

    open var view: UIView! {
        get {
            if loadedView == nil { loadView() }
            return loadedView
        }
        set {
            loadedView?.owningController = nil
            loadedView = newValue
            newValue?.owningController = self
        }
    }
    open var viewIfLoaded: UIView? { loadedView }
    open var isViewLoaded: Bool { loadedView != nil }
}
