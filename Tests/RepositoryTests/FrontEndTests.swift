import Foundation
import HierarchyTestSupport
import XCTest

/// The front ends stay thin (issue 38): `HierarchyReport` depends on `HierarchyScreen` and at most
/// three other targets, the command line on at most eight, the snapshot strategy on the use cases,
/// the model's and the pixels' values and the in-app capture alone (issue 49), and no file of theirs imports a
/// library that `Package.swift` does not list for it. They name the libraries' option and value types
/// through `HierarchyScreen` (`ScreenVocabulary.swift`), and call the use cases, not the libraries.
final class FrontEndTests: XCTestCase {
    func testTheFrontEndsDependOnTheUseCasesAndFewOthers() throws {
        let manifest = try String(contentsOf: TestPaths.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        let report = try XCTUnwrap(Self.dependencies(of: "HierarchyReport", in: manifest))
        XCTAssertTrue(report.contains("HierarchyScreen"), "\(report)")
        XCTAssertLessThanOrEqual(report.filter { $0 != "HierarchyScreen" }.count, 3, "HierarchyReport: \(report)")
        let cli = try XCTUnwrap(Self.dependencies(of: "HierarchyCLI", in: manifest))
        XCTAssertTrue(cli.contains("HierarchyScreen"), "\(cli)")
        // Eight since `hierarchy serve`: its server (HierarchyServe) is a front end of its own, as the report is.
        XCTAssertLessThanOrEqual(cli.count, 8, "HierarchyCLI: \(cli)")
        // The snapshot strategy, as the command line: the use cases (their vocabulary names the
        // documents, options and goldens), the values of the model and of pixels, and for a live
        // view the in-app capture; never the stages behind `Screen` (golden, loading, layout, render…).
        let snapshots = try XCTUnwrap(Self.dependencies(of: "HierarchySnapshotTesting", in: manifest))
        XCTAssertTrue(snapshots.contains("HierarchyScreen"), "\(snapshots)")
        let beside: Set = ["HierarchyScreen", "HierarchyModel", "HierarchyImaging", "HierarchyCapture"]
        for library in snapshots where library.hasPrefix("Hierarchy") && !beside.contains(library) {
            XCTFail("HierarchySnapshotTesting depends on \(library): reach it through HierarchyScreen")
        }
        for (target, listed) in [("HierarchyReport", report), ("HierarchyCLI", cli), ("HierarchySnapshotTesting", snapshots)] {
            for (file, module) in try Self.imports(under: "Sources/" + target) where module.hasPrefix("Hierarchy") {
                XCTAssertTrue(listed.contains(module), "\(file) imports \(module), which \(target) does not depend on: name its types through HierarchyScreen")
            }
        }
    }

    /// The parse below reads what the manifest says (a made-up manifest, not the real one).
    func testTheDependenciesAreReadFromTheManifest() {
        let manifest = """
            .target(name: "A", dependencies: ["B", "C",
                .product(name: "P", package: "p")]),
            .target(
                name: "AB",
                dependencies: []),
            """
        XCTAssertEqual(Self.dependencies(of: "A", in: manifest), ["B", "C", "P"])
        XCTAssertEqual(Self.dependencies(of: "AB", in: manifest), [])
        XCTAssertNil(Self.dependencies(of: "D", in: manifest))
    }

    /// The names in the `dependencies: [...]` list of the target `name` (a product by its name).
    static func dependencies(of name: String, in manifest: String) -> [String]? {
        guard let pattern = try? Regex("name: \"\(name)\",\\s*dependencies: \\["),
              let start = manifest.firstMatch(of: pattern)?.range else { return nil }
        var depth = 1, index = start.upperBound, list = ""
        while index < manifest.endIndex, depth > 0 {
            let character = manifest[index]
            if character == "[" { depth += 1 } else if character == "]" { depth -= 1 }
            if depth > 0 { list.append(character) }
            index = manifest.index(after: index)
        }
        let products = list.matches(of: /\.product\(name: "([^"]+)"[^)]*\)/).map { String($0.1) }
        let withoutProducts = list.replacing(/\.product\([^)]*\)/, with: "")
        return withoutProducts.matches(of: /"([^"]+)"/).map { String($0.1) } + products
    }

    /// Every `import M` of the Swift files under `folder`, as (file, module).
    static func imports(under folder: String) throws -> [(String, String)] {
        let root = TestPaths.repository.appendingPathComponent(folder)
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var found: [(String, String)] = []
        for case let url as URL in walk where url.pathExtension == "swift" {
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
                found.append((url.lastPathComponent, String(line.split(separator: " ").last!)))
            }
        }
        return found
    }
}
