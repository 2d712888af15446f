import Foundation
@testable import HierarchyFormats
import XCTest

final class JSONTextTests: XCTestCase {
    func testByteWriterMatchesTheCharacterByCharacterSpelling() {
        for text in ["", "plain", "q\"b\\s", "tab\tnl\nret\r", "\u{01}\u{1F}", "é下😀", "mixed \u{7F} \u{0B}"] {
            var expected = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": expected += "\\\""
                case "\\": expected += "\\\\"
                case "\n": expected += "\\n"
                case "\r": expected += "\\r"
                case "\t": expected += "\\t"
                case _ where scalar.value < 0x20: expected += String(format: "\\u%04x", scalar.value)
                default: expected.unicodeScalars.append(scalar)
                }
            }
            XCTAssertEqual(JSONText.string(text), expected + "\"")
            XCTAssertEqual(try JSONParser.parse(Array(JSONText.string(text).utf8)), .string(text))
        }
        for number in [0, -0.0, 7, -12, 999_999_999_999_999, 1e15, 0.5, -119.666667, 1e-7, .nan] {
            var bytes: [UInt8] = []
            JSONText.append(number: number, to: &bytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), JSONText.number(number))
        }
        XCTAssertEqual(JSONText.number(-12), "-12")
        // JSON has no NaN: one that slips through is a null that readers refuse, never a 0.
        XCTAssertEqual(JSONText.number(.nan), "null")
        XCTAssertEqual(JSONText.number(-.infinity), "null")
        XCTAssertEqual(OrderedJSON.object([("spacing", .number(.nan))]).text(), #"{"spacing":null}"#)
    }
}
