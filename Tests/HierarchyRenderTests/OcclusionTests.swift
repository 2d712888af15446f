import HierarchyImaging
import HierarchyLayout
import HierarchyModel
@testable import HierarchyRender
import HierarchySource
import HierarchyTestSupport
import XCTest

/// Pixels a later opaque layer paints over whole are not drawn for the layers behind it, and the
/// picture is exactly the one drawing them gives.
final class OcclusionTests: XCTestCase {
    func testThePictureIsTheSameWithAndWithoutSkippingHiddenPixels() throws {
        let layout = try DemoScreen.layout(scale: 1)
        try assertSamePictures(layout, textures: DemoTextures(), size: PixelSize(width: 400, height: 300),
                               cameras: demoCameras) { $0.skipsHiddenPixels = false }
        // The front view stacks the cells over the table over the window: much is hidden.
        var options = RenderOptions()
        options.size = PixelSize(width: 400, height: 300)
        demoCameras[2](&options)
        XCTAssertGreaterThan(try hiddenPixels(layout, options: options), 15_000,
                             "the front view's window (about 41,000 pixels) is mostly hidden by the table and the bar")
    }

    /// Random stacks of overlapping layers, opaque or not, turned or not, with transparent rings
    /// and holes in their textures, from random cameras: the same pictures either way.
    func testRandomStacksGiveTheSamePictureEitherWay() throws {
        var random = SplitMix(seed: 26)
        for round in 0..<12 {
            var specs: [(String, Rect, Int, Color?)] = []
            for i in 0..<10 {
                let x = random.unit() * 60, y = random.unit() * 60
                specs.append(("l\(i)", Rect(x: x, y: y, width: 20 + random.unit() * 60, height: 20 + random.unit() * 60), i / 2,
                              random.unit() < 0.3 ? Color(red: 200, green: 100, blue: 50) : nil))
            }
            var layout = TestScenes.layers(specs)
            var pictures: [String: RGBAImage] = [:]
            for i in layout.layers.indices where layout.layers[i].backgroundColor == nil {
                let (w, h) = (8 + Int(random.unit() * 40), 8 + Int(random.unit() * 40))
                var picture = RGBAImage(width: w, height: h, fill: Color(red: UInt8(i * 20), green: 90, blue: 160))
                let ring = Int(random.unit() * 3), hole = random.unit() < 0.3
                for y in 0..<h {
                    for x in 0..<w where min(x, y, w - 1 - x, h - 1 - y) < ring || (hole && x == w / 2 && y == h / 2) {
                        picture.pixels[(y * w + x) * 4 + 3] = UInt8(random.unit() * 255)
                    }
                }
                pictures[layout.layers[i].id] = picture
                layout.layers[i].texture = TexturePlan(path: "\(i).png", source: PixelSize(width: w, height: h),
                                                       crop: PixelRect(x: 0, y: 0, width: w, height: h), width: w, height: h)
                if random.unit() < 0.2 { layout.layers[i].alpha = 0.6 }
            }
            let kept = pictures
            let textures = TextureClosure { layer, _ in kept[layer.id] }
            var options = RenderOptions()
            options.size = PixelSize(width: 240, height: 180)
            options.yaw = random.unit() * 120 - 60
            options.pitch = random.unit() * 60 - 30
            options.spacing = random.unit() * 30
            if round % 3 == 0 { (options.projection, options.yaw, options.pitch) = (.orthographic, 0, 0) }
            try assertSamePicture(layout, textures: textures, options: options, plain: { $0.skipsHiddenPixels = false }, "round \(round)")
        }
    }

    /// How many pixels of the first layer (the window) the layers of the front view hide.
    private func hiddenPixels(_ layout: Layout, options: RenderOptions) throws -> Int {
        let viewpoint = Viewpoint.fitted(to: layout, options: options)
        let order = DrawOrder.sorted(layout, options: options, viewpoint: viewpoint)
        let geometry = StackGeometry(spacing: options.spacing)
        let jobs = try order.map { index in
            try LayerJob(layout.layers[index], style: nil, projection: LayerProjection(layer: layout.layers[index], geometry: geometry, viewpoint: viewpoint),
                          options: options, textures: DemoTextures())
        }
        let rows = jobs.map { $0.rows(imageHeight: viewpoint.imageSize.height) }
        let occlusion = Occlusion(rows: 0..<viewpoint.imageSize.height, width: viewpoint.imageSize.width, jobs: jobs, touched: rows)
        defer { occlusion.release() }
        var hidden = 0
        for y in 0..<viewpoint.imageSize.height {
            for x in 0..<viewpoint.imageSize.width where occlusion.hides(x, y, from: 0) { hidden += 1 }
        }
        return hidden
    }

    /// Two 100-point squares, one over the other, seen straight on at 1 pixel a point.
    private func pair(front: RGBAImage, alpha: Double = 1) throws -> Occlusion {
        var layout = TestScenes.layers([("back", Rect(x: 0, y: 0, width: 100, height: 100), 0, Color(red: 9, green: 9, blue: 9)),
                                        ("front", Rect(x: 0, y: 0, width: 100, height: 100), 1, nil)])
        layout.layers[1].alpha = alpha
        layout.layers[1].texture = TexturePlan(path: "front.png", source: PixelSize(width: front.width, height: front.height),
                                               crop: PixelRect(x: 0, y: 0, width: front.width, height: front.height),
                                               width: front.width, height: front.height)
        let options = frontView(layout, k: 1)
        let viewpoint = Viewpoint.fitted(to: layout, options: options)
        let textures = TextureClosure { layer, _ in layer.id == "front" ? front : nil }
        let jobs = try layout.layers.map { layer in
            try LayerJob(layer, style: nil, projection: LayerProjection(layer: layer, geometry: StackGeometry(spacing: options.spacing), viewpoint: viewpoint),
                         options: options, textures: textures)
        }
        return Occlusion(rows: 0..<100, width: 100, jobs: jobs, touched: jobs.map { $0.rows(imageHeight: 100) })
    }

    func testAnOpaqueLayerHidesTheWholeTilesInsideItsOpaquePart() throws {
        // Opaque but for a transparent ring 10 pixels wide.
        var picture = RGBAImage(width: 100, height: 100, fill: Color(red: 200, green: 10, blue: 10))
        for y in 0..<100 {
            for x in 0..<100 where min(x, y, 99 - x, 99 - y) < 10 { picture.pixels[(y * 100 + x) * 4 + 3] = 0 }
        }
        let occlusion = try pair(front: picture)
        defer { occlusion.release() }
        XCTAssertTrue(occlusion.hides(50, 50, from: 0))
        XCTAssertFalse(occlusion.hides(50, 50, from: 1), "a layer does not hide itself")
        XCTAssertFalse(occlusion.hides(5, 50, from: 0), "the transparent ring hides nothing")
        XCTAssertFalse(occlusion.hides(50, 96, from: 0))
    }

    func testALayerThatIsNotOpaqueHidesNothing() throws {
        let opaque = RGBAImage(width: 100, height: 100, fill: Color(red: 200, green: 10, blue: 10))
        for occlusion in [try pair(front: opaque, alpha: 0.5), try pair(front: RGBAImage(width: 100, height: 100, fill: Color(red: 1, green: 2, blue: 3, alpha: 254)))] {
            defer { occlusion.release() }
            XCTAssertFalse(occlusion.hides(50, 50, from: 0))
        }
        let whole = try pair(front: opaque)
        defer { whole.release() }
        XCTAssertTrue(whole.hides(50, 50, from: 0))
    }

    func testTheOpaqueInsetIsTheDepthOfTheDeepestTexelThatIsNotOpaque() {
        func chain(_ transparent: [(Int, Int)]) -> MipChain {
            var image = RGBAImage(width: 40, height: 20, fill: Color(red: 50, green: 60, blue: 70))
            for (x, y) in transparent { image.pixels[(y * 40 + x) * 4 + 3] = 128 }
            return MipChain(image, finest: PixelSize(width: 40, height: 20), levelCount: 1)
        }
        XCTAssertEqual(chain([]).opaqueInset, 0)
        XCTAssertEqual(chain([(0, 0), (39, 19)]).opaqueInset, 1)
        XCTAssertEqual(chain([(3, 10), (36, 2)]).opaqueInset, 4, "3 texels from the left side")
        XCTAssertNil(chain([(20, 10)]).opaqueInset, "nothing is opaque that far in")
        // Rows that repeat share memory and their answer: a column 5 texels in, on every row.
        XCTAssertEqual(chain((0..<20).map { (5, $0) }).opaqueInset, 6)
        XCTAssertEqual(chain((0..<20).map { (34, $0) } + [(7, 9)]).opaqueInset, 8, "the one row that differs counts")
    }
}
