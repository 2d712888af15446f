import Foundation
import HierarchyViewer
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import HierarchySource
import HierarchyTestSupport

/// Pages to test the viewer on: the samples, and generated screens with textures made in memory.
enum HTMLTestScenes {
    /// A sample document laid out as `hierarchy export --format html` does by default.
    static func sample(_ name: String) throws -> (layout: Layout, textures: TextureClosure) {
        let document = try LoadedDocument.load(TestPaths.sample(name).path)
        let layout = try document.layout(LayoutOptions(maxTextureSize: HTMLViewer.defaultMaxTextureSize))
        let textures = document.textures(for: layout)
        return (layout, TextureClosure { layer, _ in try textures.texture(for: layer) })
    }

    /// A random screen of `count` views: nested rectangles on a 0.5-point grid, some clipping,
    /// some translucent, some with a background colour, some with a 2x texture of stripes.
    /// The same seed gives the same screen.
    /// With `transforms`, about a third of the views are turned (some by quarter turns), scaled or
    /// mirrored about a random anchor point.
    static func random(seed: UInt64, count: Int, transforms: Bool = false) throws -> (layout: Layout, textures: TextureClosure) {
        var random = SplitMix(seed: seed)
        let screen = Rect(x: 0, y: 0, width: 240, height: 180)
        var tree = ViewTree(root: ViewNode(id: "root", className: "UIWindow", frame: screen, backgroundColor: Color(red: 250, green: 250, blue: 252)))
        var sizes: [String: PixelSize] = [:]
        for i in 1..<count {
            let parent = Int(random.next() % UInt64(tree.count))
            let area = tree[parent].bounds
            let w = max(4, (random.unit() * area.width * 0.8 * 2).rounded() / 2), h = max(4, (random.unit() * area.height * 0.8 * 2).rounded() / 2)
            let x = (random.unit() * (area.width - w / 2) * 2).rounded() / 2, y = (random.unit() * (area.height - h / 2) * 2).rounded() / 2
            var node = ViewNode(id: "v\(i)", className: ["UIView", "UILabel", "UIImageView", "UIButton"][i % 4], name: i % 5 == 0 ? "Item \(i)" : nil,
                                frame: Rect(x: x, y: y, width: w, height: h), clipsToBounds: random.next() % 3 == 0,
                                alpha: random.next() % 6 == 0 ? 0.6 : 1)
            if transforms && random.next() % 3 == 0 {
                let angle = [90, 180, random.unit() * 120 - 60][Int(random.next() % 3)]
                let sx = (random.next() % 2 == 0 ? -1 : 1) * (0.6 + random.unit() * 0.6)
                node.transform = Transform2D.rotation(degrees: angle).concatenating(after: .scale(sx, 0.6 + random.unit() * 0.6))
                node.anchorPoint = Point(x: random.unit(), y: random.unit())
            }
            if random.next() % 2 == 0 {
                node.snapshot = "v\(i).png"
                sizes[node.snapshot!] = PixelSize(width: Int(w * 2), height: Int(h * 2))
            } else {
                node.backgroundColor = Color(red: UInt8(random.next() % 256), green: UInt8(random.next() % 256), blue: UInt8(random.next() % 256), alpha: random.next() % 4 == 0 ? 160 : 255)
            }
            tree.append(node, to: parent)
        }
        let layout = try Layout.compute(tree, options: LayoutOptions(maxTextureSize: HTMLViewer.defaultMaxTextureSize), snapshotSizes: sizes)
        return (layout, TextureClosure { layer, _ in stripes(layer) })
    }

    /// A layer's texture: diagonal stripes in two colours from its id, 6 pixels wide, translucent in part.
    static func stripes(_ layer: Layer) -> RGBAImage? {
        guard let plan = layer.texture else { return nil }
        var hash = SplitMix(seed: UInt64(truncatingIfNeeded: layer.id.unicodeScalars.reduce(7) { $0 &* 31 &+ Int($1.value) }))
        let a = Color(red: UInt8(hash.next() % 256), green: UInt8(hash.next() % 256), blue: UInt8(hash.next() % 256))
        let b = Color(red: UInt8(hash.next() % 256), green: UInt8(hash.next() % 256), blue: UInt8(hash.next() % 256), alpha: 128)
        var image = RGBAImage(width: plan.width, height: plan.height)
        for y in 0..<plan.height {
            for x in 0..<plan.width {
                let c = ((x + y) / 6) % 2 == 0 ? a : b
                let i = (y * plan.width + x) * 4
                (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2], image.pixels[i + 3]) = (c.red, c.green, c.blue, c.alpha)
            }
        }
        return image
    }
}

