import Foundation
import HierarchyTestSupport
import XCTest

/// The packages under `Tests/AppleSurface` build the library's own sources (linked folders) for
/// the UIKit and AppKit adapters; their manifests must embed the same resources as the package's,
/// or the linked code names a resource that is not there and only the Apple stage of CI notices.
final class AppleSurfaceManifestTests: XCTestCase {
    func testEveryLinkedTargetEmbedsThePackagesResources() throws {
        let root = try String(contentsOf: TestPaths.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        let folder = TestPaths.repository.appendingPathComponent("Tests/AppleSurface")
        var compared = 0
        for name in try TestPaths.contents(of: folder) {
            let url = folder.appendingPathComponent(name).appendingPathComponent("Package.swift")
            guard let manifest = try? String(contentsOf: url, encoding: .utf8) else { continue }
            for (target, resources) in Self.resources(in: manifest) {
                XCTAssertEqual(resources, Self.resources(in: root)[target], "\(name)/Package.swift's \(target) embeds other resources than Package.swift's")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 0, "no linked target with resources: the UIKit surface embeds the viewer's files")
    }

    /// A linked target must depend on what the package's target of that name depends on (those of
    /// its dependencies the surface builds too): `HierarchyImport` came to import `HierarchyFormats`,
    /// and only the UIKit stage of CI, which builds it, failed.
    func testEveryLinkedTargetDependsOnWhatThePackagesDoes() throws {
        let root = Self.dependencies(in: try String(contentsOf: TestPaths.repository.appendingPathComponent("Package.swift"), encoding: .utf8))
        let folder = TestPaths.repository.appendingPathComponent("Tests/AppleSurface")
        var compared = 0
        for name in try TestPaths.contents(of: folder) {
            let url = folder.appendingPathComponent(name).appendingPathComponent("Package.swift")
            guard let manifest = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let linked = Self.dependencies(in: manifest)
            for (target, list) in linked {
                guard let wanted = root[target] else { continue }
                let missing = Set(wanted).intersection(linked.keys).subtracting(list)
                XCTAssertEqual(missing, [], "\(name)/Package.swift's \(target) lacks dependencies Package.swift's has")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 10, "the surfaces link the library's targets")
    }

    func testTheDependenciesAreReadPerTarget() {
        let manifest = """
            .target(name: "A", path: "x"),
            .target(name: "B", dependencies: ["A", .product(name: "P", package: "p")]),
            .target(
                name: "C",
                dependencies: ["A", "B"], path: "c"),
            """
        XCTAssertEqual(Self.dependencies(in: manifest), ["A": [], "B": ["A", "P", "p"], "C": ["A", "B"]])
    }

    /// Each target's quoted names in its `dependencies: [...]` list (none without one), by name.
    static func dependencies(in manifest: String) -> [String: [String]] {
        var found: [String: [String]] = [:]
        for part in manifest.components(separatedBy: ".target(").dropFirst() {
            let body = part.components(separatedBy: ".target(")[0]
            guard let name = quoted(after: "name: ", in: body).first else { continue }
            guard let start = body.range(of: "dependencies: [")?.upperBound,
                  let end = body.range(of: "]", range: start..<body.endIndex)?.lowerBound else { found[name] = []; continue }
            found[name] = quoted(in: String(body[start..<end]))
        }
        return found
    }

    func testTheResourcesAreReadPerTarget() {
        let manifest = """
            .target(name: "A", path: "x"),
            .target(
                name: "B", dependencies: ["A"],
                resources: ["b.html", "c.js"].map { .embedInCode("V/" + $0) }),
            """
        XCTAssertEqual(Self.resources(in: manifest), ["B": ["b.html", "c.js"]])
    }

    /// Each target's `resources: [...]` list of quoted names, by the target's name.
    static func resources(in manifest: String) -> [String: [String]] {
        var found: [String: [String]] = [:]
        for part in manifest.components(separatedBy: ".target(").dropFirst() {
            let body = part.components(separatedBy: ".target(")[0]
            guard let name = quoted(after: "name: ", in: body).first,
                  let start = body.range(of: "resources: [")?.upperBound,
                  let end = body.range(of: "]", range: start..<body.endIndex)?.lowerBound else { continue }
            found[name] = quoted(in: String(body[start..<end]))
        }
        return found
    }

    private static func quoted(after marker: String, in text: String) -> [String] {
        guard let start = text.range(of: marker)?.upperBound else { return [] }
        return Array(quoted(in: String(text[start...])).prefix(1))
    }

    private static func quoted(in text: String) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}
