import Foundation
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
@testable import HierarchyRender
import XCTest
import HierarchySource

final class RendererTests: XCTestCase {
    let red = Color(red: 255, green: 0, blue: 0), green = Color(red: 0, green: 255, blue: 0), blue = Color(red: 0, green: 0, blue: 255)

    /// Three opaque layers at depths 0, 1, 2, each a different colour, none covering another.
    private func threeLevels() -> Layout {
        TestScenes.layers([
            ("r", Rect(x: 0, y: 0, width: 30, height: 100), 0, red),
            ("g", Rect(x: 35, y: 0, width: 30, height: 60), 1, green),
            ("b", Rect(x: 70, y: 20, width: 30, height: 80), 2, blue),
        ])
    }

    private func small(_ change: (inout RenderOptions) -> Void = { _ in }) -> RenderOptions {
        var options = RenderOptions()
        options.size = PixelSize(width: 160, height: 120)
        change(&options)
        return options
    }

    func testSeenFromBehindTheFrontViewIsMirrored() throws {
        let layout = threeLevels()
        var options = frontView(layout, k: 1)
        let front = try Renderer(options: options).render(layout).image
        options.yaw = 180
        let behind = try Renderer(options: options).render(layout).image
        XCTAssertLessThanOrEqual(behind.largestDifference(from: front.mirrored()).value, 1)
        XCTAssertTrue(isClose(behind[95, 50], red), "the red layer, at the left in front, is at the right from behind")
    }

    func testFromBehindTheBackLayerHidesTheOnesInFrontOfIt() throws {
        let layout = TestScenes.layers([
            ("back", Rect(x: 0, y: 0, width: 100, height: 100), 0, red),
            ("front", Rect(x: 20, y: 20, width: 40, height: 40), 1, green),
        ])
        var options = frontView(layout, k: 1)
        XCTAssertTrue(isClose(try Renderer(options: options).render(layout).image[40, 40], green))
        options.yaw = 180
        let behind = try Renderer(options: options).render(layout).image
        XCTAssertFalse(behind.contains { isClose($0, green, tolerance: 60) }, "the back layer is nearer now")
    }

    func testDepthRangeDrawsOnlyLayersInside() throws {
        let layout = threeLevels()
        let image = try Renderer(options: small { $0.minDepth = 1; $0.maxDepth = 1; $0.style = .contents }).render(layout).image
        XCTAssertTrue(image.contains { isClose($0, green) })
        XCTAssertFalse(image.contains { isClose($0, red, tolerance: 60) })
        XCTAssertFalse(image.contains { isClose($0, blue, tolerance: 60) })
        let rendering = try Renderer(options: small { $0.minDepth = 1 }).render(layout)
        XCTAssertEqual(rendering.drawOrder.map { layout.layers[$0].id }, ["g", "b"])
    }

    func testHighlightDrawsTheAccentColour() throws {
        let layout = threeLevels()
        let accent = RenderOptions().highlightColor
        let plain = try Renderer(options: small()).render(layout).image
        XCTAssertFalse(plain.contains { isClose($0, accent, tolerance: 30) })
        let highlighted = try Renderer(options: small { $0.highlightID = "g" }).render(layout).image
        XCTAssertTrue(highlighted.contains { isClose($0, accent, tolerance: 30) })
    }

    func testWireframeDrawsOutlinesAndNoContents() throws {
        let layout = try TestScenes.layout(TestScenes.phone())
        let textures = GeneratedTextures(solid: Dictionary(uniqueKeysWithValues: layout.layers.map { ($0.id, red) }))
        let background = RenderOptions.canvas
        let wire = try Renderer(options: small { $0.style = .wireframe }).render(layout, textures: textures).image
        XCTAssertFalse(wire.contains { Int($0.red) > Int($0.green) + 40 }, "no reddish (texture) pixel")
        XCTAssertTrue(wire.contains { Int($0.green) > Int(background.green) + 40 }, "light outline pixels")
        let both = try Renderer(options: small()).render(layout, textures: textures).image
        XCTAssertTrue(both.contains { Int($0.red) > Int($0.green) + 150 }, "with contents, the red textures show")
    }

    func testTransparentBackgroundStaysTransparentWhereNothingIsDrawn() throws {
        let layout = try TestScenes.layout(TestScenes.phone())
        let image = try Renderer(options: small { $0.background = RenderOptions.transparent }).render(layout, textures: GeneratedTextures()).image
        for (x, y) in [(0, 0), (159, 0), (0, 119), (159, 119), (3, 60)] {
            XCTAssertEqual(image[x, y].alpha, 0, "(\(x), \(y))")
        }
        XCTAssertTrue(image.contains { $0.alpha == 255 })
    }

    func testEmptyLayoutGivesTheBackgroundAndSaysSo() throws {
        let layout = Layout(screen: Rect(x: 0, y: 0, width: 100, height: 100), layers: [], status: [])
        let rendering = try Renderer(options: small()).render(layout)
        XCTAssertTrue(rendering.isEmpty)
        XCTAssertFalse(rendering.image.contains { $0 != RenderOptions.canvas })
        let outOfRange = try Renderer(options: small { $0.minDepth = 5 }).render(threeLevels())
        XCTAssertTrue(outOfRange.isEmpty)
    }

    func testProviderIsAskedOnceForEachDrawnLayerAtTheSizeThePictureNeeds() throws {
        let layout = try TestScenes.layout(TestScenes.phone())
        let log = RequestLog()
        let textures = TextureClosure { layer, size in
            log.add(layer.id, size)
            return try GeneratedTextures().texture(for: layer, maxSize: size)
        }
        _ = try Renderer(options: frontView(layout, k: 1)).render(layout, textures: textures)
        let requests = log.entries
        XCTAssertEqual(requests.map(\.0).sorted(), layout.layers.filter { $0.texture != nil }.map(\.id).sorted())
        for (id, size) in requests {
            let frame = layout.layer(withID: id)!.frame
            XCTAssertEqual(size, PixelSize(width: Int(frame.width), height: Int(frame.height)), id)
        }
    }

    func testProviderErrorsNameTheLayer() throws {
        struct Broken: Error {}
        let layout = try TestScenes.layout(TestScenes.phone())
        let textures = TextureClosure { layer, _ in if layer.id == "title" { throw Broken() }; return nil }
        XCTAssertThrowsError(try Renderer(options: small()).render(layout, textures: textures)) { error in
            XCTAssertTrue("\(error)".contains("'title'"), "\(error)")
        }
    }

    func testSizesOutsideTheLimitsAreRefused() {
        for size in [PixelSize(width: 0, height: 100), PixelSize(width: 100, height: 16385), PixelSize(width: -1, height: -1)] {
            var options = RenderOptions()
            options.size = size
            XCTAssertThrowsError(try Renderer(options: options)) { error in
                guard case RenderError.invalidSize(let w, let h, 16384) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(PixelSize(width: w, height: h), size)
                XCTAssertTrue("\(error)".contains("1...16384"), "\(error)")
            }
        }
    }

    func testEdgeOnPlanesDrawOnlyLinesAndNothingBreaks() throws {
        let layout = try TestScenes.layout(TestScenes.phone())
        for projection in Projection.allCases {
            let renderer = try Renderer(options: small { $0.yaw = 90; $0.pitch = 0; $0.projection = projection })
            let rendering = try renderer.render(layout, textures: GeneratedTextures())
            XCTAssertFalse(rendering.isEmpty)
            XCTAssertTrue(rendering.image.contains { $0 != RenderOptions.canvas }, "\(projection): the layers show as lines")
            XCTAssertTrue(rendering.viewpoint.eye.isFinite && rendering.viewpoint.scale.isFinite)
        }
    }

    func testZeroAreaLayersAreSkippedSafely() throws {
        let layout = TestScenes.layers([
            ("flat", Rect(x: 10, y: 10, width: 0, height: 50), 0, red),
            ("line", Rect(x: 10, y: 10, width: 50, height: 0), 1, green),
            ("dot", Rect(x: 40, y: 40, width: 0, height: 0), 2, blue),
        ])
        for style in RenderStyle.allCases {
            let image = try Renderer(options: small { $0.style = style }).render(layout).image
            XCTAssertFalse(image.contains { isClose($0, red, tolerance: 60) || isClose($0, green, tolerance: 60) })
        }
    }

    func testLayersBehindThePerspectiveCameraAreNotDrawn() throws {
        let layout = TestScenes.layers([
            ("back", Rect(x: 0, y: 0, width: 100, height: 100), 0, red),
            ("middle", Rect(x: 10, y: 10, width: 80, height: 80), 1, green),
            ("behind", Rect(x: 0, y: 0, width: 100, height: 100), 5, blue),
            ("far behind", Rect(x: 0, y: 0, width: 100, height: 100), 5000, blue),
        ])
        var options = small { $0.spacing = 20; $0.style = .contents }
        // Between depth 1 (z = 20) and depth 5 (z = 100), looking down -z at the screen's middle.
        let eye = Vector3(50, -50, 60)
        let viewpoint = Viewpoint(projection: .perspective, eye: eye, target: Vector3(50, -50, 0), scale: 100, imageSize: options.size)
        let image = try Renderer(options: options).render(layout, from: viewpoint).image
        options.maxDepth = 1
        let without = try Renderer(options: options).render(layout, from: viewpoint).image
        XCTAssertEqual(image.largestDifference(from: without).value, 0)
        XCTAssertTrue(image.contains { isClose($0, green) })
    }

    func testLayersCrossingTheCameraPlaneAreClippedAndAgreeWithPick() throws {
        let layout = TestScenes.layers([
            ("floor", Rect(x: 0, y: 0, width: 100, height: 100), 0, red),
            ("wall", Rect(x: 0, y: 0, width: 100, height: 100), 1, green),
        ])
        let renderer = try Renderer(options: small { $0.spacing = 40; $0.style = .contents })
        // Inside the screen's rectangle, just in front of the wall, looking along it and slightly into it:
        // each layer reaches from behind the camera to far in front.
        let eye = Vector3(50, -50, 45)
        let viewpoint = Viewpoint(projection: .perspective, eye: eye, target: eye + Vector3(1, 0, -0.3), scale: 80, imageSize: PixelSize(width: 160, height: 120))
        let image = try renderer.render(layout, from: viewpoint).image
        var checked = 0
        for y in stride(from: 5, to: 120, by: 10) {
            for x in stride(from: 5, to: 160, by: 10) {
                let colour = image[x, y]
                let picked = renderer.pick(layout, from: viewpoint, x: Double(x) + 0.5, y: Double(y) + 0.5)?.layer.id
                if isClose(colour, green, tolerance: 4) { XCTAssertEqual(picked, "wall", "(\(x), \(y))"); checked += 1 }
                if isClose(colour, red, tolerance: 4) { XCTAssertEqual(picked, "floor", "(\(x), \(y))"); checked += 1 }
                if colour == RenderOptions.canvas { XCTAssertNil(picked, "(\(x), \(y))") }
            }
        }
        XCTAssertGreaterThan(checked, 20)
    }

    func testAFineTextureSeenSmallAveragesInsteadOfAliasing() throws {
        // A one-texel checkerboard at 3x, seen at about a pixel a point and in perspective: every
        // pixel well inside must be the mean grey, not black or white.
        var layout = TestScenes.layers([("checker", Rect(x: 0, y: 0, width: 100, height: 100), 0, nil)])
        layout.layers[0].texture = TexturePlan(path: "c.png", source: PixelSize(width: 300, height: 300),
                                               crop: PixelRect(x: 0, y: 0, width: 300, height: 300), width: 300, height: 300)
        let textures = TextureClosure { _, _ in
            var pixels: [UInt8] = []
            for y in 0..<300 { for x in 0..<300 { let v: UInt8 = (x + y) % 2 == 0 ? 0 : 255; pixels += [v, v, v, 255] } }
            return RGBAImage(width: 300, height: 300, pixels: pixels)
        }
        for yaw in [0.0, -50] {
            let image = try Renderer(options: small { $0.yaw = yaw; $0.style = .contents; $0.background = RenderOptions.transparent }).render(layout, textures: textures).image
            var inside = 0
            for y in 0..<image.height {
                for x in 0..<image.width where image[x, y].alpha == 255 && image[max(0, x - 2), y].alpha == 255 && image[min(159, x + 2), y].alpha == 255 {
                    XCTAssertEqual(Int(image[x, y].red), 128, accuracy: 6, "yaw \(yaw) (\(x), \(y))")
                    inside += 1
                }
            }
            XCTAssertGreaterThan(inside, 2000)
        }
    }

    func testOddViewsGiveFiniteCamerasAndStillDrawTheStack() throws {
        let layout = try TestScenes.layout(TestScenes.phone())
        for (yaw, pitch) in [(90.0, 0.0), (0, 90), (0, -90), (270, 45), (-720, 0), (180, 0)] {
            let rendering = try Renderer(options: small { $0.yaw = yaw; $0.pitch = pitch }).render(layout, textures: GeneratedTextures())
            let v = rendering.viewpoint, label = "yaw \(yaw) pitch \(pitch)"
            XCTAssertTrue(v.eye.isFinite && v.target.isFinite && v.right.isFinite && v.up.isFinite && v.scale.isFinite, label)
            XCTAssertEqual(v.right.dot(v.up), 0, accuracy: 1e-12, label)
            XCTAssertTrue(rendering.image.contains { $0 != RenderOptions.canvas }, label)
        }
    }
}

/// Records the provider's requests from whatever thread they come.
final class RequestLog: @unchecked Sendable {
    private var list: [(String, PixelSize)] = []
    private let lock = NSLock()
    func add(_ id: String, _ size: PixelSize) { lock.withLock { list.append((id, size)) } }
    var entries: [(String, PixelSize)] { lock.withLock { list } }
}
