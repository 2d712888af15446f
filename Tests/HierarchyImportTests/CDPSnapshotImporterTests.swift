import Foundation
import HierarchyFormats
@testable import HierarchyImport
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// Chromium's `DOMSnapshot.captureSnapshot`, recorded from Debian's headless Chromium through
/// Selenium's `execute_cdp_cmd` in the same session as the web capture's script answer on the same
/// page (Tests/Fixtures/web/*.cdp-snapshot.json and *.page-dom.json): both read to the same tree.
final class CDPSnapshotImporterTests: XCTestCase {
    private func read(_ name: String, _ kind: String) throws -> ImportResult {
        let bytes = Array(try Data(contentsOf: TestPaths.fixture("web/\(name).\(kind).json")))
        return try DumpImporter.read(bytes, fileName: "\(name).\(kind).json")
    }

    func testTheSnapshotReadsToTheTreeTheScriptCaptureReadsTo() throws {
        for page in ["boxes", "hiding", "forms"] {
            let snapshot = try read(page, "cdp-snapshot"), script = try read(page, "page-dom")
            XCTAssertEqual(snapshot.format, .cdpSnapshot, page)
            XCTAssertEqual(snapshot.warnings, [], page)
            let (a, b) = (snapshot.tree, script.tree)
            XCTAssertEqual(a.root.frame, b.root.frame, page)
            XCTAssertEqual(a.count, b.count, page)
            guard a.count == b.count else { continue }
            for index in 0..<a.count {
                let (x, y) = (a[index], b[index])
                let label = "\(page): view \(b.indexPath(of: index)) <\(y.className)>"
                XCTAssertEqual(x.className, y.className, label)
                XCTAssertEqual(a.indexPath(of: index), b.indexPath(of: index), label)
                XCTAssertEqual(x.isHidden, y.isHidden, label)
                XCTAssertEqual(x.attributes["hidden-by"], y.attributes["hidden-by"], label)
                // What Chromium skips (a closed <details>' content, content-visibility: hidden) has a
                // box for a script but none in a snapshot; what is not laid out has no computed style there.
                let skipped = ["inside a closed <details>", "content-visibility: hidden (an ancestor)"].contains(y.attributes["hidden-by"] ?? "")
                let unlaid = ["display: none", "hidden attribute"].contains(y.attributes["hidden-by"] ?? "")
                if !unlaid { XCTAssertEqual(x.backgroundColor, y.backgroundColor, label) }
                guard !skipped else { continue }
                // Chromium's layout units are 1/64 px, the script's boxes 1/1000: both snapped to the device's pixels.
                for (p, q) in [(x.frame.x, y.frame.x), (x.frame.y, y.frame.y), (x.frame.width, y.frame.width), (x.frame.height, y.frame.height),
                               (x.bounds.x, y.bounds.x), (x.bounds.y, y.bounds.y)] {
                    XCTAssertEqual(p, q, accuracy: 1, label)
                }
                XCTAssertEqual(x.extras["attrs"], y.extras["attrs"], label)
                XCTAssertEqual(x.clipsToBounds, y.clipsToBounds, label)
                XCTAssertEqual(x.alpha, y.alpha, label)
                XCTAssertEqual(x.transform, y.transform, label)
                if y.className == "#text" { XCTAssertEqual(x.text, y.text, label) }
            }
        }
    }

    /// A page with a same-origin frame, a cross-origin one and an open and a closed shadow root:
    /// each frame's document (one of the snapshot's `documents`, in its own coordinates) is read
    /// under its `<iframe>` at the script capture's place, view by view; where the page's script
    /// cannot read (the cross-origin frame, the closed shadow root) the snapshot still can.
    func testFramesDocumentsReadUnderTheirFramesAsTheScriptReadsThem() throws {
        let snapshot = try read("frames", "cdp-snapshot"), script = try read("frames", "page-dom")
        XCTAssertEqual(snapshot.warnings, [])
        let (a, b) = (snapshot.tree, script.tree)
        XCTAssertEqual(a.root.frame, b.root.frame)
        var place = [String: Int]()
        for index in 0..<a.count { place[a.indexPath(of: index)] = index }
        var compared = 0, inFrame = 0
        var unread = Set<Int>()
        for index in b.preorder() {
            let y = b[index]
            if let parent = y.parent, unread.contains(parent) { unread.insert(index); continue }
            let path = b.indexPath(of: index)
            let label = "view \(path) <\(y.className)>"
            guard let match = place[path] else { XCTFail("\(label): not in the snapshot's tree"); continue }
            let x = a[match]
            XCTAssertEqual(x.className, y.className, label)
            XCTAssertEqual(x.isHidden, y.isHidden, label)
            XCTAssertEqual(x.attributes["hidden-by"], y.attributes["hidden-by"], label)
            XCTAssertEqual(x.backgroundColor, y.backgroundColor, label)
            for (p, q) in [(x.frame.x, y.frame.x), (x.frame.y, y.frame.y), (x.frame.width, y.frame.width), (x.frame.height, y.frame.height)] {
                XCTAssertEqual(p, q, accuracy: 1, label)
            }
            XCTAssertEqual(x.extras["attrs"], y.extras["attrs"], label)
            if y.className == "#text" { XCTAssertEqual(x.text, y.text, label) }
            if y.attributes["not-read"] != nil {
                // The script stops here; the snapshot holds what lies below.
                unread.insert(index)
                XCTAssertFalse(x.children.isEmpty, label)
            } else {
                XCTAssertEqual(x.children.count, y.children.count, label)
            }
            var above = y.parent
            while let at = above, b[at].className != "iframe" { above = b[at].parent }
            if above != nil { inFrame += 1 }
            compared += 1
        }
        XCTAssertGreaterThan(inFrame, 3)
        XCTAssertGreaterThan(compared, 20)
        // Each view's place on screen too: the frame's button where the script found it.
        let frames = (Self.viewportOrigins(a), Self.viewportOrigins(b))
        let button = { (tree: ViewTree) in try XCTUnwrap(tree.nodes.firstIndex { $0.attributes["id"] == "inner" }) }
        let (p, q) = (frames.0[try button(a)], frames.1[try button(b)])
        XCTAssertEqual(p.x, 18, accuracy: 1)
        XCTAssertEqual(p.y, q.y, accuracy: 1)
        XCTAssertEqual(p.x, q.x, accuracy: 1)
        // Provenance: each frame says its origin and its document, its views their document's lines.
        let owners = a.nodes.filter { $0.className == "iframe" }
        XCTAssertEqual(owners.map { $0.attributes["frame"] }, ["same-origin", "cross-origin"])
        XCTAssertEqual(owners.first?.attributes["document"], "about:srcdoc")
    }

    /// Each view's origin in the viewport: its bounds carried up through every superview.
    static func viewportOrigins(_ tree: ViewTree) -> [Point] {
        var maps = [Transform2D](repeating: .identity, count: tree.count)
        var origins = [Point](repeating: Point(x: 0, y: 0), count: tree.count)
        for index in tree.preorder() {
            let node = tree[index]
            maps[index] = node.parent.map { maps[$0].concatenating(after: node.toSuperview) } ?? node.toSuperview
            origins[index] = maps[index].apply(Point(x: node.bounds.x, y: node.bounds.y))
        }
        return origins
    }

    /// A frame owner that names no document, or one already read, is one line naming the path.
    func testAFrameOwnerNamingNoDocumentIsOneLine() throws {
        let good = String(decoding: try Data(contentsOf: TestPaths.fixture("web/frames.cdp-snapshot.json")), as: UTF8.self)
        for (wrong, message) in [("[1, 1]", "node 21 names document 1"), ("[1, 7]", "node 21 names document 7"), ("[0, 2]", "node 19 names document 0")] {
            let broken = good.replacingOccurrences(of: "\"contentDocumentIndex\": {\"index\": [19, 21], \"value\": [1, 2]}", with: "\"contentDocumentIndex\": {\"index\": [19, 21], \"value\": \(wrong)}")
            XCTAssertNotEqual(broken, good)
            XCTAssertThrowsError(try DumpImporter.read(Array(broken.utf8), fileName: "snap.json")) { error in
                let text = (error as? InputError)?.description ?? "\(error)"
                XCTAssertTrue(text.hasPrefix("snap.json: documents[0]: nodes.contentDocumentIndex: " + message), text)
                XCTAssertFalse(text.contains("\n"))
            }
        }
    }

    /// Every snapshot fixture reads to the tree recorded in `Goldens/cdp/<name>.tree.json` (its
    /// views, their attributes, frames and lines, and the notes): recorded from the importer that
    /// read the snapshot through a generic JSON value (main at b4b401c, with its fixtures and its
    /// paint layers), before the byte-level reader replaced it, so that the two give the same trees. `HIERARCHY_RECORD_GOLDENS=1`
    /// records them again (and fails, saying so).
    func testEverySnapshotReadsToItsRecordedTree() throws {
        let names = try TestPaths.contents(of: TestPaths.fixture("web")).filter { $0.hasSuffix(".cdp-snapshot.json") }
        XCTAssertEqual(names.count, 5, "\(names)")
        let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/cdp")
        for name in names {
            let result = try DumpImporter.read(Array(try Data(contentsOf: TestPaths.fixture("web/" + name))), fileName: name)
            let text = TreeDocument.encode(result.tree, notes: result.warnings)
            let golden = goldens.appendingPathComponent(name.replacingOccurrences(of: ".cdp-snapshot.json", with: ".tree.json"))
            if ProcessInfo.processInfo.environment["HIERARCHY_RECORD_GOLDENS"] == "1" {
                try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: golden)
                XCTFail("recorded \(golden.path); run again without HIERARCHY_RECORD_GOLDENS to compare")
                continue
            }
            let expected = String(decoding: try Data(contentsOf: golden), as: UTF8.self)
            guard text != expected else { continue }
            let (a, b) = (text.split(separator: "\n", omittingEmptySubsequences: false), expected.split(separator: "\n", omittingEmptySubsequences: false))
            let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
            XCTFail("\(name): line \(first + 1) of the tree is '\(first < a.count ? a[first] : "")', recorded '\(first < b.count ? b[first] : "")'")
        }
    }

    /// What is compared of two reads of one snapshot: each view's class, frame and attributes.
    private static func views(_ tree: ViewTree) -> [String] {
        tree.nodes.map { "\($0.className) \($0.frame) \($0.attributes.sorted { $0.key < $1.key })" }
    }

    /// A snapshot pasted from a log (a prefix on each line, text before and after), one line or
    /// pretty-printed, reads to the views of the file; pretty-printed, each document's views
    /// span its document's lines.
    func testAPastedSnapshotReadsAsTheFile() throws {
        let data = try Data(contentsOf: TestPaths.fixture("web/frames.cdp-snapshot.json"))
        let file = try DumpImporter.read(Array(data), fileName: "frames.json")
        let pretty = String(decoding: try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: data), options: [.prettyPrinted, .sortedKeys]),
                            as: UTF8.self)
        let alone = try DumpImporter.read(Array(pretty.utf8), fileName: "pretty.json")
        XCTAssertEqual(Self.views(alone.tree), Self.views(file.tree))
        let lines = pretty.split(separator: "\n", omittingEmptySubsequences: false)
        let documentStarts = lines.indices.filter { lines[$0].hasPrefix("    {") }.map { $0 + 1 }
        XCTAssertEqual(documentStarts.count, 3)
        let spans = Set(alone.tree.nodes.dropFirst().compactMap { $0.source?.line })
        XCTAssertEqual(spans, Set(documentStarts), "each view names its document's first line")
        XCTAssertEqual(alone.tree.root.source?.line, 1)
        XCTAssertEqual(alone.tree.root.source?.endLine, lines.count - (lines.last == "" ? 1 : 0))
        for text in [String(decoding: data, as: UTF8.self), pretty] {
            let logged = "Here is the snapshot:\n" + text.split(separator: "\n").map { "11-29 07:32:51.123  1234  5678 I snap: " + $0 }.joined(separator: "\n") + "\nDone.\n"
            let pasted = try DumpImporter.read(Array(logged.utf8), fileName: "log.txt")
            XCTAssertEqual(pasted.format, .cdpSnapshot)
            XCTAssertEqual(Self.views(pasted.tree), Self.views(file.tree))
            XCTAssertEqual(pasted.tree.nodes.dropFirst().first?.source?.line, 2 + (text == pretty ? documentStarts[0] - 1 : 0))
        }
    }

    /// Keys the protocol adds later, at the top, in a document and in its nodes and layout, are passed over.
    func testKeysNotReadArePassedOver() throws {
        let good = String(decoding: try Data(contentsOf: TestPaths.fixture("web/boxes.cdp-snapshot.json")), as: UTF8.self)
        let later = good.replacingOccurrences(of: #"{"documents": [{"baseURL": 0,"#, with: #"{"future": {"a": [1, [2, {"b": null}]]}, "documents": [{"baseURL": 0, "next": [{"c": "d"}],"#)
            .replacingOccurrences(of: #""layout": {"#, with: #""layout": {"blendedBackgroundColors": [1, 2], "later": {"x": [[1]]}, "#)
            .replacingOccurrences(of: #""nodes": {"#, with: #""nodes": {"later": [[["deep"]]], "#)
        XCTAssertEqual(later.components(separatedBy: "later").count, 3)
        XCTAssertTrue(later.contains("future"))
        let (a, b) = (try DumpImporter.read(Array(later.utf8), fileName: "b.json"), try DumpImporter.read(Array(good.utf8), fileName: "b.json"))
        XCTAssertEqual(TreeDocument.encode(a.tree), TreeDocument.encode(b.tree))
        XCTAssertEqual(a.warnings, [])
    }

    /// A snapshot is read as Chromium wrote it: a text holding what looks like an HTML reference
    /// (`&lt;` in a page's text) is the page's text, not a paste to unescape.
    func testAPagesReferencesAreItsText() throws {
        let good = String(decoding: try Data(contentsOf: TestPaths.fixture("web/hiding.cdp-snapshot.json")), as: UTF8.self)
        let texts = try DumpImporter.read(Array(good.utf8), fileName: "h.json").tree.nodes.compactMap { $0.className == "#text" ? $0.text : nil }
        let text = try XCTUnwrap(texts.first { $0.count > 3 && good.contains("\"\($0)\"") })
        let escaped = good.replacingOccurrences(of: "\"\(text)\"", with: "\"a &lt;b&gt; &amp; &quot;c&quot;\"")
        let read = try DumpImporter.read(Array(escaped.utf8), fileName: "h.json")
        XCTAssertEqual(read.warnings, [])
        XCTAssertTrue(read.tree.nodes.contains { $0.text == "a &lt;b&gt; &amp; &quot;c&quot;" })
    }

    /// The texts' white space is collapsed on the bytes of an ASCII text as `WebNodeRecord.collapse`
    /// collapses it at characters (where `\r\n` is one, and no space).
    func testTextsCollapseAsTheScriptCaptureCollapsesThem() {
        for text in ["", " ", "Card 1", "  a \n\t b  ", "a\u{0C}b\rc", "a\r\nb", " \r\n ", "é  è", "x \u{301}y", "\n\n", "a  b\t\tc\n"] {
            XCTAssertEqual(CDPSnapshot.Strings.collapse(text), WebNodeRecord.collapse(text), text.debugDescription)
        }
    }

    func testAPasswordTheSnapshotHoldsIsNotRead() throws {
        // Chromium's snapshot holds the password field's value (its inputValue): the tree must not.
        let raw = try Data(contentsOf: TestPaths.fixture("web/forms.cdp-snapshot.json"))
        XCTAssertNotNil(raw.range(of: Data("preset-attribute-secret".utf8)))
        let tree = try read("forms", "cdp-snapshot").tree
        let document = TreeDocument.encode(tree)
        XCTAssertFalse(document.contains("preset-attribute-secret"))
        let field = try XCTUnwrap(tree.nodes.first { $0.attributes["id"] == "secret" })
        XCTAssertEqual(field.attributes["password"], "true")
        XCTAssertEqual(tree.nodes.first { $0.attributes["id"] == "user" }?.attributes["value"], "ada")
    }

    func testABrokenSnapshotIsOneLineNamingThePath() throws {
        let good = String(decoding: try Data(contentsOf: TestPaths.fixture("web/hiding.cdp-snapshot.json")), as: UTF8.self)
        let broken = good.replacingOccurrences(of: "\"parentIndex\": [-1, 0,", with: "\"parentIndex\": [-1, 5,")
        XCTAssertNotEqual(broken, good)
        XCTAssertThrowsError(try DumpImporter.read(Array(broken.utf8), fileName: "snap.json")) { error in
            XCTAssertEqual((error as? InputError)?.description, "snap.json: documents[0].nodes: parentIndex[1] is 5: expected -1 or an earlier node")
        }
        // The arrays are read in place when they are good; a bad value is still told at its path.
        for (from, to, said) in [
            ("\"bounds\": [[0, 0, 800, 457], [0, 0, 800, 275]", "\"bounds\": [[0, 0, 800, 457], [0, 0, -800, 275]",
             "snap.json: documents[0].layout.bounds[1]: expected [x, y, width, height], finite, the size >= 0"),
            ("\"bounds\": [[0, 0, 800, 457]", "\"bounds\": [[0, 0, 800, 457.5, 1]", "snap.json: documents[0].layout.bounds[0]: expected [x, y, width, height], finite, the size >= 0"),
            ("\"parentIndex\": [-1, 0,", "\"parentIndex\": [-1, 0.5,", "snap.json: documents[0].nodes.parentIndex[1]: expected a whole number"),
            ("\"parentIndex\": [-1, 0,", "\"parentIndex\": [-1, \"0\",", "snap.json: documents[0].nodes.parentIndex[1]: expected a number, got a string"),
            ("\"parentIndex\": [-1, 0,", "\"parentIndex\": [-1, 0,,", "snap.json: line 1: not valid JSON: expected a value, found ','"),
            ("\"strings\": [", "\"strings\": [3, ", "snap.json: strings[0]: expected a string, got a number"),
        ] {
            let bad = good.replacingOccurrences(of: from, with: to)
            XCTAssertNotEqual(bad, good, from)
            XCTAssertThrowsError(try DumpImporter.read(Array(bad.utf8), fileName: "snap.json")) { error in
                XCTAssertEqual((error as? InputError)?.description, said)
            }
        }
    }
}
