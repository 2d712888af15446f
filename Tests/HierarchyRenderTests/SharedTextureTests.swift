import HierarchyImaging
import HierarchyLayout
import HierarchyModel
@testable import HierarchyRender
import XCTest
import HierarchySource

/// Layers whose provider names the same texture (`TextureProvider.sharingKey`) are reduced once
/// (Renderer, SharedChains): the picture must be the one drawn without sharing.
final class SharedTextureTests: XCTestCase {
    /// A provider whose texture depends on the key alone when `keyed`, on the layer otherwise.
    private struct Tiles: TextureProvider {
        let keyed: Bool
        let colours: [String: Color]

        func texture(for layer: Layer, maxSize: PixelSize) throws -> RGBAImage? {
            guard let plan = layer.texture else { return nil }
            var image = TestScenesPattern.checker(width: plan.width, height: plan.height)
            if let colour = colours[layer.id] { image = RGBAImage(width: plan.width, height: plan.height, fill: colour) }
            return image
        }

        func sharingKey(for layer: Layer, maxSize: PixelSize) -> TextureKey? {
            keyed ? layer.texture.map { TextureKey(source: "tile \($0.width)×\($0.height)") } : nil
        }
    }

    /// A grid of 4×3 tiles on three depths, each with a 60×60 texture of 20×20 points.
    private func grid() -> Layout {
        var specs: [(String, Rect, Int, Color?)] = []
        for i in 0..<12 { specs.append(("t\(i)", Rect(x: Double(i % 4) * 24, y: Double(i / 4) * 30, width: 20, height: 20), i % 3, nil)) }
        var layout = TestScenes.layers(specs)
        for i in layout.layers.indices {
            layout.layers[i].texture = TexturePlan(path: "tile.png", source: PixelSize(width: 60, height: 60),
                                                   crop: PixelRect(x: 0, y: 0, width: 60, height: 60), width: 60, height: 60)
        }
        return layout
    }

    private func options(_ projection: Projection) -> RenderOptions {
        var options = RenderOptions()
        options.size = PixelSize(width: 240, height: 180)
        options.projection = projection
        options.yaw = -35
        options.pitch = 10
        return options
    }

    func testSharingChangesNothingInThePicture() throws {
        let layout = grid()
        for projection in [Projection.perspective, .orthographic] {
            let plain = try Renderer(options: options(projection)).render(layout, textures: Tiles(keyed: false, colours: [:])).image
            let shared = try Renderer(options: options(projection)).render(layout, textures: Tiles(keyed: true, colours: [:])).image
            XCTAssertEqual(shared, plain, "\(projection)")
        }
    }

    func testLayersWithOneKeyShowOneReduction() throws {
        // Two tiles side by side on one depth, seen straight on: the same size on screen. Their
        // provider gives them different colours under one key (breaking its promise), so sharing
        // shows as both drawn in one colour.
        var layout = grid()
        layout.layers = Array(layout.layers.prefix(2)).map { var layer = $0; layer.depth = 0; return layer }
        layout.status = layout.layers.indices.map { .layer($0) }
        var front = options(.orthographic)
        front.yaw = 0
        front.pitch = 0
        let colours = ["t0": Color(red: 255, green: 0, blue: 0), "t1": Color(red: 0, green: 0, blue: 255)]
        let renderer = try Renderer(options: front)
        let viewpoint = renderer.viewpoint(for: layout)
        func centre(_ image: RGBAImage, _ id: String) -> Color {
            let frame = layout.layer(withID: id)!.frame
            let p = viewpoint.project(StackGeometry(spacing: front.spacing).point(x: frame.midX, y: frame.midY, depth: 0))!
            return image[Int(p.x), Int(p.y)]
        }
        let apart = try renderer.render(layout, textures: Tiles(keyed: false, colours: colours)).image
        XCTAssertNotEqual(centre(apart, "t0"), centre(apart, "t1"))
        let observed = Counter()
        let shared = try renderer.render(layout, textures: ObservedTextures(Tiles(keyed: true, colours: colours)) { observed.add() }).image
        XCTAssertEqual(centre(shared, "t0"), centre(shared, "t1"), "one reduction for both")
        XCTAssertEqual(observed.value, 2, "the provider is still asked for each layer")
    }

    func testOnlyTexturesTwoLayersShowAreShared() throws {
        // Seen straight on, the twelve tiles are shown at one size; four keys: t0, t4, t8 share one,
        // t1 and t5 another, the rest are their own (or have none).
        let layout = grid()
        var front = options(.orthographic)
        front.yaw = 0
        front.pitch = 0
        let renderer = try Renderer(options: front)
        let viewpoint = renderer.viewpoint(for: layout)
        let order = DrawOrder.sorted(layout, options: front, viewpoint: viewpoint)
        let projections = order.map { LayerProjection(layer: layout.layers[$0], geometry: StackGeometry(spacing: front.spacing), viewpoint: viewpoint) }
        let keys = ["t0": "a", "t4": "a", "t8": "a", "t1": "b", "t5": "b", "t2": "c", "t3": "d"]
        let sharing = TextureSharing(order: order, projections: projections, layout: layout,
                                     textures: KeyedTiles(keys: keys))
        let ids = order.map { layout.layers[$0].id }
        let shared = Set(order.indices.filter(sharing.isShared).map { ids[$0] })
        XCTAssertEqual(shared, ["t0", "t4", "t8", "t1", "t5"])
        // The first in drawing order of each shared texture makes it; the others find it made.
        let madeEarlier = Set(order.indices.filter(sharing.isMadeEarlier).map { ids[$0] })
        let firstA = ["t0", "t4", "t8"].min { ids.firstIndex(of: $0)! < ids.firstIndex(of: $1)! }!
        let firstB = ["t1", "t5"].min { ids.firstIndex(of: $0)! < ids.firstIndex(of: $1)! }!
        XCTAssertEqual(madeEarlier, Set(["t0", "t4", "t8", "t1", "t5"]).subtracting([firstA, firstB]))
    }

    /// Textures named by `keys` (by layer id); a layer without a key promises nothing.
    private struct KeyedTiles: TextureProvider {
        let keys: [String: String]
        func texture(for layer: Layer, maxSize: PixelSize) throws -> RGBAImage? { nil }
        func sharingKey(for layer: Layer, maxSize: PixelSize) -> TextureKey? { keys[layer.id].map { TextureKey(source: $0) } }
    }
}

private final class Counter: @unchecked Sendable {
    private var count = 0
    private let lock = NSLock()
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

private enum TestScenesPattern {
    /// A 3-texel checkerboard of grey and orange, opaque.
    static func checker(width: Int, height: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height { for x in 0..<width { pixels += (x / 3 + y / 3) % 2 == 0 ? [90, 90, 90, 255] : [250, 150, 20, 255] } }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
