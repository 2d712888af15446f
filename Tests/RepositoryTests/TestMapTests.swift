import Foundation
import HierarchyTestSupport
import XCTest

/// Every source file is tested somewhere that can be found: by a test file named after it
/// (`<Name>Tests.swift`), or by the test file its line in `Tests/README.md` names.
final class TestMapTests: XCTestCase {
    /// What the map lacks: source files with neither a named test nor a line, and lines naming a
    /// source or test file that is not there.
    struct Gaps: Equatable {
        var unmapped: [String] = []
        var stale: [String] = []
    }

    /// `sources` and `tests`: paths from the repository's root; `readme`: `Tests/README.md`'s text,
    /// whose lines `- `Sources/…`: `Tests/…` (…)` map a source file to the test file that exercises it.
    static func gaps(sources: [String], tests: [String], readme: String) -> Gaps {
        let named = Set(tests.map { ($0 as NSString).lastPathComponent }.filter { $0.hasSuffix("Tests.swift") }.map { String($0.dropLast("Tests.swift".count)) })
        var listed = Set<String>()
        var gaps = Gaps()
        for line in readme.split(separator: "\n") where line.hasPrefix("- `Sources/") {
            let quoted = line.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            listed.insert(quoted[0])
            if !sources.contains(quoted[0]) { gaps.stale.append(quoted[0]) }
            for path in quoted.dropFirst() where path.hasPrefix("Tests/") && !tests.contains(path) { gaps.stale.append(path) }
        }
        for source in sources where !listed.contains(source) {
            let name = String(((source as NSString).lastPathComponent as NSString).deletingPathExtension)
            if !named.contains(name) { gaps.unmapped.append(source) }
        }
        return gaps
    }

    /// The Swift files under `folder`, as paths from the repository's root, sorted.
    private func swiftFiles(_ folder: String) -> [String] {
        let root = TestPaths.repository
        let url = root.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { $0.pathExtension == "swift" }.map { folder + "/" + $0.path.dropFirst(url.path.count + 1) }.sorted()
    }

    func testEverySourceFileHasATestNamedAfterItOrALineInTheTestsReadme() throws {
        let sources = swiftFiles("Sources"), tests = swiftFiles("Tests")
        XCTAssertGreaterThan(sources.count, 200)
        let readme = try String(contentsOf: TestPaths.repository.appendingPathComponent("Tests/README.md"), encoding: .utf8)
        let gaps = Self.gaps(sources: sources, tests: tests, readme: readme)
        XCTAssertEqual(gaps.unmapped, [], "add a <Name>Tests.swift for each, or a line to Tests/README.md saying where it is tested")
        XCTAssertEqual(gaps.stale, [], "Tests/README.md names files that are not there")
    }

    func testTheCheckFindsAnUnmappedFileAndAStaleLine() {
        let sources = ["Sources/A/Named.swift", "Sources/A/Listed.swift", "Sources/A/Forgotten.swift"]
        let tests = ["Tests/ATests/NamedTests.swift", "Tests/ATests/OtherTests.swift"]
        let readme = """
            - `Sources/A/Listed.swift`: `Tests/ATests/OtherTests.swift` (through `Named`)
            - `Sources/A/Gone.swift`: `Tests/ATests/RemovedTests.swift`
            """
        XCTAssertEqual(Self.gaps(sources: sources, tests: tests, readme: readme),
                       Gaps(unmapped: ["Sources/A/Forgotten.swift"], stale: ["Sources/A/Gone.swift", "Tests/ATests/RemovedTests.swift"]))
        XCTAssertEqual(Self.gaps(sources: sources, tests: tests, readme: readme + "\n- `Sources/A/Forgotten.swift`: `Tests/ATests/OtherTests.swift`").unmapped, [])
    }
}
