import HierarchyImport
import HierarchyModel
import XCTest

/// The XML every XML importer reads: nested at most 256 deep, at a cost linear in its size, and
/// read whole however large it is (XMLParser given it at once stopped at 10 MB as "not well-formed").
final class MarkupTreeBuilderTests: XCTestCase {
    /// A uiautomator dump of `depth` nodes each inside the last, one a line.
    private func nested(_ depth: Int) -> String {
        "<hierarchy rotation=\"0\">\n" + String(repeating: "<node class=\"android.view.View\" bounds=\"[0,0][10,10]\">\n", count: depth)
            + String(repeating: "</node>", count: depth) + "</hierarchy>\n"
    }

    func testNestingPastTheLimitIsRefusedWithItsLine() throws {
        // The document element and 255 nodes: 256 levels, the most.
        XCTAssertEqual(try importText(nested(255), format: .uiautomator).tree.count, 256)
        for depth in [256, 20_000, 100_000] {
            let started = Date()
            XCTAssertEqual(importError(nested(depth))?.description, "dump.txt: line 257: more than 256 nested elements, the most this reads")
            // Stopped where the limit is reached: 100,000 levels (5 MB) never finished before.
            XCTAssertLessThan(Date().timeIntervalSince(started), 30, "\(depth) levels")
        }
        let appium = "<AppiumAUT>\n" + String(repeating: "<XCUIElementTypeOther x=\"0\" y=\"0\" width=\"1\" height=\"1\">\n", count: 300)
        XCTAssertEqual(importError(appium, format: .appium)?.description, "dump.txt: line 257: more than 256 nested elements, the most this reads")
    }

    /// 12 MB of valid XML (large texts, as a screen of long documents gives) is read, not called malformed.
    func testXMLOverTenMegabytesIsRead() throws {
        let text = String(repeating: "lorem ipsum ", count: 100_000)
        let nodes = (0..<10).map { "<node class=\"android.widget.TextView\" text=\"\(text)\" bounds=\"[0,\($0 * 10)][100,\($0 * 10 + 10)]\"/>\n" }
        let dump = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<hierarchy rotation=\"0\">\n" + nodes.joined() + "</hierarchy>\n"
        XCTAssertGreaterThan(dump.utf8.count, 12_000_000)
        let result = try importText(dump, format: .uiautomator)
        XCTAssertEqual(result.tree.count, 11)
        XCTAssertEqual(result.tree[10].text?.count, text.count)
    }

    /// libxml2's own size limit (one attribute value over 10 MB) is said as a limit, not as malformed XML.
    func testALimitOfLibxml2IsNotCalledMalformed() throws {
        let dump = "<hierarchy rotation=\"0\"><node bounds=\"[0,0][1,1]\" text=\"" + String(repeating: "a", count: 10_000_001) + "\"/></hierarchy>"
        let message = try XCTUnwrap(importError(dump)?.description)
        XCTAssertFalse(message.contains("malformed"), message)
        XCTAssertTrue(message.hasPrefix("dump.txt: line 1: the XML is larger than libxml2 reads"), message)
    }
}
