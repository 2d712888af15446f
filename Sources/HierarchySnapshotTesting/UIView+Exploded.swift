#if canImport(UIKit)
import Foundation
import HierarchyCapture
import HierarchyGolden
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import SnapshotTesting
import UIKit

// iOS: a live view, captured through HierarchyCapture into a temporary folder and loaded as any
// capture is; everything after that is the tested strategy for documents. (Not compiled on Linux.)
extension Snapshotting where Value == UIView, Format == Golden {
    public static var exploded: Snapshotting { exploded() }

    public static func exploded(
        spacing: Double = RenderOptions().spacing, yaw: Double = RenderOptions().yaw, pitch: Double = RenderOptions().pitch,
        size: PixelSize = PixelSize(width: 800, height: 600), projection: Projection = .perspective,
        style: RenderStyle = .both, background: Color = RenderOptions.canvas, layout: LayoutOptions = LayoutOptions(),
        synthesize: Bool = false, tolerance: PixelTolerance = .noticeable, treeChangesFail: Bool = true,
        file: StaticString = #filePath, testName: String = #function, line: UInt = #line
    ) -> Snapshotting {
        let document = Snapshotting<LoadedDocument, Golden>.exploded(
            spacing: spacing, yaw: yaw, pitch: pitch, size: size, projection: projection, style: style, background: background,
            layout: layout, synthesize: synthesize, tolerance: tolerance, treeChangesFail: treeChangesFail, file: file, testName: testName, line: line)
        return Snapshotting(pathExtension: "png", diffing: document.diffing) { (view: UIView) -> Golden in
            // The snapshots are read while rendering: the folder goes only after that.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-snapshot-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            do {
                let report = try MainActor.assumeIsolated { try HierarchyCapture.captureSynchronously(view, to: folder) }
                var golden: Golden?
                document.snapshot(try LoadedDocument.load(report.documentURL.path)).run { golden = $0 }
                return golden ?? Golden(image: RGBAImage(width: 0, height: 0), tree: nil, problem: "the capture was not rendered")
            } catch {
                return Golden(image: RGBAImage(width: 0, height: 0), tree: nil, problem: "cannot capture the \(type(of: view)): \(error)")
            }
        }
    }
}
#endif
