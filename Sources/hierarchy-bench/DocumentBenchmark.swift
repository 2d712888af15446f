// `hierarchy-bench document N FILE`: writes a flat view-hierarchy document of N views (a window
// and N-1 small tiles, as `TreeDocument.encode` writes it) to FILE, for timing the whole
// `hierarchy layout FILE --format json` process, and reads it back in process: the JSON reader's
// speed in MB/s and the peak memory of reading.
import Foundation
import HierarchyFormats
import HierarchyModel

enum DocumentBenchmark {
    static func run(_ arguments: [String]) throws {
        guard arguments.count == 2, let count = Int(arguments[0]), count >= 1 else {
            throw InputError("usage: hierarchy-bench document N FILE")
        }
        let text = TreeDocument.encode(flatTree(views: count))
        try Data(text.utf8).write(to: URL(fileURLWithPath: arguments[1]))
        let megabytes = Double(text.utf8.count) / 1e6
        print("document: \(count) views, \(String(format: "%.1f", megabytes)) MB in \(arguments[1])")
        let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
        var times: [Double] = [], cpu: [Double] = []
        for _ in 0..<5 {
            let cpuStart = threadCPUSeconds()
            let (tree, seconds) = try time { try TreeDocument.decode(data, file: arguments[1]) }
            cpu.append(threadCPUSeconds() - cpuStart)
            precondition(tree.count == count, "read back \(tree.count) views")
            times.append(seconds)
        }
        // CPU time too: on a busy machine the wall clock also counts other processes' turns.
        print("  decode: " + times.map { ms($0) + " ms" }.joined(separator: ", ")
              + "; best \(String(format: "%.0f", megabytes / times.min()!)) MB/s wall, "
              + "\(String(format: "%.0f", megabytes / cpu.min()!)) MB/s of CPU time")
    }

    /// The CPU time this thread has used.
    static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// A 390×844 window with `views - 1` tiles of 24×24 points on a 16-column grid (rows wrap every
    /// 35 rows, so tiles overlap and the layout stacks them); a third are labels.
    static func flatTree(views: Int) -> ViewTree {
        var tree = ViewTree(root: ViewNode(id: "window", className: "UIWindow", frame: Rect(x: 0, y: 0, width: 390, height: 844)))
        for i in 1..<max(1, views) {
            let column = i % 16, row = (i / 16) % 35
            let node = ViewNode(id: "v\(i)", className: i % 3 == 0 ? "UILabel" : "View",
                                frame: Rect(x: Double(column) * 24, y: Double(row) * 24 + 0.5, width: 24, height: 24))
            tree.append(node, to: 0)
        }
        return tree
    }
}
