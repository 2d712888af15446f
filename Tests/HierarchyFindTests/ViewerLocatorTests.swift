import Foundation
import HierarchyFind
import HierarchyFormats
import HierarchyScreen
import HierarchyTestSupport
import XCTest

/// The viewer's search box runs locators as `hierarchy find` does. Every dump's export page, in
/// headless Chromium, is given the locators a test engineer types (`xpath:` generated over the
/// dump's XML, `id:`, `accessibility-id:` and `class-name:` with the dump's own values,
/// `predicate:` generated and broken); the page's matches must be the command's, in document
/// order, and a predicate that does not parse must be refused with the command's column and
/// words. XPath runs in Chromium's own engine there and in libxml2 here: two independent XPath
/// 1.0 engines over the same text.
final class ViewerLocatorTests: XCTestCase {
    static let locateScript = TestPaths.repository.appendingPathComponent("Tests/HierarchyFindTests/Browser/locate_check.py")

    func testTheSearchBoxFindsWhatFindFindsOnEveryDump() throws {
        try Chromium.require()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-locate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let dumps = try LoadedScreen.allDumps()
        XCTAssertGreaterThan(dumps.count, 20)
        var pages: [OrderedJSON] = []
        var counts = (locators: 0, refused: 0, words: 0)
        for (offset, path) in dumps.enumerated() {
            let screen = try Screen.open(path)
            let page = folder.appendingPathComponent("\(offset)-\(URL(fileURLWithPath: path).lastPathComponent).html").path
            _ = try screen.export(as: .html, to: page, options: ExportOptions(), replace: true)
            let xml = try screen.findXML()
            var random = SplitMix(seed: 4_000 + UInt64(offset))
            let locators = try Self.locators(for: xml, &random).map { locator -> OrderedJSON in
                counts.locators += 1
                do {
                    let ids = try screen.find(locator, in: xml).result.matches.map(\.id)
                    return Self.entry(locator, matches: ids, error: nil)
                } catch {
                    counts.refused += 1
                    // Chromium words its XPath errors its own way; a predicate's are ours, on both sides.
                    if locator.using == .predicate { counts.words += 1 }
                    return Self.entry(locator, matches: nil, error: locator.using == .predicate ? .string(String(describing: error)) : .bool(true))
                }
            }
            pages.append(.object([("page", .string(page)), ("locators", .array(locators))]))
        }
        // Enough refusals that the columns and words are compared, and mostly answers.
        XCTAssertGreaterThan(counts.words, 200, "predicates refused")
        XCTAssertLessThan(counts.refused, counts.locators / 3)
        let casePath = folder.appendingPathComponent("case.json")
        try Data(OrderedJSON.object([("pages", .array(pages))]).text(pretty: false).utf8).write(to: casePath)
        let result = try ExternalProcess.run(ExternalProcess.python, [Self.locateScript.path, casePath.path])
        let failures = result.output.split(separator: "\n").filter { $0.hasPrefix("FAIL: ") }
        for failure in failures { XCTFail(String(failure.dropFirst(6))) }
        XCTAssertEqual(result.status, 0, result.output)
        let summary = try XCTUnwrap(result.output.split(separator: "\n").last.map(String.init))
        print(summary)
        // The page compared every locator, and many of them select views.
        XCTAssertTrue(summary.hasPrefix("compared \(counts.locators) locators on \(dumps.count) pages"), summary)
        let selecting = Int(summary.split(separator: " ")[6]) ?? 0
        XCTAssertGreaterThan(selecting, (counts.locators - counts.refused) / 3, summary)
        if result.status == 0 { try? FileManager.default.removeItem(at: folder) }
    }

    /// A locator as the case file gives it: its search-box text and find's answer.
    static func entry(_ locator: Locator, matches: [String]?, error: OrderedJSON?) -> OrderedJSON {
        let prefix: [Locator.Strategy: String] = [.xpath: "xpath:", .id: "id:", .accessibilityID: "accessibility-id:", .className: "class-name:", .predicate: "predicate:"]
        return .object([
            ("text", .string(prefix[locator.using]! + locator.value)),
            ("matches", matches.map { .array($0.map(OrderedJSON.string)) } ?? .null), ("error", error ?? .null),
        ])
    }

    /// 30 XPath expressions, 30 predicates and 10 broken ones, and 15 of the id, accessibility
    /// id and class name strategies with the screen's own values (and one that is nowhere).
    static func locators(for xml: ScreenXML, _ random: inout SplitMix) throws -> [Locator] {
        // Chromium's local-name() and name() of the document node compare unequal to '' (a null
        // string in Blink), so `[local-name(..) != '']` keeps the root there and not in XPath 1.0:
        // left out here, held as a known difference by locate_check.py and docs/viewer.md.
        let expressions = XPathGenerator(elements: xml.elements).expressions(count: 36, using: &random).filter { !$0.contains("name(..)") }.prefix(30)
        let generator = PredicateGenerator(elements: xml.elements)
        let predicates = generator.predicates(count: 40, using: &random)
        let broken = predicates.suffix(10).map { generator.broken($0, &random) }
        var values = xml.elements.flatMap { e in [e.name] + ["resource-id", "name", "id", "content-desc", "label", "class", "type"].compactMap { e.attributes[$0] } }
        values += values.compactMap { value in value.range(of: ":id/").map { String(value[$0.upperBound...]) } }
        values = Array(Set(values.filter { !$0.isEmpty })).sorted() + ["no such value"]
        let strategies: [Locator.Strategy] = [.id, .accessibilityID, .className]
        let named = (0..<15).map { _ in
            Locator(using: strategies[Int(random.next() % 3)], value: values[Int(random.next() % UInt64(values.count))])
        }
        return expressions.map { Locator(using: .xpath, value: $0) } + (predicates.prefix(30) + broken).map { Locator(using: .predicate, value: $0) } + named
    }
}
