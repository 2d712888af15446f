import HierarchyLayout
import HierarchyModel

/// How large a view's snapshot is drawn, or why it gets none.
enum SnapshotSize: Equatable {
    /// Draw `width`×`height` pixels, `scaleX`×`scaleY` pixels per point; `reduced` when the
    /// screen scale would have passed the side limit.
    case draw(width: Int, height: Int, scaleX: Double, scaleY: Double, reduced: Bool)
    /// No snapshot, and why.
    case none(String)

    /// The decision for a view of `bounds` at `scale` pixels per point: no snapshot for a zero,
    /// NaN or infinite size (LookinServer #139); a side over `maxSide` pixels is drawn at the
    /// reduced scale that fits (the seed's crash), aspect kept as the layout's planner keeps it.
    static func decide(bounds: Rect, scale: Double, maxSide: Int = CaptureLimits.maxSnapshotSide) -> SnapshotSize {
        let (w, h) = (bounds.width, bounds.height)
        guard w.isFinite, h.isFinite else { return .none("no snapshot: size \(w)×\(h) is not finite") }
        guard w > 0, h > 0 else { return .none("no snapshot: zero size") }
        guard scale.isFinite, scale > 0 else { return .none("no snapshot: scale \(scale) is not a positive number") }
        let full = PixelSize(width: max(1, Int(saturating: (w * scale).rounded())), height: max(1, Int(saturating: (h * scale).rounded())))
        let size = TexturePlanner.reducedSize(width: full.width, height: full.height, max: maxSide)
        return .draw(width: size.width, height: size.height, scaleX: Double(size.width) / w,
                     scaleY: Double(size.height) / h, reduced: size != full)
    }
}
