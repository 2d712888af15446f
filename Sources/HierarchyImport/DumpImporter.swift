import HierarchyModel

/// Reads the view-hierarchy dumps teams already have into a `ViewTree`. Pure: it takes the bytes,
/// the caller reads the file.
public enum DumpImporter {
    /// The format of `bytes`, or nil when it is none of the dump formats (a view-hierarchy JSON
    /// document, prose, an empty file). A JSON dump (Maestro, Sentry) is told from a view-hierarchy
    /// document by its keys in its first 64 KB.
    public static func detect(_ bytes: [UInt8]) -> DumpFormat? {
        detectPlain(PastedText.plain(ByteText.utf8(bytes)).bytes)
    }

    /// The format of a JSON object as read from a file, whose first character (past white space)
    /// is `{`: a dump (Maestro, Sentry, a web page's DOM, a DOM snapshot, or a dump escaped inside
    /// a JSON report), or nil for a view-hierarchy document. What `detect` first takes off a paste
    /// (a log's prefixes, quotes, indentation, wrapped lines) cannot stand before a first line
    /// that starts with `{`, so it is not looked for: it cost a tenth of a report's time, every
    /// screen's `tree.json` made plain line by line only to be told it is none of these.
    public static func detectJSONObject(_ bytes: [UInt8]) -> DumpFormat? {
        detectPlain(bytes)
    }

    /// The format of bytes already made plain (`PastedText`): what `read` detects by, which made
    /// them plain once already.
    private static func detectPlain(_ bytes: [UInt8]) -> DumpFormat? {
        DumpDetector.detect(bytes) ?? EscapedPaste.unescaped(bytes).flatMap(DumpDetector.detect)
    }

    /// Reads a dump (UTF-8, or UTF-16 with a byte-order mark).
    ///
    /// - Parameters:
    ///   - fileName: the file as the user named it, for messages.
    ///   - format: the format to read; detected from the bytes when nil.
    /// - Returns: the tree, the format read and one-line warnings about what was skipped or approximated.
    /// - Throws: `InputError` naming the file and the line: an empty or unrecognised file, malformed
    ///   XML, a view line cut short, a frame or bounds that do not parse, no views at all.
    public static func read(
        _ bytes: [UInt8], fileName: String, format: DumpFormat? = nil, options: ImportOptions = .init()
    ) throws(InputError) -> ImportResult {
        // A DOM snapshot as Chromium's clients save it is read from its bytes as they are: made
        // plain line by line, its one line of 2 MB cost a seventh of its import.
        if format == nil || format == .cdpSnapshot,
           let (tree, warnings, spans) = try CDPSnapshotImporter.readWhole(ByteText.utf8(bytes), fileName: fileName, format: format, options: options) {
            return result(tree, warnings, spans, format: .cdpSnapshot, note: nil, markup: nil)
        }
        // What a log, a quote or an editor added to each line comes off first; lines are told as the file's.
        let pasted = PastedText.plain(ByteText.utf8(bytes))
        do throws(InputError) {
            var result = pasted.renumbered(try readPlain(pasted.bytes, fileName: fileName, format: format, options: options))
            result.warnings = pasted.notes + result.warnings
            return result
        } catch {
            throw pasted.renumbered(error)
        }
    }

    private static func readPlain(
        _ bytes: [UInt8], fileName: String, format: DumpFormat?, options: ImportOptions
    ) throws(InputError) -> ImportResult {
        let (bytes, note) = EscapedPaste.choose(bytes, format: format)
        guard !ByteText(bytes).isBlank else {
            throw InputError(file: fileName, location: "line 1", "empty file: expected \(expected)")
        }
        guard let format = format ?? detectPlain(bytes) else {
            if isHTML(bytes) { throw InputError(file: fileName, htmlRefusal) }
            throw InputError(file: fileName, "not a recognised dump: expected \(expected)")
        }
        let (tree, warnings, spans): (ViewTree, [String], [SourceSpan])
        var markup: MarkupTree?
        switch format {
        case .recursiveDescription:
            (tree, warnings, spans) = try RecursiveDescriptionImporter.read(bytes, fileName: fileName)
        case .appium, .uiautomator:
            let parsed = try MarkupTree.parse(bytes, fileName: fileName)
            let elements: [Int?]
            if format == .appium {
                (tree, warnings, elements) = try AppiumImporter.read(parsed, fileName: fileName, options: options)
            } else {
                (tree, warnings, elements) = try UIAutomatorImporter.read(parsed, fileName: fileName, options: options)
            }
            // A view no element stands for (uiautomator's screen over a lone window) spans the document.
            spans = elements.map { $0.map { parsed[$0].span($0) } ?? parsed.root.span(0).lines }
            markup = parsed
        case .xcuitest:
            (tree, warnings, spans) = try XCUITestImporter.read(bytes, fileName: fileName, options: options)
        case .espresso:
            (tree, warnings, spans) = try EspressoImporter.read(bytes, fileName: fileName, options: options)
        case .maestro:
            (tree, warnings, spans) = try MaestroImporter.read(bytes, fileName: fileName, options: options)
        case .dumpsys:
            (tree, warnings, spans) = try DumpsysImporter.read(bytes, fileName: fileName, options: options)
        case .sentry:
            (tree, warnings, spans) = try SentryImporter.read(bytes, fileName: fileName, options: options)
        case .compose:
            (tree, warnings, spans) = try ComposeImporter.read(bytes, fileName: fileName, options: options)
        case .flutterSemantics:
            (tree, warnings, spans) = try FlutterSemanticsImporter.read(bytes, fileName: fileName, options: options)
        case .flutterRender:
            (tree, warnings, spans) = try FlutterRenderImporter.read(bytes, fileName: fileName, options: options)
        case .detox:
            (tree, warnings, spans) = try DetoxImporter.read(bytes, fileName: fileName, options: options)
        case .webDOM:
            (tree, warnings, spans) = try WebDOMImporter.read(bytes, fileName: fileName, options: options)
        case .cdpSnapshot:
            (tree, warnings, spans) = try CDPSnapshotImporter.read(bytes, fileName: fileName, options: options)
        }
        return result(tree, warnings, spans, format: format, note: note, markup: markup)
    }

    /// What an importer read, each view given its lines (the importers give a span a view, in the
    /// order of the tree's nodes), the note on the text before the warnings.
    private static func result(
        _ tree: consuming ViewTree, _ warnings: [String], _ spans: [SourceSpan], format: DumpFormat, note: String?, markup: MarkupTree?
    ) -> ImportResult {
        // Consumed: a copy of the caller's would be copied whole at the first change.
        if spans.count == tree.count {
            for index in tree.nodes.indices { tree.update(index) { $0.source = spans[index] } }
        }
        return ImportResult(tree: tree, format: format, warnings: (note.map { [$0] } ?? []) + warnings, markup: markup)
    }

    /// The text of a dump a line each, numbered as the views' `source` numbers them (from 1:
    /// element 0 is line 1): UTF-16 transcoded, `\r\n` and `\n` ending lines.
    public static func sourceLines(_ bytes: [UInt8]) -> [String] {
        var lines = ByteText(ByteText.utf8(bytes)).lines.map { String(decoding: $0, as: UTF8.self) }
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = String(first.dropFirst()) }
        return lines
    }

    private static let expected = DumpFormat.titles

    /// What an HTML page (a saved page source) is told: its boxes are only in a browser.
    static let htmlRefusal = "an HTML page holds no boxes: HTML needs a live session or a CDP snapshot; capture the page from its browser "
        + "with 'hierarchy capture webdriver URL --session ID -o DIR' (chromedriver, or Appium in a web context), or save Chromium's "
        + "DOMSnapshot.captureSnapshot answer as JSON (docs/foreign-dumps.md)"

    /// Whether `error` is the refusal of an HTML page, which only a live session can read: the
    /// command line exits 2 for it in every command, as for a session that cannot be reached.
    public static func isHTMLRefusal(_ error: InputError) -> Bool {
        error.message == htmlRefusal
    }

    /// Whether `bytes` is an HTML document: `<!DOCTYPE html` or `<html` first, after blanks, a
    /// byte-order mark and comments.
    public static func isHTML(_ bytes: [UInt8]) -> Bool {
        var text = Substring(String(decoding: bytes.prefix(4096), as: UTF8.self))
        while true {
            text = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
            guard text.hasPrefix("<!--"), let end = text.range(of: "-->") else { break }
            text = text[end.upperBound...]
        }
        let head = text.prefix(15).lowercased()
        for opening in ["<!doctype html", "<html"] where head.hasPrefix(opening) {
            // `<html>`, `<html lang=…>`, `<!DOCTYPE html>`: not `<htmlish>`.
            guard let next = head.dropFirst(opening.count).first else { return true }
            return next == ">" || next.isWhitespace
        }
        return false
    }
}
