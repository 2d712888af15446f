import Foundation
import HierarchyImaging
import HierarchyModel
import XCTest

/// The file-system helpers every module writes through: whole files or none, and one wording.
final class FileSystemTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "hierarchy-files-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func write(_ text: String, to path: String) throws {
        try FileSystem.write(Array(text.utf8), to: path)
    }

    func testWriteCreatesFoldersAndReplacesWholeFiles() throws {
        let path = folder + "/a/b/out.txt"
        try write("first", to: path)
        try write("", to: path)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/a/b"), ["out.txt"], "no temporary file is left")
    }

    func testFailuresNameThePathInOneWording() throws {
        _ = FileManager.default.createFile(atPath: folder + "/plain", contents: Data([1]))
        XCTAssertThrowsError(try write("x", to: folder + "/plain/out.txt")) {
            XCTAssertEqual(String(describing: $0), "\(folder)/plain/out.txt: cannot create the folder '\(folder)/plain': a file of that name exists")
        }
        XCTAssertThrowsError(try write("x", to: folder)) {
            XCTAssertEqual(String(describing: $0), "\(folder): cannot replace the file: is a folder")
        }
        XCTAssertEqual(FileSystem.reason(ENOENT), "no such file")
        XCTAssertEqual(FileSystem.reason(ENOTDIR), "a part of the path is not a folder")
    }

    func testPathsAndFolders() {
        XCTAssertEqual(FileSystem.folder(of: "a/b.png"), "a")
        XCTAssertEqual(FileSystem.folder(of: "/b.png"), "/")
        XCTAssertEqual(FileSystem.folder(of: "b.png"), "")
        XCTAssertTrue(FileSystem.isFolder(folder))
        XCTAssertFalse(FileSystem.exists(folder + "/missing"))
        XCTAssertNil(FileSystem.realPath(folder + "/missing"))
    }
}
