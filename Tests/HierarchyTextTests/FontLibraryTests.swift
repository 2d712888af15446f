import HierarchyImaging
import HierarchyModel
import XCTest
@testable import HierarchyText

/// These need the fonts `.ci/run` installs (fonts-dejavu-core, fonts-droid-fallback).
final class FontLibraryTests: XCTestCase {
    private var fonts: FontLibrary { get throws { try FontLibrary.system() } }
    private let ink = Color(red: 0, green: 0, blue: 0)

    func testNoFontIsOneLineError() {
        XCTAssertThrowsError(try FontLibrary(configuration: .empty)) { error in
            XCTAssertEqual(error as? TextError, .noFont(pattern: "sans-serif"))
            XCTAssertFalse("\(error)".contains("\n"))
            XCTAssertTrue("\(error)".contains("no font found"))
        }
    }

    func testFallsBackGlyphByGlyphForJapaneseAndChinese() throws {
        let fonts = try fonts
        for text in ["設定 Settings", "日本語のテキスト", "简体中文设置"] {
            let set = fonts.typeset(text, width: 1000, height: 40, style: TextStyle(size: 20))
            let glyphs = set.lines.flatMap(\.glyphs)
            XCTAssertFalse(glyphs.contains { $0.glyph == 0 }, "\(text): a missing-glyph box")
            XCTAssertGreaterThan(Set(glyphs.map(\.font)).count, text.contains("S") ? 1 : 0, text)
        }
        let han = fonts.typeset("設", width: 100, height: 40, style: TextStyle(size: 20)).lines[0].glyphs[0]
        XCTAssertTrue(fonts.files[han.font].lowercased().contains("droid") || fonts.files[han.font].lowercased().contains("cjk"), fonts.files[han.font])
    }

    func testArabicAndHebrewReadRightToLeft() throws {
        let fonts = try fonts
        for text in ["مرحبا بالعالم", "שלום עולם"] {
            let set = fonts.typeset(text, width: 1000, height: 40, style: TextStyle(size: 20))
            XCTAssertTrue(set.isRightToLeft, text)
            XCTAssertFalse(set.lines[0].glyphs.contains { $0.glyph == 0 }, text)
            // Leading alignment of a right-to-left paragraph is at the right edge.
            XCTAssertEqual(set.lines[0].x + set.lines[0].width, 1000, accuracy: 1e-6)
        }
        // The first character of a Hebrew word is drawn at the right: its glyph comes last.
        let alone = fonts.typeset("של", width: 1000, height: 40, style: TextStyle(size: 20)).lines[0].glyphs
        let shin = fonts.typeset("ש", width: 1000, height: 40, style: TextStyle(size: 20)).lines[0].glyphs[0]
        XCTAssertEqual(alone.last?.glyph, shin.glyph)
        // Latin inside a right-to-left paragraph keeps its own order.
        let mixed = fonts.typeset("שלום ab", width: 1000, height: 40, style: TextStyle(size: 20)).lines[0].glyphs
        let a = fonts.typeset("a", width: 100, height: 40, style: TextStyle(size: 20)).lines[0].glyphs[0].glyph
        let b = fonts.typeset("b", width: 100, height: 40, style: TextStyle(size: 20)).lines[0].glyphs[0].glyph
        XCTAssertEqual(Array(mixed.prefix(2)).map(\.glyph), [a, b])
        // Hebrew inside a left-to-right paragraph: its first letter is drawn rightmost.
        let inLatin = fonts.typeset("Wi-Fi רשת ביתית", width: 1000, height: 40, style: TextStyle(size: 20))
        let resh = fonts.typeset("ר", width: 100, height: 40, style: TextStyle(size: 20)).lines[0].glyphs[0].glyph
        XCTAssertFalse(inLatin.isRightToLeft)
        XCTAssertEqual(inLatin.lines[0].x, 0)
        XCTAssertEqual(inLatin.lines[0].glyphs.first?.glyph, fonts.typeset("W", width: 100, height: 40, style: TextStyle(size: 20)).lines[0].glyphs[0].glyph)
        XCTAssertEqual(inLatin.lines[0].glyphs.last?.glyph, resh)
    }

    func testArabicLettersJoin() throws {
        let fonts = try fonts
        // Shaped in context, the letter ب takes a joining form different from its isolated one.
        let isolated = fonts.typeset("ب", width: 100, height: 40, style: TextStyle(size: 20)).lines[0].glyphs[0].glyph
        let joined = fonts.typeset("بب", width: 100, height: 40, style: TextStyle(size: 20)).lines[0].glyphs.map(\.glyph)
        XCTAssertFalse(joined.contains(isolated))
    }

    func testWrapsIntoTheBox() throws {
        let set = try fonts.typeset("Notifications and sounds for every app", width: 120, height: 200, style: TextStyle(size: 16))
        XCTAssertGreaterThan(set.lines.count, 1)
        XCTAssertFalse(set.isTruncated)
        for line in set.lines { XCTAssertLessThanOrEqual(line.width, 120) }
    }

    func testShrinksWithinLimitsBeforeCutting() throws {
        // Two lines of 16 px do not fit 20 px of height; one line fits once smaller.
        let set = try fonts.typeset("General settings", width: 100, height: 20, style: TextStyle(size: 16, minimumSize: 10))
        XCTAssertLessThan(set.size, 16)
        XCTAssertGreaterThanOrEqual(set.size, 10)
        XCTAssertFalse(set.isTruncated)
    }

    func testEllipsizesWhatDoesNotFitAtTheSmallestSize() throws {
        let fonts = try fonts
        let text = "A very long label that can never fit in such a small box at all"
        let set = fonts.typeset(text, width: 150, height: 20, style: TextStyle(size: 16, minimumSize: 12))
        XCTAssertTrue(set.isTruncated)
        XCTAssertEqual(set.size, 12, accuracy: 1e-9)
        XCTAssertEqual(set.lines.count, 1)
        XCTAssertLessThanOrEqual(set.lines[0].width, 150)
        let ellipsis = fonts.typeset("…", width: 100, height: 40, style: TextStyle(size: 12)).lines[0].glyphs[0].glyph
        XCTAssertEqual(set.lines[0].glyphs.last?.glyph, ellipsis)
        XCTAssertLessThan(set.lines[0].characters.upperBound, text.unicodeScalars.count)
    }

    func testDrawsAntiAliasedInk() throws {
        let fonts = try fonts
        let set = fonts.typeset("Wi-Fi 設定", width: 200, height: 40, style: TextStyle(size: 24))
        var image = RGBAImage(width: 200, height: 40, fill: Color(red: 255, green: 255, blue: 255))
        fonts.draw(set, in: ink, into: &image, x: 0, y: 0)
        let greys = stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] }
        XCTAssertGreaterThan(greys.filter { $0 < 40 }.count, 100, "solid ink")
        XCTAssertGreaterThan(greys.filter { $0 > 40 && $0 < 215 }.count, 50, "anti-aliased edges")
        XCTAssertTrue(image.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
        // Ink stays inside the box the text was set in.
        let inked = greys.indices.filter { greys[$0] < 200 }.map { $0 % 200 }
        XCTAssertLessThanOrEqual(inked.max() ?? 0, Int(set.lines[0].x + set.lines[0].width) + 2)
    }

    func testSameTextSameGlyphs() throws {
        let fonts = try fonts
        let style = TextStyle(size: 14, minimumSize: 9, alignment: .center)
        XCTAssertEqual(fonts.typeset("Réglages Ελληνικά Русский", width: 90, height: 60, style: style),
                       fonts.typeset("Réglages Ελληνικά Русский", width: 90, height: 60, style: style))
    }
}
