import HierarchyImaging
import HierarchyLayout
import HierarchyModel
@testable import HierarchyRender
import HierarchySource
import HierarchyTestSupport
import XCTest

/// Pixels well inside a layer (`LayerProjection.interior`) skip the coverage tests: the pictures
/// are exactly those of testing every pixel, and every sample of such a pixel is on the layer.
final class InteriorTests: XCTestCase {
    func testThePictureIsTheSameWithAndWithoutInteriors() throws {
        try assertSamePictures(try DemoScreen.layout(scale: 1), textures: DemoTextures(), size: PixelSize(width: 400, height: 300),
                               cameras: demoCameras) { $0.usesInteriors = false }
    }

    /// Random stacks of layers, some turned or cut by a turned ancestor, with textures of hard
    /// edges, from random and steep cameras (wide angles, grazing yaws): the same pictures.
    func testRandomStacksGiveTheSamePictureEitherWay() throws {
        var random = SplitMix(seed: 2026)
        for round in 0..<16 {
            var specs: [(String, Rect, Int, Color?)] = []
            for i in 0..<8 {
                specs.append(("l\(i)", Rect(x: random.unit() * 60, y: random.unit() * 60, width: 5 + random.unit() * 70, height: 5 + random.unit() * 70),
                              i / 2, random.unit() < 0.3 ? Color(red: 200, green: 100, blue: 50, alpha: random.unit() < 0.5 ? 255 : 128) : nil))
            }
            var layout = TestScenes.layers(specs)
            var pictures: [String: RGBAImage] = [:]
            for i in layout.layers.indices where layout.layers[i].backgroundColor == nil {
                let (w, h) = (2 + Int(random.unit() * 60), 2 + Int(random.unit() * 60))
                var picture = RGBAImage(width: w, height: h, fill: Color(red: UInt8(i * 25), green: 90, blue: 160))
                // A checker of hard edges, so that any sample read off the layer would show.
                for y in 0..<h { for x in 0..<w where (x + y) % 2 == 0 { picture.pixels[(y * w + x) * 4] = 250 } }
                pictures[layout.layers[i].id] = picture
                layout.layers[i].texture = TexturePlan(path: "\(i).png", source: PixelSize(width: w, height: h),
                                                       crop: PixelRect(x: 0, y: 0, width: w, height: h), width: w, height: h)
            }
            let kept = pictures
            let textures = TextureClosure { layer, _ in kept[layer.id] }
            var options = RenderOptions()
            options.size = PixelSize(width: 240, height: 180)
            options.yaw = random.unit() * 176 - 88
            options.pitch = random.unit() * 120 - 60
            options.fov = 10 + random.unit() * 110
            options.spacing = random.unit() * 40
            if round % 4 == 0 { (options.projection, options.yaw, options.pitch) = (.orthographic, random.unit() * 40, 0) }
            try assertSamePicture(layout, textures: textures, options: options, plain: { $0.usesInteriors = false }, "round \(round)")
        }
    }

    /// Every pixel centre whose s and t fall in the interior has its 16 samples on the layer, the
    /// map worked out in Double; and, unless the layer is seen at a grazing angle (where half a
    /// pixel spans much of it), the interior is most of the layer.
    func testEverySampleOfAnInteriorPixelIsOnTheLayer() throws {
        let layout = TestScenes.layers([("a", Rect(x: 0, y: 0, width: 120, height: 90), 0, Color(red: 9, green: 9, blue: 9))])
        for (yaw, pitch, fov) in [(0.0, 0.0, 35.0), (-35, 20, 35), (70, -30, 90), (85, 0, 60)] {
            var options = RenderOptions()
            options.size = PixelSize(width: 320, height: 240)
            (options.yaw, options.pitch, options.fov) = (yaw, pitch, fov)
            let renderer = try Renderer(options: options)
            let projection = LayerProjection(layer: layout.layers[0], geometry: StackGeometry(spacing: options.spacing),
                                             viewpoint: renderer.viewpoint(for: layout))
            let interior = projection.interior, m = projection.inverse.map(Double.init)
            let grazing = abs(yaw) > 45
            if !grazing {
                XCTAssertLessThan(interior.x, 0.05, "yaw \(yaw)")
                XCTAssertGreaterThan(interior.y, 0.95, "yaw \(yaw)")
            }
            var inside = 0
            for y in projection.bounds.y0..<projection.bounds.y1 {
                for x in projection.bounds.x0..<projection.bounds.x1 {
                    func st(_ px: Double, _ py: Double) -> (Double, Double, Double) {
                        let q = m[6] * px + m[7] * py + m[8]
                        return ((m[0] * px + m[1] * py + m[2]) / q, (m[3] * px + m[4] * py + m[5]) / q, q)
                    }
                    let cx = Double(x - projection.bounds.x0) + 0.5, cy = Double(y - projection.bounds.y0) + 0.5
                    let (s, t, q) = st(cx, cy)
                    guard q > 0, Float(s) >= interior.x, Float(s) < interior.y, Float(t) >= interior.z, Float(t) < interior.w else { continue }
                    inside += 1
                    for k in 0..<SamplePattern.count {
                        let (sk, tk, qk) = st(cx + Double(SamplePattern.dx[k]), cy + Double(SamplePattern.dy[k]))
                        XCTAssertTrue(qk > 0 && sk >= 0 && sk < 1 && tk >= 0 && tk < 1, "yaw \(yaw): pixel (\(x), \(y)) sample \(k) at (\(sk), \(tk))")
                    }
                }
            }
            XCTAssertGreaterThan(Double(inside), (grazing ? 0.1 : 0.8) * projection.area, "yaw \(yaw): the layer's pixels that are interior")
        }
    }

    func testALayerCutByTheNearPlaneOrAnAncestorHasNoInterior() throws {
        // Seen from just above its far edge and looking along it, the layer crosses the near plane.
        let layout = TestScenes.layers([("a", Rect(x: 0, y: 0, width: 100, height: 100), 0, Color(red: 9, green: 9, blue: 9))])
        var options = RenderOptions()
        options.size = PixelSize(width: 200, height: 200)
        let viewpoint = try Renderer(options: options).viewpoint(for: layout)
        let geometry = StackGeometry(spacing: 20)
        var cut = layout.layers[0]
        cut.outline = [Point(x: 0, y: 0), Point(x: 50, y: 0), Point(x: 0, y: 50)]
        XCTAssertEqual(LayerProjection(layer: cut, geometry: geometry, viewpoint: viewpoint).interior, LayerProjection.noInterior)
        let whole = LayerProjection(layer: layout.layers[0], geometry: geometry, viewpoint: viewpoint)
        XCTAssertNotEqual(whole.interior, LayerProjection.noInterior)
        var polygon = whole.polygon
        polygon[2].startsLayerEdge = false
        XCTAssertEqual(LayerProjection.interior(polygon, inverse: whole.inverse, bounds: whole.bounds), LayerProjection.noInterior)
    }
}
