import HierarchyModel

extension HierarchyCapture {
    /// How a capture is made.
    public struct Options: Sendable {
        /// Pixels per point to draw snapshots at; nil takes the screen's scale.
        public var scale: Double?
        /// The largest snapshot side in pixels; larger views are drawn at a reduced scale.
        public var maxSnapshotSide: Int
        /// The deepest view level written (the root is 0); deeper views are counted in a note.
        public var maxLevel: Int
        /// What turns drawn pixels into image files.
        public var encoder: any CaptureImageEncoder
        /// The most drawn canvases alive at once, the one being drawn included: drawing waits for
        /// an encoding to finish when this many are drawn and not yet encoded (at least 1).
        public var maxCanvasesInFlight: Int
        /// The most bytes the canvases in flight may hold, each counted with its encoding's copies
        /// (``CaptureLimits/bytesPerCanvasPixel`` a pixel): drawing waits when the next canvas would
        /// pass it, unless none is in flight (one larger canvas is then drawn alone).
        public var maxBytesInFlight: Int
        /// Whether views that no picture shows — cut away by a clipping ancestor, or off screen —
        /// are drawn too, for `--show-clipped`. Off by default: they cost memory and time.
        public var drawClippedViews: Bool
        /// Views the app leaves out of the capture with their whole subtree (its debug menu, a
        /// view of private data): not read further, not drawn, not written. Each parent notes
        /// how many subviews were left out, without saying what they were.
        public var exclude: (@MainActor @Sendable (CaptureCandidate) -> Bool)?
        /// Views whose pixels and text the app keeps out of the capture, with their subtree: each
        /// is written with its frame, class and identifier, its picture a plain grey, without its
        /// text nor accessibility label; nothing under it is drawn either.
        public var redact: (@MainActor @Sendable (CaptureCandidate) -> Bool)?

        /// Options with the screen's scale, the 8192-pixel side limit, the readers' depth limit,
        /// the platform's PNG encoder (ImageIO on Apple platforms, the store-only writer elsewhere),
        /// three canvases and 512 MB in flight, clipped-away views not drawn, nothing excluded or redacted.
        public init(
            scale: Double? = nil, maxSnapshotSide: Int = CaptureLimits.maxSnapshotSide,
            maxLevel: Int = CaptureLimits.maxLevel, encoder: any CaptureImageEncoder = CaptureEncoders.platformDefault,
            maxCanvasesInFlight: Int = CaptureLimits.canvasesInFlight, maxBytesInFlight: Int = CaptureLimits.bytesInFlight,
            drawClippedViews: Bool = false,
            exclude: (@MainActor @Sendable (CaptureCandidate) -> Bool)? = nil,
            redact: (@MainActor @Sendable (CaptureCandidate) -> Bool)? = nil
        ) {
            self.scale = scale
            self.maxSnapshotSide = maxSnapshotSide
            self.maxLevel = maxLevel
            self.encoder = encoder
            self.maxCanvasesInFlight = maxCanvasesInFlight
        self.maxBytesInFlight = maxBytesInFlight
            self.drawClippedViews = drawClippedViews
            self.exclude = exclude
            self.redact = redact
        }
    }
}

/// What the `exclude` and `redact` predicates see of a view, before anything else of it is read.
public struct CaptureCandidate: Sendable {
    /// The view object's identity: `ObjectIdentifier(myDebugMenu) == candidate.identity`.
    public var identity: ObjectIdentifier
    /// The view's class.
    public var className: String
    /// The class and its superclasses, most derived first.
    public var classChain: [String]
    /// The accessibility identifier.
    public var accessibilityIdentifier: String?
    /// The view's tag.
    public var tag: Int
    /// The view controller whose root view this is.
    public var viewController: ViewController?
}
