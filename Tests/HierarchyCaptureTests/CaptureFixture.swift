import Foundation
import HierarchyCapture
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// A capture written by a test, read back by `HierarchyLoading` as `hierarchy` reads it, and laid out.
struct Captured: Sendable {
    let report: CaptureReport
    /// The document as the command line loads it, with its snapshot sizes.
    let loaded: LoadedDocument
    let layout: Layout

    var folder: URL { report.folder }
    var tree: ViewTree { loaded.tree }

    /// The read-back view with this id.
    func node(_ id: String) -> ViewNode {
        guard let index = tree.index(ofID: id) else { fatalError("no view '\(id)' in \(tree.nodes.map(\.id))") }
        return tree[index]
    }

    /// What the layout made of the view with this id.
    func status(_ id: String) -> Layout.NodeStatus {
        layout.status[tree.index(ofID: id)!]
    }

    /// The visible frame of the view's layer, nil when it is not one.
    func visibleFrame(_ id: String) -> Rect? { layout.layer(withID: id)?.frame }

    /// The view's snapshot, decoded by libpng.
    func snapshot(_ id: String) throws -> RGBAImage {
        let path = try XCTUnwrap(node(id).snapshot, "\(id) has no snapshot")
        return try PNG.decode(file: folder.appendingPathComponent(path).path)
    }

    /// The notes the capture wrote on a view, as read back.
    func notes(_ id: String) -> [String] {
        guard case .array(let items)? = node(id).extras["captureNotes"] else { return [] }
        return items.compactMap { if case .string(let s) = $0 { s } else { nil } }
    }
}

enum CaptureFixture {
    /// Where this test process writes its captures; `removeAll()` deletes it.
    static let parent = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-capture-tests-\(ProcessInfo.processInfo.processIdentifier)")

    /// A fresh folder for one capture.
    static func folder() -> URL { parent.appendingPathComponent(UUID().uuidString) }

    /// Deletes every capture this process wrote (called from each test class's class tearDown).
    static func removeAll() { try? FileManager.default.removeItem(at: parent) }

    /// The options tests capture with: the store-only PNG writer (no ImageIO on Linux).
    static let options = HierarchyCapture.Options(encoder: StoredPNGEncoder())

    /// Captures `root` synchronously, reads the folder back with `HierarchyLoading` and lays it out.
    @MainActor
    static func capture(_ root: FakeView, options: HierarchyCapture.Options = options, layout: LayoutOptions = LayoutOptions()) throws -> Captured {
        let report = try HierarchyCapture.captureSynchronously(root, to: folder(), options: options)
        return try readBack(report, layout: layout)
    }

    /// Reads a written capture back as the command line does.
    static func readBack(_ report: CaptureReport, layout options: LayoutOptions = LayoutOptions()) throws -> Captured {
        let loaded = try LoadedDocument.load(report.documentURL.path)
        return Captured(report: report, loaded: loaded, layout: try loaded.layout(options))
    }

    static let red = Color(red: 255, green: 0, blue: 0)
    static let green = Color(red: 0, green: 200, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 255)
    static let white = Color(red: 255, green: 255, blue: 255)

    /// A 100×200 point screen at 2x.
    @MainActor
    static func screen(_ subviews: FakeView...) -> FakeView {
        let root = FakeView("UIWindow", frame: Rect(x: 0, y: 0, width: 100, height: 200), fill: white, id: "screen")
        root.subviews = subviews
        return root
    }
}

extension XCTestCase {
    /// Runs `body` on the main actor (XCTest runs tests on the main thread; the capture reads
    /// views there, as UIKit requires).
    func onMain(_ body: @MainActor () throws -> Void) rethrows {
        try MainActor.assumeIsolated(body)
    }
}

/// Compares rectangles within floating-point noise.
func XCTAssertRect(_ a: Rect?, _ b: Rect, accuracy: Double = 1e-9, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    guard let a else { return XCTFail("no rectangle, expected \(b) \(message)", file: file, line: line) }
    let close = abs(a.x - b.x) <= accuracy && abs(a.y - b.y) <= accuracy && abs(a.width - b.width) <= accuracy && abs(a.height - b.height) <= accuracy
    XCTAssertTrue(close, "\(a) is not \(b) \(message)", file: file, line: line)
}
