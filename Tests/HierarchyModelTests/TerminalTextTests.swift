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

    /// Every character that can end or move a line, escaped inside one line, so that a label
    /// cannot start a line of its own (a CI system's `::error::` command); the output's own line
    /// feed stays, but the separators and NEL never do.
    func testALineCannotBeEndedOrMovedFromInsideIt() {
        let forged = "hello\n::error file=app.py,line=1::x\r\u{0B}\u{0C}\u{85}\u{2028}\u{2029}\u{200E}\u{200F}\u{61C}"
        XCTAssertEqual(TerminalText.line(forged), #"hello\u{A}::error file=app.py,line=1::x\u{D}\u{B}\u{C}\u{85}\u{2028}\u{2029}\u{200E}\u{200F}\u{61C}"#)
        XCTAssertEqual(TerminalText.escape(forged).split(separator: "\n").count, 2, "escape keeps only the line feed")
        XCTAssertFalse(TerminalText.escape(forged).unicodeScalars.contains { [0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029].contains($0.value) })
    }

    /// Every scalar of the ranges a terminal acts on is escaped, and its neighbours are not.
    func testTheRangesEndWhereTheyShould() {
        let unsafe: [ClosedRange<UInt32>] = [0x00...0x08, 0x0B...0x1F, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069, 0x200E...0x200F, 0x061C...0x061C]
        for range in unsafe {
            for value in range { XCTAssertTrue(TerminalText.isUnsafe(Unicode.Scalar(value)!), String(value, radix: 16)) }
        }
        for value: UInt32 in [0x09, 0x0A, 0x20, 0x7E, 0xA0, 0x2027, 0x202F, 0x2065, 0x206A, 0x200D, 0x2010, 0x061B, 0x061D] {
            XCTAssertFalse(TerminalText.isUnsafe(Unicode.Scalar(value)!), String(value, radix: 16))
        }
    }
}
