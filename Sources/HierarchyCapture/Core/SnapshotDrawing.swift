/// Draws one view alone, by the seed article's technique: hide its shown subviews, draw it,
/// show them again. Every failure is a note and no snapshot, never a crash.
@MainActor
enum SnapshotDrawing {
    /// The drawn canvas, or the note saying why there is none. `subviewID` names a subview for notes.
    static func draw<View: CapturableView>(
        _ view: View, size: SnapshotSize, subviewID: (View) -> String
    ) -> Result<CaptureCanvas, SnapshotFailure> {
        guard case .draw(let width, let height, let scaleX, let scaleY, _) = size else {
            if case .none(let reason) = size { return .failure(SnapshotFailure(reason)) }
            return .failure(SnapshotFailure("no snapshot"))
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
        var canvas = CaptureCanvas(width: width, height: height, scaleX: scaleX, scaleY: scaleY)
        do {
            try view.drawAlone(into: &canvas)
        } catch {
            return .failure(SnapshotFailure("no snapshot: drawing failed: \(error)"))
        }
        return .success(canvas)
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
