import Foundation
@testable import HierarchyFormats
import HierarchyModel
import XCTest

final class JSONParserTests: XCTestCase {
    func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    func failure(_ text: String) -> String? {
        do { _ = try JSONParser.parse(Array(text.utf8)); return nil } catch { return error.description }
    }

    func testValues() throws {
        XCTAssertEqual(try parse(#" {"a": [1, -2.5, 1e-5, 3E+2, 0, -0, true, false, null, "x"]} "#),
                       .object(["a": .array([.number(1), .number(-2.5), .number(1e-5), .number(300), .number(0), .number(-0.0), .bool(true), .bool(false), .null, .string("x")])]))
        XCTAssertEqual(try parse("[]"), .array([]))
        XCTAssertEqual(try parse("{}"), .object([:]))
        XCTAssertEqual(try parse("123456789012345678901234567890"), .number(1.2345678901234568e29))
        XCTAssertEqual(try parse("44.333333333333336"), .number(44.333333333333336))
        XCTAssertEqual(try parse("\u{FEFF}1"), .number(1), "a byte-order mark is skipped")
    }

    /// A plainly written whole number is read as the general reader reads it, and anything else
    /// (a leading zero, a tenth digit, a fraction, an exponent, a sign alone) is left to it.
    func testPlainIntegersAreReadAsCheckedNumbersAreAndNothingElse() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["-", "0", "1", "7", "9", "00", "123456789", "1234567890", ".", ".5", "e3", "E-2", ",", "]", " ", ""]
        var plain = 0
        for round in 0..<5_000 {
            let text = (0..<Int.random(in: 1...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                let json = JSONParser(buffer)
                // The general reader is called where a number starts, as the parser calls it.
                guard let first = buffer.first, first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
                    XCTAssertNil(json.plainInteger(at: 0), text)
                    return
                }
                let checked = try? json.checkedNumber(at: 0)
                guard let (value, end) = json.plainInteger(at: 0) else { return }
                plain += 1
                XCTAssertEqual(checked.map { [$0.0, Double($0.end)] }, [Double(value), Double(end)], "round \(round): \(text)")
            }
        }
        XCTAssertGreaterThan(plain, 500, "plain numbers were among the texts")
        for text in ["01", "1234567890", "1.0", "1e2", "-", "-x", ""] {
            XCTAssertNil(Array(text.utf8).withUnsafeBufferPointer { JSONParser($0).plainInteger(at: 0) }, text)
        }
    }

    func testStringsAndEscapes() throws {
        XCTAssertEqual(try parse(#""a\"b\\c\/d\b\f\n\r\t""#), .string("a\"b\\c/d\u{08}\u{0C}\n\r\t"))
        XCTAssertEqual(try parse(#""\u00e9\u4e0b \ud83d\ude00""#), .string("é下 😀"))
        XCTAssertEqual(try parse(#""Tïtle 下""#), .string("Tïtle 下"))
    }

    func testSyntaxErrorsSayWhere() {
        XCTAssertEqual(failure("[1, 2,]"), "line 1, column 7: unexpected character ']'")
        XCTAssertEqual(failure("{\n  \"a\": 01}"), "line 2, column 9: expected ',' or '}' in an object")
        XCTAssertEqual(failure(#"{"a" 1}"#), #"line 1, column 6: expected ':' after the key "a""#)
        XCTAssertEqual(failure(#"{a: 1}"#), "line 1, column 2: expected a key in double quotes")
        XCTAssertEqual(failure(#""abc"#), "line 1, column 5: the document ends inside a string")
        XCTAssertEqual(failure("\"a\tb\""), "line 1, column 3: a control character inside a string must be escaped")
        XCTAssertEqual(failure(#""\x""#), #"line 1, column 4: unknown escape '\x'"#)
        XCTAssertEqual(failure(#""\ud83d""#), #"line 1, column 8: a lone surrogate \ud83d"#)
        XCTAssertEqual(failure("NaN"), "line 1, column 1: unexpected character 'N'")
        XCTAssertEqual(failure("1e999"), "line 1, column 6: the number 1e999 is out of range")
        XCTAssertEqual(failure("-"), "line 1, column 2: expected a digit")
        XCTAssertEqual(failure("1.e5"), "line 1, column 3: expected a digit after '.'")
        XCTAssertEqual(failure("{} {}"), "line 1, column 4: unexpected text after the document")
        XCTAssertEqual(failure(""), "line 1, column 1: the document ends where a value should be")
        XCTAssertEqual(failure("tru"), "line 1, column 1: unexpected character 't'")
    }

    func testInvalidUTF8IsRefused() {
        XCTAssertThrowsError(try JSONParser.parse([0x22, 0xFF, 0xFE, 0x22]))
    }

    func testStringsAreCheckedWhateverTheOffsetOfTheirSpecialBytes() throws {
        // Strings are checked eight bytes at a time: put each kind of byte at every offset in a word,
        // and end the document at every length, so that the word-wise and the byte-wise paths both run.
        for length in 0..<20 {
            let run = String(repeating: "a", count: length)
            XCTAssertEqual(try parse("\"\(run)\"   "), .string(run))
            XCTAssertEqual(try parse("\"\(run)\\\"b\\\\é\""), .string(run + "\"b\\é"))
            XCTAssertEqual(failure("\"\(run)\tb\""), "line 1, column \(length + 2): a control character inside a string must be escaped")
            XCTAssertEqual(failure("\"\(run)"), "line 1, column \(length + 2): the document ends inside a string")
            XCTAssertEqual(failure("[\"\(run)\u{7F}\u{1F}\"]"), "line 1, column \(length + 4): a control character inside a string must be escaped")
            XCTAssertThrowsError(try JSONParser.parse([0x22] + Array(run.utf8) + [0xFF, 0x61, 0x22]))
        }
    }

    func testWhiteSpaceRunsOfAnyLengthAndMixAreSkipped() throws {
        // Spaces are skipped eight at a time, line breaks and tabs one at a time: runs of every
        // length, mixed, between tokens and at the end of the document.
        for length in 0..<20 {
            let spaces = String(repeating: " ", count: length)
            let mixed = "\n" + spaces + "\t" + spaces + "\r\n" + spaces
            XCTAssertEqual(try parse("[" + mixed + "1" + spaces + "," + mixed + "{" + spaces + "\"a\"" + mixed + ":" + spaces + "2}" + mixed + "]" + mixed),
                           .array([.number(1), .object(["a": .number(2)])]))
            XCTAssertEqual(failure("[" + mixed + "1" + spaces + "x]"), "line 3, column \(2 * length + 2): expected ',' or ']' in an array")
        }
    }

    func testNestingIsLimitedTo512() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        XCTAssertNoThrow(try parse(ok))
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        XCTAssertEqual(failure(deep), "line 1, column 513: more than 512 nested arrays and objects")
        // Far deeper still is the same error, not a stack overflow.
        XCTAssertNotNil(failure(String(repeating: "[", count: 1_000_000)))
    }

    func testAgreesWithFoundation() throws {
        let text = #"{"version": 1, "screenScale": 3, "root": {"id": "w", "frame": {"x": 0.5, "y": -12.25, "width": 390, "height": 844}, "alpha": 0.3333333333333333, "children": [{"frame": {"x": 1e2, "y": 2E-3, "width": 0, "height": 1}, "name": "é \"q\""}]}}"#
        let ours = try parse(text)
        let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8))
        func convert(_ any: Any) -> JSONValue {
            switch any {
            case let d as [String: Any]: return .object(d.mapValues(convert))
            case let a as [Any]: return .array(a.map(convert))
            case let s as String: return .string(s)
            case let n as NSNumber: return .number(n.doubleValue)
            default: return .null
            }
        }
        XCTAssertEqual(ours, convert(theirs))
    }
}
