import HierarchyModel

/// Chromium's `DOMSnapshot.captureSnapshot` answer read straight from its bytes: `{"documents":
/// [DocumentSnapshot], "strings": [string]}` as devtools-protocol's `DOMSnapshot.pdl` defines it,
/// each document's arrays read into flat arrays (`CDPDocumentArrays`), the string table kept as
/// offsets and each string decoded when asked for. A snapshot of a 5,000-element page is 2 MB of
/// numbers on one line: read into a generic JSON value first, its import took 9 times as long as
/// reading a `tree.json` of the same views.
///
/// The value is checked as strict JSON (RFC 8259) as it is read, in one pass where it is good
/// (`readInOnePass`); where it is not, checked whole first, so that a syntax error anywhere is
/// told before any error of meaning. Keys the format defines beyond those read (`textBoxes`,
/// `backendNodeId`, `baseURL`…) and keys it does not define are passed over.
public struct CDPSnapshotJSON: Sendable {
    /// What a JSON value that looked like a snapshot turned out to be.
    public enum Outcome: Sendable {
        /// A snapshot: an object with `documents` and `strings`.
        case snapshot(CDPSnapshotJSON)
        /// Good JSON (and the white space after it) that ends at `end`, but no object with both keys.
        case other(end: Int)
        /// Not JSON: the offset of the first error and what is wrong there.
        case syntaxError(offset: Int, message: String)
    }

    /// The bytes the snapshot was read from, for its strings.
    private let bytes: [UInt8]
    /// The offset of each string's opening quote in `bytes`.
    private let stringOffsets: [Int]
    /// Each document's arrays, or the error reading it gave (told when the document is used: a
    /// document no frame owner names is not read, as a browser would not show it).
    public let documents: [Result<CDPDocumentArrays, InputError>]
    /// Each document's `documentURL` when it is a whole index of a string (nil otherwise, never an error).
    public let documentURLs: [Int?]
    /// The offsets of the snapshot's `{` and of each document's, and of the byte after each one's `}`.
    public let span: Range<Int>
    public let documentSpans: [Range<Int>]

    init(bytes: [UInt8], stringOffsets: [Int], documents: [Result<CDPDocumentArrays, InputError>], documentURLs: [Int?], span: Range<Int>, documentSpans: [Range<Int>]) {
        (self.bytes, self.stringOffsets, self.documents, self.documentURLs, self.span, self.documentSpans) = (bytes, stringOffsets, documents, documentURLs, span, documentSpans)
    }

    /// The number of strings in the table.
    public var stringCount: Int { stringOffsets.count }

    /// The string at `index` in the table, nil when there is none.
    public func string(_ index: Int) -> String? {
        guard index >= 0, index < stringOffsets.count else { return nil }
        return bytes.withUnsafeBufferPointer { JSONParser($0).string(at: stringOffsets[index]) }
    }

    /// Reads the JSON value at `start` (its first byte) in `bytes`.
    /// - Throws: `InputError` naming `fileName` and the JSON path (`strings[3]`, `documents`) when
    ///   `strings` is no array of strings or `documents` no array.
    public static func read(_ bytes: [UInt8], at start: Int, fileName: String) throws(InputError) -> Outcome {
        let result: Result<Outcome, InputError> = bytes.withUnsafeBufferPointer { buffer in
            // Good JSON in the protocol's shape in one pass; anything else checked, then read.
            if let snapshot = readInOnePass(buffer, bytes: bytes, at: start, fileName: fileName) { return .success(.snapshot(snapshot)) }
            return readChecked(buffer, bytes, at: start, fileName: fileName)
        }
        return try result.get()
    }

    /// `read`, the value checked whole first, then read.
    static func readChecked(_ buffer: UnsafeBufferPointer<UInt8>, _ bytes: [UInt8], at start: Int, fileName: String) -> Result<Outcome, InputError> {
        var json = JSONParser(buffer)
        let end: Int
        do throws(JSONSyntaxError) {
            end = try json.checkValue(at: start, room: JSONParser.maxDepth)
        } catch {
            return .success(.syntaxError(offset: error.offset, message: error.message))
        }
        // `end` is past the white space after the value too.
        var close = end
        while close > start, [0x20, 0x0A, 0x0D, 0x09].contains(buffer[close - 1]) { close -= 1 }
        do throws(InputError) {
            return .success(try read(json, bytes, start..<close, end: end, fileName: fileName))
        } catch {
            return .failure(error)
        }
    }

    private static func read(_ json: JSONParser, _ bytes: [UInt8], _ span: Range<Int>, end: Int, fileName: String) throws(InputError) -> Outcome {
        let reader = CDPArrayReader(json: json, fileName: fileName)
        let top = span.lowerBound
        guard json.kind(at: top) == .object else { return .other(end: end) }
        let members = reader.members(of: top, ["documents", "strings"], presentOnly: false)
        guard members[0] >= 0, members[1] >= 0 else { return .other(end: end) }
        let strings = try stringOffsets(reader, at: members[1])
        guard json.kind(at: members[0]) == .array else { throw reader.error("documents", "expected an array, got \(json.typeName(at: members[0]))") }
        var documents: [Result<CDPDocumentArrays, InputError>] = [], urls: [Int?] = [], spans: [Range<Int>] = []
        json.elements(of: members[0]) { ordinal, value in
            let path = "documents[\(ordinal)]"
            documents.append(Result { () throws(InputError) in try CDPDocumentArrays(reader, at: value, path: path, strings: strings.count) })
            urls.append(documentURL(reader, at: value, strings: strings.count))
            spans.append(value..<json.skip(value))
        }
        return .snapshot(CDPSnapshotJSON(bytes: bytes, stringOffsets: strings, documents: documents, documentURLs: urls, span: span, documentSpans: spans))
    }

    /// The offset of each string of the table.
    private static func stringOffsets(_ reader: CDPArrayReader, at value: Int) throws(InputError) -> [Int] {
        let json = reader.json
        guard json.kind(at: value) == .array else { throw reader.error("strings", "expected an array, got \(json.typeName(at: value))") }
        var offsets: [Int] = []
        try json.elements(of: value) { (ordinal, element) throws(InputError) in
            guard json.kind(at: element) == .string else { throw reader.error("strings[\(ordinal)]", "expected a string, got \(json.typeName(at: element))") }
            offsets.append(element)
        }
        return offsets
    }

    /// A document's `documentURL` when it is a whole number indexing the table.
    private static func documentURL(_ reader: CDPArrayReader, at document: Int, strings: Int) -> Int? {
        guard reader.json.kind(at: document) == .object else { return nil }
        let url = reader.members(of: document, ["documentURL"], presentOnly: false)[0]
        guard url >= 0, reader.json.kind(at: url) == .number else { return nil }
        let index = reader.json.number(at: url)
        guard index >= 0, index < Double(strings), index == index.rounded() else { return nil }
        return Int(index)
    }
}
