import CFreeType
import CText
import Foundation
import HierarchyImaging

/// Where fonts come from.
public enum FontConfiguration: Hashable, Sendable {
    /// fontconfig's configuration of the machine.
    case system
    /// A fontconfig configuration with no font at all (to test the no-font path).
    case empty
}

/// The fonts text is set in: a fixed chain of families (`families`), then fontconfig's list for
/// a pattern, best first, each later font covering characters the earlier ones lack; every
/// character is drawn with the first font that has it (fallback glyph by glyph), an emoji with
/// the first colour font that has it. The fixed chain keeps text the same on every machine that
/// has its fonts, however many more it has (docs/synthesis.md). Safe to use from several threads: one lock guards
/// FreeType, HarfBuzz and the caches.
public final class FontLibrary: @unchecked Sendable {
    public let pattern: String
    /// The font files in fallback order (for messages and tests).
    public let files: [String]
    let lock = NSLock()
    private let list: OpaquePointer
    private let library: FT_Library
    private var faces: [Int: FontFace?] = [:]
    private var fallback: [UInt32: Int] = [:]
    var glyphs: [GlyphKey: GlyphBitmap] = [:]

    /// The families tried first, in this order: DejaVu Sans (Latin, Greek, Cyrillic, Arabic,
    /// Hebrew), Noto's Thai, Devanagari, Tamil and Bengali, Droid Sans Fallback (Chinese,
    /// Japanese), Noto Sans CJK KR (Korean) and Noto Color Emoji; a family the machine lacks is
    /// left out.
    public static let families = [
        "DejaVu Sans", "Noto Sans Thai", "Noto Sans Devanagari", "Noto Sans Tamil", "Noto Sans Bengali",
        "Droid Sans Fallback", "Noto Sans CJK KR", "Noto Color Emoji",
    ]

    /// Throws `TextError.noFont` when fontconfig has no font for `families` nor `pattern`.
    public init(pattern: String = "sans-serif", families: [String] = FontLibrary.families, configuration: FontConfiguration = .system) throws(TextError) {
        let created = families.withCStrings { ctext_font_list_create_chain($0, Int32(families.count), pattern, configuration == .empty ? 1 : 0) }
        guard let list = created else { throw .noFont(pattern: pattern) }
        let count = ctext_font_list_count(list)
        let files = (0..<count).map { ctext_font_list_file(list, $0).map { String(cString: $0) } ?? "" }
        guard files.contains(where: { !$0.isEmpty }) else {
            ctext_font_list_destroy(list)
            throw .noFont(pattern: pattern)
        }
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            ctext_font_list_destroy(list)
            throw .freeTypeFailed(code: error)
        }
        self.pattern = pattern
        self.files = files
        self.list = list
        self.library = library
    }

    deinit {
        faces.removeAll()
        FT_Done_FreeType(library)
        ctext_font_list_destroy(list)
    }

    /// The machine's sans-serif fonts, found once per process.
    public static func system() throws(TextError) -> FontLibrary {
        try shared.get()
    }

    private static let shared = Result<FontLibrary, TextError> { () throws(TextError) in try FontLibrary() }

    /// The index of the first font that has `scalar` (0 when none has it: its missing-glyph box).
    /// Caller holds the lock.
    func font(for scalar: UInt32) -> Int {
        if let known = fallback[scalar] { return known }
        var found = 0
        let emoji = FontLibrary.isEmoji(scalar)
        let candidates = (0..<files.count).filter { ctext_font_list_has_char(list, Int32($0), scalar) != 0 && face($0) != nil }
        found = (emoji ? candidates.first { face($0)?.isColor == true } : nil) ?? candidates.first ?? 0
        fallback[scalar] = found
        return found
    }

    /// Whether `scalar` is shown as a colour emoji by default (Unicode's Emoji_Presentation).
    static func isEmoji(_ scalar: UInt32) -> Bool {
        Unicode.Scalar(scalar)?.properties.isEmojiPresentation ?? false
    }

    /// Whether font `index` has `scalar`. Caller holds the lock.
    func font(_ index: Int, has scalar: UInt32) -> Bool {
        ctext_font_list_has_char(list, Int32(index), scalar) != 0
    }

    /// Font `index`, opened on first use; nil when it cannot be read. Caller holds the lock.
    func face(_ index: Int) -> FontFace? {
        if let known = faces[index] { return known }
        let opened = ctext_font_list_file(list, Int32(index)).flatMap {
            FontFace(library: library, file: String(cString: $0), index: Int(ctext_font_list_index(list, Int32(index))))
        }
        faces[index] = opened
        return opened
    }

    /// The fonts of the text: the first font that opens (the text's metrics come from it).
    func primaryFace() -> FontFace? {
        (0..<files.count).lazy.compactMap { self.face($0) }.first
    }
}

extension Array where Element == String {
    /// Calls `body` with the strings as C strings (valid only during the call).
    func withCStrings<R>(_ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        let copies = map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { UnsafePointer($0) })
    }
}
