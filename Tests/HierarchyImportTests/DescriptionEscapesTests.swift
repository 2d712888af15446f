import Foundation
import HierarchyImport
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// Every backslash escape the printers of recursiveDescription strings write (Cycript's
/// JavaScript literals, LLDB's and C's), each read from a label's `text = '…'` as the importer does.
final class DescriptionEscapesTests: XCTestCase {
    /// The text of a one-label paste whose label prints `quoted` between the quotes.
    private func text(_ quoted: String, file: StaticString = #filePath, line: UInt = #line) throws -> String? {
        let dump = """
            <UIWindow: 0x1; frame = (0 0; 375 667); layer = <UIWindowLayer: 0x2>>
               | <UILabel: 0x3; frame = (0 0; 100 20); text = '\(quoted)'; layer = <_UILabelLayer: 0x4>>
            """
        return try importText(dump, format: .recursiveDescription).tree[1].text
    }

    func testHexByteIsItsCodePoint() throws {
        // Cycript's (JavaScript's) \xa0: the no-break space of "Apple ID".
        XCTAssertEqual(try text(#"Sign in with your Apple\xa0ID"#), "Sign in with your Apple\u{A0}ID")
        XCTAssertEqual(try text(#"caf\xe9 \x41"#), "café A")
    }

    func testHexBytesOfUTF8AreOneCharacter() throws {
        // A C printer writes a UTF-8 string's bytes: é is \xc3\xa9.
        XCTAssertEqual(try text(#"caf\xc3\xa9"#), "café")
    }

    func testUTF16UnitsAndSurrogatePairs() throws {
        XCTAssertEqual(try text(#"\u4e0b\u4e00\u6b65 \ud83d\ude00"#), "下一步 😀")
        XCTAssertEqual(try text(#"lone \ud83d high"#), "lone \u{FFFD} high")
    }

    func testBracedCodePoint() throws {
        XCTAssertEqual(try text(#"\u{1F600} and \u{e9}"#), "😀 and é")
    }

    func testEightDigitCodePoint() throws {
        XCTAssertEqual(try text(#"smile \U0001F600"#), "smile 😀")
        XCTAssertEqual(try text(#"\U00110000"#), "\u{FFFD}")
    }

    func testOctalBytes() throws {
        // LLDB's and GDB's octal: ’ is \342\200\231 in UTF-8; \101 is A; \0 is NUL.
        XCTAssertEqual(try text(#"it\342\200\231s \101"#), "it’s A")
        XCTAssertEqual(try text(#"a\0b"#), "a\u{0}b")
        XCTAssertEqual(try text(#"\251 2024"#), "© 2024")
    }

    func testControlEscapes() throws {
        XCTAssertEqual(try text(#"one\ntwo\tthree\rfour"#), "one\ntwo\tthree\rfour")
        XCTAssertEqual(try text(#"\a\b\f\v\e"#), "\u{07}\u{08}\u{0C}\u{0B}\u{1B}")
    }

    func testEscapedPunctuationIsItself() throws {
        XCTAssertEqual(try text(#"it\'s \"quoted\" \\ back\?"#), #"it's "quoted" \ back?"#)
    }

    func testIncompleteEscapesKeepTheirLetter() throws {
        // A \u, \U or \x without its digits reads as the letter (JavaScript); a last backslash stays.
        XCTAssertEqual(try text(#"\uzz \xg \U12"#), "uzz xg U12")
        XCTAssertEqual(try text(#"end\"#), #"end\"#)
    }

    func testNoSharedTextKeepsAnEscape() throws {
        // The OWASP Cycript paste: its \u escapes decoded.
        let dump = try TestPaths.shared("dumps/recursive-description/owasp-mastg-cycript-keywindow.txt", for: "the Cycript paste's escapes")
        let tree = try importText(String(decoding: try Data(contentsOf: dump), as: UTF8.self), format: .recursiveDescription).tree
        let texts = tree.nodes.compactMap(\.text)
        XCTAssertFalse(texts.isEmpty)
        for text in texts { XCTAssertNil(text.range(of: #"\\(x[0-9a-fA-F]|u[0-9a-fA-F{]|U[0-9a-fA-F]|[0-7])"#, options: .regularExpression), text) }
    }
}
