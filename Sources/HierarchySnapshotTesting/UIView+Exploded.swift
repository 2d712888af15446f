#if canImport(UIKit)
import Foundation
import HierarchyCapture
import HierarchyScreen
import UIKit

// iOS: a live view, captured through HierarchyCapture into a temporary folder and loaded as any
// capture is; everything after that is the tested strategy for documents (`.exploded`, whose
// `Value` is any `ExplodedSnapshottable`). (Not compiled on Linux but in Tests/AppleSurface.)
extension UIView: ExplodedSnapshottable {
    public nonisolated func picturing(_ picture: (LoadedDocument) -> Golden) -> Golden {
        // The snapshots are read while rendering: the folder goes only after that.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-snapshot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let report = try MainActor.assumeIsolated { try HierarchyCapture.captureSynchronously(self, to: folder) }
            return picture(try LoadedDocument.load(report.documentURL.path))
        } catch {
            return .failure("cannot capture the \(type(of: self)): \(error)")
        }
    }
}
#endif
