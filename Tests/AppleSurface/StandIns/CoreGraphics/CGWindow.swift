// Source: the macOS 15 SDK's CoreGraphics/CGWindow.h, as quoted by the build failures in
// BlueM/cliclick#178 and WebKit/WebKit#31964: "'CGWindowListCreateImage' is unavailable:
// obsoleted in macOS 15.0 - Please use ScreenCaptureKit instead." (deprecated in 14.0,
// https://developer.apple.com/documentation/coregraphics/cgwindowlistcreateimage(_:_:_:_:)).
// On Linux an `@available(macOS, obsoleted: 15)` attribute is ignored, so the stand-in marks it
// unavailable everywhere: this package builds for macOS against the current (macOS 15 or later)
// SDK, where no call to it compiles.

/// Source: https://developer.apple.com/documentation/coregraphics/cgwindowid (`typealias CGWindowID = UInt32`).
public typealias CGWindowID = UInt32

/// Source: https://developer.apple.com/documentation/coregraphics/cgwindowlistoption
public struct CGWindowListOption: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let optionIncludingWindow = CGWindowListOption(rawValue: 1 << 3)
}

/// Source: https://developer.apple.com/documentation/coregraphics/cgwindowimageoption
public struct CGWindowImageOption: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let boundsIgnoreFraming = CGWindowImageOption(rawValue: 1 << 0)
    public static let bestResolution = CGWindowImageOption(rawValue: 1 << 3)
}

@available(*, unavailable, message: "obsoleted in macOS 15.0 - Please use ScreenCaptureKit instead.")
public func CGWindowListCreateImage(
    _ screenBounds: CGRect, _ listOption: CGWindowListOption, _ windowID: CGWindowID, _ imageOption: CGWindowImageOption
) -> CGImage? {
    nil
}
