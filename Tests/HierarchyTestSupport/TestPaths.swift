import Foundation
import XCTest

/// Where the tests find their files: the repository (from this file's path), the fixtures carried
/// in it (`Tests/Fixtures`), and the larger shared corpus beside it (`../shared`), which a fresh
/// clone does not have.
public enum TestPaths {
    /// The repository's root: Tests/HierarchyTestSupport/TestPaths.swift → Tests → repository.
    public static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures`: inputs every test may rely on, carried in the repository.
    public static let fixtures = repository.appendingPathComponent("Tests/Fixtures")

    /// `../shared` beside the repository: the larger corpus, present in the team's checkouts and in CI.
    public static let shared = repository.deletingLastPathComponent().appendingPathComponent("shared")

    /// True when CI runs the tests (`CI=true`): there the shared corpus must be present.
    public static var isCI: Bool {
        ProcessInfo.processInfo.environment["CI"]?.lowercased() == "true"
    }

    /// `Samples`: the bundled sample documents, each a folder with `tree.json` and its snapshots.
    public static let samples = repository.appendingPathComponent("Samples")

    /// The document of the bundled sample `name` ("settings", "photos", "sheet"): `Samples/<name>/tree.json`.
    public static func sample(_ name: String) -> URL {
        samples.appendingPathComponent(name).appendingPathComponent("tree.json")
    }

    /// A file or folder under `Tests/Fixtures` (`relative` like "pngsuite/basn0g01.png").
    public static func fixture(_ relative: String) -> URL {
        fixtures.appendingPathComponent(relative)
    }

    /// The URL of `relative` under `../shared` (a file or folder) when it exists.
    ///
    /// When it is absent: throws `XCTSkip` with one line naming `what` is skipped and why; under
    /// `CI=true` throws `SharedCorpusMissing` instead, so the test fails and the corpus keeps being
    /// read on every submission.
    public static func shared(_ relative: String, for what: String) throws -> URL {
        let url = shared.appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: url.path) else {
            if isCI { throw SharedCorpusMissing(path: url.path, what: what) }
            throw XCTSkip("\(what) skipped: the shared corpus \(url.standardizedFileURL.path) is absent (it sits beside the repository in the team's checkouts)")
        }
        return url
    }

    /// The sorted names of the entries in `folder` (hidden ones left out).
    public static func contents(of folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
    }
}

/// The error for a shared corpus missing under CI: a failure, not a skip.
public struct SharedCorpusMissing: Error, CustomStringConvertible {
    public var path: String
    public var what: String

    public var description: String {
        "\(what): the shared corpus \(path) is absent, and under CI=true it must be read"
    }
}
