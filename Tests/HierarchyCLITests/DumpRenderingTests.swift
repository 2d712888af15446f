import Foundation
import HierarchyTestSupport
import XCTest

final class DumpRenderingTests: XCTestCase {
    func testEveryCarriedDumpRenders() throws {
        XCTAssertGreaterThanOrEqual(try renderEveryDump(in: TestPaths.fixture("dumps")), 18)
        // The test tools' trees, carried only: each renders, in its own units.
        XCTAssertGreaterThanOrEqual(try renderEveryDump(in: TestPaths.fixture("dumps"), folders: ["compose", "flutter", "detox"]), 12)
    }

    func testEverySharedDumpRenders() throws {
        // Outside the assertion, whose autoclosure would turn the skip into a failure.
        let dumps = try TestPaths.shared("dumps", for: "rendering every shared dump")
        XCTAssertGreaterThanOrEqual(try renderEveryDump(in: dumps), 17)
    }

    /// Renders every dump in the corpus `dumps`; returns how many.
    private func renderEveryDump(in dumps: URL, folders: [String] = ["recursive-description", "appium-ios", "uiautomator"]) throws -> Int {
        var count = 0
        for folder in folders {
            for name in try TestPaths.contents(of: dumps.appendingPathComponent(folder)) {
                let ws = try Workspace()
                let result = try Hierarchy.run(["render", dumps.appendingPathComponent("\(folder)/\(name)").path, "-o", ws.path("out.png"), "--size", "160x120"])
                XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
                XCTAssertTrue(ws.exists("out.png"), name)
                count += 1
            }
        }
        return count
    }
}
