import Foundation
import HierarchyModel

/// Captures a running app's views as a folder `hierarchy` reads: `tree.json` (the view-hierarchy
/// document, version 1) and a PNG of each view drawn alone under `snapshots/`.
///
/// The calls here work on any view type that adopts ``CapturableView``; the UIKit and AppKit
/// adapters add calls taking a `UIView`, `UIWindowScene`, `NSView`, `NSWindow` or `NSScreen`. Views are read
/// and drawn on the main actor, in one platform transaction, so that the app sees no change and
/// runs nothing in the middle of a capture. In the `async` calls each view's pixels go to an
/// encoder off the main actor as soon as they are drawn and its file is written at once; at most
/// `options.maxCanvasesInFlight` canvases and `options.maxBytesInFlight` bytes are alive, drawing
/// waiting for an encoding when they are.
public enum HierarchyCapture {
    /// Captures the tree under `root` into `folder` (created if needed).
    ///
    /// - Returns: what was written, with a warning for everything that is not as the app has it.
    /// - Throws: ``CaptureError`` when a file cannot be written.
    @MainActor
    public static func capture<View: CapturableView>(_ root: View, to folder: URL, options: Options = Options()) async throws -> CaptureReport {
        try await capture(root, to: folder, options: options, enqueue: CanvasPipeline.dispatch)
    }

    /// ``capture(_:to:options:)`` with its encodings handed to `enqueue`: for the tests, which
    /// record the QoS each runs at.
    @MainActor
    static func capture<View: CapturableView>(_ root: View, to folder: URL, options: Options, enqueue: @escaping CanvasPipeline.Enqueue) async throws -> CaptureReport {
        try await run(CaptureSession.plan(root: root, options: options), to: folder, options: options, enqueue: enqueue)
    }

    /// Captures the tree under `root` into `folder`, all on the calling (main) actor, one canvas
    /// at a time: for tests.
    @MainActor
    public static func captureSynchronously<View: CapturableView>(_ root: View, to folder: URL, options: Options = Options()) throws -> CaptureReport {
        try runSynchronously(CaptureSession.plan(root: root, options: options), to: folder, options: options)
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
        let plan = CaptureSession.plan(
            screen: screenSize, className: className, scale: scale, windows: windows, growsUp: coordinatesGrowUpward, options: options)
        return try await run(plan, to: folder, options: options, enqueue: CanvasPipeline.dispatch)
    }

    /// The synchronous form of ``capture(screen:className:scale:windows:coordinatesGrowUpward:to:options:)``, for tests.
    @MainActor
    public static func captureSynchronously<View: CapturableView>(
        screen screenSize: Rect, className: String = "Screen", scale: Double, windows: [View],
        coordinatesGrowUpward: Bool = false, to folder: URL, options: Options = Options()
    ) throws -> CaptureReport {
        let plan = CaptureSession.plan(
            screen: screenSize, className: className, scale: scale, windows: windows, growsUp: coordinatesGrowUpward, options: options)
        return try runSynchronously(plan, to: folder, options: options)
    }

    /// Reads and draws the tree under `root` without writing anything, every canvas kept (its
    /// memory is not bounded): for tests and measurements.
    @MainActor
    public static func draft<View: CapturableView>(_ root: View, options: Options = Options()) -> CaptureDraft {
        CaptureSession.draft(CaptureSession.plan(root: root, options: options), options: options)
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

    /// Draws on the main actor with the encoders running beside it at the main thread's QoS
    /// (``CanvasPipeline``), then awaits the last encodings without holding a thread and writes
    /// `tree.json` off the main actor.
    @MainActor
    private static func run<View: CapturableView>(
        _ plan: CaptureSession.Plan<View>, to folder: URL, options: Options, enqueue: @escaping CanvasPipeline.Enqueue
    ) async throws -> CaptureReport {
        try CaptureFolder.make(folder)
        let pipeline = CanvasPipeline.besideTheMainThread(
            limit: options.maxCanvasesInFlight, byteLimit: options.maxBytesInFlight, enqueue: enqueue,
            work: CaptureFolder.snapshotWork(folder: folder, encoder: options.encoder))
        var plan = plan
        CaptureSession.draw(&plan, options: options, reserve: { pipeline.reserve(bytes: $0) }, cancel: { pipeline.cancel(bytes: $0) }, deliver: pipeline.submit)
        var views = plan.views
        CaptureFolder.apply(try await pipeline.finished(), to: &views)
        let (written, scale, peak) = (views, plan.scale, pipeline.peak)
        return try await Task.detached(priority: .utility) {
            try CaptureFolder.writeDocument(written, screenScale: scale, to: folder, peak: peak)
        }.value
    }

    /// Draws, encodes and writes on the calling thread, one canvas at a time.
    @MainActor
    private static func runSynchronously<View: CapturableView>(_ plan: CaptureSession.Plan<View>, to folder: URL, options: Options) throws -> CaptureReport {
        try CaptureFolder.make(folder)
        let pipeline = CanvasPipeline(limit: 1, running: .inline, work: CaptureFolder.snapshotWork(folder: folder, encoder: options.encoder))
        var plan = plan
        CaptureSession.draw(&plan, options: options, reserve: { pipeline.reserve(bytes: $0) }, cancel: { pipeline.cancel(bytes: $0) }, deliver: pipeline.submit)
        var views = plan.views
        CaptureFolder.apply(try pipeline.outcomes(), to: &views)
        return try CaptureFolder.writeDocument(views, screenScale: plan.scale, to: folder, peak: pipeline.peak)
    }
}
