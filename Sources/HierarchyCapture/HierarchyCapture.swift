import Foundation
import HierarchyModel

/// Captures a running app's views as a folder `hierarchy` reads: `tree.json` (the view-hierarchy
/// document, version 1) and a PNG of each view drawn alone under `snapshots/`.
///
/// The calls here work on any view type that adopts ``CapturableView``; the UIKit and AppKit
/// adapters add calls taking a `UIView`, `UIWindowScene`, `NSView`, `NSWindow` or `NSScreen`. Views are read
/// and drawn on the main actor. In the `async` calls each view's pixels go to the encoder off the
/// main actor as soon as they are drawn, and the files are written off it too.
public enum HierarchyCapture {
    /// Captures the tree under `root` into `folder` (created if needed).
    ///
    /// - Returns: what was written, with a warning for everything that is not as the app has it.
    /// - Throws: ``CaptureError`` when a file cannot be written.
    @MainActor
    public static func capture<View: CapturableView>(_ root: View, to folder: URL, options: Options = Options()) async throws -> CaptureReport {
        var encodings = Encodings(encoder: options.encoder)
        let draft = CaptureSession.draft(root: root, options: options, drawn: { encodings.start($0, $1) })
        return try await encodings.write(draft, to: folder)
    }

    /// Captures the tree under `root` into `folder`, all on the calling (main) actor: for tests.
    @MainActor
    public static func captureSynchronously<View: CapturableView>(_ root: View, to folder: URL, options: Options = Options()) throws -> CaptureReport {
        try CaptureFolder.write(CaptureSession.draft(root: root, options: options), to: folder, encoder: options.encoder)
    }

    /// Captures a screen of `screenSize` points holding `windows` (frames in screen points): a
    /// root view of class `className` with the windows under it, back to front by window level
    /// (windows of one level keep the order given).
    ///
    /// - Parameters:
    ///   - coordinatesGrowUpward: whether the screen's y grows upward, as AppKit's screen
    ///     coordinates do; the windows' positions are then turned into the document's downward y.
    @MainActor
    public static func capture<View: CapturableView>(
        screen screenSize: Rect, className: String = "Screen", scale: Double, windows: [View],
        coordinatesGrowUpward: Bool = false, to folder: URL, options: Options = Options()
    ) async throws -> CaptureReport {
        var encodings = Encodings(encoder: options.encoder)
        let draft = CaptureSession.draft(
            screen: screenSize, className: className, scale: scale, windows: windows, growsUp: coordinatesGrowUpward,
            options: options, drawn: { encodings.start($0, $1) })
        return try await encodings.write(draft, to: folder)
    }

    /// The synchronous form of ``capture(screen:className:scale:windows:coordinatesGrowUpward:to:options:)``, for tests.
    @MainActor
    public static func captureSynchronously<View: CapturableView>(
        screen screenSize: Rect, className: String = "Screen", scale: Double, windows: [View],
        coordinatesGrowUpward: Bool = false, to folder: URL, options: Options = Options()
    ) throws -> CaptureReport {
        let draft = CaptureSession.draft(
            screen: screenSize, className: className, scale: scale, windows: windows, growsUp: coordinatesGrowUpward, options: options)
        return try CaptureFolder.write(draft, to: folder, encoder: options.encoder)
    }

    /// Reads and draws the tree under `root` without writing anything: the main-actor half.
    @MainActor
    public static func draft<View: CapturableView>(_ root: View, options: Options = Options()) -> CaptureDraft {
        CaptureSession.draft(root: root, options: options)
    }

    /// Encodes and writes a draft on the calling thread, one view at a time: the other half, for
    /// tests and measurements.
    public static func writeSynchronously(_ draft: CaptureDraft, to folder: URL, encoder: any CaptureImageEncoder) throws -> CaptureReport {
        try CaptureFolder.write(draft, to: folder, encoder: encoder)
    }

    /// Encodes and writes a draft off the main actor: the other half.
    public static func write(_ draft: CaptureDraft, to folder: URL, encoder: any CaptureImageEncoder) async throws -> CaptureReport {
        try await Task.detached(priority: .utility) {
            try CaptureFolder.write(draft, to: folder, encoder: encoder)
        }.value
    }
}

/// The encodings of one capture, each started off the main actor the moment its view is drawn,
/// so that encoding overlaps drawing and a drawn view's pixels are freed once encoded.
struct Encodings {
    let encoder: any CaptureImageEncoder
    private var tasks: [Int: Task<[UInt8], Error>] = [:]

    init(encoder: any CaptureImageEncoder) {
        self.encoder = encoder
    }

    /// Starts encoding the pixels of the view at `index`.
    mutating func start(_ index: Int, _ canvas: CaptureCanvas) {
        let encoder = encoder
        tasks[index] = Task.detached(priority: .utility) { try encoder.encode(canvas) }
    }

    /// Waits for every encoding, then writes the files off the main actor.
    func write(_ draft: CaptureDraft, to folder: URL) async throws -> CaptureReport {
        var encoded: [Int: Result<[UInt8], Error>] = [:]
        for (index, task) in tasks { encoded[index] = await task.result }
        let results = encoded
        return try await Task.detached(priority: .utility) {
            try CaptureFolder.write(draft, to: folder) { index in try results[index]!.get() }
        }.value
    }
}
