import HierarchyModel

/// The screen of transformed views the render and export tests share.
public enum TransformedScreen {
    /// A 160×240 screen of transformed views: a badge turned 15°; a clipping carousel inset 16 points
    /// from either side of the screen, scrolled so that it cuts both of its cards scaled by 0.8 (on
    /// the screen, x −15.6...35.6 and 124.4...175.6, shown from x = 16 and up to x = 144); a view
    /// turned about its top-left corner, a mirrored view, a clipping view turned 20° that cuts its
    /// children, and quarter and half turns. Each has a snapshot (textured by the test).
    public static func tree() -> ViewTree {
        func colour(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Color { Color(red: r, green: g, blue: b) }
        var tree = ViewTree(root: ViewNode(id: "root", className: "UIWindow", frame: Rect(x: 0, y: 0, width: 160, height: 240),
                                           backgroundColor: colour(245, 245, 250)))
        tree.append(ViewNode(id: "badge", frame: Rect(x: 110, y: 12, width: 36, height: 18), transform: .rotation(degrees: 15),
                             snapshot: "badge.png"), to: 0)
        let carousel = tree.append(ViewNode(id: "carousel", className: "UIScrollView", frame: Rect(x: 16, y: 40, width: 128, height: 60),
                                            bounds: Rect(x: 48, y: 0, width: 128, height: 60), clipsToBounds: true,
                                            backgroundColor: colour(220, 225, 235)), to: 0)
        for i in 0..<3 {
            tree.append(ViewNode(id: "card\(i)", frame: Rect(x: Double(10 + i * 70), y: 5, width: 64, height: 50),
                                 transform: i == 1 ? .identity : .scale(0.8, 0.8), snapshot: "card\(i).png"), to: carousel)
        }
        tree.append(ViewNode(id: "corner", frame: Rect(x: 10, y: 110, width: 50, height: 24), transform: .rotation(degrees: 30),
                             anchorPoint: Point(x: 0, y: 0), snapshot: "corner.png"), to: 0)
        tree.append(ViewNode(id: "mirror", frame: Rect(x: 100, y: 110, width: 50, height: 24), transform: .scale(-1, 1),
                             snapshot: "mirror.png"), to: 0)
        let clip = tree.append(ViewNode(id: "clip", frame: Rect(x: 20, y: 150, width: 60, height: 50), transform: .rotation(degrees: 20),
                                        clipsToBounds: true, backgroundColor: colour(255, 220, 150)), to: 0)
        tree.append(ViewNode(id: "clipped", frame: Rect(x: -15, y: 10, width: 90, height: 20), snapshot: "clipped.png"), to: clip)
        tree.append(ViewNode(id: "quarter", frame: Rect(x: 95, y: 160, width: 40, height: 20), transform: .rotation(degrees: 90),
                             snapshot: "quarter.png"), to: 0)
        tree.append(ViewNode(id: "half", frame: Rect(x: 95, y: 205, width: 50, height: 24), transform: .rotation(degrees: 180),
                             snapshot: "half.png"), to: 0)
        return tree
    }

    /// The map from the bounds space of the view at `index` to the root's bounds space (the
    /// screen), composed from each view's own placement (`ViewNode.toSuperview`).
    public static func toRoot(_ tree: ViewTree, _ index: Int) -> Transform2D {
        var map = Transform2D.identity, at = index
        while let parent = tree[at].parent {
            map = tree[at].toSuperview.concatenating(after: map)
            at = parent
        }
        return map
    }
}
