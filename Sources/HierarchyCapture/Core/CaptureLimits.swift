import HierarchyLayout

/// The limits a capture keeps so that `hierarchy` reads what it writes.
public enum CaptureLimits {
    /// The largest snapshot side in pixels: the layout's texture limit (the Metal limit whose
    /// overrun crashed the in-app debuggers). A larger view is drawn at a reduced scale.
    public static let maxSnapshotSide = LayoutOptions.defaultMaxTextureSize

    /// The deepest view level written (the root is level 0). tree.json readers accept 512 nested
    /// JSON containers; a view at level L sits in 2 + 2L of them and its frame in one more, so
    /// level 254 is the deepest that reads back. Deeper views are counted in a note, not written.
    public static let maxLevel = 254

    /// The drawn canvases alive at once by default: one being drawn while two are encoded. A
    /// full-screen canvas of a 430×932-point phone at 3x is 14.4 MB.
    public static let canvasesInFlight = 3

    /// The bytes a canvas pixel holds while it is encoded: 4 of RGBA, 4 of its straight-alpha copy,
    /// up to 4 of the encoded file.
    public static let bytesPerCanvasPixel = 12

    /// The bytes the canvases in flight may hold by default: 512 MB. Three full-screen canvases of
    /// a phone at 3x (3 × 14.4 MB × 3) fit many times; three 8192² canvases (`drawClippedViews`)
    /// do not, and are drawn one at a time (2.4 GB bounded to 805 MB).
    public static let bytesInFlight = 512 << 20
}
