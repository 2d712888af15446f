/// What an audit checks and how it measures.
public struct AuditOptions: Hashable, Sendable {
    /// The rules to run; all of them by default.
    public var rules: Set<AuditRule>
    /// Whose conventions to follow; nil reads it from the class names (`AuditPlatform.detect`).
    public var platform: AuditPlatform?
    /// How many of the layout's units make one dp (Android) or point (iOS): an Android dump read
    /// without `--density` is in pixels, so this is its density; 1 otherwise.
    public var unitsPerPoint: Double
    /// The touch-target size asked for instead of 48 dp / 44 pt (`--min-target`).
    public var minTarget: Double?

    public init(rules: Set<AuditRule> = Set(AuditRule.allCases), platform: AuditPlatform? = nil,
                unitsPerPoint: Double = 1, minTarget: Double? = nil) {
        self.rules = rules
        self.platform = platform
        self.unitsPerPoint = unitsPerPoint
        self.minTarget = minTarget
    }
}

/// The screen's pixels, for the contrast rules: 8-bit RGBA rows, top to bottom, and how many
/// pixels make one of the layout's units.
public struct AuditPixels: Hashable, Sendable {
    public var width: Int
    public var height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha (straight).
    public var rgba: [UInt8]
    /// Pixels per layout unit.
    public var scale: Double

    public init(width: Int, height: Int, rgba: [UInt8], scale: Double) {
        precondition(rgba.count == width * height * 4, "expected \(width * height * 4) bytes, got \(rgba.count)")
        self.width = width
        self.height = height
        self.rgba = rgba
        self.scale = scale
    }

}

extension AuditOptions {
    /// The densities Android devices use (ldpi to xxxhdpi, with the common in-between ones).
    public static let androidDensities: [Double] = [0.75, 1, 1.5, 2, 2.625, 2.75, 3, 3.5, 4]

    /// The density of an Android screen `pixels` wide (its shorter side), guessed: the standard
    /// density that makes it a phone's 360–430 dp, the nearest to 411 dp (the most common phone
    /// width) when several do; else the width over 411, to an eighth.
    public static func inferredDensity(screenWidth pixels: Double) -> Double {
        let fits = androidDensities.filter { (360...430).contains(pixels / $0) }
        if let best = fits.min(by: { abs(pixels / $0 - 411) < abs(pixels / $1 - 411) }) { return best }
        return max(0.75, (pixels / 411 * 8).rounded() / 8)
    }
}
