import Foundation
@testable import HierarchyFormats
import HierarchyModel
import XCTest

/// The byte-level reader of `DOMSnapshot.captureSnapshot` answers (`CDPSnapshotJSON`, its
/// documents' `CDPDocumentArrays`, their `CDPArrayReader`), on answers shaped as devtools-protocol's
/// `DOMSnapshot.pdl` defines them; the recorded answers of Chromium are read end to end by
/// `CDPSnapshotImporterTests`.
final class CDPSnapshotJSONTests: XCTestCase {
    /// A document of three nodes (a document, an `<html>`, an `<input>`), every field the protocol
    /// defines present, those not read among them, and keys it does not define.
    static let answer = #"""
    {"documents": [{"documentURL": 0, "title": 1, "baseURL": 0, "contentLanguage": -1, "encodingName": 2, "publicId": -1, "systemId": -1,
      "frameId": 3, "futureKey": {"nested": [1, {"deep": null}], "text": "x"},
      "nodes": {"parentIndex": [-1, 0, 1], "nodeType": [9, 1, 1], "nodeName": [4, 5, 6], "nodeValue": [-1, -1, -1],
        "backendNodeId": [1, 2, 3], "attributes": [[], [7, 8], [9, 10, 7]],
        "textValue": {"index": [], "value": []}, "inputValue": {"index": [2, 2, 40], "value": [11, 12, 13]},
        "inputChecked": {"index": [2, 99]}, "optionSelected": {"index": []},
        "shadowRootType": {"index": [1], "value": [-1]}, "contentDocumentIndex": {"index": [], "value": []},
        "pseudoType": {"index": [], "value": []}, "pseudoIdentifier": {"index": [], "value": []}, "isClickable": {"index": [2]},
        "currentSourceURL": {"index": [], "value": []}, "originURL": {"index": [], "value": []}},
      "layout": {"nodeIndex": [0, 2, 2], "styles": [[], [14, 14], [14, 14]], "bounds": [[0, 0, 800, 600], [8, 8, 100.5, 20], [1, 1, 1, 1]],
        "text": [-1, -1, -1], "stackingContexts": {"index": [0]}, "paintOrders": [0, 1, 2],
        "offsetRects": [[], [0, 0, 100, 20], []], "scrollRects": [[], [0, 0, 0, 0], []], "clientRects": [[], [2, 2, 96, 16], []],
        "blendedBackgroundColors": [-1, -1, -1], "textColorOpacities": [1, 1, 1]},
      "textBoxes": {"layoutIndex": [], "bounds": [], "start": [], "length": []},
      "scrollOffsetX": 0, "scrollOffsetY": 12.5, "contentWidth": 800, "contentHeight": 900}],
     "strings": ["about:blank", "T\u00eftle", "UTF-8", "F1", "#document", "HTML", "INPUT", "lang", "en", "type", "text", "typed", "second", "outside", "block"],
     "unknownTopLevel": [1, 2, 3]}
    """#

    private func snapshot(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> CDPSnapshotJSON {
        guard case .snapshot(let json) = try CDPSnapshotJSON.read(Array(text.utf8), at: 0, fileName: "snap.json") else {
            XCTFail("no snapshot", file: file, line: line)
            throw InputError("no snapshot")
        }
        return json
    }

    func testEveryArrayIsReadFlatAndTheRestPassedOver() throws {
        let json = try snapshot(Self.answer)
        XCTAssertEqual(json.documents.count, 1)
        XCTAssertEqual(json.documentURLs, [0])
        XCTAssertEqual(json.stringCount, 15)
        XCTAssertEqual(json.string(1), "Tïtle", "an escaped string is decoded when asked for")
        XCTAssertNil(json.string(15))
        XCTAssertNil(json.string(-1))
        let document = try json.documents[0].get()
        XCTAssertEqual(document.path, "documents[0]")
        XCTAssertEqual(document.parents, [-1, 0, 1])
        XCTAssertEqual(document.types, [9, 1, 1])
        XCTAssertEqual(Array(document.attributeIndices(1)), [7, 8])
        XCTAssertEqual(Array(document.attributeIndices(2)), [9, 10, 7])
        XCTAssertEqual(Array(document.attributeIndices(5)), [], "a node past the array has none")
        // Rare data spread by node: a node's first value kept, one naming no node left out.
        XCTAssertEqual(document.inputValues, [CDPDocumentArrays.absent, CDPDocumentArrays.absent, 11])
        XCTAssertEqual(document.shadowRootTypes, [CDPDocumentArrays.absent, -1, CDPDocumentArrays.absent], "a value of -1 is there, naming no string")
        XCTAssertEqual(document.checked, [false, false, true])
        XCTAssertEqual(document.selected, [false, false, false])
        XCTAssertEqual(document.contentDocuments, [CDPDocumentArrays.absent, CDPDocumentArrays.absent, CDPDocumentArrays.absent])
        // Layout: a node named twice keeps its first entry; `html` has none.
        XCTAssertEqual(document.layoutEntries, [0, -1, 1])
        XCTAssertEqual(document.bounds[1], Rect(x: 8, y: 8, width: 100.5, height: 20))
        XCTAssertEqual(document.offsetRects, [nil, Rect(x: 0, y: 0, width: 100, height: 20), nil])
        XCTAssertEqual(document.clientRects[1], Rect(x: 2, y: 2, width: 96, height: 16))
        XCTAssertEqual(document.styleIndices(0).map(Array.init), [])
        XCTAssertEqual(document.styleIndices(2).map(Array.init), [14, 14])
        XCTAssertNil(document.styleIndices(3))
        XCTAssertEqual(document.stackingContexts, [true, false, false])
        XCTAssertEqual(document.paintOrders, [0, 1, 2])
        XCTAssertEqual(document.scrollOffset, Point(x: 0, y: 12.5))
        XCTAssertEqual(document.title, 1)
        XCTAssertEqual(document.url, 0)
    }

    /// Good JSON that is no snapshot, and bad JSON, are outcomes, not errors: the importer looks on.
    func testWhatIsNoSnapshotIsToldApart() throws {
        guard case .other(let end) = try CDPSnapshotJSON.read(Array(#"  {"documents": []} tail"#.utf8), at: 2, fileName: "x") else { return XCTFail("not other") }
        XCTAssertEqual(end, 20, "past the white space after the value")
        guard case .other = try CDPSnapshotJSON.read(Array(#"[{"documents": [], "strings": []}]"#.utf8), at: 0, fileName: "x") else { return XCTFail("not other") }
        guard case .syntaxError(let offset, let message) = try CDPSnapshotJSON.read(Array(#"{"documents": [1,, 2], "strings": []}"#.utf8), at: 0, fileName: "x") else {
            return XCTFail("no syntax error")
        }
        XCTAssertEqual(offset, 17)
        XCTAssertFalse(message.isEmpty)
    }

    /// Each wrong value is one error naming the file and its JSON path, in the order the arrays
    /// are read; a document's error waits until the document is used.
    func testAWrongValueIsNamedByItsPath() throws {
        func error(_ from: String, _ to: String) throws -> String? {
            let text = Self.answer.replacingOccurrences(of: from, with: to)
            XCTAssertNotEqual(text, Self.answer, from)
            do {
                let json = try snapshot(text)
                _ = try json.documents[0].get()
                return nil
            } catch let error as InputError {
                return error.description
            }
        }
        XCTAssertEqual(try error(#""UTF-8", "F1""#, #""UTF-8", 7"#), "snap.json: strings[3]: expected a string, got a number")
        XCTAssertThrowsError(try CDPSnapshotJSON.read(Array(#"{"documents": 5, "strings": []}"#.utf8), at: 0, fileName: "snap.json")) { error in
            XCTAssertEqual((error as? InputError)?.description, "snap.json: documents: expected an array, got a number")
        }
        XCTAssertEqual(try error(#""parentIndex": [-1, 0, 1]"#, #""parentIndex": [-1, 0, 1.5]"#), "snap.json: documents[0].nodes.parentIndex[2]: expected a whole number")
        XCTAssertEqual(try error(#""parentIndex": [-1, 0, 1]"#, #""parentIndex": [-1, 0, 2]"#),
                       "snap.json: documents[0].nodes: parentIndex[2] is 2: expected -1 or an earlier node")
        XCTAssertEqual(try error(#""nodeName": [4, 5, 6]"#, #""nodeName": [4, 5]"#), "snap.json: documents[0].nodes: parentIndex, nodeType and nodeName differ in length")
        XCTAssertEqual(try error(#""attributes": [[], [7, 8]"#, #""attributes": [[], 7"#), "snap.json: documents[0].nodes.attributes[1]: expected an array, got a number")
        XCTAssertEqual(try error(#""inputValue": {"index": [2, 2, 40]"#, #""inputValue": {"index": [2, "2", 40]"#),
                       "snap.json: documents[0].nodes.inputValue.index[1]: expected a number, got a string")
        XCTAssertEqual(try error(#"[1, 1, 1, 1]]"#, #"[1, 1, 1, -1]]"#), "snap.json: documents[0].layout.bounds[2]: expected [x, y, width, height], finite, the size >= 0")
        XCTAssertEqual(try error(#"[1, 1, 1, 1]]"#, #"[1, 1, true, 1]]"#), "snap.json: documents[0].layout.bounds[2][2]: expected a number, got a boolean")
        XCTAssertEqual(try error(#""nodeIndex": [0, 2, 2]"#, #""nodeIndex": [0, 2]"#), "snap.json: documents[0].layout: nodeIndex and bounds differ in length")
        XCTAssertEqual(try error(#""value": [11, 12, 13]"#, #""value": [11, 12, 15]"#), "snap.json: documents[0]: a string index 15 past \"strings\" (15)",
                       "the value of a pair naming no node is a string all the same")
        XCTAssertNil(try error(#""value": [11, 12, 13]"#, #""value": [11, 15, 13]"#), "a node's second value is not read")
        XCTAssertEqual(try error(#""scrollOffsetY": 12.5"#, #""scrollOffsetY": "12.5""#), "snap.json: documents[0].scrollOffsetY: expected a number, got a string")
        XCTAssertEqual(try error(#""layout": {"nodeIndex""#, #""layout": null, "x": {"nodeIndex""#), "snap.json: documents[0]: expected \"nodes\" and \"layout\"")
        // Rare data that is no object is none, as a JSON value's members are.
        XCTAssertNil(try error(#""inputChecked": {"index": [2, 99]}"#, #""inputChecked": 5"#))
    }

    // MARK: One pass

    /// What the one pass reads, the value checked whole and read again (`readChecked`), as the
    /// reader did before it, reads the same: the strings, the documents' arrays, their errors,
    /// their spans. Nil where it would not: the checked reader then answers.
    private func assertOnePassAgrees(_ bytes: [UInt8], _ name: String, expectRead: Bool = false, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let start = bytes.firstIndex(of: UInt8(ascii: "{")), let fast = CDPSnapshotJSON.readInOnePass(buffer, bytes: bytes, at: start, fileName: "snap.json") else {
                if expectRead { XCTFail("\(name): not read in one pass", file: file, line: line) }
                return false
            }
            guard case .success(.snapshot(let checked)) = CDPSnapshotJSON.readChecked(buffer, bytes, at: start, fileName: "snap.json") else {
                XCTFail("\(name): read in one pass, but not a snapshot checked", file: file, line: line)
                return true
            }
            XCTAssertEqual(fast.stringCount, checked.stringCount, name, file: file, line: line)
            XCTAssertEqual((0..<fast.stringCount).map(fast.string), (0..<checked.stringCount).map(checked.string), name, file: file, line: line)
            XCTAssertEqual(fast.documentURLs, checked.documentURLs, name, file: file, line: line)
            XCTAssertEqual(fast.span, checked.span, name, file: file, line: line)
            XCTAssertEqual(fast.documentSpans, checked.documentSpans, name, file: file, line: line)
            XCTAssertEqual(fast.documents.map { try? $0.get() }, checked.documents.map { try? $0.get() }, name, file: file, line: line)
            func failure(_ result: Result<CDPDocumentArrays, InputError>) -> String? {
                if case .failure(let error) = result { return error.description }
                return nil
            }
            XCTAssertEqual(fast.documents.map(failure), checked.documents.map(failure), name, file: file, line: line)
            return true
        }
    }

    /// Chromium's recorded answers (Tests/Fixtures/web, `DOMSnapshot.captureSnapshot` through
    /// Selenium's `execute_cdp_cmd`, see Tests/Fixtures/web/README.md) and the answer above.
    func testGoodAnswersAreReadInOnePassAsTheCheckedReaderReadsThem() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/web")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".cdp-snapshot.json") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 5)
        for name in names {
            _ = assertOnePassAgrees(Array(try Data(contentsOf: folder.appendingPathComponent(name))), name, expectRead: true)
        }
        _ = assertOnePassAgrees(Array(Self.answer.utf8), "answer", expectRead: true)
    }

    /// Answers broken at random (a byte dropped, doubled or replaced by one that matters to JSON):
    /// whatever the one pass reads, the checked reader reads the same; what it does not, it leaves.
    func testBrokenAnswersAreReadInOnePassOnlyAsTheCheckedReaderReadsThem() {
        let answer = Array(Self.answer.utf8)
        let significant = Array(#"{}[],:"-.0159eEn "#.utf8)
        var generator = SystemRandomNumberGenerator()
        var (read, left) = (0, 0)
        for round in 0..<3_000 {
            var bytes = answer
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(bytes[at], at: at)
                default: bytes[at] = significant.randomElement(using: &generator)!
                }
            }
            if assertOnePassAgrees(bytes, "round \(round): \(String(decoding: bytes, as: UTF8.self))") { read += 1 } else { left += 1 }
        }
        XCTAssertGreaterThan(read, 100, "some broken answers are still good JSON of the shape")
        XCTAssertGreaterThan(left, 100, "and some are left to the checked reader")
    }
}
