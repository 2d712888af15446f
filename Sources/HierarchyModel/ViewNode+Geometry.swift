extension ViewNode {
    /// The map from this view's bounds space to its superview's, exactly as UIKit places a view.
    ///
    /// With A = frame.origin + anchorPoint × frame.size (the anchor in the superview), L the
    /// transform's linear part and t = (tx, ty), the point p of the bounds space is at
    ///
    ///     A + L·(frame.origin + p − bounds.origin − A) + t
    ///
    /// in the superview: the untransformed position, turned about the anchor, then moved by t.
    /// For the identity transform this is `frame.origin + p − bounds.origin`, whatever the anchor.
    public var toSuperview: Transform2D {
        let shift = Transform2D.translation(frame.x - bounds.x, frame.y - bounds.y)
        guard !transform.isIdentity else { return shift }
        let anchor = Point(x: frame.x + anchorPoint.x * frame.width, y: frame.y + anchorPoint.y * frame.height)
        let turned = Point(x: anchor.x + transform.tx, y: anchor.y + transform.ty)
        let linear = Transform2D(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: 0, ty: 0)
        return Transform2D.translation(turned.x, turned.y)
            .concatenating(after: linear)
            .concatenating(after: Transform2D.translation(-anchor.x, -anchor.y))
            .concatenating(after: shift)
    }

    /// The view's bounding box in its superview: its frame when untransformed, otherwise the box
    /// around its transformed bounds (what UIKit reports as `frame` then).
    public var transformedFrame: Rect {
        guard !transform.isIdentity else { return frame }
        return Rect.bounding(bounds.corners.map(toSuperview.apply)) ?? frame
    }
}
