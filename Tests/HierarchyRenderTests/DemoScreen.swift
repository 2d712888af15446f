import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import HierarchySource

/// A hand-built phone screen (390×844 pt): status bar, navigation bar, a table of cells with a
/// thumbnail, two lines of text and a chevron, a floating button and a tab bar. Its snapshots are
/// painted in code at 3x so that they read as UI: text as dark bars, images as colourful disks.
enum DemoScreen {
    static let blue = Color(red: 0, green: 122, blue: 255)

    static func tree() -> ViewTree {
        var tree = ViewTree(root: view("window", "UIWindow", 0, 0, 390, 844, bg: Color(red: 242, green: 242, blue: 247)))
        let nav = tree.append(view("nav", "UINavigationBar", 0, 0, 390, 103, bg: Color(red: 249, green: 249, blue: 249)), to: 0)
        tree.append(view("status", "StatusBar", 0, 0, 390, 47), to: nav)
        tree.append(view("title", "UILabel", 20, 55, 220, 34), to: nav)
        tree.append(view("add", "Icon", 346, 58, 28, 28), to: nav)
        let table = tree.append(view("table", "UITableView", 0, 103, 390, 658, bg: Color(red: 242, green: 242, blue: 247),
                                     clips: true, boundsY: 30), to: 0)
        for row in 0..<10 {
            let cell = tree.append(view("cell\(row)", "UITableViewCell", 16, Double(row) * 76, 358, 76, bg: .init(red: 255, green: 255, blue: 255)), to: table)
            let content = tree.append(view("content\(row)", "UITableViewCellContentView", 0, 0, 358, 76), to: cell)
            tree.append(view("thumb\(row)", "UIImageView", 12, 12, 52, 52), to: content)
            tree.append(view("name\(row)", "UILabel", 76, 16, 200 - Double(row % 3) * 30, 20), to: content)
            tree.append(view("detail\(row)", "UILabel", 76, 42, 240 - Double(row % 4) * 25, 16), to: content)
            tree.append(view("chevron\(row)", "Icon", 326, 30, 16, 16), to: content)
            if row < 9 { tree.append(view("separator\(row)", "Separator", 76, 75, 282, 1, bg: Color(red: 198, green: 198, blue: 200)), to: cell) }
        }
        tree.append(view("fab", "Icon", 318, 690, 56, 56, alpha: 0.9), to: 0)
        let tabs = tree.append(view("tabs", "UITabBar", 0, 761, 390, 83, bg: Color(red: 249, green: 249, blue: 249)), to: 0)
        for item in 0..<4 {
            let button = tree.append(view("tab\(item)", "UITabBarButton", Double(item) * 97.5, 0, 97.5, 49), to: tabs)
            tree.append(view("tabIcon\(item)", "Icon", 36, 6, 26, 26), to: button)
            tree.append(view("tabLabel\(item)", "UILabel", 24, 34, 50, 12), to: button)
        }
        return tree
    }

    /// The layout, with snapshots at `scale` pixels a point.
    static func layout(scale: Double = 3) throws -> Layout {
        let tree = tree()
        return try Layout.compute(tree, snapshotSizes: TestScenes.snapshotSizes(tree, scale: scale))
    }

    private static func view(
        _ id: String, _ className: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
        bg: Color? = nil, clips: Bool = false, boundsY: Double = 0, alpha: Double = 1
    ) -> ViewNode {
        ViewNode(id: id, className: className, frame: Rect(x: x, y: y, width: w, height: h),
                 bounds: Rect(x: 0, y: boundsY, width: w, height: h), clipsToBounds: clips, alpha: alpha,
                 backgroundColor: bg, snapshot: id + ".png")
    }
}

/// Paints each snapshot by the view's class, at the planned crop's size.
struct DemoTextures: TextureProvider {
    func texture(for layer: Layer, maxSize: PixelSize) throws -> RGBAImage? {
        guard let plan = layer.texture else { return nil }
        var canvas = Canvas(width: plan.width, height: plan.height)
        let seed = stableHash(layer.id)
        if let bg = layer.backgroundColor { canvas.fill(bg) }
        switch layer.className {
        case "UILabel":
            // Text: a dark bar per line, with word gaps.
            let dark = layer.id.hasPrefix("detail") ? Color(red: 138, green: 138, blue: 142) : Color(red: 28, green: 28, blue: 30)
            var x = 0.0
            while x < Double(plan.width) {
                let word = Double(plan.height) * (1.2 + Double((seed >> UInt64(Int(x) % 40)) & 3))
                canvas.roundedRect(x: x, y: Double(plan.height) * 0.2, width: min(word, Double(plan.width) - x), height: Double(plan.height) * 0.6, colour: dark)
                x += word + Double(plan.height) * 0.5
            }
        case "UIImageView":
            canvas.gradient(Color(red: UInt8(seed & 0xFF), green: UInt8(seed >> 8 & 0xFF), blue: 220),
                            Color(red: 255, green: UInt8(seed >> 16 & 0xFF), blue: 90))
            canvas.circle(cx: Double(plan.width) * 0.62, cy: Double(plan.height) * 0.4, r: Double(plan.width) * 0.22, colour: Color(red: 255, green: 255, blue: 255, alpha: 200))
        case "Icon":
            canvas.circle(cx: Double(plan.width) / 2, cy: Double(plan.height) / 2, r: Double(min(plan.width, plan.height)) * 0.45, colour: DemoScreen.blue)
        case "StatusBar":
            canvas.roundedRect(x: Double(plan.width) * 0.08, y: Double(plan.height) * 0.4, width: Double(plan.width) * 0.12, height: Double(plan.height) * 0.3, colour: Color(red: 0, green: 0, blue: 0))
            canvas.roundedRect(x: Double(plan.width) * 0.8, y: Double(plan.height) * 0.42, width: Double(plan.width) * 0.1, height: Double(plan.height) * 0.26, colour: Color(red: 0, green: 0, blue: 0))
        default:
            break
        }
        return canvas.image
    }
}

/// A tiny software painter for test snapshots, anti-aliased by 4×4 supersampling.
struct Canvas {
    let width: Int
    let height: Int
    private var pixels: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    var image: RGBAImage { RGBAImage(width: width, height: height, pixels: pixels) }

    mutating func fill(_ c: Color) {
        for i in stride(from: 0, to: pixels.count, by: 4) { (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) = (c.red, c.green, c.blue, c.alpha) }
    }

    mutating func gradient(_ a: Color, _ b: Color) {
        for y in 0..<height {
            let k = Double(y) / Double(max(1, height))
            func mix(_ p: UInt8, _ q: UInt8) -> UInt8 { UInt8(Double(p) + (Double(q) - Double(p)) * k) }
            for x in 0..<width {
                let i = (y * width + x) * 4
                (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) = (mix(a.red, b.red), mix(a.green, b.green), mix(a.blue, b.blue), 255)
            }
        }
    }

    mutating func circle(cx: Double, cy: Double, r: Double, colour: Color) {
        shape(x0: cx - r, y0: cy - r, x1: cx + r, y1: cy + r) { x, y in (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r ? 1 : 0 } colour: { _, _ in colour }
    }

    mutating func roundedRect(x: Double, y: Double, width w: Double, height h: Double, colour: Color) {
        let r = min(w, h) / 2
        shape(x0: x, y0: y, x1: x + w, y1: y + h) { px, py in
            let dx = max(x + r - px, 0, px - (x + w - r)), dy = max(y + r - py, 0, py - (y + h - r))
            return dx * dx + dy * dy <= r * r && px >= x && px <= x + w && py >= y && py <= y + h ? 1 : 0
        } colour: { _, _ in colour }
    }

    /// Blends `colour` (straight alpha) over every pixel of the box by the share of its 16 subsamples `inside` accepts.
    private mutating func shape(x0: Double, y0: Double, x1: Double, y1: Double, _ inside: (Double, Double) -> Double, colour: (Double, Double) -> Color) {
        for py in max(0, Int(y0))..<max(0, min(height, Int(y1.rounded(.up)))) {
            for px in max(0, Int(x0))..<max(0, min(width, Int(x1.rounded(.up)))) {
                var hits = 0.0
                for s in 0..<16 { hits += inside(Double(px) + (Double(s % 4) + 0.5) / 4, Double(py) + (Double(s / 4) + 0.5) / 4) }
                guard hits > 0 else { continue }
                let c = colour(Double(px), Double(py))
                let a = Double(c.alpha) / 255 * hits / 16
                let i = (py * width + px) * 4
                let below = Double(pixels[i + 3]) / 255
                let outA = a + below * (1 - a)
                guard outA > 0 else { continue }
                for (k, v) in [c.red, c.green, c.blue].enumerated() {
                    pixels[i + k] = UInt8(((Double(v) * a + Double(pixels[i + k]) * below * (1 - a)) / outA).rounded())
                }
                pixels[i + 3] = UInt8((outA * 255).rounded())
            }
        }
    }
}
