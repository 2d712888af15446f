import HierarchyImaging
import HierarchyLayout
import HierarchyModel
@testable import HierarchyRender
import XCTest

final class RenderOptionsTests: XCTestCase {
    func testDefaultsAreValid() throws {
        let options = RenderOptions()
        XCTAssertNoThrow(try options.validate())
        XCTAssertEqual(options.size, PixelSize(width: 1600, height: 1200))
        XCTAssertEqual(options.style, .both)
        XCTAssertEqual(options.projection, .perspective)
        XCTAssertEqual(options.resolvedOutlineWidth, 1)
    }

    func testTheLargestSpacingIsAccepted() throws {
        var options = RenderOptions()
        options.spacing = RenderOptions.maximumSpacing
        XCTAssertNoThrow(try options.validate())
        options.spacing = 0
        XCTAssertNoThrow(try options.validate())
    }

    func testOptionsOutOfRangeNameTheOptionAndTheValue() {
        let cases: [(String, (inout RenderOptions) -> Void)] = [
            ("fov", { $0.fov = 180 }), ("fov", { $0.fov = 0 }), ("zoom", { $0.zoom = 0 }),
            ("zoom", { $0.zoom = .infinity }), ("margin", { $0.margin = 0.5 }), ("margin", { $0.margin = -0.1 }),
            ("spacing", { $0.spacing = -1 }), ("spacing", { $0.spacing = .nan }), ("spacing", { $0.spacing = RenderOptions.maximumSpacing + 1 }),
            ("spacing", { $0.spacing = .infinity }), ("yaw", { $0.yaw = .nan }),
            ("pitch", { $0.pitch = .infinity }), ("outlineWidth", { $0.outlineWidth = 0 }),
        ]
        for (name, change) in cases {
            var options = RenderOptions()
            change(&options)
            XCTAssertThrowsError(try options.validate(), name) { error in
                guard case RenderError.invalidOption(let option, _, _) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(option, name)
                XCTAssertTrue("\(error)".hasPrefix(name + " must be"), "\(error)")
            }
        }
    }

    func testAnEmptyDepthRangeIsRefused() {
        var options = RenderOptions()
        (options.minDepth, options.maxDepth) = (3, 2)
        XCTAssertThrowsError(try options.validate()) { error in
            XCTAssertEqual("\(error)", "the depth range is empty: minDepth 3 is above maxDepth 2")
        }
        options.maxDepth = 3
        XCTAssertNoThrow(try options.validate())
        XCTAssertTrue(options.includes(depth: 3))
        XCTAssertFalse(options.includes(depth: 2))
        XCTAssertFalse(options.includes(depth: 4))
    }

    func testOutlineWidthFollowsThePictureSize() {
        var options = RenderOptions()
        options.size = PixelSize(width: 4800, height: 3600)
        XCTAssertEqual(options.resolvedOutlineWidth, 3)
        options.size = PixelSize(width: 400, height: 300)
        XCTAssertEqual(options.resolvedOutlineWidth, 1)
        options.outlineWidth = 0.5
        XCTAssertEqual(options.resolvedOutlineWidth, 0.5)
    }
}
