import HierarchyImaging
import HierarchyLayout
import HierarchyModel
@testable import HierarchyRender
import HierarchySource
import HierarchyTestSupport
import XCTest

/// A batch's textures are cut from one arena; the pictures are the same as with memory of their own.
final class TextureArenaTests: XCTestCase {
    func testTheArenaCutsAlignedBlocksOneAfterAnotherUntilItIsFull() throws {
        let arena = TextureArena(capacity: 1024)
        // 10 texels are 160 bytes, 192 once aligned: five fit in 1,024 bytes, the sixth does not.
        var blocks: [UnsafeMutablePointer<SIMD4<Float>>] = []
        while let block = arena.allocate(texels: 10) { blocks.append(block) }
        XCTAssertEqual(blocks.count, 5)
        for (i, block) in blocks.enumerated() {
            XCTAssertEqual(Int(bitPattern: block) % TextureArena.alignment, 0, "block \(i) aligned")
            if i > 0 { XCTAssertEqual(UnsafeRawPointer(block) - UnsafeRawPointer(blocks[i - 1]), 192, "block \(i) right after the one before") }
        }
        XCTAssertEqual(arena.bytesUsed, 5 * 192)
        // What is left (64 bytes) still serves a smaller block, then nothing.
        XCTAssertNotNil(arena.allocate(texels: 4))
        XCTAssertNil(arena.allocate(texels: 1))
    }

    func testImagesKeepTheirArenaAndTheirLevelsGoInItToo() throws {
        var image: TexelImage?
        weak var released: TextureArena?
        do {
            let arena = TextureArena(capacity: 64 * 64 * 16 * 2)
            released = arena
            image = TexelImage(width: 64, height: 64, arena: arena)
        }
        // The image holds the arena: its texels stay valid (AddressSanitizer would see them freed).
        XCTAssertNotNil(released)
        let base = try XCTUnwrap(image)
        XCTAssertTrue(base.arena === released)
        for i in 0..<64 * 64 { base.texels[i] = SIMD4(1, 0.5, 0.25, 1) }
        let half = base.halved()
        XCTAssertTrue(half.arena === released, "a mip level goes in its image's arena")
        XCTAssertEqual(half[3, 5], SIMD4(1, 0.5, 0.25, 1))
        // A level the arena has no room for gets memory of its own.
        let big = TexelImage(width: 64, height: 64, arena: base.arena)
        XCTAssertNil(big.arena)
        image = nil
        XCTAssertNotNil(released, "the level still holds the arena")
    }

    func testThePictureIsTheSameWithAndWithoutArenas() throws {
        let layout = try DemoScreen.layout(scale: 2)
        let cameras: [(inout RenderOptions) -> Void] = [{ _ in }, { $0.yaw = -30; $0.pitch = 15; $0.fov = 35; $0.spacing = 20 }]
        for (i, camera) in cameras.enumerated() {
            var options = RenderOptions()
            options.size = PixelSize(width: 500, height: 400)
            camera(&options)
            var withArenas = try Renderer(options: options)
            withArenas.textureArenaMinimum = 1
            var without = try Renderer(options: options)
            without.textureArenaMinimum = .max
            XCTAssertEqual(try withArenas.render(layout, textures: DemoTextures()).image,
                           try without.render(layout, textures: DemoTextures()).image, "camera \(i)")
        }
    }

    func testATexturePreparedWithAnArenaIsCutFromIt() throws {
        let layout = try DemoScreen.layout(scale: 2)
        var options = RenderOptions()
        options.yaw = -30
        options.pitch = 15
        let renderer = try Renderer(options: options)
        let viewpoint = renderer.viewpoint(for: layout)
        let geometry = StackGeometry(spacing: options.spacing)
        let index = try XCTUnwrap(layout.layers.firstIndex { $0.texture != nil && $0.className == "UITableViewCell" })
        let projection = LayerProjection(layer: layout.layers[index], geometry: geometry, viewpoint: viewpoint)
        let arena = TextureArena(capacity: TexturePreparation.estimatedBytes(layout.layers[index], projection) + 17 * 64)
        let prepared = try XCTUnwrap(TexturePreparation.prepare(layout.layers[index], projection, textures: DemoTextures(), arena: arena))
        XCTAssertTrue(prepared.chain.levels.allSatisfy { $0.arena === arena }, "every level in the arena")
        XCTAssertEqual(arena.bytesUsed, prepared.chain.levels.reduce(0) { $0 + TextureArena.bytes(texels: $1.width * $1.height) })
        let alone = try XCTUnwrap(TexturePreparation.prepare(layout.layers[index], projection, textures: DemoTextures()))
        XCTAssertEqual(alone.chain.levels.count, prepared.chain.levels.count)
        for (a, b) in zip(alone.chain.levels, prepared.chain.levels) {
            XCTAssertNil(a.arena)
            XCTAssertEqual(Array(UnsafeBufferPointer(start: a.texels, count: a.width * a.height)),
                           Array(UnsafeBufferPointer(start: b.texels, count: b.width * b.height)))
        }
    }
}
