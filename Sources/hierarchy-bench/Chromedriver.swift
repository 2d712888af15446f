import Foundation
import HierarchyModel

/// Debian's chromedriver, started on a port of its choosing (`--port=0`: it prints the one it
/// took), for the web benchmark; stopped by `stop`.
final class Chromedriver {
    let url: String
    private let process: Process

    private init(url: String, process: Process) {
        self.url = url
        self.process = process
    }

    /// The started driver; nil when there is no chromedriver on the machine.
    static func start() throws -> Chromedriver? {
        guard let executable = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"].first(where: FileManager.default.isExecutableFile) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--port=0"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        // "ChromeDriver was started successfully on port 35051."
        var said = ""
        while !said.contains("successfully on port") || !said.hasSuffix("\n") {
            let chunk = pipe.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw InputError("chromedriver ended before it said its port: \(said)") }
            said += String(decoding: chunk, as: UTF8.self)
        }
        // Its first line says "on port 0", as asked: the port is the one after "successfully on port".
        let after = said.range(of: "successfully on port ").map { said[$0.upperBound...] } ?? ""
        guard let port = Int(after.prefix(while: \.isNumber)) else {
            throw InputError("chromedriver did not say its port: \(said)")
        }
        return Chromedriver(url: "http://127.0.0.1:\(port)", process: process)
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}
