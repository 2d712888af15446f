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
        let scale = scale.isFinite && scale > 0 ? scale : 1
        let layout = self.layout(views, includeClipped: options.drawClippedViews)
        let drawn = drawnViews(layout, count: views.count)
        if !options.drawClippedViews, let layout {
            cropToVisibleParts(&views, layout: layout, drawn: drawn, scale: scale, maxSide: options.maxSnapshotSide)
        }
        let notDrawn = options.drawClippedViews ? [Bool](repeating: false, count: views.count) : cutAway(views, drawn: drawn)
        for index in views.indices where notDrawn[index] {
            views[index].notes.append("not drawn: clipped away or off screen (drawClippedViews draws it)")
        }
        return Plan(walk: walk, views: views, scale: scale, drawn: drawn)
    }

    /// Draws every view of `plan` that is drawn, in one platform transaction: `reserve` is called
    /// with the canvas's bytes (``CanvasPipeline/bytes(width:height:)``) before each canvas is
    /// made (it may wait for an encoding to finish), then `deliver` with the canvas, or `cancel`
    /// with the same bytes when there is none.
    static func draw<View: CapturableView>(
        _ plan: inout Plan<View>, options: HierarchyCapture.Options,
        reserve: (Int) -> Void, cancel: (Int) -> Void, deliver: (Int, CaptureCanvas) -> Void
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
                var bytes = 0
                if case .draw(let w, let h, _, _, _) = size {
                    bytes = CanvasPipeline.bytes(width: w, height: h)
                    reserve(bytes)
                }
                let result: Result<CaptureCanvas, SnapshotFailure>
                if plan.walk.redacted[index] {
                    result = SnapshotDrawing.redacted(size: size)
                } else {
                    result = SnapshotDrawing.draw(
                        view, size: size, origin: Point(x: plan.views[index].bounds.x, y: plan.views[index].bounds.y), method: plan.walk.methods[index], subviewID: subviewID)
                }
                switch result {
                case .success(let canvas):
                    plan.views[index].snapshot = "snapshots/\(index).\(options.encoder.fileExtension)"
                    deliver(index, canvas)
                case .failure(let failure):
                    if case .draw = size { cancel(bytes) }
                    plan.views[index].notes.append(failure.note)
                }
            }
        }
    }

    /// Reads and draws, keeping every canvas in the draft (for tests and measurements).
    static func draft<View: CapturableView>(_ plan: Plan<View>, options: HierarchyCapture.Options) -> CaptureDraft {
        var plan = plan
        var images: [Int: CaptureCanvas] = [:]
        draw(&plan, options: options, reserve: { _ in }, cancel: { _ in }, deliver: { images[$0] = $1 })
        return CaptureDraft(screenScale: plan.scale, views: plan.views, images: images)
    }

    /// The layout's view of the records (nil when it cannot lay them out).
    static func layout(_ views: [CapturedView], includeClipped: Bool) -> Layout? {
        let tree = CaptureTree.viewTree(views, screenScale: 1)
        return try? Layout.compute(tree, options: LayoutOptions(depthMode: .nesting, showClipped: includeClipped))
    }

    /// Which views are drawn, by the layout's own rules: not in a hidden or transparent subtree,
    /// not of zero size, and — unless clipped views are asked for — not cut away by a clipping
    /// ancestor nor off screen.
    static func drawnViews(_ layout: Layout?, count: Int) -> [Bool] {
        guard let layout else { return [Bool](repeating: false, count: count) }
        return layout.status.map { if case .layer = $0 { true } else { false } }
    }

    /// The views left undrawn only because they are cut away or off screen (drawn with
    /// `drawClippedViews`), for their notes.
    private static func cutAway(_ views: [CapturedView], drawn: [Bool]) -> [Bool] {
        let all = drawnViews(layout(views, includeClipped: true), count: views.count)
        return views.indices.map { all[$0] && !drawn[$0] }
    }

    /// Crop first, then reduce: a drawn view whose picture would pass `maxSide` pixels a side at
    /// `scale` while only part of it shows is written as that part — its `bounds` the visible
    /// rectangle of its bounds space (whole points, outward), its `frame` and `anchorPoint` moved
    /// with it so that it and its subviews stay exactly where they were — and drawn at full
    /// scale when that part fits. Noted on the view.
    static func cropToVisibleParts(_ views: inout [CapturedView], layout: Layout, drawn: [Bool], scale: Double, maxSide: Int) {
        for index in views.indices where drawn[index] && views[index].parent != nil {
            let bounds = views[index].bounds
            guard (bounds.width * scale).rounded() > Double(maxSide) || (bounds.height * scale).rounded() > Double(maxSide),
                  case .layer(let l) = layout.status[index] else { continue }
            let layer = layout.layers[l]
            // The shown part in the view's bounds space, as the texture planner finds it.
            let shown = layer.isUntransformed
                ? Rect(x: bounds.x + layer.frame.minX - layer.fullFrame.minX, y: bounds.y + layer.frame.minY - layer.fullFrame.minY,
                       width: layer.frame.width, height: layer.frame.height)
                : layer.visibleBounds
            let x0 = max(bounds.minX, shown.minX.rounded(.down)), y0 = max(bounds.minY, shown.minY.rounded(.down))
            let x1 = min(bounds.maxX, shown.maxX.rounded(.up)), y1 = min(bounds.maxY, shown.maxY.rounded(.up))
            let part = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            guard part.width > 0, part.height > 0, part != bounds else { continue }
            var view = views[index]
            let frame = view.frame
            let anchor = Point(x: frame.x + view.anchorPoint.x * frame.width, y: frame.y + view.anchorPoint.y * frame.height)
            view.frame = Rect(x: frame.x + part.x - bounds.x, y: frame.y + part.y - bounds.y, width: part.width, height: part.height)
            view.bounds = part
            view.anchorPoint = Point(x: (anchor.x - view.frame.x) / part.width, y: (anchor.y - view.frame.y) / part.height)
            view.notes.append("only its visible part is written and drawn: bounds \(CaptureDocument.rect(part)) of \(CaptureDocument.rect(bounds)), whose picture would pass \(maxSide) pixels a side")
            views[index] = view
        }
    }
}
