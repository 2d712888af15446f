import Foundation

/// Source: https://developer.apple.com/documentation/uikit/uicoordinatespace
/// (`@MainActor public protocol UICoordinateSpace : NSObjectProtocol`; `var bounds: CGRect { get }`).
@MainActor
public protocol UICoordinateSpace: NSObjectProtocol {
    var bounds: CGRect { get }
}

extension UIScreen: UICoordinateSpace {}

/// Source: https://developer.apple.com/documentation/uikit/uiscene (`@MainActor open class
/// UIScene : UIResponder` iOS 13; `var activationState: UIScene.ActivationState { get }`;
/// `enum ActivationState : Int`: unattached -1, foregroundActive 0, foregroundInactive 1, background 2).
@MainActor
open class UIScene: UIResponder {
    public enum ActivationState: Int, Sendable {
        case unattached = -1, foregroundActive, foregroundInactive, background
    }
    open internal(set) var activationState: ActivationState

    init(state: ActivationState) {
        activationState = state
        super.init()
    }
}

/// Source: https://developer.apple.com/documentation/uikit/uiwindowscene (`@MainActor open class
/// UIWindowScene : UIScene` iOS 13; `var windows: [UIWindow] { get }`, `var keyWindow: UIWindow?
/// { get }` iOS 15, `var screen: UIScreen { get }`, `var coordinateSpace: any UICoordinateSpace
/// { get }`, `var traitCollection: UITraitCollection { get }`). `windows` lists the app's
/// windows of the scene in the order they were attached: the keyboard (hosted by another
/// process) and the status bar (drawn by the system) are not among them.
@MainActor
open class UIWindowScene: UIScene {
    open private(set) var windows: [UIWindow] = []
    open private(set) var screen: UIScreen
    weak var keyWindowStandIn: UIWindow?
    open var keyWindow: UIWindow? { keyWindowStandIn }
    open var coordinateSpace: any UICoordinateSpace { screen }
    open var traitCollection: UITraitCollection { UITraitCollection(style: .light, scale: screen.scale) }

    /// Not Apple's (a scene comes from a session): a scene on `screen`, connected to the app.
    @_spi(StandIn) public init(standInScreen screen: UIScreen, activationState: UIScene.ActivationState) {
        self.screen = screen
        super.init(state: activationState)
        UIApplication.shared.connectedScenesStandIn.append(self)
    }

    func attach(_ window: UIWindow) { if !windows.contains(where: { $0 === window }) { windows.append(window) } }
    func detach(_ window: UIWindow) { windows.removeAll { $0 === window } }
}

/// Source: https://developer.apple.com/documentation/uikit/uiapplication (`@MainActor open class
/// UIApplication : UIResponder`; `class var shared: UIApplication { get }`,
/// `var connectedScenes: Set<UIScene> { get }` iOS 13: a set, in no particular order).
@MainActor
open class UIApplication: UIResponder {
    public static let shared = UIApplication()
    var connectedScenesStandIn: [UIScene] = []
    weak var keyWindowStandIn: UIWindow?
    open var connectedScenes: Set<UIScene> { Set(connectedScenesStandIn) }

    /// Not Apple's: disconnects every scene (between tests).
    @_spi(StandIn) public func standInDisconnectAll() {
        connectedScenesStandIn = []
        keyWindowStandIn = nil
    }
}

/// Source: https://developer.apple.com/documentation/objectivec/1418504-class_getsuperclass
/// (`func class_getSuperclass(_ cls: AnyClass?) -> AnyClass?`, the Objective-C runtime, which
/// UIKit re-exports through Foundation). On Linux the Swift runtime answers.
public func class_getSuperclass(_ cls: AnyClass?) -> AnyClass? {
    cls.flatMap { _getSuperclass($0) }
}
