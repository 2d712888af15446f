// `hierarchy-bench capture DIR [VIEWS] [--file-per-view]`: writes the render benchmark's 2,000-view
// screen (or a taller one of about VIEWS views) to DIR as a capture (tree.json and 3x snapshot PNGs),
// so that the whole command line — and the scripts a user would write instead
// (../shared/peers/exploded_peer.py) — can be timed on the same files. Views of one class and size
// share a file; with --file-per-view each view has a file of its own, `snapshots/N.png`, as the
// in-app capture library writes them (the same pictures, repeated under many names).
import Foundation
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyModel

enum CaptureBenchmark {
    static func run(_ arguments: [String]) throws {
        let filePerView = arguments.contains("--file-per-view")
        let arguments = arguments.filter { $0 != "--file-per-view" }
        guard arguments.count == 1 || (arguments.count == 2 && Int(arguments[1]) != nil) else {
            throw InputError("usage: hierarchy-bench capture DIR [VIEWS] [--file-per-view]")
        }
        let folder = arguments[0]
        // About VIEWS views: the 2,000-view screen with more table rows, the screen taller to show them.
        let rows = arguments.count == 2 ? max(19, 19 + (Int(arguments[1])! - 2_000) / 112) : 19
        var tree = BenchScreen.tree(rows: rows)
        let sizes = BenchScreen.snapshotSizes(tree)
        let layout = try Layout.compute(tree, snapshotSizes: sizes)
        let painter = BenchTextures(layout)
        if filePerView { try FileSystem.createFolder(folder + "/snapshots") }
        var written: Set<String> = []
        for index in tree.nodes.indices {
            let node = tree.nodes[index]
            guard let shared = node.snapshot else { continue }
            let path = filePerView ? "snapshots/\(index).png" : shared
            guard written.insert(path).inserted else { continue }
            let size = sizes[shared]!
            try PNG.write(painter.paint(node.className, size.width, size.height, background: node.backgroundColor), to: folder + "/" + path)
            if filePerView { tree.update(index) { $0.snapshot = path } }
        }
        try Data(TreeDocument.encode(tree).utf8).write(to: URL(fileURLWithPath: folder + "/tree.json"))
        print("capture: \(tree.count) views, \(layout.layers.count) layers, \(written.count) snapshot files in \(folder)")
    }
}
