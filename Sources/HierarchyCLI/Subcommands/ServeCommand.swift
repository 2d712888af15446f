import ArgumentParser
import Foundation
import HierarchyDevice
import HierarchyServe

/// `hierarchy serve`: a device's, session's or folder's screen in the browser, live (docs/serve.md).
struct ServeCommand: VerdictCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Show a device's, a WebDriver session's or a folder's screen live in the browser, in the viewer.",
        discussion: """
            hierarchy serve adb:                        (or adb:SERIAL)
            hierarchy serve webdriver:http://127.0.0.1:4723 --every 2
            hierarchy serve run/                        (a folder of screens, watched for new ones)
            Prints the page's address and serves until Ctrl-C. While a page is open, a screen is taken every \
            --every seconds (never two at once, one for all pages) and a changed one replaces the shown one \
            in place, keeping the view. Listens on 127.0.0.1 only unless --host says otherwise; answers only \
            to its own address; serves no file. A port in use or an input that is none of these: one line, exit 2.
            """)

    @Argument(help: "adb:, adb:SERIAL, webdriver:URL, or a folder of screens.")
    var input: String

    @Option(help: "The address to listen on (anything but loopback makes the screens visible to the network).")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port, printed).")
    var port = 8642

    @Option(help: "Seconds between screens while a page is open.")
    var every = 1.0

    @Option(help: "The folder the page's Save writes capture folders into ('.': the working folder).")
    var saveDir = "."

    @Option(name: .customLong("adb"), help: "adb: the adb program (default: adb on PATH, then $ANDROID_HOME/platform-tools/adb).")
    var adbPath: String?

    @Option(help: "Seconds each adb command or HTTP request may take.")
    var timeout: Double = 30

    func validate() throws {
        if !(every.isFinite && every >= 0.1) { throw ValidationError("--every must be a number of seconds >= 0.1, got \(every)") }
        if !(0...65535).contains(port) { throw ValidationError("--port must be 0...65535, got \(port)") }
        if !(timeout.isFinite && timeout > 0) { throw ValidationError("--timeout must be a number of seconds > 0, got \(timeout)") }
    }

    func run() throws {
        let configuration = ServeServer.Configuration(
            input: try ServeInput.parse(input), device: DeviceSource.Options(adbPath: adbPath, timeout: timeout), host: host, port: port,
            every: every, saveFolder: saveDir)
        let interrupt = Platform.InterruptWatch()
        defer { interrupt.stop() }
        let outcome = Outcome()
        let task = Task {
            do {
                try await ServeServer.run(configuration, log: { Console.error($0) }) { address in
                    if let warning = address.warning { Console.warn(warning) }
                    Console.out("serving \(configuration.input.shown) at \(address.url) (Ctrl-C stops)")
                }
            } catch {
                outcome.set(error)
            }
            outcome.finish()
        }
        while !outcome.finished(waiting: 0.25) {
            if interrupt.happened { task.cancel() }
        }
        if let error = outcome.error { throw error }
        if interrupt.happened { Console.error("serve: stopped by Ctrl-C") }
    }
}

/// How the server's task ended, read by the command's thread.
private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var stored: Error?

    var error: Error? { lock.withLock { stored } }

    func set(_ error: Error) { lock.withLock { stored = error } }

    func finish() { done.signal() }

    /// Whether the task ended, waiting `seconds` at most.
    func finished(waiting seconds: Double) -> Bool { done.wait(timeout: .now() + seconds) == .success }
}
