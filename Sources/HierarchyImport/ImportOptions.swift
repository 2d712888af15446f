import HierarchyModel

/// Choices the dumps cannot make themselves.
public struct ImportOptions: Hashable, Sendable {
    /// Pixels per point of a dump in pixels (uiautomator, Espresso, Maestro on Android, Sentry on
    /// Android): every coordinate is divided by it. 1 keeps one point a pixel.
    public var density: Double
    /// Hides Appium elements whose `visible` is "false". Off by default: `visible` is WebDriverAgent's
    /// accessibility guess, not UIKit's `isHidden`, and it is kept in the node's extras either way.
    public var respectVisible: Bool
    /// Which hierarchy of a file that holds several (a log with two failures) is read, from 1; the
    /// first when nil.
    public var index: Int?

    public init(density: Double = 1, respectVisible: Bool = false, index: Int? = nil) {
        self.density = density
        self.respectVisible = respectVisible
        self.index = index
    }

    /// The density, checked: a finite number > 0.
    func checkedDensity() throws(InputError) -> Double {
        guard density.isFinite, density > 0 else {
            throw InputError(location: "density", "expected a number > 0, got \(DescriptionValue.shown(density))")
        }
        return density
    }
}
