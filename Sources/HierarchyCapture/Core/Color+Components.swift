import HierarchyModel

extension Color {
    /// A colour from components in [0, 1] as UIKit and AppKit give them (extended sRGB may pass
    /// 0 or 1; NaN is read as 0): each rounded to 8 bits and clamped.
    init(unitRed red: Double, green: Double, blue: Double, alpha: Double) {
        func byte(_ value: Double) -> UInt8 { UInt8(clamping: Int(saturating: (value * 255).rounded())) }
        self.init(red: byte(red), green: byte(green), blue: byte(blue), alpha: byte(alpha))
    }
}
