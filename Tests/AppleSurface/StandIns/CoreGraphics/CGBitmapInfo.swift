/// Source: https://developer.apple.com/documentation/coregraphics/cgimagealphainfo
/// (`enum CGImageAlphaInfo: UInt32`: none 0, premultipliedLast 1, premultipliedFirst 2, last 3,
/// first 4, noneSkipLast 5, noneSkipFirst 6, alphaOnly 7).
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

/// Source: https://developer.apple.com/documentation/coregraphics/cgbitmapinfo
/// (`struct CGBitmapInfo: OptionSet`, `rawValue: UInt32`, `alphaInfoMask` 0x1F).
public struct CGBitmapInfo: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
}

/// Source: https://developer.apple.com/documentation/coregraphics/cgcolorrenderingintent
public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent = 0, absoluteColorimetric, relativeColorimetric, perceptual, saturation
}

/// Source: https://developer.apple.com/documentation/coregraphics/cginterpolationquality
public enum CGInterpolationQuality: Int32, Sendable {
    case `default` = 0, none = 1, low = 2, high = 3, medium = 4
}
