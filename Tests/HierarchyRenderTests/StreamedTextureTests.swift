import HierarchyImaging
import HierarchyLayout
import HierarchyModel
@testable import HierarchyRender
import XCTest
import HierarchySource

/// A provider may deliver a large texture averaged as it is decoded (`streamedTexture`): the
/// picture must be the one drawn from the whole image, and a failure must name the layer.
final class StreamedTextureTests: XCTestCase {
    private struct Pictures: TextureProvider {
        let streams: Bool
        let fails: Bool

        static func image(_ plan: TexturePlan) -> RGBAImage {
            var pixels: [UInt8] = []
            for y in 0..<plan.height {
                for x in 0..<plan.width { pixels += [UInt8(x * 5 % 256), UInt8(y * 3 % 256), UInt8((x ^ y) % 256), UInt8(128 + (x + y) % 128)] }
            }
            return RGBAImage(width: plan.width, height: plan.height, pixels: pixels)
        }

        func texture(for layer: Layer, maxSize: PixelSize) throws -> RGBAImage? {
            layer.texture.map(Pictures.image)
        }

        func streamedTexture(for layer: Layer, maxSize: PixelSize) -> StreamedTexture? {
            guard streams, let plan = layer.texture else { return nil }
            let fails = fails
            return StreamedTexture(size: PixelSize(width: plan.width, height: plan.height)) { size, row in
                struct Broken: Error {}
                if fails { throw Broken() }
                Pictures.image(plan).averaged(width: size.width, height: size.height, into: row)
            }
        }
    }

    private func scene() -> Layout {
        var layout = TestScenes.layers([("back", Rect(x: 0, y: 0, width: 100, height: 100), 0, nil),
                                        ("tall", Rect(x: 20, y: 10, width: 40, height: 80), 1, nil)])
        for i in layout.layers.indices {
            let frame = layout.layers[i].frame
            let size = PixelSize(width: Int(frame.width) * 3, height: Int(frame.height) * 3)
            layout.layers[i].texture = TexturePlan(path: "\(i).png", source: size, crop: PixelRect(x: 0, y: 0, width: size.width, height: size.height),
                                                   width: size.width, height: size.height)
        }
        return layout
    }

    func testAStreamedTextureDrawsTheSamePictureAsTheWholeImage() throws {
        var options = RenderOptions()
        options.size = PixelSize(width: 200, height: 150)
        let layout = scene()
        let whole = try Renderer(options: options).render(layout, textures: Pictures(streams: false, fails: false)).image
        let streamed = try Renderer(options: options).render(layout, textures: Pictures(streams: true, fails: false)).image
        XCTAssertEqual(streamed, whole)
        XCTAssertNotEqual(whole, try Renderer(options: options).render(layout).image, "the textures show")
    }

    func testAFailingStreamNamesTheLayer() throws {
        XCTAssertThrowsError(try Renderer().render(scene(), textures: Pictures(streams: true, fails: true))) { error in
            XCTAssertTrue("\(error)".contains("'back'") || "\(error)".contains("'tall'"), "\(error)")
        }
    }
}
