import HierarchyModel

/// Draws one view alone, by the seed article's technique: hide its shown subviews, draw it,
/// show them again. Every failure is a note and no snapshot, never a crash. The caller runs it
/// inside the capture's one platform transaction.
@MainActor
enum SnapshotDrawing {
    /// The drawn canvas, or the note saying why there is none. `subviewID` names a subview for
    /// notes. A view whose content the render server draws is drawn from the screen: a leaf with
    /// its subviews in the picture, a visual effect view for its backdrop.
    static func draw<View: CapturableView>(
        _ view: View, size: SnapshotSize, origin: Point, method: RenderServerContent.Method = .alone, subviewID: (View) -> String
    ) -> Result<CaptureCanvas, SnapshotFailure> {
        guard case .draw(let width, let height, let scaleX, let scaleY, _) = size else {
            if case .none(let reason) = size { return .failure(SnapshotFailure(reason)) }
            return .failure(SnapshotFailure("no snapshot"))
        }
        guard method == .alone else {
            var canvas = CaptureCanvas(width: width, height: height, scaleX: scaleX, scaleY: scaleY, origin: origin)
            do {
                try view.drawFromScreen(into: &canvas)
            } catch {
                return .failure(SnapshotFailure("no snapshot: drawing from the screen failed: \(error)"))
            }
            return .success(canvas)
        }
        var hidden: [View] = []
        defer { restore(hidden) }
        for subview in view.subviews where !subview.isHidden {
            do {
                try subview.setHiddenForSnapshot(true)
                hidden.append(subview)
            } catch {
                // FLEX #716: some private views refuse to be hidden; drawing without hiding would
                // bake the subview into this snapshot, so there is none.
                return .failure(SnapshotFailure("no snapshot: hiding subview \(subviewID(subview)) failed: \(error)"))
            }
        }
        var canvas = CaptureCanvas(width: width, height: height, scaleX: scaleX, scaleY: scaleY, origin: origin)
        do {
            try view.drawAlone(into: &canvas)
        } catch {
            return .failure(SnapshotFailure("no snapshot: drawing failed: \(error)"))
        }
        return .success(canvas)
    }

    /// A redacted view's picture: one opaque grey over its size, the view never asked to draw.
    static func redacted(size: SnapshotSize) -> Result<CaptureCanvas, SnapshotFailure> {
        guard case .draw(let width, let height, let scaleX, let scaleY, _) = size else {
            if case .none(let reason) = size { return .failure(SnapshotFailure(reason)) }
            return .failure(SnapshotFailure("no snapshot"))
        }
        return .success(.redacted(width: width, height: height, scaleX: scaleX, scaleY: scaleY))
    }

    /// Shows the subviews hidden for drawing again, front to back; a failure is ignored (the view
    /// was shown before, and there is nothing better to do than try the others).
    private static func restore<View: CapturableView>(_ hidden: [View]) {
        for subview in hidden.reversed() { try? subview.setHiddenForSnapshot(false) }
    }
}

/// Why a view has no snapshot, as written in its notes.
struct SnapshotFailure: Error, Equatable {
    var note: String
    init(_ note: String) { self.note = note }
}
