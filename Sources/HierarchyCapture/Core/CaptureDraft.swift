/// A capture read from the app and drawn, not yet encoded or written: everything the main actor
/// has to do is done; the rest (PNG encoding, files) can run anywhere.
public struct CaptureDraft: Sendable {
    /// Pixels per point of the screen, written as `screenScale`.
    public var screenScale: Double
    /// The views in pre-order; `views[0]` is the root. `snapshot` is set where `images` has pixels.
    public var views: [CapturedView]
    /// The drawn pixels of each view that has a snapshot, by record index.
    public var images: [Int: CaptureCanvas]
}
