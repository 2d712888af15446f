import Foundation

/// A platform's own view (`UIView`, `NSView`) that the capture reads through its adapter
/// (`UIKitView`, `AppKitView`): one pair of calls takes any of them.
@MainActor
public protocol NativeView {
    associatedtype Adapter: CapturableView
    /// The adapter that reads this view.
    var captureAdapter: Adapter { get }
}

extension HierarchyCapture {
    /// Captures `view` (a `UIView`, an `NSView`) and everything under it into `folder`; views are
    /// read and drawn on the main actor, PNGs encoded off it.
    @MainActor
    public static func capture<View: NativeView>(_ view: View, to folder: URL, options: Options = Options()) async throws -> CaptureReport {
        try await capture(view.captureAdapter, to: folder, options: options)
    }

    /// Captures `view` all on the main actor, for unit tests and test hosts.
    @MainActor
    public static func captureSynchronously<View: NativeView>(_ view: View, to folder: URL, options: Options = Options()) throws -> CaptureReport {
        try captureSynchronously(view.captureAdapter, to: folder, options: options)
    }
}
