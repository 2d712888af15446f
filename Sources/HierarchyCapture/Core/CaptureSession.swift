import HierarchyLayout
import HierarchyModel

/// The main-actor half of a capture: read the views, give them ids, decide which are drawn and
/// at what size, and draw them.
@MainActor
enum CaptureSession {
    /// What to do with each view's pixels as soon as they are drawn: keep them in the draft, or
    /// hand them on (to an encoder running off the main actor) and keep only the snapshot's path.
    typealias Drawn = (_ index: Int, _ canvas: CaptureCanvas) -> Void

    /// Reads and draws the tree under `root`.
    static func draft<View: CapturableView>(root: View, options: HierarchyCapture.Options, drawn: Drawn? = nil) -> CaptureDraft {
        let walk = CaptureWalk.walk(root: root, maxLevel: options.maxLevel)
        return draft(walk, scale: options.scale ?? root.screenScale, options: options, drawn: drawn)
    }

    /// Reads and draws a screen of `screen` size holding `windows`, back to front by level; with
    /// `growsUp`, the screen's y grows upward (AppKit's screen coordinates).
    static func draft<View: CapturableView>(
        screen: Rect, className: String, scale: Double, windows: [View], growsUp: Bool = false,
        options: HierarchyCapture.Options, drawn: Drawn? = nil
    ) -> CaptureDraft {
        let walk = CaptureWalk.walk(screen: screen, className: className, windows: windows, growsUp: growsUp, maxLevel: options.maxLevel)
        return draft(walk, scale: options.scale ?? scale, options: options, drawn: drawn)
    }

    private static func draft<View: CapturableView>(
        _ walk: CaptureWalk<View>, scale: Double, options: HierarchyCapture.Options, drawn: Drawn?
    ) -> CaptureDraft {
        var views = walk.views
        for (index, id) in CaptureIDs.assign(views, identifiers: walk.identifiers).enumerated() { views[index].id = id }
        for (index, count) in walk.omittedBelow {
            views[index].notes.append("\(count) views below this one not written: deeper than the \(options.maxLevel) levels tree.json readers accept")
        }
        var images: [Int: CaptureCanvas] = [:]
        let shown = shownViews(views)
        for index in views.indices {
            guard shown[index], let view = walk.live[index] else { continue }
            let size = SnapshotSize.decide(bounds: views[index].bounds, scale: scale, maxSide: options.maxSnapshotSide)
            if case .draw(let w, let h, _, _, true) = size {
                views[index].notes.append("drawn at \(w)×\(h) pixels, reduced to fit \(options.maxSnapshotSide) a side")
            }
            let subviewID = { (subview: View) in walk.indexByIdentity[subview.captureIdentity].map { views[$0].id } ?? subview.className }
            switch SnapshotDrawing.draw(view, size: size, subviewID: subviewID) {
            case .success(let canvas):
                if let drawn { drawn(index, canvas) } else { images[index] = canvas }
                views[index].snapshot = "snapshots/\(index).\(options.encoder.fileExtension)"
            case .failure(let failure):
                views[index].notes.append(failure.note)
            }
        }
        return CaptureDraft(screenScale: scale.isFinite && scale > 0 ? scale : 1, views: views, images: images)
    }

    /// Which views the layout could ever draw, by the layout's own rules: not in a hidden or
    /// transparent subtree and not of zero size. Clipping is left aside, so that
    /// `--show-clipped` still finds a snapshot for every view it shows.
    static func shownViews(_ views: [CapturedView]) -> [Bool] {
        let tree = CaptureTree.viewTree(views, screenScale: 1)
        guard let layout = try? Layout.compute(tree, options: LayoutOptions(depthMode: .nesting, showClipped: true)) else {
            return [Bool](repeating: false, count: views.count)
        }
        return layout.status.map { if case .layer = $0 { true } else { false } }
    }
}
