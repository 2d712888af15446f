import HierarchyScreen
import XCTest

/// The library's readings that the command line used to make itself (issue 49): the output kind by
/// extension, the projection by the straight-on rule, `--from`'s list of formats.
final class OutputKindTests: XCTestCase {
    func testTheExtensionNamesTheKindInAnyCase() {
        XCTAssertEqual(["a.png", "A.PNG", "page.html", "page.HTM", "x.json", "png", "a.png.txt"].map(OutputKind.init(path:)),
                       [.picture, .picture, .page, .page, nil, nil, nil])
        XCTAssertEqual(FindOutcome.Output(path: "f.htm"), .page)
    }

    func testStraightOnIsOrthographicAndAnyOtherAnglePerspective() {
        XCTAssertEqual(RenderOptions.defaultProjection(yaw: 0, pitch: 0), .orthographic)
        XCTAssertEqual(RenderOptions.defaultProjection(yaw: 0.5, pitch: 0), .perspective)
        XCTAssertEqual(RenderOptions.defaultProjection(yaw: 0, pitch: -10), .perspective)
    }

    func testTheFormatsListIsEveryDumpFormat() {
        let names = DumpFormat.names
        for format in DumpFormat.allCases { XCTAssertTrue(names.contains(format.rawValue), "\(format) missing from \(names)") }
        XCTAssertTrue(names.contains("dumpsys"))
        XCTAssertTrue(names.hasSuffix(" or \(DumpFormat.allCases.last!.rawValue)"), names)
    }
}
