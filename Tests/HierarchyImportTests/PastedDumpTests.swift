import Foundation
@testable import HierarchyImport
import HierarchyModel
import XCTest

/// Dumps as people paste them: an XCUITest tree from its first line (no `Element subtree:`),
/// any format escaped by the page it was copied from (a JUnit report's text, a CI page's source),
/// Windows line ends, a byte-order mark, log prefixes. Each imports as the plain text does.
final class PastedDumpTests: XCTestCase {
    private func text(_ path: String) throws -> String { String(decoding: try Samples.bytes(path), as: UTF8.self) }

    private func read(_ text: String, _ name: String = "paste.txt", density: Double = 1) throws -> ImportResult {
        try DumpImporter.read(Array(text.utf8), fileName: name, options: ImportOptions(density: density))
    }

    /// XML's and HTML's escaping of text, as a report or a page's source holds it.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;").replacingOccurrences(of: "@", with: "&#64;")
    }

    func testAnXCUITestTreeFromItsApplicationLine() throws {
        let log = try text("xcuitest/written-failure-log-390x844.txt")
        let headed = try read(log)
        let lines = log.components(separatedBy: "\n")
        let start = try XCTUnwrap(lines.firstIndex { $0.contains("→Application, 0x") })
        let pasted = try read(lines[start...].joined(separator: "\n"))
        XCTAssertEqual(pasted.format, .xcuitest)
        XCTAssertEqual(pasted.tree, headed.tree)
        XCTAssertEqual(pasted.warnings, ["line 1: no 'Element subtree:' line: the tree is read from its application line"])
        // Without the arrow too, as a tree copied from Xcode's console without its first column.
        let bare = try read(lines[start...].joined(separator: "\n").replacingOccurrences(of: " →Application", with: "Application"))
        XCTAssertEqual(bare.tree.count, headed.tree.count)
    }

    func testEveryFormatEscapedReadsAsThePlainText() throws {
        let samples = ["espresso/written-nomatching-1080x2400.txt", "uiautomator/written-raw-dump-settings-1080x2400.xml",
                       "compose/written-threadtime-logcat-1080x2400.txt", "flutter/written-ios-semantics-390x844.txt",
                       "flutter/flutter-keep-alive-render-tree-800x600.txt", "detox/detox-e2e-ios-rn73-430x932.xml",
                       "xcuitest/written-failure-log-390x844.txt", "appium-ios/shirates-ios-settings-top.xml"]
        for path in samples {
            let plain = try read(try text(path), path, density: 2.75)
            let escaped = try read(Self.escaped(try text(path)), path, density: 2.75)
            XCTAssertEqual(escaped.format, plain.format, path)
            XCTAssertEqual(escaped.tree, plain.tree, path)
            XCTAssertEqual(escaped.warnings.first, "the text was escaped (HTML or XML character references, as a report or a web page holds it): read unescaped, lines counted after decoding", path)
        }
    }

    func testAnEspressoHierarchyCopiedOutOfAJUnitReportsText() throws {
        // As the issue found it: `+&gt;DecorView{…}`, `&#64;` in a layout-params value.
        let plain = try text("espresso/written-nomatching-1080x2400.txt")
        let copied = plain.replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "@", with: "&#64;")
        XCTAssertTrue(copied.contains("+&gt;DecorView{"))
        XCTAssertEqual(DumpImporter.detect(Array(copied.utf8)), .espresso)
        XCTAssertEqual(try read(copied).tree, try read(plain).tree)
    }

    func testWindowsLineEndsAndAByteOrderMark() throws {
        let samples = ["compose/munho-composefest-rally-android-studio-logcat.txt", "flutter/written-logcat-render-tree-390x844.txt",
                       "flutter/flutter-semantics-test-child-order-25x5.txt", "detox/written-jest-failure-android-rn73.txt",
                       "xcuitest/written-failure-log-390x844.txt", "espresso/written-logcat-two-failures.txt"]
        for path in samples {
            let plain = try read(try text(path), path)
            let windows = "\u{FEFF}" + (try text(path)).replacingOccurrences(of: "\n", with: "\r\n")
            let pasted = try read(windows, path)
            XCTAssertEqual(pasted.tree, plain.tree, path)
            XCTAssertEqual(pasted.warnings, plain.warnings, path)
            XCTAssertEqual(pasted.lines, plain.lines, "\(path): lines are counted the same")
        }
    }

    func testLogPrefixesOfEachKind() throws {
        let tree = try text("flutter/flutter-keep-alive-render-tree-800x600.txt")
        let plain = try read(tree)
        let lines = tree.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let prefixes = ["I/flutter ( 6559): ", "flutter: ", "10-02 14:14:03.329  6559  6581 I flutter : ",
                        "2024-08-26 12:11:23.101  6559-6581  flutter                 com.example.app                      I  "]
        for prefix in prefixes {
            let logged = try read(lines.map { prefix + $0 }.joined(separator: "\n"))
            XCTAssertEqual(logged.tree, plain.tree, prefix)
        }
    }

    /// Wrapped at 120 columns, then trimmed of its indentation (the cut rows are no longer one
    /// width): the rows left open are joined again, a recursiveDescription's at its `<CALayer…>>`
    /// piece and a page source's with the space its cut between two attributes lost; the lines keep
    /// the file's numbers.
    func testRowsCutAndThenTrimmedAreJoinedWhereTheyAreLeftOpen() throws {
        let paste = { (text: String) in
            PasteMetamorphicTests.pastes.filter { ["wrapped at 120 columns", "trimmed indentation"].contains($0.name) }.reduce(text) { $1.apply($0) }
        }
        for path in ["recursive-description/chm-lldb-keywindow-428x926.txt", "appium-ios/shirates-ios-settings-top.xml"] {
            let file = try text(path)
            let pasted = paste(file)
            XCTAssertGreaterThan(pasted.split(separator: "\n").count, file.split(separator: "\n").count, "\(path): the console cut rows")
            let (whole, cut) = (try read(file, path), try read(pasted, path))
            XCTAssertEqual(cut.tree.nodes.map(\.className), whole.tree.nodes.map(\.className), path)
            XCTAssertEqual(cut.tree.nodes.map(\.frame), whole.tree.nodes.map(\.frame), path)
        }
        // A continuation that starts a row of its own (indented, or a tree's `|`) is not joined.
        let rows = ["<a x=\"1\"", "  y=\"2\">", "| <UIView: 0x1; frame = (0 0; 1 1)", "| <UIView: 0x2>"]
        XCTAssertNil(WrappedLines.joinedOpenRows(rows).1)
        XCTAssertEqual(WrappedLines.joinedOpenRows(["<a x=\"1\"", "y=\"2\">", "</a>"]).0, ["<a x=\"1\" y=\"2\">", "</a>"])
        XCTAssertEqual(WrappedLines.joinedOpenRows(["<a x=\"1\"", "y=\"2\">", "</a>"]).1, [1, 3])
    }
}
