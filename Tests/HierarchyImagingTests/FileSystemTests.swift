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

    func testReadGivesTheWholeFileOrAOneLineError() throws {
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try FileSystem.write(bytes, to: folder + "/long.bin")
        XCTAssertEqual(try FileSystem.read(folder + "/long.bin"), bytes, "longer than one chunk")
        try write("", to: folder + "/empty.txt")
        XCTAssertEqual(try FileSystem.read(folder + "/empty.txt"), [])
        XCTAssertThrowsError(try FileSystem.read(folder + "/missing")) {
            XCTAssertEqual(String(describing: $0), "\(folder)/missing: no such file")
        }
        XCTAssertThrowsError(try FileSystem.read(folder)) { XCTAssertEqual(String(describing: $0), "\(folder): cannot read: is a folder") }
    }

    func testAFileWhoseSizeIsNotItsLengthIsReadToItsEnd() throws {
        #if os(Linux)
        // The kernel's files report a size of 0 and hold more than a chunk.
        let maps = try FileSystem.read("/proc/self/maps")
        XCTAssertGreaterThan(maps.count, 1, "read past the size fstat gave")
        XCTAssertEqual(maps.last, UInt8(ascii: "\n"), "read to the end")
        #endif
        // A pipe has no size at all.
        let pipe = Pipe()
        let text = Array(repeating: UInt8(ascii: "x"), count: 100_000)
        let writer = Thread { pipe.fileHandleForWriting.write(Data(text)); try? pipe.fileHandleForWriting.close() }
        writer.start()
        XCTAssertEqual(try FileSystem.read("/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"), text)
    }

    func testATemporaryFolderIsMovedIntoPlaceOrRemovedWhole() throws {
        let staging = try FileSystem.createTemporaryFolder(in: folder, for: "out.gltf", suffix: "export")
        XCTAssertTrue(staging.hasPrefix(folder + "/.out.gltf.") && staging.hasSuffix(".export"), staging)
        try write("a", to: staging + "/textures/a.png")
        try FileSystem.move(staging + "/textures", to: folder + "/textures")
        XCTAssertEqual(try FileSystem.read(folder + "/textures/a.png"), Array("a".utf8))
        try write("b", to: staging + "/deep/er/b.txt")
        symlink(folder + "/textures", staging + "/link")
        FileSystem.removeTree(staging)
        XCTAssertFalse(FileSystem.exists(staging))
        XCTAssertTrue(FileSystem.exists(folder + "/textures/a.png"), "a link is removed, not followed")
        XCTAssertThrowsError(try FileSystem.move(folder + "/missing", to: folder + "/x")) {
            XCTAssertEqual(String(describing: $0), "\(folder)/x: cannot move into place: no such file")
        }
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
