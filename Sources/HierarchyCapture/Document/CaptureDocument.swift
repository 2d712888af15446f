import HierarchyFormats
import HierarchyModel

/// A capture as the view-hierarchy document, version 1 (`docs/view-hierarchy.md`), written by the
/// package's one writer (`TreeDocument.encode`, one view a line): the fields a view has are
/// defined once, in `HierarchyFormats`' `ViewField`, for every reader and writer.
public enum CaptureDocument {
    /// The document's text for `views` (in pre-order, `views[0]` the root).
    public static func text(_ views: [CapturedView], screenScale: Double) -> String {
        TreeDocument.encode(tree(views, screenScale: screenScale), layout: .viewPerLine)
    }

    /// The views as a tree; a view's notes are its `captureNotes`.
    static func tree(_ views: [CapturedView], screenScale: Double) -> ViewTree {
        var tree = ViewTree(root: node(views[0]), screenScale: screenScale)
        tree.reserveCapacity(views.count)
        for view in views.dropFirst() { tree.append(node(view), to: view.parent ?? 0) }
        return tree
    }

    private static func node(_ view: CapturedView) -> ViewNode {
        ViewNode(
            id: view.id, className: view.className, name: view.name, text: view.text, tag: view.tag, frame: view.frame,
            bounds: view.bounds, transform: view.transform, anchorPoint: view.anchorPoint, clipsToBounds: view.clipsToBounds,
            alpha: view.alpha, isHidden: view.isHidden, backgroundColor: view.backgroundColor, snapshot: view.snapshot,
            extras: view.notes.isEmpty ? [:] : ["captureNotes": .array(view.notes.map(JSONValue.string))],
            viewController: view.viewController)
    }

    /// A number as the document writes it (for notes that quote one).
    static func number(_ value: Double) -> String { JSONText.number(value) }

    /// A rectangle as the document writes it (for notes that quote one).
    static func rect(_ r: Rect) -> String { TreeDocument.rect(r).text(spaced: true) }
}
