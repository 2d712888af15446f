import Foundation
import HierarchyFind
import HierarchyTestSupport
import XCTest

/// XPath over every dump's XML gives what lxml (an independent XPath 1.0 engine over the same
/// text) gives: hundreds of generated expressions a dump (axes, predicates, positions, functions).
final class XPathOracleTests: XCTestCase {
    func testXPathResultsEqualLxmlOnEveryDump() throws {
        try Self.requireLxml()
        let dumps = try LoadedScreen.allDumps()
        XCTAssertGreaterThan(dumps.count, 20)
        var compared = 0, selecting = 0
        for (offset, path) in dumps.enumerated() {
            let screen = try LoadedScreen(path)
            var random = SplitMix(seed: 40 + UInt64(offset))
            let expressions = XPathGenerator(elements: screen.xml.elements).expressions(count: 200, using: &random)
            let expected = try Self.lxml(screen.xml.serialized, expressions)
            XCTAssertEqual(expected.count, expressions.count)
            for (expression, answer) in zip(expressions, expected) {
                let ours: String
                do { ours = try screen.xml.evaluate(xpath: expression).map(String.init).joined(separator: ",") }
                catch { ours = "error" }
                XCTAssertEqual(ours, answer, "\(URL(fileURLWithPath: path).lastPathComponent): \(expression)")
                compared += 1
                if !answer.isEmpty && answer != "error" { selecting += 1 }
            }
        }
        XCTAssertGreaterThan(compared, 4000)
        // Many expressions select something, so that the comparison is of answers, not of empty sets.
        XCTAssertGreaterThan(selecting, compared / 3, "\(selecting) of \(compared) select elements")
    }

    /// The oracle's answers: per expression, the selected elements' document-order indices
    /// joined by commas, or "error" (a syntax error, or nodes that are not elements only).
    static func lxml(_ xml: String, _ expressions: [String]) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("find-xpath-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (xmlURL, expressionsURL, script) = (folder.appendingPathComponent("screen.xml"), folder.appendingPathComponent("expressions.json"), folder.appendingPathComponent("oracle.py"))
        try Data(xml.utf8).write(to: xmlURL)
        try JSONSerialization.data(withJSONObject: expressions).write(to: expressionsURL)
        try Data(oracle.utf8).write(to: script)
        let (status, output) = try ExternalProcess.run(ExternalProcess.python, [script.path, xmlURL.path, expressionsURL.path])
        XCTAssertEqual(status, 0, output)
        let answers = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String]
        return try XCTUnwrap(answers, output)
    }

    static let oracle = """
        import json, sys
        from lxml import etree
        document = etree.parse(sys.argv[1], etree.XMLParser(resolve_entities=False, huge_tree=True, remove_blank_text=False))
        elements = list(document.getroot().iter(tag=etree.Element))
        position = {element: index for index, element in enumerate(elements)}
        answers = []
        for expression in json.load(open(sys.argv[2])):
            try:
                result = document.xpath(expression)
            except etree.XPathError:
                answers.append("error"); continue
            if not isinstance(result, list):
                answers.append("error"); continue
            found = sorted({position[node] for node in result if isinstance(node, etree._Element) and node in position})
            answers.append("error" if not found and result else ",".join(map(str, found)))
        print(json.dumps(answers))
        """

    static func requireLxml() throws {
        let (status, output) = try ExternalProcess.run(ExternalProcess.python, ["-c", "import lxml.etree"])
        guard status == 0 else {
            if TestPaths.isCI { XCTFail("lxml is missing from \(ExternalProcess.python): \(output)"); return }
            throw XCTSkip("lxml is missing from \(ExternalProcess.python) (pip install lxml)")
        }
    }
}
