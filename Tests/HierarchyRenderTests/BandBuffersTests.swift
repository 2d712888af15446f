import HierarchyImaging
import HierarchyLayout
import HierarchyModel
@testable import HierarchyRender
import HierarchySource
import HierarchyTestSupport
import XCTest

/// A picture whose textures fit the tiled path's budget is drawn a band at a time in band-sized
/// buffers (`BandBuffers`); the pictures are exactly those of the batched path over a full-size
/// framebuffer, in one batch or in many.
final class BandBuffersTests: XCTestCase {
    func testTheDemoScreenIsTheSameInTilesAsInOneBatchAndInMany() throws {
        let layout = try DemoScreen.layout(scale: 1)
        let size = PixelSize(width: 400, height: 300)
        try assertSamePictures(layout, textures: DemoTextures(), size: size, cameras: demoCameras) { $0.drawsInTiles = false }
        try assertSamePictures(layout, textures: DemoTextures(), size: size, cameras: demoCameras) {
            $0.drawsInTiles = false
            $0.layersPerBatch = 3
        }
    }

    /// Random trees, some views turned or clipping, translucent or see-through textures, pictures
    /// whose height is no multiple of a band, from random cameras; the batched path in batches of 2.
    func testRandomTreesAreTheSameInTilesAsInBatches() throws {
        var random = SplitMix(seed: 77)
        for round in 0..<10 {
            let tree = round % 2 == 0 ? TestScenes.random(seed: UInt64(round), count: 40) : TestScenes.randomTransformed(seed: UInt64(round), count: 30)
            let layout = try TestScenes.layout(tree)
            var options = RenderOptions()
            options.size = PixelSize(width: 120 + Int(random.unit() * 200), height: 17 + Int(random.unit() * 190))
            options.yaw = random.unit() * 140 - 70
            options.pitch = random.unit() * 80 - 40
            options.spacing = random.unit() * 30
            if round == 3 { options.highlightID = layout.layers[layout.layers.count / 2].id }
            try assertSamePicture(layout, textures: GeneratedTextures(), options: options, plain: {
                $0.drawsInTiles = false
                $0.layersPerBatch = 2
            }, "round \(round)")
        }
    }

    /// A band buffer draws the picture's rows it is started on at their place in the picture, and
    /// starting it on the next band leaves nothing of the one before: colours, samples (reused
    /// from the first slot) and all.
    func testABandBufferDrawsItsRowsWhereTheyAreAndStartsAfresh() {
        let red = SIMD4<Float>(1, 0, 0, 1)
        let buffers = BandBuffers(width: 5, bandHeight: 4, background: Color(red: 0, green: 0, blue: 255))
        let fb = buffers.take()
        var picture = [UInt8](repeating: 0xAB, count: 5 * 14 * 4)
        fb.start(rows: 8..<12)
        XCTAssertEqual(fb.index(2, 9), 7)
        fb.blendMasked(fb.index(2, 9), red, mask: 0x00FF, pool: fb.pools[0])
        fb.blendFull(fb.index(4, 11), red, pool: fb.pools[0])
        XCTAssertEqual(fb.slot[7], 0)
        picture.withUnsafeMutableBufferPointer { fb.resolve(rows: 8..<12, into: $0.baseAddress!) }
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(picture[(y * 5 + x) * 4..<(y * 5 + x) * 4 + 4]) }
        XCTAssertEqual(pixel(2, 9), [128, 0, 128, 255])
        XCTAssertEqual(pixel(4, 11), [255, 0, 0, 255])
        XCTAssertEqual(pixel(0, 8), [0, 0, 255, 255])
        XCTAssertEqual(pixel(0, 7), [0xAB, 0xAB, 0xAB, 0xAB], "rows outside the band are not written")
        XCTAssertEqual(pixel(0, 12), [0xAB, 0xAB, 0xAB, 0xAB])
        buffers.giveBack(fb)

        // The same buffer again, on the last band (2 rows): every pixel uniform and blue.
        let again = buffers.take()
        XCTAssertTrue(again === fb, "an idle buffer is reused")
        again.start(rows: 12..<14)
        XCTAssertEqual((0..<10).filter { again.slot[$0] >= 0 }, [])
        again.blendMasked(again.index(1, 13), red, mask: 1, pool: again.pools[0])
        XCTAssertEqual(again.slot[6], 0, "the first slot is handed out again")
        picture.withUnsafeMutableBufferPointer { again.resolve(rows: 12..<14, into: $0.baseAddress!) }
        XCTAssertEqual(pixel(4, 13), [0, 0, 255, 255])
        XCTAssertEqual(pixel(2, 9), [128, 0, 128, 255], "the band before stays as it was resolved")
        XCTAssertEqual(pixel(1, 13)[3], 255)
        XCTAssertGreaterThan(pixel(1, 13)[2], 200)
    }

    /// A band can have every pixel expanded at once: a band buffer's samples never run out, so
    /// it never falls back to blending by coverage.
    func testEveryPixelOfABandBufferCanBeExpanded() {
        let buffers = BandBuffers(width: 33, bandHeight: 16, background: Color(red: 0, green: 0, blue: 0, alpha: 0))
        let fb = buffers.take()
        for round in 0..<2 {
            fb.start(rows: round * 16..<(round + 1) * 16)
            for index in 0..<33 * 16 { fb.blendMasked(index, SIMD4(1, 0, 0, 1), mask: 0x00FF, pool: fb.pools[0]) }
            XCTAssertEqual((0..<33 * 16).filter { fb.slot[$0] < 0 }, [], "round \(round): pixels left uniform")
        }
    }
}
