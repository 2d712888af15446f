import Foundation
import HierarchyTestSupport
import XCTest

/// `docs/architecture.md` names only files and folders that exist, so that a recipe ("Where to
/// add…") that a move made stale fails here rather than misleading the next newcomer.
final class ArchitectureDocTests: XCTestCase {
    /// The paths that `doc` names and `files` lacks, in the doc's order.
    ///
    /// A path is a code span with a `/` (`Sources/HierarchyAudit/Rules/`, `HierarchyRender/LayerJob.swift`,
    /// `GLTF/`) or a source, doc or script file name (`DumpFormat.swift`). It is looked for from the
    /// repository's root and from `Sources/` and `Tests/` (a target's folder) when it has a `/`, then
    /// in the folders of the paths named before it in the same paragraph or list item and their
    /// parents (`Options/` beside `Sources/HierarchyCLI/Subcommands/`); in a paragraph that has named
    /// none, any file of that name will do. A placeholder (`<Format>Importer.swift`) stands for a file
    /// still to be written: only its folder must exist.
    ///
    /// - Parameter files: every file and folder of the repository, as paths from its root without a
    ///   trailing `/`.
    static func missing(in doc: String, files: Set<String>) -> [String] {
        var missing: [String] = []
        for block in blocks(of: doc) {
            var bases: [String] = []
            for path in spans(of: block).filter(isPath) {
                guard let found = resolve(path, from: bases, in: files) else {
                    missing.append(path)
                    continue
                }
                let isFolder = files.contains { $0.hasPrefix(found + "/") }
                bases.append(isFolder ? found : parent(found))
            }
        }
        return missing
    }

    /// The paragraphs and list items of `doc`, its fenced code left out.
    private static func blocks(of doc: String) -> [String] {
        let prose = doc.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: "\n\n")
        return prose.components(separatedBy: "\n\n").flatMap { ("\n" + $0).components(separatedBy: "\n- ") }
    }

    /// The text of each code span in `block`.
    private static func spans(of block: String) -> [String] {
        block.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    private static let fileExtensions: Set<String> = ["swift", "md", "py", "sh", "js", "css", "html"]

    /// Whether a code span names a file or folder rather than a type, an option or a command.
    static func isPath(_ span: String) -> Bool {
        guard !span.isEmpty, !span.hasPrefix("-"), span.allSatisfy({ $0.isLetter || $0.isNumber || "/._+-<>".contains($0) }) else { return false }
        return span.contains("/") || fileExtensions.contains((span as NSString).pathExtension)
    }

    private static func parent(_ path: String) -> String { (path as NSString).deletingLastPathComponent }

    /// Where `span` is in `files`, nil when it is not there; for a placeholder, its folder.
    private static func resolve(_ span: String, from bases: [String], in files: Set<String>) -> String? {
        var path = span.hasSuffix("/") ? String(span.dropLast()) : span
        if let placeholder = path.range(of: "<") {
            path = parent(String(path[..<placeholder.lowerBound]) + "x")
            if path.isEmpty { return nil }
        }
        var candidates = span.contains("/") ? [path, "Sources/" + path, "Tests/" + path] : []
        for base in bases.reversed() {
            var folder = base
            while !folder.isEmpty {
                candidates.append(folder + "/" + path)
                folder = parent(folder)
            }
        }
        if !bases.isEmpty { candidates.append(path) }
        if let found = candidates.first(where: files.contains) { return found }
        guard bases.isEmpty else { return nil }
        return files.first { $0 == path || $0.hasSuffix("/" + path) }
    }

    /// Every file and folder of the repository, builds and version control left out.
    private func repositoryFiles() -> Set<String> {
        let root = TestPaths.repository.standardizedFileURL
        var files = Set<String>()
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return files }
        for case let url as URL in walk {
            let name = url.lastPathComponent
            if name.hasPrefix(".build") || name == ".git" || name == ".swiftpm" {
                walk.skipDescendants()
                continue
            }
            files.insert(String(url.standardizedFileURL.path.dropFirst(root.path.count + 1)))
        }
        return files
    }

    func testEveryPathTheArchitectureDocNamesExists() throws {
        let doc = try String(contentsOf: TestPaths.repository.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let files = repositoryFiles()
        XCTAssertTrue(files.contains("Sources/HierarchyModel"), "the walk did not find the sources")
        // Each recipe names where its files go; were the parsing to lose them, the check would pass on nothing.
        let recipes = try XCTUnwrap(doc.components(separatedBy: "## Where to add").dropFirst().first?.components(separatedBy: "\n## ").first)
        let steps = Self.blocks(of: recipes).filter { $0.hasPrefix("**") }
        // The recipes issue 49 asks for, the locator strategy and the capture source among them,
        // each naming its files and its tests.
        for title in ["An importer", "An export format", "A render style", "An audit rule", "A locator strategy", "A capture source"] {
            let step = steps.first { $0.hasPrefix("**\(title)**") }
            XCTAssertNotNil(step, "no recipe for \(title.lowercased())")
            let paths = Self.spans(of: step ?? "").filter(Self.isPath)
            XCTAssertGreaterThanOrEqual(paths.count, 5, "\(title): \(paths)")
            XCTAssertTrue(paths.contains { $0.hasPrefix("Tests/") || $0.hasSuffix("Tests.swift") }, "\(title) names no test: \(paths)")
        }
        for step in steps {
            XCTAssertFalse(Self.spans(of: step).filter(Self.isPath).isEmpty, "a recipe names no file: \(step.prefix(40))…")
        }
        XCTAssertEqual(Self.missing(in: doc, files: files), [], "docs/architecture.md names paths that are not there")
        XCTAssertEqual(Self.unfounded(in: recipes, files: files) { path in
            try? String(contentsOf: TestPaths.repository.appendingPathComponent(path), encoding: .utf8)
        }, [], "a recipe names a member its file does not hold")
    }

    /// The recipes' claims that a file holds a name that it does not: "a case in `Type`
    /// (`path`…" (the file declares or extends the type's last component) and "`path`'s `name`"
    /// (the file holds the name, up to its first character that is no identifier's).
    static func unfounded(in recipes: String, files: Set<String>, contents: (String) -> String?) -> [String] {
        var claims: [(file: String, name: String)] = []
        for match in recipes.matches(of: /a case in `([A-Za-z][A-Za-z.]*)`\s+\(`([^`]+)`/) {
            claims.append((String(match.2), String(match.1.split(separator: ".").last!)))
        }
        for match in recipes.matches(of: /`([^`]+\.[a-z]+)`'s `([^`]+)`/) {
            claims.append((String(match.1), String(match.2.prefix { $0.isLetter || $0.isNumber || $0 == "_" })))
        }
        return claims.compactMap { claim in
            let path = files.contains(claim.file) ? claim.file : files.first { $0.hasSuffix("/" + claim.file) }
            guard let path, let text = contents(path), text.contains(claim.name) else { return "\(claim.file): \(claim.name)" }
            return nil
        }
    }

    func testTheMemberCheckReadsBothFormsAndFindsWhatIsNotThere() {
        let files: Set<String> = ["Sources/A/Kind.swift", "Sources/A/Page.swift"]
        let texts = ["Sources/A/Kind.swift": "public enum Strategy { case id }", "Sources/A/Page.swift": "static let prefixes = [:]"]
        let recipes = """
            - **A thing**: a case in `Kind.Strategy`
              (`Sources/A/Kind.swift`), its prefix in `Page.swift`'s `prefixes`, its list in `Page.swift`'s `all=(…)`;
              a case in `Gone` (`Sources/A/Kind.swift`), `Missing.swift`'s `x`.
            """
        XCTAssertEqual(Self.unfounded(in: recipes, files: files) { texts[$0] }, ["Sources/A/Kind.swift: Gone", "Page.swift: all", "Missing.swift: x"])
    }

    func testTheCheckFindsAStalePathAndReadsOthersFromTheirParagraph() {
        let files: Set<String> = [
            "Sources", "Sources/A", "Sources/A/Thing.swift", "Sources/A/Sub", "Sources/A/Sub/Deep.swift", "Sources/A/Options",
            "Tests", "Tests/ATests", "docs", "docs/a.md", ".ci", ".ci/run",
        ]
        let doc = """
            # A

            - **A thing**: a file `Sources/A/Sub/` beside `Deep.swift` and `Options/` (see `A/Thing.swift`),
              tested in `Tests/ATests/<Name>Tests.swift`; documented in `docs/a.md`, run by `.ci/run`;
              `Sub/Deep.swift` from an earlier folder, `docs/` from the root.
              Not paths: `FieldValue.json`, `write(2)`, `--force`, `ViewNode`, `swift package dump-package`.
            - **Gone**: `Sources/B/`, `Gone.swift`, `Tests/BTests/<Name>Tests.swift`; and `Sources/A/Moved.swift`.

            Anywhere: `Thing.swift`.

            ```
            `Sources/InCode/` is not read.
            ```
            """
        XCTAssertEqual(Self.missing(in: doc, files: files),
                       ["Sources/B/", "Gone.swift", "Tests/BTests/<Name>Tests.swift", "Sources/A/Moved.swift"])
        XCTAssertEqual(Self.missing(in: "A `Sub/` folder, and `Options/Deep.swift`.", files: files), ["Options/Deep.swift"])
    }
}
