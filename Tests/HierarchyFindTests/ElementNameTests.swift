import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import HierarchyFind
import HierarchyFormats
import HierarchyScreen
import HierarchyTestSupport
import XCTest

/// Element names made from class names as appium-uiautomator2-server's `XMLHelpers.toNodeName`
/// makes them, and the shortcut that leaves names that are names already as they are.
final class ElementNameTests: XCTestCase {
    func testUIAutomator2sRule() {
        let cases: [(String?, String)] = [
            ("android.widget.Button", "android.widget.Button"), ("UILabel", "UILabel"),
            ("Foo$Bar", "Foo.Bar"), ("a..b", "a.b"), (".Foo.", "Foo"), ("1abc", "abc"), ("a-b", "a-b"),
            ("a b", "a_b"), ("Café", "Café"), ("  ", ElementName.fallback), (nil, ElementName.fallback),
            ("123", ElementName.fallback), ("a.1b", "a.1b"), ("-x", "x"), ("x@@y", "x.y"),
        ]
        for (name, expected) in cases { XCTAssertEqual(ElementName.fromClass(name), expected, "\(name ?? "nil")") }
    }

    /// The shortcut gives what the rule gives, on generated names over the characters each step
    /// of the rule treats apart (seeded: a failure repeats).
    func testTheShortcutAgreesWithTheRule() {
        var generator = SplitMix(seed: 7)
        let alphabet = Array("ab.Z_-09$@#& é\u{300}")
        for _ in 0..<20_000 {
            let length = Int.random(in: 1...8, using: &generator)
            let name = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            XCTAssertEqual(ElementName.fromClass(name), ElementName.byRule(name), "\(name.debugDescription)")
        }
    }

    /// The viewers' locators made from the view tree's text (what every report screen carries)
    /// are the ones made through the parsed document `find` searches: the same views, and the text
    /// parsed by libxml2 is the same document.
    func testAViewTreesLocatorsFromTextEqualTheDocuments() throws {
        let paths = try LoadedScreen.allDumps().filter { !$0.hasSuffix(".xml") }.prefix(40)
        XCTAssertGreaterThan(paths.count, 5)
        for path in paths {
            guard let screen = try? Screen.open(path), screen.findKind == .viewTree else { continue }
            let xml = try screen.findXML()
            let fromText = FindPage.locators(viewTree: screen.document.tree, layout: screen.layout)
            let fromDocument = FindPage.locators(xml, tree: screen.document.tree, kind: .viewTree)
            guard case .object(let text) = fromText.1, case .object(let document) = fromDocument.1 else { return XCTFail(path) }
            XCTAssertEqual(OrderedJSON.object(text.filter { $0.0 != "xml" }), OrderedJSON.object(document.filter { $0.0 != "xml" }), path)
            guard case .string(let markup)? = text.first(where: { $0.0 == "xml" })?.1 else { return XCTFail(path) }
            let reparsed = try XMLDocument(xmlString: markup, options: [.nodeLoadExternalEntitiesNever])
            XCTAssertEqual(reparsed.xmlString(options: []), xml.serialized, path)
        }
    }
}
