import Foundation
import HierarchyImaging
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// Runs the built `hierarchy` binary, as a user would, and captures what it says.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
    /// The signal that ended the process (SIGSEGV's 11, say), nil when it exited with `status`.
    var signal: Int32? = nil
}

enum Hierarchy {
    /// The folder the test bundle and the `hierarchy` executable were built into.
    static var productsFolder: URL {
        let test = URL(fileURLWithPath: CommandLine.arguments.first { $0.contains(".xctest") } ?? CommandLine.arguments[0])
        var folder = test.deletingLastPathComponent()
        while folder.path.contains(".xctest") { folder = folder.deletingLastPathComponent() }
        return folder
    }

    /// The release's binary (`scripts/release.sh`'s tarball in `HIERARCHY_RELEASE_DIR`, unpacked
    /// once), for a test that draws many large pictures: the same code as the debug build's
    /// `hierarchy`, built optimised (a 1125×2436 dump drew in about 3 s instead of 56). Nil without
    /// the variable or the tarball; CI sets it (`ReleaseTests` check that binary is HEAD's).
    static let releaseBinary: String? = {
        guard let folder = ProcessInfo.processInfo.environment["HIERARCHY_RELEASE_DIR"],
              let tarball = try? FileManager.default.contentsOfDirectory(atPath: folder).first(where: { $0.hasSuffix(".tar.gz") }) else { return nil }
        let into = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-release-binary-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: into, withIntermediateDirectories: true)) != nil,
              let (status, _) = try? ExternalProcess.run("tar", ["-xzf", folder + "/" + tarball, "-C", into.path]), status == 0 else { return nil }
        let binary = into.appendingPathComponent(String(tarball.dropLast(".tar.gz".count)) + "/bin/hierarchy").path
        return FileManager.default.isExecutableFile(atPath: binary) ? binary : nil
    }()

    /// Runs the binary in `folder` with `environment` added to this process's.
    /// With `timeout`, a run that outlives it is killed and its result says so on standard error
    /// (status -1): a test of a hang fails instead of hanging the suite.
    static func run(_ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:], timeout: Double? = nil) throws -> CommandResult {
        let process = Process()
        process.executableURL = productsFolder.appendingPathComponent("hierarchy")
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.currentDirectoryURL = folder ?? TestPaths.repository
        // Outputs go to files, so a large output can never fill a pipe and stall the process.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-run-\(UUID().uuidString)")
        let outURL = scratch.appendingPathExtension("out"), errURL = scratch.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outURL); try? FileManager.default.removeItem(at: errURL) }
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        var killed = false
        if let timeout {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { killed = true; kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        let stdout = try Data(contentsOf: outURL), stderr = try Data(contentsOf: errURL)
        let said = String(decoding: stderr, as: UTF8.self) + (killed ? "(killed: still running after \(timeout ?? 0) s)\n" : "")
        return CommandResult(status: killed ? -1 : process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: said,
                             signal: !killed && process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil)
    }
}

/// A temporary folder holding a capture written by a test.
final class Workspace {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try FileManager.default.createDirectory(at: url.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
        return path(name)
    }

    /// A solid-colour PNG.
    func png(_ name: String, width: Int, height: Int, color: Color) throws {
        try PNG.write(RGBAImage(width: width, height: height, fill: color), to: path(name))
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }

    func files() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: url.path).sorted()) ?? [] }
}

/// A small screen: a 100×200 root with a header, a scrolled clipping list of two cells (one
/// scrolled away) and an excluded debug view; snapshots at 2x.
let smallTree = """
{"version": 1, "screenScale": 2, "root": {"id": "root", "class": "UIWindow", "frame": {"x": 0, "y": 0, "width": 100, "height": 200}, "snapshot": "s/root.png", "children": [
  {"id": "header", "class": "UILabel", "name": "Title", "frame": {"x": 10, "y": 10, "width": 80, "height": 20}, "snapshot": "s/header.png"},
  {"id": "list", "class": "UITableView", "frame": {"x": 0, "y": 40, "width": 100, "height": 160}, "bounds": {"x": 0, "y": 100, "width": 100, "height": 160}, "clipsToBounds": true, "children": [
    {"id": "cell0", "frame": {"x": 0, "y": 0, "width": 100, "height": 50}, "backgroundColor": "#FF0000"},
    {"id": "cell1", "frame": {"x": 0, "y": 120, "width": 100, "height": 50}, "snapshot": "s/cell1.png"}
  ]},
  {"id": "debug", "tag": 9999, "frame": {"x": 0, "y": 0, "width": 30, "height": 30}, "backgroundColor": "#00FF00"}
]}}
"""

extension Workspace {
    /// Writes `smallTree` and its snapshots; returns the tree's path.
    @discardableResult
    func smallCapture(_ tree: String = smallTree) throws -> String {
        try png("s/root.png", width: 200, height: 400, color: Color(red: 240, green: 240, blue: 245))
        try png("s/header.png", width: 160, height: 40, color: Color(red: 20, green: 20, blue: 20))
        try png("s/cell1.png", width: 200, height: 100, color: Color(red: 0, green: 120, blue: 255))
        return try write("tree.json", tree)
    }
}

extension Workspace {
    /// Whether the file `name` is well-formed XML, as Python's ElementTree (expat) reads it; the
    /// parser's complaint otherwise.
    func xmlError(_ name: String) throws -> String? {
        let (status, output) = try ExternalProcess.run(ExternalProcess.python, ["-c", "import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])", path(name)])
        return status == 0 ? nil : output
    }
}
