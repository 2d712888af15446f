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
    }

    func testOnlyRegularFilesAreRead() throws {
        // A pipe, a FIFO, a device, a socket: refused by what they are, never read (a FIFO without
        // a writer would wait for ever, /dev/zero would fill the memory).
        let pipe = Pipe()
        let fd = "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"
        XCTAssertThrowsError(try FileSystem.read(fd)) { XCTAssertEqual("\($0)", "\(fd): is a FIFO (named pipe), not a regular file") }
        XCTAssertEqual(mkfifo(folder + "/fifo", 0o600), 0)
        XCTAssertThrowsError(try FileSystem.read(folder + "/fifo")) { XCTAssertEqual("\($0)", "\(folder)/fifo: is a FIFO (named pipe), not a regular file") }
        XCTAssertThrowsError(try FileSystem.read("/dev/zero")) { XCTAssertEqual("\($0)", "/dev/zero: is a character device, not a regular file") }
        symlink("/dev/zero", folder + "/zero.json")
        XCTAssertThrowsError(try FileSystem.read(folder + "/zero.json")) { XCTAssertEqual("\($0)", "\(folder)/zero.json: is a character device, not a regular file") }
        XCTAssertEqual(FileSystem.specialKind(at: folder + "/fifo"), "a FIFO (named pipe)")
        XCTAssertNil(FileSystem.specialKind(at: folder))
    }

    func testAFileOverItsKindsLimitIsRefusedUnlessRaised() throws {
        // A sparse file: 300 MB long, no disk taken.
        let path = folder + "/big.json"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 300 << 20)
        try handle.close()
        XCTAssertThrowsError(try FileSystem.read(path, limit: .document)) {
            XCTAssertEqual("\($0)", "\(path): is 300 MB, over the 256 MB limit for a document or dump (--max-input-size MB raises it)")
        }
        defer { InputLimit.raise(to: nil) }
        InputLimit.raise(to: 400 << 20)
        XCTAssertEqual(InputLimit.document.bytes, 400 << 20)
        XCTAssertEqual(InputLimit.testReport.bytes, 512 << 20, "raised, never lowered")
    }

    func testATemporaryFolderACrashedProcessLeftIsRemovedByTheNext() throws {
        // No process has the id 99999999 (Linux's ids stop at 4194304); this one is alive.
        let abandoned = folder + "/.report.html.99999999-abc.export", alive = folder + "/.report.html.\(getpid())-def.export"
        for path in [abandoned, alive] { try FileManager.default.createDirectory(atPath: path + "/data", withIntermediateDirectories: true) }
        let other = folder + "/.other.html.99999999-abc.export"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        let staging = try FileSystem.createTemporaryFolder(in: folder, for: "report.html", suffix: "export")
        defer { FileSystem.removeTree(staging) }
        XCTAssertFalse(FileSystem.exists(abandoned), "its process is gone")
        XCTAssertTrue(FileSystem.exists(alive), "its process runs")
        XCTAssertTrue(FileSystem.exists(other), "another output's")
        XCTAssertTrue(staging.hasPrefix(folder + "/.report.html.\(getpid())-"), staging)
    }

    /// The same for the temporary file beside a single output (`FileSystem.write`): a crash
    /// between creating it and renaming it leaves `.NAME.PID-RANDOM.tmp`; the next write of NAME
    /// removes it, and leaves a live process's and another name's.
    func testATemporaryFileACrashedProcessLeftIsRemovedByTheNextWrite() throws {
        let abandoned = folder + "/.out.json.99999999-abc.tmp", alive = folder + "/.out.json.\(getpid())-def.tmp"
        let other = folder + "/.other.json.99999999-abc.tmp"
        for path in [abandoned, alive, other] { XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("half".utf8))) }
        try FileSystem.write(Array("{}".utf8), to: folder + "/out.json")
        XCTAssertFalse(FileSystem.exists(abandoned), "its process is gone")
        XCTAssertTrue(FileSystem.exists(alive), "its process runs")
        XCTAssertTrue(FileSystem.exists(other), "another output's")
        XCTAssertEqual(try String(contentsOfFile: folder + "/out.json", encoding: .utf8), "{}")
    }

    func testATemporaryFolderIsMovedIntoPlaceOrRemovedWhole() throws {
        let staging = try FileSystem.createTemporaryFolder(in: folder, for: "out.gltf", suffix: "export")
        XCTAssertTrue(staging.hasPrefix(folder + "/.out.gltf.") && staging.hasSuffix(".export"), staging)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: staging)[.posixPermissions] as? Int, 0o700, "private")
        XCTAssertTrue(TemporaryPaths.shared.all.contains(staging), "held until moved or removed, for a signal's cleanup")
        try write("a", to: staging + "/textures/a.png")
        try FileSystem.move(staging + "/textures", to: folder + "/textures")
        XCTAssertEqual(try FileSystem.read(folder + "/textures/a.png"), Array("a".utf8))
        try write("b", to: staging + "/deep/er/b.txt")
        symlink(folder + "/textures", staging + "/link")
        FileSystem.removeTree(staging)
        XCTAssertFalse(FileSystem.exists(staging))
        XCTAssertFalse(TemporaryPaths.shared.all.contains(staging))
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
