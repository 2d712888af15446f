import Foundation
import HierarchyFormats
import HierarchyLayout
import HierarchyModel

/// Lays out generated trees: a 100,000-view app-like screen in each depth mode, a 100,000-level
/// chain, and reading a 100,000-view document.
enum LayoutBenchmark {
    static func run(_ arguments: [String]) throws {
        let count = arguments.first.flatMap(Int.init) ?? 100_000
        let screen = appLikeTree(views: count)
        print("app-like tree: \(screen.count) views")
        for mode in DepthMode.allCases {
            let (layout, seconds) = try time { try Layout.compute(screen, options: LayoutOptions(depthMode: mode)) }
            print("  layout --depth-mode \(mode.rawValue): \(ms(seconds)) ms, \(layout.layers.count) layers, max depth \(layout.maxDepth)")
        }
        for mode in DepthMode.allCases {
            let options = LayoutOptions(depthMode: mode, showClipped: true)
            let (layout, seconds) = try time { try Layout.compute(screen, options: options) }
            print("  layout --show-clipped --depth-mode \(mode.rawValue): \(ms(seconds)) ms, \(layout.layers.count) layers, max depth \(layout.maxDepth)")
        }
        let chain = chainTree(levels: count)
        for mode in DepthMode.allCases {
            let (layout, seconds) = try time { try Layout.compute(chain, options: LayoutOptions(depthMode: mode)) }
            print("  \(count)-level chain, \(mode.rawValue): \(ms(seconds)) ms, max depth \(layout.maxDepth)")
        }
        let text = TreeDocument.encode(screen)
        let (decoded, seconds) = try time { try TreeDocument.decode(Data(text.utf8), file: "bench.json") }
        print("  decode tree.json (\(text.utf8.count / 1_000_000) MB, \(decoded.count) views): \(ms(seconds)) ms")
        print("peak memory: \(PeakMemory.megabytes()) MB (VmHWM)")
    }

    /// A long feed: a window, a navigation bar, and a scrolled table of cells, each with an avatar,
    /// two labels, a thumbnail grid and buttons, until `views` views exist.
    static func appLikeTree(views: Int) -> ViewTree {
        var tree = ViewTree(root: ViewNode(id: "window", className: "UIWindow", frame: Rect(x: 0, y: 0, width: 390, height: 844)))
        let nav = tree.append(ViewNode(id: "nav", className: "UINavigationBar", frame: Rect(x: 0, y: 47, width: 390, height: 44)), to: 0)
        tree.append(ViewNode(id: "title", className: "UILabel", frame: Rect(x: 150, y: 12, width: 90, height: 20)), to: nav)
        let table = tree.append(ViewNode(
            id: "table", className: "UITableView", frame: Rect(x: 0, y: 91, width: 390, height: 753),
            bounds: Rect(x: 0, y: 5_000, width: 390, height: 753), clipsToBounds: true), to: 0)
        var cell = 0
        while tree.count < views {
            let y = Double(cell) * 120
            let c = tree.append(ViewNode(id: "cell\(cell)", className: "UITableViewCell", frame: Rect(x: 0, y: y, width: 390, height: 120)), to: table)
            let content = tree.append(ViewNode(id: "content\(cell)", frame: Rect(x: 0, y: 0, width: 390, height: 119.666667)), to: c)
            tree.append(ViewNode(id: "avatar\(cell)", className: "UIImageView", frame: Rect(x: 16, y: 12, width: 40, height: 40)), to: content)
            tree.append(ViewNode(id: "name\(cell)", className: "UILabel", frame: Rect(x: 64, y: 12, width: 200, height: 20)), to: content)
            tree.append(ViewNode(id: "text\(cell)", className: "UILabel", frame: Rect(x: 64, y: 34, width: 310, height: 36)), to: content)
            let strip = tree.append(ViewNode(id: "strip\(cell)", className: "UIStackView", frame: Rect(x: 64, y: 74, width: 310, height: 40)), to: content)
            for i in 0..<6 {
                tree.append(ViewNode(id: "thumb\(cell)-\(i)", className: "UIImageView", frame: Rect(x: Double(i) * 52, y: 0, width: 48, height: 40)), to: strip)
            }
            tree.append(ViewNode(id: "badge\(cell)", frame: Rect(x: 50, y: 8, width: 12, height: 12)), to: content)
            tree.append(ViewNode(id: "separator\(cell)", frame: Rect(x: 16, y: 119.666667, width: 374, height: 0.333333)), to: c)
            cell += 1
        }
        return tree
    }

    static func chainTree(levels: Int) -> ViewTree {
        var tree = ViewTree(root: ViewNode(id: "root", frame: Rect(x: 0, y: 0, width: 390, height: 844)))
        var parent = 0
        for i in 0..<levels {
            parent = tree.append(ViewNode(id: "v\(i)", frame: Rect(x: 0.001, y: 0.001, width: 390, height: 844), clipsToBounds: i % 2 == 0), to: parent)
        }
        return tree
    }
}

func time<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let value = try body()
    return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}

func ms(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }
