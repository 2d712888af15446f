import HierarchyModel
import XCTest

final class TerminalTextTests: XCTestCase {
    /// OSC 52 (the clipboard), BEL, a C1 CSI, DEL, a bidi override and an isolate: each escaped,
    /// nothing else changed.
    func testEscapesWhatATerminalWouldActOn() {
        let hostile = "Wi\u{1B}]52;c;aGk=\u{07}Fi \u{9B}31m \u{202E}evil\u{202C} \u{2066}x\u{2069} \u{7F}\r"
        XCTAssertEqual(TerminalText.escape(hostile), #"Wi\u{1B}]52;c;aGk=\u{7}Fi \u{9B}31m \u{202E}evil\u{202C} \u{2066}x\u{2069} \u{7F}\u{D}"#)
    }

    func testKeepsPrintableTextAndTheLinesOwnBreaks() {
        let text = "Réglages — 設定 👋🏽 עברית\tA\nB \\u{1B} stays as typed"
        XCTAssertEqual(TerminalText.escape(text), text)
        XCTAssertEqual(TerminalText.escape("a\tb\nc", keepingLines: false), #"a\u{9}b\u{A}c"#)
    }

    /// Every scalar of the ranges a terminal acts on is escaped, and its neighbours are not.
    func testTheRangesEndWhereTheyShould() {
        let unsafe: [ClosedRange<UInt32>] = [0x00...0x08, 0x0B...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069]
        for range in unsafe {
            for value in range { XCTAssertTrue(TerminalText.isUnsafe(Unicode.Scalar(value)!), String(value, radix: 16)) }
        }
        for value: UInt32 in [0x09, 0x0A, 0x20, 0x7E, 0xA0, 0x2029, 0x202F, 0x2065, 0x206A, 0x200F] {
            XCTAssertFalse(TerminalText.isUnsafe(Unicode.Scalar(value)!), String(value, radix: 16))
        }
    }
}
