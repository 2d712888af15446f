import Foundation
import HierarchyTestSupport
import XCTest

/// Every YAML block of the docs (`README.md`, `docs/*.md`) and every workflow under
/// `.github/workflows` parses, and a CI file validates against its service's schema: a GitHub
/// Actions workflow (a block with `jobs:` at its top) against `vendor.github-workflows`, a GitLab
/// CI file (`stages:` at its top) against `vendor.gitlab-ci`, both built into `check-jsonschema`
/// (PyPI, pinned in `scripts/install-prerequisites.sh`, installed in `.build/test-python`). A
/// recipe a user pastes is then one GitHub and GitLab accept (issue 49: a flow mapping whose
/// `${{ … }}` closed it early was not). Never skipped: without the checker the test fails.
final class CIYAMLTests: XCTestCase {
    /// One YAML text and where it comes from (`docs/ci.md:32`).
    struct Block: Equatable {
        var place: String
        var text: String
    }

    /// The schema a block is held to, by its top-level keys; nil: parsed only.
    static func schema(of text: String) -> String? {
        let lines = text.split(separator: "\n")
        if lines.contains(where: { $0.hasPrefix("jobs:") }) { return "vendor.github-workflows" }
        if lines.contains(where: { $0.hasPrefix("stages:") }) { return "vendor.gitlab-ci" }
        return nil
    }

    /// The fenced ```yaml (or ```yml) blocks of a Markdown page, each with its opening line.
    static func blocks(in page: String, named name: String) -> [Block] {
        var found: [Block] = [], current: [Substring]?, start = 0
        for (number, line) in page.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var lines = current {
                if line.trimmingCharacters(in: .whitespaces) == "```" {
                    found.append(Block(place: "\(name):\(start)", text: lines.joined(separator: "\n") + "\n"))
                    current = nil
                } else {
                    lines.append(line)
                    current = lines
                }
            } else if line == "```yaml" || line == "```yml" {
                (current, start) = ([], number + 1)
            }
        }
        return found
    }

    /// Every block of the docs and every workflow file.
    private func allBlocks() throws -> [Block] {
        let root = TestPaths.repository
        let pages = ["README.md"] + (try TestPaths.contents(of: root.appendingPathComponent("docs"))).filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        var blocks = try pages.flatMap { Self.blocks(in: try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8), named: $0) }
        let workflows = root.appendingPathComponent(".github/workflows")
        for name in try TestPaths.contents(of: workflows) where name.hasSuffix(".yml") || name.hasSuffix(".yaml") {
            blocks.append(Block(place: ".github/workflows/" + name, text: try String(contentsOf: workflows.appendingPathComponent(name), encoding: .utf8)))
        }
        return blocks
    }

    /// What check-jsonschema says of `blocks`, each held to its schema (an empty schema for a block
    /// that is no CI file: parsed only); nil when every one passes.
    static func check(_ blocks: [Block]) throws -> String? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-yaml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let anything = folder.appendingPathComponent("anything.json")
        try Data("{}".utf8).write(to: anything)
        var problems: [String] = []
        for (index, block) in blocks.enumerated() {
            let file = folder.appendingPathComponent("block-\(index).yaml")
            try Data(block.text.utf8).write(to: file)
            let schema = schema(of: block.text).map { ["--builtin-schema", $0] } ?? ["--schemafile", anything.path]
            let result = try ExternalProcess.run(ExternalProcess.python, ["-m", "check_jsonschema"] + schema + [file.path])
            if result.status != 0 { problems.append("\(block.place) (\(schema[1])): \(result.output)") }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "\n")
    }

    func testEveryYAMLBlockAndWorkflowValidates() throws {
        let blocks = try allBlocks()
        // docs/ci.md's two recipes, README's sharding one and the Apple workflow at least.
        XCTAssertGreaterThanOrEqual(blocks.filter { Self.schema(of: $0.text) == "vendor.github-workflows" }.count, 3, "\(blocks.map(\.place))")
        XCTAssertGreaterThanOrEqual(blocks.filter { Self.schema(of: $0.text) == "vendor.gitlab-ci" }.count, 1, "\(blocks.map(\.place))")
        let version = try ExternalProcess.run(ExternalProcess.python, ["-m", "check_jsonschema", "--version"])
        XCTAssertEqual(version.status, 0, "check-jsonschema is not installed for \(ExternalProcess.python): run scripts/install-prerequisites.sh (\(version.output))")
        XCTAssertNil(try Self.check(blocks))
    }

    /// The check refuses what GitHub and GitLab refuse: the recipe's old flow mapping, a job
    /// without `runs-on`, a GitLab job with a misspelt key; and it reads the blocks of a page.
    func testTheCheckRefusesWhatTheServicesRefuse() throws {
        let page = """
            Text.

            ```yaml
            on: [push]
            jobs:
              a:
                runs-on: ubuntu-latest
                steps:
                  - uses: actions/upload-artifact@v4
                    with: { name: part-${{ matrix.shard }}, path: part/ }
            ```

            ```yml
            on: [push]
            jobs:
              a:
                steps:
                  - run: make
            ```

            ```yaml
            stages: [build]
            a:
              stage: build
              scirpt: [make]
            ```

            ```sh
            not: [yaml
            ```
            """
        let blocks = Self.blocks(in: page, named: "page.md")
        XCTAssertEqual(blocks.map(\.place), ["page.md:3", "page.md:13", "page.md:21"])
        XCTAssertEqual(blocks.map { Self.schema(of: $0.text) }, ["vendor.github-workflows", "vendor.github-workflows", "vendor.gitlab-ci"])
        for block in blocks { XCTAssertNotNil(try Self.check([block]), "\(block.place) passed:\n\(block.text)") }
        let quoted = Block(place: "fixed", text: blocks[0].text.replacingOccurrences(of: "part-${{ matrix.shard }},", with: "\"part-${{ matrix.shard }}\","))
        XCTAssertNil(try Self.check([quoted]))
        XCTAssertNotNil(try Self.check([Block(place: "broken", text: "a: [1, 2\n")]), "YAML that does not parse passes")
    }
}
