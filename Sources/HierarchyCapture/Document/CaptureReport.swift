import Foundation
import HierarchyModel

/// What a capture wrote: the folder, the views as written, and what was not as the app had it.
public struct CaptureReport: Sendable {
    /// The folder holding `tree.json` and `snapshots/`.
    public var folder: URL
    /// The views in pre-order, as `tree.json` has them.
    public var views: [CapturedView]
    /// Pixels per point, as written.
    public var screenScale: Double
    /// The most drawn canvases that were alive at once (never more than the options' bound).
    public var peakCanvasesInFlight: Int = 0

    /// The written document's file.
    public var documentURL: URL { folder.appendingPathComponent("tree.json") }

    /// The number of views that got a snapshot.
    public var snapshotCount: Int { views.filter { $0.snapshot != nil }.count }

    /// Every view's notes, one line each as `id: note`: sizes that were not finite, snapshots
    /// reduced, skipped or failed, views too deep to write.
    public var warnings: [String] { views.flatMap { view in view.notes.map { "\(view.id): \($0)" } } }
}
