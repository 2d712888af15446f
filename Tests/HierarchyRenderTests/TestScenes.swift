import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import HierarchySource
import HierarchyTestSupport
import XCTest

/// A stable hash of a string (FNV-1a), for colours that depend on a layer's id.
func stableHash(_ text: String) -> UInt64 {
    text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
}

/// Snapshots made on demand: each layer's is a smooth two-colour gradient with a soft-edged
/// transparent band, different per id, at the planned size (the snapshot's pixels, e.g. 3x).
/// Smooth, so that the renderer's filtering and the reference's differ by rounding only.
struct GeneratedTextures: TextureProvider {
    /// Layers whose ids are here get this one colour instead, opaque.
    var solid: [String: Color] = [:]
    /// Whether some texels are transparent.
    var withHoles = true

    func texture(for layer: Layer, maxSize: PixelSize) throws -> RGBAImage? {
        guard let plan = layer.texture else { return nil }
        if let colour = solid[layer.id] { return RGBAImage(width: plan.width, height: plan.height, fill: colour) }
        return Self.gradient(width: plan.width, height: plan.height, seed: stableHash(layer.id), withHoles: withHoles)
    }

    static func gradient(width: Int, height: Int, seed: UInt64, withHoles: Bool) -> RGBAImage {
        let a = (Double(seed & 0xFF), Double(seed >> 8 & 0xFF), Double(seed >> 16 & 0xFF))
        let b = (Double(seed >> 24 & 0xFF), Double(seed >> 32 & 0xFF), Double(seed >> 40 & 0xFF))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let u = (Double(x) + 0.5) / Double(width), v = (Double(y) + 0.5) / Double(height)
                let k = (u + v) / 2
                let i = (y * width + x) * 4
                pixels[i] = UInt8(a.0 + (b.0 - a.0) * k)
                pixels[i + 1] = UInt8(a.1 + (b.1 - a.1) * k)
                pixels[i + 2] = UInt8(a.2 + (b.2 - a.2) * k)
                // A soft transparent band across the middle third of the texture.
                let band = withHoles ? max(0, 1 - abs(v - 0.5) * 6) : 0
                pixels[i + 3] = UInt8(255 * (1 - 0.8 * band))
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}

/// Builds trees and their layouts for the tests.
enum TestScenes {
    /// The snapshot sizes a tree's views would have at `scale`, keyed by snapshot path.
    static func snapshotSizes(_ tree: ViewTree, scale: Double = 3) -> [String: PixelSize] {
        var sizes: [String: PixelSize] = [:]
        for node in tree.nodes {
            guard let path = node.snapshot else { continue }
            sizes[path] = PixelSize(width: Int((node.bounds.width * scale).rounded()), height: Int((node.bounds.height * scale).rounded()))
        }
        return sizes
    }

    static func layout(_ tree: ViewTree, depthMode: DepthMode = .overlap) throws -> Layout {
        try Layout.compute(tree, options: LayoutOptions(depthMode: depthMode), snapshotSizes: snapshotSizes(tree))
    }

    /// A small phone-like screen (120×200 pt): nav bar with a title, a table of three cells with
    /// labels and a thumbnail, a half-transparent badge, and a view without snapshot or colour.
    static func phone() -> ViewTree {
        var tree = ViewTree(root: ViewNode(id: "root", className: "UIWindow", frame: Rect(x: 0, y: 0, width: 120, height: 200),
                                           backgroundColor: Color(red: 240, green: 240, blue: 245), snapshot: "root.png"))
        let nav = tree.append(ViewNode(id: "nav", className: "UINavigationBar", frame: Rect(x: 0, y: 0, width: 120, height: 30), snapshot: "nav.png"), to: 0)
        tree.append(ViewNode(id: "title", className: "UILabel", frame: Rect(x: 35, y: 8, width: 50, height: 14), snapshot: "title.png"), to: nav)
        let table = tree.append(ViewNode(id: "table", className: "UITableView", frame: Rect(x: 0, y: 30, width: 120, height: 170),
                                         bounds: Rect(x: 0, y: 10, width: 120, height: 170), clipsToBounds: true, snapshot: "table.png"), to: 0)
        for row in 0..<3 {
            let cell = tree.append(ViewNode(id: "cell\(row)", className: "UITableViewCell", frame: Rect(x: 0, y: Double(row * 40), width: 120, height: 40),
                                            snapshot: "cell\(row).png"), to: table)
            tree.append(ViewNode(id: "thumb\(row)", className: "UIImageView", frame: Rect(x: 6, y: 6, width: 28, height: 28), snapshot: "thumb\(row).png"), to: cell)
            tree.append(ViewNode(id: "label\(row)", className: "UILabel", frame: Rect(x: 40, y: 12, width: 70, height: 16), snapshot: "label\(row).png"), to: cell)
        }
        tree.append(ViewNode(id: "badge", className: "UIView", frame: Rect(x: 90, y: 150, width: 24, height: 24), alpha: 0.5,
                             backgroundColor: Color(red: 255, green: 59, blue: 48)), to: 0)
        tree.append(ViewNode(id: "spacer", className: "UIView", frame: Rect(x: 10, y: 170, width: 60, height: 20)), to: 0)
        return tree
    }

    /// A random tree over a `width`×`height` root, frames on whole points, some views clipping,
    /// translucent, coloured or without snapshot.
    static func random(seed: UInt64, count: Int, width: Int = 60, height: Int = 80) -> ViewTree {
        var rng = SplitMix(seed: seed)
        var tree = ViewTree(root: ViewNode(className: "Root", frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)),
                                           snapshot: "0.png"))
        for index in 1..<count {
            let parent = Int.random(in: 0..<index, using: &rng)
            let p = tree[parent].bounds
            let w = Int.random(in: 1...max(1, Int(p.width)), using: &rng), h = Int.random(in: 1...max(1, Int(p.height)), using: &rng)
            let x = Int.random(in: -4...max(-4, Int(p.width) - w + 4), using: &rng), y = Int.random(in: -4...max(-4, Int(p.height) - h + 4), using: &rng)
            let hasSnapshot = Int.random(in: 0..<4, using: &rng) > 0
            let colour: Color? = Bool.random(using: &rng) ? Color(red: UInt8.random(in: 0...255, using: &rng), green: 90, blue: 200, alpha: 200) : nil
            tree.append(ViewNode(frame: Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h)),
                                 clipsToBounds: Int.random(in: 0..<3, using: &rng) == 0,
                                 alpha: Bool.random(using: &rng) ? 1 : Double.random(in: 0.3...1, using: &rng),
                                 backgroundColor: colour, snapshot: hasSnapshot ? "\(index).png" : nil), to: parent)
        }
        return tree
    }

    /// The screen of transformed views (`TransformedScreen`, shared with the export tests).
    static func transformed() -> ViewTree { TransformedScreen.tree() }

    /// A random tree with some views turned, scaled, mirrored or re-anchored (see `random`).
    static func randomTransformed(seed: UInt64, count: Int) -> ViewTree {
        var tree = random(seed: seed, count: count)
        var rng = SplitMix(seed: seed &+ 1000)
        for index in 1..<tree.count where Int.random(in: 0..<3, using: &rng) == 0 {
            let turn = Transform2D.rotation(degrees: [0, 90, 180, Double.random(in: -60...60, using: &rng)][Int.random(in: 0..<4, using: &rng)])
            let scale = Transform2D.scale(Bool.random(using: &rng) ? -1 : 1, 1).concatenating(after: .scale(.random(in: 0.5...1.3, using: &rng), .random(in: 0.5...1.3, using: &rng)))
            tree.update(index) { node in
                node.transform = turn.concatenating(after: scale)
                node.anchorPoint = Point(x: .random(in: 0...1, using: &rng), y: .random(in: 0...1, using: &rng))
            }
        }
        return tree
    }

    /// A layout made directly: one layer per (id, frame, depth, colour), background colours only.
    static func layers(_ specs: [(String, Rect, Int, Color?)], screen: Rect = Rect(x: 0, y: 0, width: 100, height: 100)) -> Layout {
        let layers = specs.enumerated().map { i, spec in
            Layer(node: i, id: spec.0, className: "View", depth: spec.2, frame: spec.1, fullFrame: spec.1, backgroundColor: spec.3)
        }
        return Layout(screen: screen, layers: layers, status: layers.indices.map { .layer($0) })
    }
}

/// Options for the flat front view at `k` pixels a point: orthographic, straight on, no margin.
func frontView(_ layout: Layout, k: Int, style: RenderStyle = .contents) -> RenderOptions {
    var options = RenderOptions()
    options.yaw = 0
    options.pitch = 0
    options.projection = .orthographic
    options.style = style
    options.background = RenderOptions.transparent
    options.margin = 0
    options.size = PixelSize(width: Int(layout.screen.width) * k, height: Int(layout.screen.height) * k)
    return options
}

extension RGBAImage {
    /// The pixel as premultiplied 0...255 integers, for comparisons that ignore the colour of transparency.
    func premultipliedPixel(_ x: Int, _ y: Int) -> SIMD4<Int> {
        let c = self[x, y]
        if alpha == .premultiplied { return SIMD4(Int(c.red), Int(c.green), Int(c.blue), Int(c.alpha)) }
        let a = Int(c.alpha)
        return SIMD4((Int(c.red) * a + 127) / 255, (Int(c.green) * a + 127) / 255, (Int(c.blue) * a + 127) / 255, a)
    }

    /// The largest channel difference from `other` (same size), premultiplied, and where it is.
    func largestDifference(from other: RGBAImage) -> (value: Int, x: Int, y: Int) {
        precondition(width == other.width && height == other.height, "sizes differ")
        var worst = (value: 0, x: 0, y: 0)
        for y in 0..<height {
            for x in 0..<width {
                let d = (premultipliedPixel(x, y) &- other.premultipliedPixel(x, y))
                let m = max(abs(d.x), abs(d.y), abs(d.z), abs(d.w))
                if m > worst.value { worst = (m, x, y) }
            }
        }
        return worst
    }

    /// Whether some pixel satisfies `test`.
    func contains(where test: (Color) -> Bool) -> Bool {
        for y in 0..<height { for x in 0..<width where test(self[x, y]) { return true } }
        return false
    }

    /// The image mirrored left to right.
    func mirrored() -> RGBAImage {
        var out = pixels
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<4 { out[(y * width + x) * 4 + c] = pixels[(y * width + width - 1 - x) * 4 + c] }
            }
        }
        return RGBAImage(width: width, height: height, pixels: out, alpha: alpha)
    }
}

/// Whether two colours are within `tolerance` on every channel.
func isClose(_ a: Color, _ b: Color, tolerance: Int = 8) -> Bool {
    abs(Int(a.red) - Int(b.red)) <= tolerance && abs(Int(a.green) - Int(b.green)) <= tolerance
        && abs(Int(a.blue) - Int(b.blue)) <= tolerance && abs(Int(a.alpha) - Int(b.alpha)) <= tolerance
}

/// Renders `layout` from each camera with a default renderer and with one that `plain` changes
/// (a speed-up turned off), and asserts the pictures are the same.
func assertSamePictures(_ layout: Layout, textures: some TextureProvider, size: PixelSize,
                        cameras: [@Sendable (inout RenderOptions) -> Void], plain: (inout Renderer) -> Void,
                        file: StaticString = #filePath, line: UInt = #line) throws {
    for (i, camera) in cameras.enumerated() {
        var options = RenderOptions()
        options.size = size
        camera(&options)
        try assertSamePicture(layout, textures: textures, options: options, plain: plain, "camera \(i)", file: file, line: line)
    }
}

/// `layout` drawn with `options` by a default renderer and by one that `plain` changes: the same picture.
func assertSamePicture(_ layout: Layout, textures: some TextureProvider, options: RenderOptions, plain: (inout Renderer) -> Void,
                       _ label: String, file: StaticString = #filePath, line: UInt = #line) throws {
    var slow = try Renderer(options: options)
    plain(&slow)
    let fast = try Renderer(options: options).render(layout, textures: textures).image
    let expected = try slow.render(layout, textures: textures).image
    let worst = fast.largestDifference(from: expected)
    XCTAssertTrue(fast == expected, "\(label): pixel (\(worst.x), \(worst.y)) differs by \(worst.value)", file: file, line: line)
}

/// The cameras the same-picture tests of the demo screen look from.
let demoCameras: [@Sendable (inout RenderOptions) -> Void] = [
    { _ in },
    { $0.yaw = -30; $0.pitch = 15; $0.fov = 35; $0.spacing = 20 },
    { $0.projection = .orthographic; $0.yaw = 0; $0.pitch = 0 },
    { $0.yaw = 80; $0.pitch = -10; $0.fov = 100 },
    { $0.yaw = 160 },
    { $0.highlightID = "cell2"; $0.spacing = 4 },
]
