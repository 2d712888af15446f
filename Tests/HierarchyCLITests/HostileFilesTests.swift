import Foundation
import HierarchyTestSupport
import XCTest

/// Files that are not regular files, as inputs and as outputs (docs/limits.md): an input that is a
/// FIFO, a device or a socket is one line naming it and what it is, never read; an output that is
/// one is written into as a stream and never replaced; a report's folder skips such entries with a
/// warning. Each run is bounded in time: a FIFO read or opened by mistake would hang it.
final class HostileFilesTests: XCTestCase {
    private var ws: Workspace!

    override func setUpWithError() throws {
        ws = try Workspace()
        try ws.smallCapture()
    }

    override func tearDown() { ws = nil }

    private func run(_ arguments: [String]) throws -> CommandResult {
        try Hierarchy.run(arguments, in: ws.url, timeout: 60)
    }

    private func makeFIFO(_ name: String) throws -> String {
        XCTAssertEqual(mkfifo(ws.path(name), 0o600), 0, "mkfifo \(name)")
        return ws.path(name)
    }

    private func kind(_ name: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: ws.path(name)))?[.type] as? FileAttributeType
    }

    // MARK: Inputs

    func testADeviceOrAFIFOAsAnInputIsOneLine() throws {
        let zero = try run(["layout", "/dev/zero"])
        XCTAssertEqual(zero.status, 1)
        XCTAssertEqual(zero.stderr, "error: /dev/zero: is a character device, not a regular file\n")
        _ = try makeFIFO("dump.xml")
        let fifo = try run(["layout", "dump.xml"])
        XCTAssertEqual(fifo.status, 1)
        XCTAssertEqual(fifo.stderr, "error: dump.xml: is a FIFO (named pipe), not a regular file\n")
        // The answering commands: 2.
        let audit = try run(["audit", "dump.xml"])
        XCTAssertEqual(audit.status, 2)
        XCTAssertEqual(audit.stderr, "error: dump.xml: is a FIFO (named pipe), not a regular file\n")
        // A screenshot, and a snapshot a document names.
        _ = try makeFIFO("shot.png")
        let shot = try run(["render", "tree.json", "--screenshot", "shot.png", "-o", "out.png", "--size", "20x20"])
        XCTAssertEqual(shot.status, 1)
        XCTAssertTrue(shot.stderr.contains("shot.png: is a FIFO (named pipe), not a regular file"), shot.stderr)
        XCTAssertEqual(shot.stderr.filter { $0 == "\n" }.count, 1, shot.stderr)
        XCTAssertFalse(ws.exists("out.png"))
    }

    func testALinkToADeviceAsASnapshotIsOneLine() throws {
        let tree = try String(contentsOfFile: ws.path("tree.json"), encoding: .utf8)
        let snapshot = try XCTUnwrap(tree.range(of: #""snapshot" *: *"[^"]+""#, options: .regularExpression))
        try ws.write("zero.json", tree.replacingCharacters(in: snapshot, with: #""snapshot": "zero.png""#))
        try FileManager.default.createSymbolicLink(atPath: ws.path("zero.png"), withDestinationPath: "/dev/zero")
        let result = try run(["render", "zero.json", "-o", "out.png", "--size", "20x20", "--allow-outside-paths"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stderr, "error: zero.json: root.snapshot: 'zero.png': is a character device, not a regular file\n")
        XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
    }

    func testAnInputOverItsSizeLimitIsRefusedBeforeItIsRead() throws {
        // Sparse: 300 MB long, no disk taken, never read.
        XCTAssertTrue(FileManager.default.createFile(atPath: ws.path("big.json"), contents: nil))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: ws.path("big.json")))
        try handle.truncate(atOffset: 300 << 20)
        try handle.close()
        let result = try run(["layout", "big.json"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: big.json: is 300 MB, over the 256 MB limit for a document or dump (--max-input-size MB raises it)\n")
        let bad = try run(["layout", "big.json", "--max-input-size", "0"])
        XCTAssertEqual(bad.stderr, "error: --max-input-size must be 1 to 1048576 megabytes, got 0 (see 'hierarchy help layout')\n")
    }

    func testAReportSkipsWhatIsNotARegularFileAndGoesOn() throws {
        try FileManager.default.createDirectory(atPath: ws.path("run"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ws.path("tree.json"), toPath: ws.path("run/screen.json"))
        try FileManager.default.copyItem(atPath: ws.path("s"), toPath: ws.path("run/s"))
        try FileManager.default.createSymbolicLink(atPath: ws.path("run/zero.json"), withDestinationPath: "/dev/zero")
        _ = try makeFIFO("run/pipe.xml")
        let result = try run(["report", "run", "-o", "report.html"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: run/pipe.xml: is a FIFO (named pipe), not a regular file; skipped\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: run/zero.json: is a character device, not a regular file; skipped\n"), result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ws.path("report.json")))) as? [String: Any])
        XCTAssertEqual((json["screens"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["screen"])
    }

    func testAScreenshotsSizeIsCheckedFromItsHeaderBeforeItIsDecoded() throws {
        // 16000×16000 pixels declared, nothing after the header: the aspect ratio is refused (the
        // small tree is 100×200 points) before the decoder would find the file truncated.
        let script = """
            import sys, zlib, struct
            ihdr = b'IHDR' + struct.pack('>IIBBBBB', 16000, 16000, 8, 6, 0, 0, 0)
            open(sys.argv[1], 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + struct.pack('>I', 13) + ihdr + struct.pack('>I', zlib.crc32(ihdr)))
            """
        let (status, output) = try ExternalProcess.run(ExternalProcess.python, ["-c", script, ws.path("huge.png")])
        XCTAssertEqual(status, 0, output)
        let result = try run(["layout", "tree.json", "--screenshot", "huge.png"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: huge.png: 16000×16000 pixels does not match the screen's aspect ratio (100×200 points; 16000 pixels wide needs 32000 high)\n")
    }

    // MARK: Outputs

    func testDevNullIsWrittenIntoWithoutForceAndNeverReplaced() throws {
        for arguments in [["render", "tree.json", "--size", "20x20"], ["layout", "tree.json"], ["layout", "tree.json", "--format", "json"]] {
            let result = try run(arguments + ["-o", "/dev/null"])
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", "\(arguments)")
        }
        let audit = try run(["audit", "tree.json", "--fail-on", "never", "-o", "/dev/null"])
        XCTAssertEqual(audit.status, 0, audit.stderr)
        let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
        XCTAssertEqual(attributes[.type] as? FileAttributeType, .typeCharacterSpecial)
    }

    func testALinkToStandardOutputIsWrittenThroughNotReplaced() throws {
        // What `-o /dev/stdout` is on Linux: a link to /proc/self/fd/1. As root, replacing it replaced the system's link.
        try FileManager.default.createSymbolicLink(atPath: ws.path("stdout"), withDestinationPath: "/proc/self/fd/1")
        let result = try run(["layout", "tree.json", "-o", "stdout", "--force"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let printed = try run(["layout", "tree.json"])
        XCTAssertEqual(result.stdout, printed.stdout)
        XCTAssertFalse(result.stdout.isEmpty)
        XCTAssertEqual(kind("stdout"), .typeSymbolicLink, "the link is still a link")
        let dash = try run(["render", "tree.json", "--size", "20x20", "-o", "-"])
        XCTAssertEqual(dash.status, 0, dash.stderr)
        XCTAssertTrue(dash.stdout.utf8.starts(with: [0x89, 0x50, 0x4E, 0x47]) || dash.stdout.hasPrefix("\u{FFFD}PNG"), "the PNG on standard output")
        XCTAssertFalse(ws.exists("-"))
    }

    func testAFIFOIsWrittenIntoAndKept() throws {
        let fifo = try makeFIFO("out.txt")
        // A reader on the other end, as `hierarchy layout -o >(…)` has.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        let collected = Pipe()
        reader.standardOutput = collected
        try reader.run()
        let result = try run(["layout", "tree.json", "-o", "out.txt", "--force"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let read = collected.fileHandleForReading.readDataToEndOfFile()
        reader.waitUntilExit()
        XCTAssertEqual(String(decoding: read, as: UTF8.self), try run(["layout", "tree.json"]).stdout)
        XCTAssertEqual(kind("out.txt"), .typeUnknown, "still a FIFO, not a file put in its place")
    }

    func testAnOutputOfSeveralFilesRefusesAStreamSayingWhatItIs() throws {
        _ = try makeFIFO("out.glb")
        let result = try run(["export", "tree.json", "-o", "out.glb", "--force"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: out.glb: is a FIFO (named pipe), not a regular file; this output of several files is written to a regular file or folder\n")
        XCTAssertEqual(kind("out.glb"), .typeUnknown)
    }

    // MARK: Names from ids

    func testALongIdGivesAShortStableFileName() throws {
        let id = String(repeating: "very-long-identifier-", count: 15)
        let tree = try String(contentsOfFile: ws.path("tree.json"), encoding: .utf8)
        let first = try XCTUnwrap(tree.range(of: #""id" *: *"[^"]+""#, options: .regularExpression))
        try ws.write("long.json", tree.replacingCharacters(in: first, with: "\"id\": \"\(id)\""))
        for (arguments, folder) in [(["textures", "long.json", "-o", "textures"], "textures"), (["export", "long.json", "-o", "out.json"], "textures")] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: ws.path(folder))
            XCTAssertTrue(names.allSatisfy { $0.utf8.count <= 210 }, "\(names)")
            XCTAssertTrue(names.contains { $0.hasPrefix("very-long-identifier-") && $0.hasSuffix(".png") }, "\(names)")
            try FileManager.default.removeItem(atPath: ws.path(folder))
        }
        let again = try run(["textures", "long.json", "-o", "again"])
        XCTAssertEqual(again.status, 0, again.stderr)
        _ = try run(["textures", "long.json", "-o", "textures"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: ws.path("again")).sorted(), try FileManager.default.contentsOfDirectory(atPath: ws.path("textures")).sorted(), "the same id, the same name")
    }
}
