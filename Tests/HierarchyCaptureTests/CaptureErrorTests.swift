import Foundation
import HierarchyCapture
import HierarchyModel
import XCTest

/// A capture that cannot be written says so as every file error of the package does: one line,
/// the file, what could not be done and the system's reason (as `FileSystem` words it).
final class CaptureErrorTests: XCTestCase {
    typealias F = CaptureFixture

    override class func tearDown() { CaptureFixture.removeAll() }

    func testAFileInTheWayOfAFolderIsNamed() throws {
        let blocker = F.folder()
        try FileManager.default.createDirectory(at: blocker.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("a file".utf8).write(to: blocker)
        let target = blocker.appendingPathComponent("capture")
        try onMain {
            XCTAssertThrowsError(try HierarchyCapture.captureSynchronously(F.screen(), to: target, options: F.options)) { error in
                XCTAssertEqual("\(error)", "\(blocker.path): cannot create the folder: a file of that name exists")
            }
        }
    }

    func testADocumentThatCannotReplaceAFolderNamesTheDocument() throws {
        let folder = F.folder()
        let document = folder.appendingPathComponent("tree.json")
        try FileManager.default.createDirectory(at: document.appendingPathComponent("kept"), withIntermediateDirectories: true)
        try onMain {
            XCTAssertThrowsError(try HierarchyCapture.captureSynchronously(F.screen(), to: folder, options: F.options)) { error in
                let text = "\(error)"
                XCTAssertTrue(text.hasPrefix("\(document.path): cannot replace the file: "), text)
                XCTAssertFalse(text.contains("\n"))
            }
        }
        // Nothing half-written is left beside it.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(names.filter { $0.hasSuffix(".tmp") }, [])
    }

    func testTheDescriptionIsOneLine() {
        XCTAssertEqual("\(CaptureError(file: "a/tree.json", reason: "cannot write:\nno space"))", "a/tree.json: cannot write: no space")
    }
}
