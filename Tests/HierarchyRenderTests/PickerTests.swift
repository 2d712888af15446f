import HierarchyLayout
import HierarchyModel
@testable import HierarchyRender
import XCTest

final class PickerTests: XCTestCase {
    /// The pixel where a screen point of a layer lands.
    private func pixel(of x: Double, _ y: Double, depth: Int, _ renderer: Renderer, _ layout: Layout) -> (x: Double, y: Double) {
        renderer.viewpoint(for: layout).project(StackGeometry(spacing: renderer.options.spacing).point(x: x, y: y, depth: depth))!
    }

    func testPicksKnownLayersAtTheirCentres() throws {
        let layout = try TestScenes.layout(TestScenes.phone())
        let renderer = try Renderer()
        for id in ["nav", "title", "badge", "spacer", "label1", "thumb2"] {
            let layer = layout.layer(withID: id)!
            let p = pixel(of: layer.frame.midX, layer.frame.midY, depth: layer.depth, renderer, layout)
            XCTAssertEqual(renderer.pick(layout, x: p.x, y: p.y)?.layer.id, id)
        }
    }

    func testEmptyCornerPicksNothing() throws {
        let layout = try TestScenes.layout(TestScenes.phone())
        let renderer = try Renderer()
        XCTAssertNil(renderer.pick(layout, column: 0, row: 0))
        XCTAssertNil(renderer.pick(layout, column: 1599, row: 1199))
        XCTAssertNil(renderer.pick(layout, x: -5, y: 10), "outside the picture")
    }

    func testChildCoveringItsParentWins() throws {
        let layout = try TestScenes.layout(TestScenes.phone())
        let renderer = try Renderer()
        let thumb = layout.layer(withID: "thumb0")!
        // The middle of the thumbnail on the screen: the cell lies behind it, the thumbnail in front.
        let p = pixel(of: thumb.frame.midX, thumb.frame.midY, depth: thumb.depth, renderer, layout)
        let pick = try XCTUnwrap(renderer.pick(layout, x: p.x, y: p.y))
        XCTAssertEqual(pick.layer.id, "thumb0")
        XCTAssertEqual(pick.x, thumb.frame.midX, accuracy: 1e-6)
        XCTAssertEqual(pick.y, thumb.frame.midY, accuracy: 1e-6)
        // Seen from behind (and without the window and table, which would then be nearest), the
        // parent cell is in front of it there.
        var behind = RenderOptions()
        behind.yaw = 180
        behind.minDepth = layout.layer(withID: "cell0")!.depth
        let back = try Renderer(options: behind)
        let q = pixel(of: thumb.frame.midX, thumb.frame.midY, depth: thumb.depth, back, layout)
        XCTAssertEqual(back.pick(layout, x: q.x, y: q.y)?.layer.id, "cell0")
    }

    func testPickRespectsTheDepthRange() throws {
        let layout = try TestScenes.layout(TestScenes.phone())
        let thumb = layout.layer(withID: "thumb0")!
        var options = frontView(layout, k: 1)
        let all = try Renderer(options: options)
        XCTAssertEqual(all.pick(layout, x: thumb.frame.midX, y: thumb.frame.midY)?.layer.id, "thumb0")
        options.maxDepth = thumb.depth - 1
        let shallower = try Renderer(options: options)
        XCTAssertNotEqual(shallower.pick(layout, x: thumb.frame.midX, y: thumb.frame.midY)?.layer.id, "thumb0")
        XCTAssertNotNil(shallower.pick(layout, x: thumb.frame.midX, y: thumb.frame.midY))
    }

    func testTransparentPixelsAndOutlineOnlyLayersAreHits() throws {
        // "spacer" has neither snapshot nor colour: drawn as an outline only, still picked.
        let layout = try TestScenes.layout(TestScenes.phone())
        let spacer = layout.layer(withID: "spacer")!
        let renderer = try Renderer(options: frontView(layout, k: 1, style: .contents))
        XCTAssertEqual(renderer.pick(layout, x: spacer.frame.midX, y: spacer.frame.midY)?.layer.id, "spacer")
    }

    /// In the front view, every pixel well inside a layer shows the colour of the layer pick names.
    func testPickAgreesWithTheDrawingPixelByPixel() throws {
        let colours: [Color] = (0..<12).map { i in
            let red = UInt8(20 * i), green = UInt8(250 - 20 * i), blue = UInt8(i * 97 % 256)
            return Color(red: red, green: green, blue: blue)
        }
        let specs = (0..<12).map { i -> (String, Rect, Int, Color?) in
            let frame = Rect(x: Double(i * 7 % 50), y: Double(i * 11 % 60), width: Double(20 + i * 3), height: Double(15 + i * 2))
            return ("l\(i)", frame, i % 4, colours[i])
        }
        let layout = TestScenes.layers(specs)
        for projection in Projection.allCases {
            var options = frontView(layout, k: 2)
            options.projection = projection
            options.style = .contents
            let renderer = try Renderer(options: options)
            let image = try renderer.render(layout).image
            var agreed = 0
            for y in stride(from: 1, to: image.height, by: 3) {
                for x in stride(from: 1, to: image.width, by: 3) {
                    // Only pixels whose neighbours show the same colour: away from edges.
                    let c = image[x, y]
                    guard c == image[x - 1, y - 1], c == image[min(x + 1, image.width - 1), min(y + 1, image.height - 1)] else { continue }
                    let picked = renderer.pick(layout, column: x, row: y)
                    if c.alpha == 0 { XCTAssertNil(picked, "(\(x), \(y))"); continue }
                    XCTAssertEqual(picked.map { colours[$0.layerIndex] }, c, "\(projection) (\(x), \(y))")
                    agreed += 1
                }
            }
            XCTAssertGreaterThan(agreed, 300)
        }
    }
}
