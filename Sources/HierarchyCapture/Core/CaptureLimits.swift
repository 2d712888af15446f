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
}
