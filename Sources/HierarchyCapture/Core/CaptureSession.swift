import HierarchyLayout
import HierarchyModel

/// The main-actor half of a capture: read the views, give them ids, decide which are drawn, how
/// and at what size, and draw them, all in one platform transaction.
@MainActor
enum CaptureSession {
    /// A capture read from the app, with the decision of which views are drawn.
    struct Plan<View: CapturableView> {
        var walk: CaptureWalk<View>
        /// The records, ids assigned, notes added.
        var views: [CapturedView]
        /// Pixels per point the snapshots are drawn at.
        var scale: Double
        /// Whether each record is drawn.
        var drawn: [Bool]
    }

    /// Reads the tree under `root`.
    static func plan<View: CapturableView>(root: View, options: HierarchyCapture.Options) -> Plan<View> {
        plan(CaptureWalk.walk(root: root, options: options), scale: options.scale ?? root.screenScale, options: options)
    }

    /// Reads a screen of `screen` size holding `windows`, back to front by level; with `growsUp`,
    /// the screen's y grows upward (AppKit's screen coordinates).
    static func plan<View: CapturableView>(
        screen: Rect, className: String, scale: Double, windows: [View], growsUp: Bool, options: HierarchyCapture.Options
    ) -> Plan<View> {
        let walk = CaptureWalk.walk(screen: screen, className: className, windows: windows, growsUp: growsUp, options: options)
        return plan(walk, scale: options.scale ?? scale, options: options)
    }

    private static func plan<View: CapturableView>(_ walk: CaptureWalk<View>, scale: Double, options: HierarchyCapture.Options) -> Plan<View> {
        var views = walk.views
        for (index, id) in CaptureIDs.assign(views, identifiers: walk.identifiers).enumerated() { views[index].id = id }
        for (index, count) in walk.omittedBelow {
            views[index].notes.append("\(count) views below this one not written: deeper than the \(options.maxLevel) levels tree.json readers accept")
        }
        for (index, count) in walk.excludedBelow {
            views[index].notes.append("\(count) subview\(count == 1 ? "" : "s") left out by the capture's exclude option")
        }
        let drawn = drawnViews(views, includeClipped: options.drawClippedViews)
        let notDrawn = options.drawClippedViews ? [Bool](repeating: false, count: views.count) : cutAway(views, drawn: drawn)
        for index in views.indices where notDrawn[index] {
            views[index].notes.append("not drawn: clipped away or off screen (drawClippedViews draws it)")
        }
        return Plan(walk: walk, views: views, scale: scale.isFinite && scale > 0 ? scale : 1, drawn: drawn)
    }

    /// Draws every view of `plan` that is drawn, in one platform transaction: `reserve` is called
    /// before each canvas is made (it may wait for an encoding to finish), then `deliver` with
    /// the canvas, or `cancel` when there is none.
    static func draw<View: CapturableView>(
        _ plan: inout Plan<View>, options: HierarchyCapture.Options,
        reserve: () -> Void, cancel: () -> Void, deliver: (Int, CaptureCanvas) -> Void
    ) {
        let scale = plan.scale
        let ids = plan.views.map(\.id), indexByIdentity = plan.walk.indexByIdentity
        let subviewID = { (subview: View) in indexByIdentity[subview.captureIdentity].map { ids[$0] } ?? subview.className }
        View.withCaptureTransaction {
            for index in plan.views.indices {
                guard plan.drawn[index], let view = plan.walk.live[index] else { continue }
                let size = SnapshotSize.decide(bounds: plan.views[index].bounds, scale: scale, maxSide: options.maxSnapshotSide)
                if case .draw(let w, let h, _, _, true) = size {
                    plan.views[index].notes.append("drawn at \(w)×\(h) pixels, reduced to fit \(options.maxSnapshotSide) a side")
                }
                if case .draw = size { reserve() }
                let result: Result<CaptureCanvas, SnapshotFailure>
                if plan.walk.redacted[index] {
                    result = SnapshotDrawing.redacted(size: size)
                } else {
                    result = SnapshotDrawing.draw(view, size: size, method: plan.walk.methods[index], subviewID: subviewID)
                }
                switch result {
                case .success(let canvas):
                    plan.views[index].snapshot = "snapshots/\(index).\(options.encoder.fileExtension)"
                    deliver(index, canvas)
                case .failure(let failure):
                    if case .draw = size { cancel() }
                    plan.views[index].notes.append(failure.note)
                }
            }
        }
    }

    /// Reads and draws, keeping every canvas in the draft (for tests and measurements).
    static func draft<View: CapturableView>(_ plan: Plan<View>, options: HierarchyCapture.Options) -> CaptureDraft {
        var plan = plan
        var images: [Int: CaptureCanvas] = [:]
        draw(&plan, options: options, reserve: {}, cancel: {}, deliver: { images[$0] = $1 })
        return CaptureDraft(screenScale: plan.scale, views: plan.views, images: images)
    }

    /// Which views are drawn, by the layout's own rules: not in a hidden or transparent subtree,
    /// not of zero size, and — unless `includeClipped` — not cut away by a clipping ancestor nor
    /// off screen.
    static func drawnViews(_ views: [CapturedView], includeClipped: Bool) -> [Bool] {
        let tree = CaptureTree.viewTree(views, screenScale: 1)
        guard let layout = try? Layout.compute(tree, options: LayoutOptions(depthMode: .nesting, showClipped: includeClipped)) else {
            return [Bool](repeating: false, count: views.count)
        }
        return layout.status.map { if case .layer = $0 { true } else { false } }
    }

    /// The views left undrawn only because they are cut away or off screen (drawn with
    /// `drawClippedViews`), for their notes.
    private static func cutAway(_ views: [CapturedView], drawn: [Bool]) -> [Bool] {
        let all = drawnViews(views, includeClipped: true)
        return views.indices.map { all[$0] && !drawn[$0] }
    }
}
