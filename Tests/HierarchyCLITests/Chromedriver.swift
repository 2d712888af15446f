import Foundation
import HierarchyTestSupport
import XCTest

/// Debian's `chromedriver` on a free port, for the tests that capture through a real WebDriver
/// server; stopped when dropped.
final class Chromedriver {
    let url: String
    private let process: Process

    /// Starts chromedriver and waits until its `/status` says it is ready.
    init() throws {
        let (_, portText) = try ExternalProcess.run(ExternalProcess.python, ["-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"])
        let port = try XCTUnwrap(Int(portText.trimmingCharacters(in: .whitespacesAndNewlines)), portText)
        process = Process()
        let executable = ExternalProcess.locate("chromedriver") ?? ExternalProcess.locate("chromium.chromedriver") ?? "/usr/bin/chromedriver"
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--port=\(port)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        url = "http://127.0.0.1:\(port)"
        let ready = "import json, sys, time, urllib.request\nfor _ in range(200):\n    try:\n        sys.exit(0 if json.load(urllib.request.urlopen(sys.argv[1] + '/status', timeout=2))['value']['ready'] else 1)\n    except OSError:\n        time.sleep(0.1)\nsys.exit(2)"
        let (status, output) = try ExternalProcess.run(ExternalProcess.python, ["-c", ready, url])
        XCTAssertEqual(status, 0, "chromedriver is not ready: \(output)")
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
