import Foundation
@_spi(StandIn) import CoreGraphics

/// Source: https://developer.apple.com/documentation/uikit/uilabel
/// (`@MainActor open class UILabel : UIView`; `var text: String?`).
@MainActor
open class UILabel: UIView {
    open var text: String?
    open override func draw(_ rect: CGRect) {
        if let text { UIGraphicsGetCurrentContext()?.standInDrawText(text, in: bounds) }
    }
}

/// Source: https://developer.apple.com/documentation/uikit/uicontrol
/// (`@MainActor open class UIControl : UIView`; `struct State : OptionSet` with `rawValue: UInt`,
/// normal 0, highlighted 1, disabled 2, selected 4).
@MainActor
open class UIControl: UIView {
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }
}

/// Source: https://developer.apple.com/documentation/uikit/uitextfield
/// (`@MainActor open class UITextField : UIControl`; `var text: String?`; `isSecureTextEntry:
/// Bool` from UITextInputTraits, https://developer.apple.com/documentation/uikit/uitextinputtraits/issecuretextentry).
/// A secure field draws its text as bullets, but the character typed last shows for a moment,
/// as on a device.
@MainActor
open class UITextField: UIControl {
    open var text: String?
    open var isSecureTextEntry = false
    open override func draw(_ rect: CGRect) {
        guard let text else { return }
        let shown = isSecureTextEntry ? String(repeating: "\u{2022}", count: max(0, text.count - 1)) + String(text.suffix(1)) : text
        UIGraphicsGetCurrentContext()?.standInDrawText(shown, in: bounds)
    }
}

/// Source: https://developer.apple.com/documentation/uikit/uiscrollview
/// (`@MainActor open class UIScrollView : UIView`; `var contentOffset: CGPoint`, which is
/// `bounds.origin`).
@MainActor
open class UIScrollView: UIView {
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { bounds.origin = newValue }
    }
}

/// Source: https://developer.apple.com/documentation/uikit/uitextview
/// (`@MainActor open class UITextView : UIScrollView`; `var text: String!`; `isSecureTextEntry`
/// from UITextInputTraits).
@MainActor
open class UITextView: UIScrollView {
    open var text: String! = ""
    open var isSecureTextEntry = false
    open override func draw(_ rect: CGRect) {
        guard let text else { return }
        UIGraphicsGetCurrentContext()?.standInDrawText(isSecureTextEntry ? String(repeating: "\u{2022}", count: text.count) : text, in: bounds)
    }
}

/// Source: https://developer.apple.com/documentation/uikit/uibutton
/// (`@MainActor open class UIButton : UIControl`; `func setTitle(_ title: String?, for state:
/// UIControl.State)`, `var currentTitle: String? { get }`).
@MainActor
open class UIButton: UIControl {
    private var titles: [UInt: String] = [:]
    open func setTitle(_ title: String?, for state: UIControl.State) { titles[state.rawValue] = title }
    open var currentTitle: String? { titles[UIControl.State.normal.rawValue] }
    open override func draw(_ rect: CGRect) {
        if let currentTitle { UIGraphicsGetCurrentContext()?.standInDrawText(currentTitle, in: bounds) }
    }
}
