import Foundation
@testable import HierarchyImport
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// Every view every importer reads carries the lines it came from (`ViewNode.source`), over every
/// fixture that reads as a dump (`Tests/Fixtures`: the dumps, the adb answers, the edited pages of
/// the diff, the failure messages that carry a tree) and every shared dump of `../shared/dumps`
/// (the dumps others wrote, which no importer was written against), for every importer: the span
/// lies in the file, and its first line names the view (its class, type, id, tag or an attribute
/// the dump gave it; a JSON dump's object may open on a line of its own, and then its members
/// before its first child name it).
final class ProvenanceTests: XCTestCase {
    /// The fixture folders that hold no dump: fuzz seeds (broken on purpose), pictures, schemas,
    /// Debian's package list and the captures' own documents.
    private static let notDumps: Set = ["fuzz", "pngsuite", "apt", "audit", "tree-json"]

    /// Every file that may be a dump, fixtures and shared ones (when `../shared` is there), at any depth.
    private func dumps() throws -> [URL] {
        var roots = try TestPaths.contents(of: TestPaths.fixtures).filter { !Self.notDumps.contains($0) }.map(TestPaths.fixture)
        let shared = TestPaths.shared.appendingPathComponent("dumps")
        if FileManager.default.fileExists(atPath: shared.path) { roots.append(shared) }
        var files: [URL] = []
        for root in roots {
            guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { continue }
            for case let url as URL in walk where ["txt", "xml", "json", "swift"].contains(url.pathExtension) {
                files.append(url)
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// What a view's first line may name it by: its class (whole, and its last dotted part), its
    /// id, name and text, the values the dump gave it, and its tag.
    private func names(of node: ViewNode) -> [String] {
        var names = [node.className, String(node.className.split(separator: ".").last ?? ""), node.id, node.name ?? "", node.text ?? ""]
        if node.id.hasPrefix("#") { names.append(String(node.id.dropFirst())) }
        names += node.attributes.map(\.value)
        for value in node.extras.values {
            guard case .string(let text) = value else { continue }
            names.append(text)
            // A semantics node's number: `Node #4`, `SemanticsNode#4`.
            if !text.isEmpty, text.allSatisfy(\.isNumber) { names.append("#" + text) }
        }
        if node.tag != 0 { names.append(String(node.tag)) }
        // Short words ("0", "a") would be found on any line.
        return names.filter { $0.count >= 2 && !$0.contains("\n") }.map { String($0.prefix(40)) }
    }

    func testEveryViewOfEveryDumpCarriesItsLinesAndItsFirstLineNamesIt() throws {
        var read = 0, views = 0, failures: [String] = []
        var formats: [DumpFormat: Int] = [:]
        for file in try dumps() {
            let bytes = Array(try Data(contentsOf: file))
            guard let result = try? DumpImporter.read(bytes, fileName: file.lastPathComponent) else { continue }
            read += 1
            formats[result.format, default: 0] += 1
            let lines = DumpImporter.sourceLines(bytes)
            for index in result.tree.nodes.indices {
                let node = result.tree[index]
                views += 1
                guard let span = node.source else {
                    failures.append("\(file.lastPathComponent): view \(index) (\(node.className)) has no lines")
                    continue
                }
                guard span.line <= span.endLine, span.endLine <= lines.count else {
                    failures.append("\(file.lastPathComponent): view \(index) \(span.text) outside the file's \(lines.count) lines")
                    continue
                }
                // A synthetic root (the screen over an Appium or uiautomator window, Sentry's) stands
                // for the whole document: its first line is the document's.
                if index == 0, node.className == "Screen" { continue }
                // A view the dump says nothing of (Maestro's root with empty attributes) has no name to find.
                if node.className == "View", node.name == nil, node.text == nil, node.attributes.isEmpty, node.extras.isEmpty { continue }
                // A JSON dump's object may open on a line of its own: its members follow, up to its first child's.
                let isJSON = result.format == .maestro || result.format == .sentry
                let firstChild = node.children.first.flatMap { result.tree[$0].source?.line }
                let last = isJSON ? max(span.line, min(span.endLine, (firstChild ?? span.endLine + 1) - 1)) : span.line
                let first = lines[(span.line - 1)..<last].joined(separator: "\n")
                // A page's tags are read in any case: a CDP snapshot spells them `SCRIPT`, the view `script`.
                let isWeb = result.format == .cdpSnapshot || result.format == .webDOM
                let said = isWeb ? first.lowercased() : first
                // A page's tag of one letter (`p`, `a`) is named as the JSON string it is: `"p"`.
                let quotedTag = isWeb ? ["\"\(node.className.lowercased())\""] : []
                if !(names(of: node) + quotedTag).contains(where: { said.contains(isWeb ? $0.lowercased() : $0) }) {
                    failures.append("\(file.lastPathComponent): view \(index) \(node.className) \(node.id): line \(span.line) is '\(first.prefix(120))'")
                }
            }
        }
        XCTAssertGreaterThanOrEqual(read, 60, "the fixtures alone hold more than 60 readable dumps")
        print("provenance: \(read) dumps, \(views) views, \(formats.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", "))")
        // Every importer's output is checked: each format has a fixture that reads as it.
        for format in DumpFormat.allCases {
            XCTAssertNotNil(formats[format], "no fixture reads as \(format.rawValue): \(formats)")
        }
        XCTAssertTrue(failures.isEmpty, "\(failures.count) of \(views) views:\n" + failures.prefix(30).joined(separator: "\n"))
    }

    func testAnXMLViewSpansItsStartTagToItsEndTagAndNamesItsElement() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <AppiumAUT>
              <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Mail"
                  x="0" y="0" width="390" height="844">
                <XCUIElementTypeButton type="XCUIElementTypeButton" name="Edit" x="16" y="50" width="40" height="30"/>
                <XCUIElementTypeOther type="XCUIElementTypeOther" x="0" y="100" width="390" height="700">
                  <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="Inbox" x="16" y="110" width="100" height="30"/>
                </XCUIElementTypeOther>
              </XCUIElementTypeApplication>
            </AppiumAUT>
            """
        let result = try DumpImporter.read(Array(xml.utf8), fileName: "page.xml")
        XCTAssertEqual(result.tree.nodes.map(\.source), [
            SourceSpan(line: 3, endLine: 9, element: 1), SourceSpan(line: 5, endLine: 5, element: 2),
            SourceSpan(line: 6, endLine: 8, element: 3), SourceSpan(line: 7, endLine: 7, element: 4),
        ])
        let markup = try XCTUnwrap(result.markup)
        XCTAssertEqual(markup[1].orderedAttributes.map(\.name), ["type", "name", "x", "y", "width", "height"], "in the order written")
        XCTAssertEqual(markup[4].orderedAttributes.map(\.name), ["type", "label", "x", "y", "width", "height"])
    }

    func testATextViewSpansItsLineToItsLastProperty() throws {
        let compose = """
            Printing with useUnmergedTree = 'false'
            Node #1 at (l=0.0, t=0.0, r=1080.0, b=2400.0)px
             |-Node #3 at (l=0.0, t=100.0, r=1080.0, b=300.0)px, Tag: 'header'
             |  Text = '[Inbox]'
             |  Actions = [GetTextLayoutResult]
             |-Node #4 at (l=0.0, t=300.0, r=1080.0, b=400.0)px
            """
        let result = try DumpImporter.read(Array(compose.utf8), fileName: "compose.txt", options: ImportOptions(density: 2.75))
        XCTAssertEqual(result.tree.nodes.map(\.source), [
            SourceSpan(line: 2), SourceSpan(line: 3, endLine: 5), SourceSpan(line: 6),
        ])
    }
}
