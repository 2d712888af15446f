import Foundation
import HierarchyTestSupport
import XCTest

/// The fixtures carried in `Tests/Fixtures`: each dump accounted for in SOURCES.md, the copies
/// equal to the shared corpus's files, and nothing in the repository too large to carry.
final class FixtureTests: XCTestCase {
    func testEveryCarriedDumpIsInSources() throws {
        let sources = try String(contentsOf: TestPaths.fixture("SOURCES.md"), encoding: .utf8)
        var count = 0
        for folder in ["recursive-description", "appium-ios", "uiautomator"] {
            for path in try Samples.paths(in: folder) {
                XCTAssertTrue(sources.contains("### `dumps/\(path)`"), "\(path) has no entry in Tests/Fixtures/SOURCES.md")
                count += 1
            }
        }
        XCTAssertGreaterThanOrEqual(count, 18)
        XCTAssertTrue(sources.contains("Written for the project"))
        // The test tools' trees: each real one has its entry, the written ones their script.
        // The dumpsys texts: each real one has its entry, the written ones theirs.
        for path in try Samples.paths(in: "dumpsys") {
            let file = String(path.split(separator: "/").last!)
            XCTAssertTrue(sources.contains(path.contains("/written-") ? "`\(file)`" : "### `dumps/\(path)`"), "\(path) has no entry in Tests/Fixtures/SOURCES.md")
        }
        for folder in ["compose", "flutter", "detox"] {
            for path in try Samples.paths(in: folder) {
                if path.contains("/written-") {
                    XCTAssertTrue(sources.contains("`dumps/\(folder)/") && sources.contains("scripts/write-foreign-tree-fixtures.py"), path)
                } else {
                    XCTAssertTrue(sources.contains("### `dumps/\(path)`"), "\(path) has no entry in Tests/Fixtures/SOURCES.md")
                }
            }
        }
    }

    /// Only permissively licensed real dumps are carried: none whose licence SOURCES.md names as
    /// CC-BY-SA or FSL/BUSL.
    func testTheNotClearlyPermissiveDumpsStayInTheSharedCorpus() throws {
        let carried = try ["recursive-description", "appium-ios", "uiautomator"].flatMap { try Samples.paths(in: $0) }
        XCTAssertFalse(carried.contains("recursive-description/owasp-mastg-cycript-keywindow.txt"))
        XCTAssertFalse(carried.contains("recursive-description/sentry-mock-view-hierarchy-375x667.txt"))
    }

    /// The carried copies are the shared corpus's files (see SharedCorpusTests).
    static func checkCarriedCopiesAreTheSharedFiles() throws {
        let shared = try Samples.folder(.shared)
        for folder in ["recursive-description", "appium-ios", "uiautomator"] {
            for path in try Samples.paths(in: folder) where !path.contains("/written-") {
                XCTAssertEqual(try Samples.bytes(path, in: .fixtures), try Samples.bytes(path, in: .shared), path)
            }
            // Every shared dump is carried unless its licence keeps it out.
            let kept = Set(try TestPaths.contents(of: shared.appendingPathComponent(folder)))
            let carried = Set(try Samples.paths(in: folder).map { String($0.split(separator: "/").last!) })
            XCTAssertTrue(kept.subtracting(carried).isSubset(of: ["owasp-mastg-cycript-keywindow.txt", "sentry-mock-view-hierarchy-375x667.txt"]), folder)
        }
    }

    /// No file of the repository (build folders and .git aside) is larger than 2 MB.
    func testNoFileIsLargerThanTwoMegabytes() throws {
        let root = TestPaths.repository
        let skipped: Set<String> = [".git", ".build", ".swiftpm", "Output"]
        var stack = [root], files = 0
        while let folder = stack.popLast() {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                if skipped.contains(name) || name.hasPrefix(".build") { continue }
                let url = folder.appendingPathComponent(name)
                let values = try url.resourceValues(forKeys: [.isDirectoryKey, .fileSizeKey, .isSymbolicLinkKey])
                if values.isSymbolicLink == true { continue }
                if values.isDirectory == true { stack.append(url); continue }
                files += 1
                XCTAssertLessThanOrEqual(values.fileSize ?? 0, 2 * 1024 * 1024, url.path)
            }
        }
        XCTAssertGreaterThan(files, 300)
    }
}
