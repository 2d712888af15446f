import Foundation
@testable import HierarchyCapture
import HierarchyFormats
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// The library's own tree.json writer, against the package's reader and writer.
final class CaptureDocumentTests: XCTestCase {
    override class func tearDown() { CaptureFixture.removeAll() }

    private func view(_ id: String, parent: Int?, position: Int = 0, children: [Int] = []) -> CapturedView {
        CapturedView(id: id, className: "View", tag: 0, frame: Rect(x: 0, y: 0, width: 10, height: 10),
                     bounds: Rect(x: 0, y: 0, width: 10, height: 10), transform: .identity, anchorPoint: .centre,
                     clipsToBounds: false, alpha: 1, isHidden: false, notes: [], parent: parent, children: children, position: position)
    }

    func testEveryKeyReadsBackThroughHierarchyFormats() throws {
        var root = view("root", parent: nil, children: [1])
        root.className = "UIWindow"
        var child = view("child", parent: 0)
        child.name = "Title"
        child.tag = -3
        child.frame = Rect(x: 0.1, y: 1e-7, width: 44.333333333333336, height: 20)
        child.bounds = Rect(x: 0, y: 120.5, width: 44.333333333333336, height: 20)
        child.transform = Transform2D(a: 0.7071067811865476, b: 0.7071067811865475, c: -0.7071067811865475, d: 0.7071067811865476, tx: 1, ty: -2)
        child.anchorPoint = Point(x: 0, y: 1)
        child.clipsToBounds = true
        child.alpha = 0.25
        child.isHidden = true
        child.backgroundColor = Color(red: 0, green: 128, blue: 255, alpha: 10)
        child.text = "tab\there \"quoted\" \\ \u{1}"
        child.snapshot = "snapshots/1.png"
        child.notes = ["one", "two"]
        let text = CaptureDocument.text([root, child], screenScale: 3)
        let tree = try TreeDocument.decode(Data(text.utf8), file: "tree.json")
        let read = tree[1]
        XCTAssertEqual(tree.screenScale, 3)
        XCTAssertEqual(tree.root.className, "UIWindow")
        XCTAssertEqual(read.id, "child")
        XCTAssertEqual(read.name, "Title")
        XCTAssertEqual(read.tag, -3)
        XCTAssertEqual(read.frame, child.frame, "numbers round-trip exactly")
        XCTAssertEqual(read.bounds, child.bounds)
        XCTAssertEqual(read.transform.values, child.transform.values)
        XCTAssertEqual(read.anchorPoint, Point(x: 0, y: 1))
        XCTAssertTrue(read.clipsToBounds)
        XCTAssertEqual(read.alpha, 0.25)
        XCTAssertTrue(read.isHidden)
        XCTAssertEqual(read.backgroundColor, child.backgroundColor)
        XCTAssertEqual(read.text, child.text)
        XCTAssertEqual(read.snapshot, "snapshots/1.png")
        XCTAssertEqual(read.extras["captureNotes"], .array([.string("one"), .string("two")]))
    }

    func testCapturedDocumentsMatchTheSchema() throws {
        let probe = try ExternalProcess.run(ExternalProcess.python, ["-c", "import jsonschema"])
        if probe.status != 0 {
            if TestPaths.isCI { return XCTFail("python3 with jsonschema is required under CI=true (.ci/run installs python3-jsonschema)") }
            throw XCTSkip("python3 with jsonschema is not installed: the document is not checked against its schema")
        }
        let folder = try onMainCapture()
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1])); document = json.load(open(sys.argv[2]))
            errors = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(document)]
            print("\\n".join(errors)); sys.exit(1 if errors else 0)
            """
        let schema = TestPaths.repository.appendingPathComponent("docs/view-hierarchy.schema.json").path
        let result = try ExternalProcess.run(ExternalProcess.python, ["-c", script, schema, folder.appendingPathComponent("tree.json").path])
        XCTAssertEqual(result.status, 0, result.output)
    }

    /// A capture using every key the library writes; returns its folder.
    private func onMainCapture() throws -> URL {
        try MainActor.assumeIsolated {
            let badge = FakeView("UILabel", frame: Rect(x: 10, y: 10, width: 40, height: 20), id: "badge")
            badge.transform = .rotation(degrees: 12)
            badge.anchorPoint = Point(x: 0, y: 1)
            badge.text = "3"
            badge.tag = 7
            badge.alpha = 0.5
            badge.backgroundColor = Color(red: 255, green: 0, blue: 0, alpha: 200)
            let broken = FakeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            broken.bounds.width = .nan
            broken.isHidden = true
            let scroll = FakeView("UIScrollView", frame: Rect(x: 0, y: 40, width: 100, height: 100), id: "scroll")
            scroll.bounds.y = 30
            scroll.clipsToBounds = true
            scroll.accessibilityLabel = "List"
            scroll.adding(badge, broken)
            return try HierarchyCapture.captureSynchronously(CaptureFixture.screen(scroll), to: CaptureFixture.folder(), options: CaptureFixture.options).folder
        }
    }

    func testDefaultsAreLeftOutAndOutputIsByteIdentical() {
        let views = [view("root", parent: nil, children: [1, 2]), view("a", parent: 0), view("b", parent: 0, position: 1)]
        let text = CaptureDocument.text(views, screenScale: 2)
        XCTAssertEqual(text, """
            {"version": 1, "screenScale": 2, "root":
             {"id": "root", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "children": [
              {"id": "a", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}},
              {"id": "b", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}
             ]}
            }

            """)
        XCTAssertEqual(text, CaptureDocument.text(views, screenScale: 2))
    }

    func testTheDeepestLevelWrittenIsTheDeepestTheReaderAccepts() throws {
        func chain(_ levels: Int) -> [CapturedView] {
            (0...levels).map { i in view("v\(i)", parent: i == 0 ? nil : i - 1, children: i == levels ? [] : [i + 1]) }
        }
        let atLimit = CaptureDocument.text(chain(CaptureLimits.maxLevel), screenScale: 1)
        XCTAssertEqual(try TreeDocument.decode(Data(atLimit.utf8), file: "tree.json").count, CaptureLimits.maxLevel + 1)
        let beyond = CaptureDocument.text(chain(CaptureLimits.maxLevel + 1), screenScale: 1)
        XCTAssertThrowsError(try TreeDocument.decode(Data(beyond.utf8), file: "tree.json"), "if the reader accepts more, CaptureLimits.maxLevel can grow")
    }

    func testIdsAreIdentifiersWhenUniqueElseIndexPaths() {
        let views = [view("", parent: nil, children: [1, 2, 3, 4]), view("", parent: 0), view("", parent: 0, position: 1),
                     view("", parent: 0, position: 2), view("", parent: 0, position: 3)]
        let ids = CaptureIDs.assign(views, identifiers: ["screen", "dup", "dup", "0.0", "unique"])
        XCTAssertEqual(ids, ["screen", "0.0", "0.1", "0.2", "unique"])
        XCTAssertEqual(Set(ids).count, ids.count)
        XCTAssertEqual(CaptureIDs.assign(views, identifiers: [nil, "", nil, nil, nil]), ["0", "0.0", "0.1", "0.2", "0.3"])
    }

    func testAFolderIsWrittenWithoutTemporaryFilesAndRewrittenInPlace() throws {
        try onMain {
            let folder = CaptureFixture.folder()
            let root = CaptureFixture.screen(FakeView(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
            _ = try HierarchyCapture.captureSynchronously(root, to: folder, options: CaptureFixture.options)
            root.subviews = []
            let second = try HierarchyCapture.captureSynchronously(root, to: folder, options: CaptureFixture.options)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["snapshots", "tree.json"])
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("snapshots").path).sorted(), ["0.png", "1.png"])
            XCTAssertEqual(try CaptureFixture.readBack(second).tree.count, 1, "the second capture replaced the document")
        }
    }

    func testAnUnwritableFolderIsAnErrorNamingTheFile() throws {
        try onMain {
            let folder = CaptureFixture.folder()
            try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("not a folder".utf8).write(to: folder)
            let root = CaptureFixture.screen()
            XCTAssertThrowsError(try HierarchyCapture.captureSynchronously(root, to: folder.appendingPathComponent("inside"), options: CaptureFixture.options)) { error in
                XCTAssertTrue("\(error)".contains(folder.lastPathComponent), "\(error)")
            }
        }
    }
}
