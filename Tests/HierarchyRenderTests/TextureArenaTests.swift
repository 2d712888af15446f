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
        // A 64×64 image of 64 distinct rows, and room for it and a level of it, not for more.
        let gradient = { (x: Int, y: Int) in SIMD4<Float>(Float(x) / 64, Float(y) / 64, 0.25, 1) }
        do {
            let arena = TextureArena(capacity: TextureArena.bytes(texels: 64 * 64) + TextureArena.bytes(texels: 32 * 32))
            released = arena
            image = TexelImage(width: 64, height: 64, arena: arena, texel: gradient)
        }
        // The image holds the arena: its texels stay valid (AddressSanitizer would see them freed).
        XCTAssertNotNil(released)
        let base = try XCTUnwrap(image)
        XCTAssertTrue(base.arena === released)
        XCTAssertEqual(base[5, 9], gradient(5, 9))
        let half = base.halved()
        XCTAssertTrue(half.arena === released, "a mip level goes in its image's arena")
        XCTAssertEqual(half[3, 5].x, (Float(6) + 7) / 2 / 64, accuracy: 1e-6)
        // An image the arena has no room for gets memory of its own.
        let big = TexelImage(width: 64, height: 64, arena: base.arena, texel: gradient)
        XCTAssertNil(big.arena)
        XCTAssertEqual(big[63, 63], gradient(63, 63))
        image = nil
        XCTAssertNotNil(released, "the level still holds the arena")
    }

    func testAnImageOfRepeatedRowsTakesOnlyItsDistinctRowsOfTheArena() throws {
        // Rows 0–9 one colour, 10–11 another, 12–39 the first again: three distinct runs.
        let colour = { (y: Int) -> SIMD4<Float> in (10..<12).contains(y) ? SIMD4(0, 0, 1, 1) : SIMD4(1, 0, 0, 1) }
        let arena = TextureArena(capacity: 1 << 20)
        let image = TexelImage(width: 30, height: 40, arena: arena) { _, y in colour(y) }
        XCTAssertEqual(image.storedRows, 3)
        XCTAssertEqual(image.byteCount, 3 * 30 * 16)
        XCTAssertEqual(arena.bytesUsed, TextureArena.bytes(texels: 3 * 30), "only the distinct rows are cut from the arena")
        for y in 0..<40 { XCTAssertEqual(image[29, y], colour(y), "row \(y)") }
        XCTAssertTrue(image.rows[5] == image.rows[0] && image.rows[11] == image.rows[10] && image.rows[39] == image.rows[12])
        XCTAssertFalse(image.rows[12] == image.rows[9], "only a row equal to the one right above it shares its memory")
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
        XCTAssertEqual(arena.bytesUsed, prepared.chain.levels.reduce(0) { $0 + TextureArena.bytes(texels: $1.storedRows * $1.width) })
        let alone = try XCTUnwrap(TexturePreparation.prepare(layout.layers[index], projection, textures: DemoTextures()))
        XCTAssertEqual(alone.chain.levels.count, prepared.chain.levels.count)
        for (a, b) in zip(alone.chain.levels, prepared.chain.levels) {
            XCTAssertNil(a.arena)
            XCTAssertEqual(a.storedRows, b.storedRows)
            for y in 0..<a.height {
                XCTAssertEqual(Array(UnsafeBufferPointer(start: a.rows[y], count: a.width)), Array(UnsafeBufferPointer(start: b.rows[y], count: b.width)))
            }
        }
    }
}
