// `hierarchy-bench app-capture [RUNS] [DIR]`: the in-app capture library's own cost on the render
// benchmark's 2,000-view screen at 3x, through a view type that paints its background colour
// (so UIKit's drawing is not in it): the main-actor half (walk, ids, the layout's decision of what
// to draw, drawing into buffers), store-only PNG encoding alone, and encoding with the files
// written, medians.
import Foundation
import HierarchyCapture
import HierarchyModel

enum AppCaptureBenchmark {
    static func run(_ arguments: [String]) throws {
        let runs = arguments.first.flatMap(Int.init) ?? 5
        // DIR (default: the temporary directory) chooses the disk the files are written to.
        let parent = arguments.count > 1 ? URL(fileURLWithPath: arguments[1]) : FileManager.default.temporaryDirectory
        let folder = parent.appendingPathComponent("hierarchy-bench-app-capture-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try MainActor.assumeIsolated {
            let root = screen()
            let options = HierarchyCapture.Options(scale: 3, encoder: StoredPNGEncoder())
            var drafts: [Double] = [], encodes: [Double] = [], writes: [Double] = [], views = 0, snapshots = 0, megabytes = 0.0
            for _ in 0..<runs {
                let (draft, draftTime) = time { HierarchyCapture.draft(root, options: options) }
                megabytes = Double(draft.images.values.reduce(0) { $0 + $1.pixels.count }) / 1e6
                let (_, encodeTime) = try time { try draft.images.values.reduce(0) { $0 + (try options.encoder.encode($1)).count } }
                encodes.append(encodeTime)
                let (report, writeTime) = try time { try HierarchyCapture.writeSynchronously(draft, to: folder, encoder: options.encoder) }
                drafts.append(draftTime)
                writes.append(writeTime)
                (views, snapshots) = (report.views.count, report.snapshotCount)
            }
            print("app-capture: \(views) views, \(snapshots) snapshots at 3x (\(Int(megabytes)) MB of pixels), median of \(runs): read and draw \(ms(median(drafts))) ms, encode alone \(ms(median(encodes))) ms, encode and write the files \(ms(median(writes))) ms")
        }
    }

    /// The 2,000-view screen as painting fake views.
    @MainActor
    static func screen() -> BenchView { BenchView.build(BenchScreen.tree()) }

    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}

/// A view of a generated tree: its node's geometry, painting its background colour.
@MainActor
final class BenchView: CapturableView {
    let node: ViewNode
    var subviews: [BenchView] = []
    var isHidden: Bool

    init(_ node: ViewNode) {
        self.node = node
        self.isHidden = node.isHidden
    }

    /// One object a node, built without recursion.
    static func build(_ tree: ViewTree) -> BenchView {
        let views = tree.nodes.map(BenchView.init)
        for (index, node) in tree.nodes.enumerated() { views[index].subviews = node.children.map { views[$0] } }
        return views[0]
    }

    var captureIdentity: ObjectIdentifier { ObjectIdentifier(self) }
    var className: String { node.className }
    var accessibilityIdentifier: String? { node.id }
    var accessibilityLabel: String? { node.name }
    var tag: Int { node.tag }
    var position: Point { Point(x: node.frame.midX, y: node.frame.midY) }
    var bounds: Rect { node.bounds }
    var transform: Transform2D { node.transform }
    var anchorPoint: Point { node.anchorPoint }
    var clipsToBounds: Bool { node.clipsToBounds }
    var alpha: Double { node.alpha }
    var backgroundColor: Color? { node.backgroundColor }
    var text: String? { node.text }
    var screenScale: Double { 3 }

    func setHiddenForSnapshot(_ hidden: Bool) throws { isHidden = hidden }

    func drawAlone(into canvas: inout CaptureCanvas) throws {
        let color = node.backgroundColor ?? Color(red: 128, green: 128, blue: 128)
        let pixel = [color.red, color.green, color.blue, color.alpha]
        canvas.pixels.withUnsafeMutableBufferPointer { buffer in
            for i in stride(from: 0, to: buffer.count, by: 4) { for c in 0..<4 { buffer[i + c] = pixel[c] } }
        }
    }
}
