import Foundation
import HierarchyFind
import HierarchyTestSupport
import XCTest

/// The `text matching` and `id matching` strategies (Maestro's regular expressions, and Compose's
/// and Flutter's texts taken out of their failures) run on real dumps.
final class TextPatternFindTests: XCTestCase {
    func testMaestroRegexMatchesWholeTextsInAnyCase() throws {
        let screen = try LoadedScreen(TestPaths.fixture("dumps/espresso/written-nomatching-1080x2400.txt").path)
        XCTAssertEqual(try screen.find(Locator(using: .textMatching, value: "display")).matches.map(\.text), ["Display"])
        XCTAssertEqual(try screen.find(Locator(using: .textMatching, value: "disp")).matches.map(\.text), [])
        XCTAssertEqual(try screen.find(Locator(using: .textMatching, value: "disp.*")).matches.map(\.text), ["Display"])
        // Compose's exact text keeps its case.
        XCTAssertEqual(try screen.find(Locator(using: .textMatching, value: "(?-i)display")).matches.map(\.text), [])
    }

    func testABadPatternIsOneLineNamingTheStrategy() throws {
        let screen = try LoadedScreen(TestPaths.fixture("dumps/espresso/written-nomatching-1080x2400.txt").path)
        XCTAssertThrowsError(try screen.find(Locator(using: .textMatching, value: "(Display"))) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.hasPrefix("--text-matching: not a regular expression"), text)
            XCTAssertFalse(text.contains("\n"), text)
        }
    }
}
