import HierarchyModel
import HierarchyReport
import HierarchyScreen
import XCTest

/// The pure parts: finding screens among a folder's files, pairing, sharding, merging, the
/// report's JSON, the JUnit file, failure levels and the page's blocks.
final class ReportModelTests: XCTestCase {
    func testScreensArePairedWithTheirScreenshotsByName() {
        let files = ["login.xml", "login.png", "flows/cart.json", "flows/cart.screenshot.png", "flows/snapshots/cell.png",
                     "report.json", ".hidden.xml", "notes.md", "home.txt", "home.xml", "about.xml"]
        let screens = ScreenSource.screens(in: files, folder: "run")
        XCTAssertEqual(screens.map(\.name), ["about", "flows/cart", "home", "home.xml", "login"])
        XCTAssertEqual(screens.map(\.capture), ["run/about.xml", "run/flows/cart.json", "run/home.txt", "run/home.xml", "run/login.xml"])
        XCTAssertEqual(screens.map(\.screenshot), [nil, "run/flows/cart.screenshot.png", nil, nil, "run/login.png"])
    }

    func testATreeFolderIsNamedByItsFolder() {
        let files = ["settings/tree.json", "settings/snapshots/0.png", "settings/screenshot.png", "flows/pay/tree.json", "flows/pay.png",
                     "tree.json", "tree.png", "bare/tree.json", "login.xml", "login/tree.json"]
        let screens = ScreenSource.screens(in: files, folder: "run")
        XCTAssertEqual(screens.map(\.name), ["bare", "flows/pay", "login", "login/tree.json", "settings", "tree"])
        XCTAssertEqual(screens.map(\.capture), ["run/bare/tree.json", "run/flows/pay/tree.json", "run/login.xml", "run/login/tree.json", "run/settings/tree.json", "run/tree.json"])
        XCTAssertEqual(screens.map(\.screenshot), [nil, "run/flows/pay.png", nil, nil, "run/settings/screenshot.png", "run/tree.png"])
    }

    func testACaptureFolderIsOneScreenItsTreeJSON() {
        let files = ["0001/capture.json", "0001/tree.json", "0001/screenshot.png", "0001/window_dump.xml",
                     "0002/capture.json", "0002/tree.json", "0002/screenshot.png", "0002/activity-top.txt",
                     "other/page-source.xml", "other/page-source.png"]
        let screens = ScreenSource.screens(in: files, folder: "run")
        XCTAssertEqual(screens.map(\.name), ["0001", "0002", "other/page-source"], "capture.json and the raw dumps are no screens")
        XCTAssertEqual(screens.map(\.screenshot), ["run/0001/screenshot.png", "run/0002/screenshot.png", "run/other/page-source.png"])
        let alone = ScreenSource.screens(in: ["capture.json", "tree.json", "screenshot.png", "page-source.xml"], folder: "screen")
        XCTAssertEqual(alone.map(\.capture), ["screen/tree.json"], "a capture folder given as the run")
    }

    func testPairsMatchNamesAndKeepTheUnpaired() {
        let pairs = ScreenPair<String, String>.pairs(current: ["b", "a", "c"], baseline: ["c", "d", "a"], currentName: { $0 }, baselineName: { $0 })
        XCTAssertEqual(pairs.map(\.name), ["a", "b", "c", "d"])
        XCTAssertEqual(pairs.map(\.current), ["a", "b", "c", nil])
        XCTAssertEqual(pairs.map(\.baseline), ["a", nil, "c", "d"])
    }

    func testShardsSplitTheNamesIntoDisjointDeterministicParts() throws {
        let names = (0..<23).map { "screen-\($0)" }
        for count in 1...6 {
            var seen: [String] = []
            for index in 1...count {
                let part = Shard(index: index, count: count).select(names.shuffled())
                XCTAssertEqual(part, Shard(index: index, count: count).select(names.reversed()), "shard \(index)/\(count) depends on the order given")
                XCTAssertLessThanOrEqual(abs(part.count - names.count / count), 1, "shard \(index)/\(count) is unbalanced")
                seen += part
            }
            XCTAssertEqual(seen.sorted(), names.sorted(), "the \(count) shards do not cover every name exactly once")
        }
        XCTAssertEqual(try Shard(parsing: "2/3"), Shard(index: 2, count: 3))
    }

    func testBadShardsAreRefusedWithTheValue() {
        for text in ["0/2", "3/2", "1/0", "a/b", "1", "1/2/3", "-1/2", ""] {
            XCTAssertThrowsError(try Shard(parsing: text), text) { error in
                XCTAssertTrue("\(error)".hasPrefix("--shard: "), "\(error)")
            }
        }
    }

    func testMergeSortsByNameAndRefusesAScreenInTwoParts() throws {
        let a = [ReportScreen(name: "b", status: .changed), ReportScreen(name: "d", status: .added)]
        let b = [ReportScreen(name: "a", status: .unchanged), ReportScreen(name: "c", status: .error, error: "x.xml: bad")]
        XCTAssertEqual(try ReportMerge.merge([a, b], names: ["1.html", "2.html"]).map(\.name), ["a", "b", "c", "d"])
        XCTAssertThrowsError(try ReportMerge.merge([a, b, [ReportScreen(name: "d", status: .added)]], names: ["1.html", "2.html", "3.html"])) { error in
            XCTAssertEqual("\(error)", "3.html: screen 'd' is in 1.html too: merge the parts of one run, each once")
        }
    }

    func testReportJSONReadsBackToTheSameBytes() throws {
        let screens = sampleScreens()
        let text = ReportDocument.encode(screens.reversed())
        let again = ReportDocument.encode(try ReportDocument.decode(Array(text.utf8), file: "report.json"))
        XCTAssertEqual(again, text)
        XCTAssertTrue(text.contains(#"{"name":"a","status":"changed","changes":{"added":[],"changed":[{"after":"2","changes":["moved"]}]},"findings":[],"failures":null,"error":null}"#), text)
        XCTAssertTrue(text.contains(#""summary": {"screens":4,"captured":0,"unchanged":0,"changed":1,"added":1,"removed":1,"findings":2,"errors":1}"#), text)
        XCTAssertLessThan(text.range(of: "\"a\"")!.lowerBound, text.range(of: "\"z\"")!.lowerBound, "screens are not in name order")
    }

    func testBadReportJSONNamesTheValue() {
        let cases = [
            (#"{"screens": [{"name": "a", "status": "odd"}]}"#, "r.json: screens[0].status: expected one of captured, unchanged, changed, added, removed, error, got \"odd\""),
            (#"{"screens": {}}"#, "r.json: screens: expected an array of screens, got an object"),
            (#"{"screens": [{"name": "a", "status": "added"}, {"name": "a", "status": "added"}]}"#, "r.json: screens[1].name: 'a' is listed twice"),
            (#"{"screens": [{"name": "a", "status": "added", "findings": 3}]}"#, "r.json: screens[0].findings: expected an array or null, got a number"),
            (#"[1]"#, "r.json: expected a report object, got an array"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try ReportDocument.decode(Array(text.utf8), file: "r.json")) { XCTAssertEqual("\($0)", message) }
        }
    }

    func testFailureLevelsFailWhatTheySay() {
        let screens = sampleScreens() + [ReportScreen(name: "ok", status: .unchanged, findings: [])]
        func failing(_ level: FailureLevel) -> [String] { screens.filter { level.failure(of: $0) != nil }.map(\.name) }
        XCTAssertEqual(failing(.never), [])
        XCTAssertEqual(failing(.errors), ["e"])
        XCTAssertEqual(failing(.findings), ["z", "e"])
        XCTAssertEqual(failing(.changes), ["a", "z", "r", "e"])
    }

    func testJUnitHasATestCasePerScreenAndFailsAsTold() {
        let xml = JUnitReport.encode(sampleScreens(), failOn: .changes)
        XCTAssertEqual(xml.components(separatedBy: "<testcase ").count - 1, 4)
        XCTAssertTrue(xml.contains(#"<testsuite name="hierarchy report" tests="4" failures="3" errors="1">"#), xml)
        XCTAssertTrue(xml.contains(#"<error type="error" message="error: e.xml: line 3: &lt;bad&gt; &amp; worse">"#), xml)
        let quiet = JUnitReport.encode(sampleScreens(), failOn: .never)
        XCTAssertFalse(quiet.contains("<failure") || quiet.contains("<error"), quiet)
    }

    func testScreenBlocksReadBackFromThePage() throws {
        var block = ScreenBlock(row: sampleScreens()[0], title: "a </script> b.xml", front: "iVBOR", exploded: nil, viewer: "v1", textures: ["t1", "t2"])
        block.row.error = "<script>"
        let page = ReportPage.head(title: "T <1>") + ReportPage.screenBlock(block) + ReportPage.viewerBlock(name: "v1", data: "{\"textures\":[\"t1\",\"t2\"]}")
            + ReportPage.textureBlock(name: "t1", base64: "AAAA") + ReportPage.textureBlock(name: "t2", base64: "BBBB") + ReportPage.tail
        XCTAssertEqual(page.components(separatedBy: "</script>").count - 1, 6, "a block's text ended its element early")
        let blocks = try ReportPageBlocks(page: page, file: "p.html")
        XCTAssertEqual(blocks.screens, [block])
        XCTAssertEqual(blocks.viewers["v1"].map(String.init), "{\"textures\":[\"t1\",\"t2\"]}")
        XCTAssertEqual(blocks.textures.mapValues(String.init), ["t1": "AAAA", "t2": "BBBB"])
        XCTAssertThrowsError(try ReportPageBlocks(page: "<html></html>", file: "p.html")) {
            XCTAssertEqual("\($0)", "p.html: is not a page 'hierarchy report' wrote")
        }
    }

    func testTextureNamesDifferForDifferentBytes() {
        XCTAssertEqual(TextureName.of([1, 2, 3]), TextureName.of([1, 2, 3]))
        var names = Set<String>()
        for n in 0..<2000 { names.insert(TextureName.of(Array(String(n).utf8) + [0])) }
        names.insert(TextureName.of([]))
        XCTAssertEqual(names.count, 2001)
        XCTAssertEqual(TextureName.of([7]).count, 32)
    }

    /// Four rows: changed with findings, added with findings, removed, and one that could not be read.
    private func sampleScreens() -> [ReportScreen] {
        let changes = JSONValue.object(["changed": .array([.object(["after": .string("2"), "changes": .array([.string("moved")])])]), "added": .array([])])
        return [
            ReportScreen(name: "a", status: .changed, changes: changes, findings: []),
            ReportScreen(name: "z", status: .added, findings: [.object(["rule": .string("contrast")]), .string("small")]),
            ReportScreen(name: "r", status: .removed),
            ReportScreen(name: "e", status: .error, error: "e.xml: line 3: <bad> & worse"),
        ]
    }
}
