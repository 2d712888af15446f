import Foundation
import HierarchyFormats
import HierarchyImport
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
        ] {
            let bad = good.replacingOccurrences(of: from, with: to)
            XCTAssertNotEqual(bad, good, from)
            XCTAssertThrowsError(try DumpImporter.read(Array(bad.utf8), fileName: "snap.json")) { error in
                XCTAssertEqual((error as? InputError)?.description, said)
            }
        }
    }
}
