// `hierarchy-bench render [--write PATH]`: the exploded picture of a generated 2,000-view phone
// screen with 3x snapshots, at 1600×1200 with the default options: wall time, peak memory, layers
// and covered pixels per second. `--write` saves the picture as a PNG, to look at it.
import Foundation
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import HierarchySource

enum RenderBenchmark {
    static func run(_ arguments: [String]) throws {
        guard arguments.isEmpty || (arguments.count == 2 && arguments[0] == "--write") else {
            throw InputError("usage: hierarchy-bench render [--write PATH]")
        }
        let tree = BenchScreen.tree()
        let layout = try Layout.compute(tree, snapshotSizes: BenchScreen.snapshotSizes(tree))
        let renderer = try Renderer()
        let textures = BenchTextures(layout)
        let covered = coveredPixels(layout, renderer.viewpoint(for: layout), spacing: renderer.options.spacing)
        print("render: \(tree.count) views, \(layout.layers.count) layers, \(layout.maxDepth + 1) depth levels, "
              + "snapshots at 3x, \(renderer.options.size.width)×\(renderer.options.size.height), default options")
        PeakMemory.reset()
        var times: [Double] = []
        for _ in 0..<3 {
            let start = ContinuousClock.now
            let rendering = try renderer.render(layout, textures: textures)
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
            precondition(!rendering.isEmpty, "the benchmark screen drew nothing")
            if arguments.count == 2 && times.count == 1 { try PNG.write(rendering.image, to: arguments[1]) }
        }
        let best = times.min()!
        print("  runs: " + times.map { format($0, 3) + " s" }.joined(separator: ", ") + "; best \(format(best, 3)) s")
        print("  \(format(Double(layout.layers.count) / best, 0)) layers/s, "
              + "\(format(covered / best / 1e6, 1)) million covered pixels/s (\(format(covered / 1e6, 2)) M layer pixels)")
        print("  texture cache of the benchmark's provider: \(textures.cachedMegabytes) MB")
        print("  peak resident memory: \(PeakMemory.megabytes()) MB (VmHWM)")
    }

    /// The pixels all drawn layers cover, counting overlaps once per layer.
    private static func coveredPixels(_ layout: Layout, _ viewpoint: Viewpoint, spacing: Double) -> Double {
        let geometry = StackGeometry(spacing: spacing)
        return layout.layers.reduce(0) { total, layer in
            let p = geometry.corners(of: layer).compactMap(viewpoint.project)
            guard p.count == 4 else { return total }
            let twice = (0..<4).reduce(0.0) { $0 + p[$1].x * p[($1 + 1) % 4].y - p[($1 + 1) % 4].x * p[$1].y }
            return total + abs(twice) / 2
        }
    }

    private static func format(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}

/// A photo-library screen, 390×844 pt: navigation bar, a scrolled table whose cells each hold a row
/// of ten thumbnail tiles (image, gradient, selection ring, favourite and duration badges), and
/// a tab bar; about 2,000 views on screen in about ten depth levels.
enum BenchScreen {
    /// `rows` table rows (112 views each); past the default 19 the screen grows taller by a row's
    /// height for each, so that every added row is on screen (for memory and time curves).
    static func tree(rows: Int = 19) -> ViewTree {
        let extra = Double(max(0, rows - 19)) * 39
        var tree = ViewTree(root: node("UIWindow", 0, 0, 390, 844 + extra, bg: Color(red: 255, green: 255, blue: 255)))
        let host = tree.append(node("UILayoutContainerView", 0, 0, 390, 844 + extra), to: 0)
        let nav = tree.append(node("UINavigationBar", 0, 0, 390, 103, bg: Color(red: 249, green: 249, blue: 249, alpha: 240)), to: host)
        for (i, w) in [60.0, 40, 40, 90].enumerated() {
            let item = tree.append(node("UIButton", 20 + Double(i) * 95, 56, w, 34), to: nav)
            tree.append(node("UIImageView", 0, 5, 24, 24), to: item)
            tree.append(node("UILabel", 26, 8, max(10, w - 26), 18), to: item)
        }
        let table = tree.append(node("UITableView", 0, 103, 390, 658 + extra, clips: true, boundsY: 20), to: host)
        for row in 0..<rows {
            // The table is scrolled by 20 pt: 18 rows show, the first only in part, the last is clipped away.
            let cell = tree.append(node("UITableViewCell", 0, Double(row) * 39, 390, 39), to: table)
            let content = tree.append(node("UITableViewCellContentView", 0, 0, 390, 39), to: cell)
            for column in 0..<10 {
                let tile = tree.append(node("Tile", 1 + Double(column) * 38.8, 0.5, 38, 38), to: content)
                tree.append(node("UIImageView", 0, 0, 38, 38, bg: Color(red: 200, green: 200, blue: 205)), to: tile)
                let overlay = tree.append(node("Gradient", 0, 22, 38, 16), to: tile)
                tree.append(node("UILabel", 18, 3, 17, 10), to: overlay)
                tree.append(node("Heart", 3, 4, 8, 8), to: overlay)
                let ring = tree.append(node("SelectionRing", 0, 0, 38, 38), to: tile)
                let check = tree.append(node("CheckBadge", 24, 2, 12, 12), to: ring)
                tree.append(node("UIImageView", 2, 2, 8, 8), to: check)
                let live = tree.append(node("LiveBadge", 2, 2, 16, 10, bg: Color(red: 0, green: 0, blue: 0, alpha: 90)), to: tile)
                tree.append(node("UILabel", 2, 1, 12, 8), to: live)
            }
            tree.append(node("Separator", 0, 38.5, 390, 0.5, bg: Color(red: 198, green: 198, blue: 200)), to: cell)
        }
        let tabs = tree.append(node("UITabBar", 0, 761 + extra, 390, 83, bg: Color(red: 249, green: 249, blue: 249, alpha: 240)), to: host)
        for item in 0..<4 {
            let button = tree.append(node("UITabBarButton", Double(item) * 97.5, 0, 97.5, 49), to: tabs)
            tree.append(node("UIImageView", 35, 5, 28, 26), to: button)
            tree.append(node("UILabel", 20, 33, 58, 12), to: button)
        }
        return tree
    }

    /// Every snapshot at 3x its view's bounds.
    static func snapshotSizes(_ tree: ViewTree) -> [String: PixelSize] {
        var sizes: [String: PixelSize] = [:]
        for node in tree.nodes {
            guard let path = node.snapshot else { continue }
            sizes[path] = PixelSize(width: max(1, Int((node.bounds.width * 3).rounded())), height: max(1, Int((node.bounds.height * 3).rounded())))
        }
        return sizes
    }

    private static func node(
        _ className: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
        bg: Color? = nil, clips: Bool = false, boundsY: Double = 0
    ) -> ViewNode {
        // Each view has a snapshot of its own; the id (the index path) names it.
        var node = ViewNode(className: className, frame: Rect(x: x, y: y, width: w, height: h),
                            bounds: Rect(x: 0, y: boundsY, width: w, height: h), clipsToBounds: clips, backgroundColor: bg)
        node.snapshot = className + "-\(Int(w * 3))x\(Int(h * 3)).png"
        return node
    }
}

/// In-memory 3x snapshots: one painted image per class and size (the screen repeats them), kept in
/// a cache so that painting is not what is timed. The renderer still receives full 3x textures
/// and reduces each itself, as it would decoded PNGs.
final class BenchTextures: TextureProvider, @unchecked Sendable {
    /// For each node index with a texture, the index of its image among the distinct ones.
    private let slot: [Int: Int]
    private var cache: [RGBAImage?]
    private let lock = NSLock()

    init(_ layout: Layout) {
        var keys: [String: Int] = [:], slot: [Int: Int] = [:]
        for layer in layout.layers {
            guard let plan = layer.texture else { continue }
            let key = "\(plan.path) \(plan.crop.x),\(plan.crop.y) \(plan.width)x\(plan.height)"
            slot[layer.node] = keys[key] ?? keys.count
            keys[key] = slot[layer.node]
        }
        self.slot = slot
        cache = Array(repeating: nil, count: keys.count)
    }

    var cachedMegabytes: Int { lock.withLock { cache.reduce(0) { $0 + ($1?.pixels.count ?? 0) } >> 20 } }

    func texture(for layer: Layer, maxSize: PixelSize) throws -> RGBAImage? {
        guard let plan = layer.texture, let index = slot[layer.node] else { return nil }
        return lock.withLock {
            if let image = cache[index] { return image }
            let image = paint(layer.className, plan.width, plan.height, background: layer.backgroundColor)
            cache[index] = image
            return image
        }
    }

    func paint(_ className: String, _ width: Int, _ height: Int, background: Color?) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                for x in 0..<width {
                    let (r, g, b, a) = texel(className, x, y, width, height, background)
                    let i = (y * width + x) * 4
                    (p[i], p[i + 1], p[i + 2], p[i + 3]) = (r, g, b, a)
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// A look per kind of view: photos are gradients, labels dark strokes on transparency, badges
    /// discs, bars and cells their background colour.
    private func texel(_ kind: String, _ x: Int, _ y: Int, _ w: Int, _ h: Int, _ bg: Color?) -> (UInt8, UInt8, UInt8, UInt8) {
        let u = Double(x) / Double(w), v = Double(y) / Double(h)
        switch kind {
        case "UIImageView":
            return (UInt8(80 + 150 * u), UInt8(120 + 100 * v), UInt8(200 - 120 * u * v), 255)
        case "UILabel":
            let stroke = (x / max(1, h / 2)) % 5 != 4 && v > 0.2 && v < 0.8
            return stroke ? (30, 30, 32, 255) : (0, 0, 0, 0)
        case "Gradient":
            return (0, 0, 0, UInt8(120 * v))
        case "Heart", "CheckBadge":
            let d = (u - 0.5) * (u - 0.5) + (v - 0.5) * (v - 0.5)
            return d < 0.2 ? (255, 255, 255, 230) : (0, 0, 0, 0)
        case "SelectionRing":
            let edge = min(x, y, w - 1 - x, h - 1 - y) < 6
            return edge ? (0, 122, 255, 200) : (0, 0, 0, 0)
        default:
            guard let bg else { return (0, 0, 0, 0) }
            return (bg.red, bg.green, bg.blue, bg.alpha)
        }
    }
}
