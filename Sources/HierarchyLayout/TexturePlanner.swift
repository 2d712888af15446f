import HierarchyModel

/// Rule d.: the part of a snapshot that shows, and the size it is drawn at.
public enum TexturePlanner {
    /// Slack for floating-point noise when rounding outward: 132.9999999 px is 133, not 132.
    static let roundingSlack = 1e-6

    /// The crop of `layer`'s snapshot (its visible region mapped into the view's bounds and boxed,
    /// in pixels, rounded outward, clamped) and its final size (reduced to fit `maxTextureSize`, aspect kept).
    public static func plan(
        path: String, source: PixelSize, bounds: Rect, layer: Layer, maxTextureSize: Int
    ) -> TexturePlan {
        // Pixels per point come from the PNG against the bounds, never from screenScale.
        let scaleX = bounds.width > 0 ? Double(source.width) / bounds.width : 0
        let scaleY = bounds.height > 0 ? Double(source.height) / bounds.height : 0
        let (left, right, top, bottom) = shownPart(of: layer, bounds: bounds)
        let x0 = clamp((left * scaleX + roundingSlack).rounded(.down), 0, source.width)
        let x1 = clamp((right * scaleX - roundingSlack).rounded(.up), x0, source.width)
        let y0 = clamp((top * scaleY + roundingSlack).rounded(.down), 0, source.height)
        let y1 = clamp((bottom * scaleY - roundingSlack).rounded(.up), y0, source.height)
        let crop = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let size = reducedSize(width: crop.width, height: crop.height, max: maxTextureSize)
        return TexturePlan(path: path, source: source, crop: crop, width: size.width, height: size.height)
    }

    /// The sides of the visible part of the bounds, measured from the bounds' origin, in points.
    private static func shownPart(of layer: Layer, bounds: Rect) -> (Double, Double, Double, Double) {
        guard layer.isUntransformed else {
            let v = layer.visibleBounds
            return (v.minX - bounds.minX, v.maxX - bounds.minX, v.minY - bounds.minY, v.maxY - bounds.minY)
        }
        // Upright views: the frame against the full frame, as the crop was always computed.
        return (layer.frame.minX - layer.fullFrame.minX, layer.frame.maxX - layer.fullFrame.minX,
                layer.frame.minY - layer.fullFrame.minY, layer.frame.maxY - layer.fullFrame.minY)
    }

    /// The size a `width`×`height` texture is drawn at: unchanged when both sides fit in `max`,
    /// otherwise scaled by min(max/w, max/h), rounded, never below 1 pixel nor above `max`.
    public static func reducedSize(width: Int, height: Int, max limit: Int) -> PixelSize {
        guard width > limit || height > limit else { return PixelSize(width: width, height: height) }
        let scale = min(Double(limit) / Double(width), Double(limit) / Double(height))
        func reduce(_ side: Int) -> Int { clamp((Double(side) * scale).rounded(), 1, limit) }
        return PixelSize(width: reduce(width), height: reduce(height))
    }

    /// `value` as an Int in `low...high`; NaN goes to `low`. Clamping first keeps Int() from trapping.
    private static func clamp(_ value: Double, _ low: Int, _ high: Int) -> Int {
        guard value > Double(low) else { return low }
        guard value < Double(high) else { return high }
        return Int(value)
    }
}
