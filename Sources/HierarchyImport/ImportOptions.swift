/// Choices the dumps cannot make themselves.
public struct ImportOptions: Hashable, Sendable {
    /// Pixels per point of a uiautomator dump: every coordinate is divided by it. 1 keeps one point a pixel.
    public var density: Double
    /// Hides Appium elements whose `visible` is "false". Off by default: `visible` is WebDriverAgent's
    /// accessibility guess, not UIKit's `isHidden`, and it is kept in the node's extras either way.
    public var respectVisible: Bool

    public init(density: Double = 1, respectVisible: Bool = false) {
        self.density = density
        self.respectVisible = respectVisible
    }
}
