// `hierarchy-bench diff [DIR]`: two captures of the render benchmark's 2,000-view screen, the second
// edited as an app update would (a table row removed and the rows below moved up, a button moved,
// an alpha, a background colour, a view added, one snapshot repainted), written to DIR (a temporary
// folder by default) as tree.json and 3x PNGs, then compared: the pure diff in memory (pairing by
// structure, since the screen's ids are index paths, and the changes), and everything
// `hierarchy diff` does (read both captures, lay them out, pair, compare pixels, write the report),
// alternated, 7 runs each, medians.
import Foundation
import HierarchyCompare
import HierarchyDiff
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel

enum DiffBenchmark {
    static func run(_ arguments: [String]) throws {
        guard arguments.count <= 1 else { throw InputError("usage: hierarchy-bench diff [DIR]") }
        let folder = arguments.first ?? FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-bench-diff").path
        let before = BenchScreen.tree(), after = edited(before)
        try write(before, to: folder + "/before")
        try write(after, to: folder + "/after", repainted: "repainted.png")
        let (files, pure) = (try compareFiles(folder), compareInMemory(before, after))
        print("diff: \(before.count) and \(after.count) views in \(folder)/before and /after; in memory \(pure.changed.count) changed, "
              + "\(pure.added.count) added, \(pure.removed.count) removed (\(pure.removed.map(\.count).reduce(0, +)) views), \(pure.unchanged) unchanged; "
              + "from the files, with pixels and depths, \(files) changed")
        var memory: [Double] = [], whole: [Double] = []
        for _ in 0..<7 {
            memory.append(time { _ = compareInMemory(before, after) }.1)
            whole.append(try time { _ = try compareFiles(folder) }.1)
        }
        print("  in memory (pair by structure, changes): median \(ms(median(memory))) ms")
        print("  whole command (read, lay out, pair, compare pixels, report): median \(ms(median(whole))) ms")
        print("  peak resident memory: \(PeakMemory.megabytes()) MB (VmHWM)")
    }

    static func compareInMemory(_ before: ViewTree, _ after: ViewTree) -> TreeDiff {
        TreeDiff.compute(before, after)
    }

    /// What `hierarchy diff before/tree.json after/tree.json` does; returns the number of changed views.
    static func compareFiles(_ folder: String) throws -> Int {
        let b = try LoadedDocument.load(folder + "/before/tree.json"), a = try LoadedDocument.load(folder + "/after/tree.json")
        let lb = try b.layout(LayoutOptions()), la = try a.layout(LayoutOptions())
        let diff = try CaptureComparison(before: b, after: a, beforeLayout: lb, afterLayout: la).diff
        precondition(!DiffText.render(diff, before: b.tree, after: a.tree).isEmpty)
        return diff.changed.count
    }

    /// The screen after an update.
    static func edited(_ tree: ViewTree) -> ViewTree {
        let table = tree.nodes.firstIndex { $0.className == "UITableView" }!
        let removed = tree[table].children[5]
        var after = tree.rebuilt { i in tree[i].children.filter { $0 != removed } }
        let table2 = after.nodes.firstIndex { $0.className == "UITableView" }!
        for row in after[table2].children.dropFirst(5) { after.update(row) { $0.frame.y -= 39 } }
        let nav = after.nodes.firstIndex { $0.className == "UINavigationBar" }!
        after.update(after[nav].children[2]) { $0.frame.x += 10 }
        after.append(ViewNode(className: "UILabel", frame: Rect(x: 150, y: 20, width: 90, height: 20)), to: nav)
        let tile = after[after[after[table2].children[2]].children[0]].children[3]
        after.update(tile) { $0.alpha = 0.5 }
        let tabs = after.nodes.firstIndex { $0.className == "UITabBar" }!
        after.update(tabs) { $0.backgroundColor = Color(red: 30, green: 30, blue: 32) }
        after.update(after[after[tabs].children[1]].children[0]) { $0.snapshot = "repainted.png" }
        return after
    }

    /// Writes `tree` as a document; the snapshot named `repainted` is painted as a label instead.
    static func write(_ tree: ViewTree, to folder: String, repainted: String? = nil) throws {
        let painter = BenchTextures(try Layout.compute(tree, snapshotSizes: BenchScreen.snapshotSizes(tree)))
        var written: Set<String> = []
        for node in tree.nodes {
            guard let path = node.snapshot, written.insert(path).inserted else { continue }
            let size = BenchScreen.snapshotSizes(tree)[path]!
            let kind = path == repainted ? "UILabel" : node.className
            try PNG.write(painter.paint(kind, size.width, size.height, background: node.backgroundColor), to: folder + "/" + path)
        }
        try Data(TreeDocument.encode(tree).utf8).write(to: URL(fileURLWithPath: folder + "/tree.json"))
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}

extension ViewTree {
    /// A copy whose subviews are `children(i)` for each node i (ids given again as index paths).
    func rebuilt(children: (Int) -> [Int]) -> ViewTree {
        func copy(_ i: Int) -> ViewNode { var node = self[i]; node.id = ""; return node }
        var tree = ViewTree(root: copy(0), screenScale: screenScale)
        var pending = children(0).reversed().map { ($0, 0) }
        while let (old, parent) = pending.popLast() {
            let new = tree.append(copy(old), to: parent)
            pending += children(old).reversed().map { ($0, new) }
        }
        return tree
    }
}
