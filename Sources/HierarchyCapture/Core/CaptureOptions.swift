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

        /// Options with the screen's scale, the 8192-pixel side limit, the readers' depth limit and
        /// the platform's PNG encoder (ImageIO on Apple platforms, the store-only writer elsewhere).
        public init(
            scale: Double? = nil, maxSnapshotSide: Int = CaptureLimits.maxSnapshotSide,
            maxLevel: Int = CaptureLimits.maxLevel, encoder: any CaptureImageEncoder = CaptureEncoders.platformDefault
        ) {
            self.scale = scale
            self.maxSnapshotSide = maxSnapshotSide
            self.maxLevel = maxLevel
            self.encoder = encoder
        }
    }
}
