import HierarchyModel

/// A capture's records as the model's `ViewTree`, so that the layout's rules decide about them.
enum CaptureTree {
    /// The tree of `views` (in pre-order, as the walk records them): node indices equal record
    /// indices.
    static func viewTree(_ views: [CapturedView], screenScale: Double) -> ViewTree {
        var tree = ViewTree(root: node(views[0]), screenScale: screenScale)
        for index in views.indices.dropFirst() {
            tree.append(node(views[index]), to: views[index].parent!)
        }
        return tree
    }

    static func node(_ view: CapturedView) -> ViewNode {
        ViewNode(
            id: view.id, className: view.className, name: view.name, text: view.text, tag: view.tag, frame: view.frame,
            bounds: view.bounds, transform: view.transform, anchorPoint: view.anchorPoint, clipsToBounds: view.clipsToBounds, alpha: view.alpha, isHidden: view.isHidden,
            backgroundColor: view.backgroundColor, snapshot: view.snapshot, viewController: view.viewController)
    }
}
