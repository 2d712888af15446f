import Foundation

/// A device or session found and ready: each `take` takes the screen as it is now.
public enum DeviceConnection: Sendable {
    case adb(AdbCapture)
    case webdriver(WebDriverCapture)

    /// The screen as it is now, its screenshot checked to be a whole PNG within the image limits
    /// (a truncated or oversized one would make a folder every command refuses).
    public func take(now: Date = Date()) throws(DeviceError) -> CapturedScreen {
        let screen = switch self {
        case .adb(let capture): try capture.take(now: now)
        case .webdriver(let capture): try capture.take(now: now)
        }
        try screen.checkScreenshot(from: summary)
        return screen
    }

    /// `emulator-5554`, `session 4a1c… on http://127.0.0.1:4723`: what was captured.
    public var summary: String {
        switch self {
        case .adb(let capture): "adb device \(capture.adb.serial ?? "")"
        case .webdriver(let capture): "session \(capture.session.id) on \(capture.url)"
        }
    }
}
