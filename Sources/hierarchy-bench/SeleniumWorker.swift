import Foundation
import HierarchyModel

/// A Python process holding a Selenium session for the web benchmark, driven a line at a time
/// over its standard input (`WebBenchmark.worker` says the commands).
final class SeleniumWorker {
    /// The session's id, which `capture webdriver` is given too.
    let session: String
    private let process: Process
    private let input: FileHandle
    private var output: LineReader

    /// Starts `script` with python3 on the driver at `url`, opening `page`.
    init(script: String, folder: String, url: String, page: String) throws {
        let path = folder + "/selenium_worker.py"
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [Self.python, path, url, page]
        let (stdin, stdout) = (Pipe(), Pipe())
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        input = stdin.fileHandleForWriting
        output = LineReader(stdout.fileHandleForReading)
        guard let id = output.next(), !id.isEmpty else { throw InputError("the Selenium session did not start (python3 with Selenium, chromium)") }
        session = id
    }

    /// The tests' Python (`.build/test-python`, with Selenium) when there, else the system's.
    static var python: String {
        let venv = FileManager.default.currentDirectoryPath + "/.build/test-python/bin/python3"
        return FileManager.default.isExecutableFile(atPath: venv) ? venv : "python3"
    }

    /// Selenium reading every element's box and the screenshot: its seconds, and how many elements.
    func measure() throws -> (seconds: Double, elements: Int) {
        input.write(Data("box\n".utf8))
        let words = (output.next() ?? "").split(separator: " ")
        guard words.count == 2, let seconds = Double(words[0]), let count = Int(words[1]) else { throw InputError("Selenium's reading failed") }
        return (seconds, count)
    }

    /// The page's DOMSnapshot.captureSnapshot, saved as JSON at `path`.
    func saveSnapshot(to path: String) throws {
        input.write(Data("cdp \(path)\n".utf8))
        guard output.next() == "saved" else { throw InputError("Selenium's execute_cdp_cmd failed") }
    }

    /// Ends the session and the process.
    func quit() {
        input.write(Data("quit\n".utf8))
        try? input.close()
        process.waitUntilExit()
    }
}

/// Lines read from a pipe as they come.
struct LineReader {
    private let handle: FileHandle
    private var buffer = Data()

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    /// The next line without its newline; nil at the end.
    mutating func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }
}
