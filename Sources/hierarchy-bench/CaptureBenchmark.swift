// `hierarchy-bench capture DIR [VIEWS]`: writes the render benchmark's 2,000-view screen (or a taller one of about VIEWS views) to DIR as a
// capture (tree.json and 3x snapshot PNGs), so that the whole command line — and the scripts a
// user would write instead (../shared/peers/exploded_peer.py) — can be timed on the same files.
import Foundation
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyModel

enum CaptureBenchmark {
    static func run(_ arguments: [String]) throws {
        guard arguments.count == 1 || (arguments.count == 2 && Int(arguments[1]) != nil) else {
            throw InputError("usage: hierarchy-bench capture DIR [VIEWS]")
        }
        let folder = arguments[0]
        // About VIEWS views: the 2,000-view screen with more table rows, the screen taller to show them.
        let rows = arguments.count == 2 ? max(19, 19 + (Int(arguments[1])! - 2_000) / 112) : 19
        let tree = BenchScreen.tree(rows: rows)
        let layout = try Layout.compute(tree, snapshotSizes: BenchScreen.snapshotSizes(tree))
        let painter = BenchTextures(layout)
        var written: Set<String> = []
        for node in tree.nodes {
            guard let path = node.snapshot, written.insert(path).inserted else { continue }
            let size = BenchScreen.snapshotSizes(tree)[path]!
            try PNG.write(painter.paint(node.className, size.width, size.height, background: node.backgroundColor), to: folder + "/" + path)
        }
        try Data(TreeDocument.encode(tree).utf8).write(to: URL(fileURLWithPath: folder + "/tree.json"))
        print("capture: \(tree.count) views, \(layout.layers.count) layers, \(written.count) snapshot files in \(folder)")
    }
}
