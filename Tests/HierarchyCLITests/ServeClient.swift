import Foundation
import HierarchyTestSupport
import XCTest

/// `hierarchy serve` started for a test with the fake adb first on PATH, and a raw HTTP client
/// (the tests' Python over a plain socket, so that a target goes out exactly as written: `..`,
/// `%2e%2e`, an absolute URL, any `Host`).
final class ServeProcess {
    let process = Process()
    let port: Int
    let url: String
    private let errors: Pipe
    private let workspace: Workspace

    /// Starts `hierarchy serve INPUT --port 0 ARGUMENTS…` and waits for the address it prints.
    init(_ input: String, _ arguments: [String] = [], adb: FakeAdb?, in workspace: Workspace, environment: [String: String] = [:]) throws {
        self.workspace = workspace
        process.executableURL = Hierarchy.productsFolder.appendingPathComponent("hierarchy")
        process.arguments = ["serve", input, "--port", "0"] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(adb?.environment ?? [:]) { $1 }.merging(environment) { $1 }
        let output = Pipe()
        errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // The first line: "serving INPUT at http://127.0.0.1:PORT/ (Ctrl-C stops)".
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data([10]) { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: #"http://127\.0\.0\.1:[0-9]+/"#, options: .regularExpression) else {
            process.waitUntilExit()
            throw ServeFailure(text + String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
        url = String(text[range])
        port = Int(url.dropFirst("http://127.0.0.1:".count).dropLast())!
    }

    /// Ctrl-C, and what the process said on standard error; its exit status.
    func interrupt() -> (status: Int32, errors: String) {
        process.interrupt()
        let deadline = Date().addingTimeInterval(15)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    /// Ctrl-C, and exit status 0 asserted with what the server said on standard error (under
    /// the sanitizer, a leak report).
    func assertInterruptedCleanly(file: StaticString = #filePath, line: UInt = #line) {
        let result = interrupt()
        XCTAssertEqual(result.status, 0, result.errors, file: file, line: line)
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// One request as written, on a connection of its own: status, headers (lower-case names), body.
    func request(_ target: String, method: String = "GET", host: String? = nil, origin: String? = nil) throws -> ServeAnswer {
        var arguments = [try script(), "request", String(port), method, target, host ?? "127.0.0.1:\(port)"]
        if let origin { arguments.append(origin) }
        let (status, output) = try ExternalProcess.run(ExternalProcess.python, arguments)
        guard status == 0 else { throw ServeFailure(output) }
        return try JSONDecoder().decode(ServeAnswer.self, from: Data(output.utf8))
    }

    /// `pages` event streams read together, each for `seconds` after its first screen (which may
    /// take up to 180 s: a page is built in a debug build on a busy machine) or until it saw
    /// `screens` screen events: each stream's events, in order, timed from the stream's start.
    /// With `change` [(event, from, to)]: when the first stream first reads that event (`screen`,
    /// `gone`), `from` is moved to `to` (the device's screen changes, or it goes), in order, seen as
    /// a `changed` event at that moment.
    func events(pages: Int = 1, seconds: Double, screens: Int = 1_000_000, change: [(String, String, String)] = []) throws -> [[ServeEventSeen]] {
        let arguments = [try script(), "events", String(port), String(pages), String(seconds), String(screens)] + change.flatMap { [$0.0, $0.1, $0.2] }
        let (status, output) = try ExternalProcess.run(ExternalProcess.python, arguments)
        guard status == 0 else { throw ServeFailure(output) }
        return try JSONDecoder().decode([[ServeEventSeen]].self, from: Data(output.utf8))
    }

    /// `count` requests for `target` sent at once, each on a connection of its own, while the
    /// server's threads (`/proc/PID/task`, Linux) are counted every few milliseconds: each answer's
    /// status, and the threads before the requests and at most while they ran (nil off Linux).
    func burst(_ target: String, count: Int) throws -> ServeBurst {
        let arguments = [try script(), "burst", String(port), String(count), target, String(process.processIdentifier)]
        let (status, output) = try ExternalProcess.run(ExternalProcess.python, arguments)
        guard status == 0 else { throw ServeFailure(output) }
        return try JSONDecoder().decode(ServeBurst.self, from: Data(output.utf8))
    }

    private func script() throws -> String {
        let path = workspace.path("serve_client.py")
        if !FileManager.default.fileExists(atPath: path) { try Data(Self.client.utf8).write(to: URL(fileURLWithPath: path)) }
        return path
    }

    /// The raw client: `request PORT METHOD TARGET HOST [ORIGIN]` prints the answer as JSON;
    /// `events PORT PAGES SECONDS SCREENS` opens PAGES streams at once and prints what each read;
    /// `burst PORT COUNT TARGET PID` sends COUNT requests at once and counts PID's threads meanwhile.
    static let client = #"""
        import json, os, socket, sys, threading, time

        def connect(port, method, target, host, origin=None):
            s = socket.create_connection(("127.0.0.1", int(port)), timeout=30)
            lines = [f"{method} {target} HTTP/1.1", f"Host: {host}", "Connection: close"]
            if origin:
                lines.append("Origin: " + origin)
            if method == "POST":
                lines.append("Content-Length: 0")
            s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
            return s

        def request(port, method, target, host, origin=None):
            s = connect(port, method, target, host, origin)
            data = b""
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
            head, _, body = data.partition(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            headers = {}
            for line in lines[1:]:
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            return {"status": int(lines[0].split(" ")[1]), "headers": headers, "body": body.decode("utf-8", "replace")}

        def stream(port, seconds, screens, out, change=None):
            s = connect(port, "GET", "/events", f"127.0.0.1:{port}")
            s.settimeout(0.2)
            start, buffer, event, seen, first = time.time(), b"", None, 0, None
            while time.time() - (first or start) < (seconds if first else 180) and seen < screens:
                try:
                    chunk = s.recv(65536)
                except socket.timeout:
                    continue
                if not chunk:
                    break
                buffer += chunk
                while b"\n" in buffer:
                    line, _, buffer = buffer.partition(b"\n")
                    line = line.decode("utf-8").rstrip("\r")
                    if line.startswith("event: "):
                        event = line[7:]
                    elif line.startswith("data: ") and event:
                        out.append({"event": event, "data": line[6:], "at": round(time.time() - start, 3)})
                        seen += event == "screen"
                        if seen >= 1 and first is None:
                            first = time.time()
                        event = None
                        moved = False
                        while change and change[0] == out[-1]["event"]:
                            os.replace(change[1], change[2])
                            change, moved = change[3:], True
                        if moved:
                            out.append({"event": "changed", "data": "{}", "at": round(time.time() - start, 3)})
            s.close()

        def threads(pid):
            try:
                return len(os.listdir(f"/proc/{pid}/task"))
            except OSError:
                return None

        def burst(port, count, target, pid):
            statuses, counted, done = [None] * count, [], threading.Event()
            gate = threading.Barrier(count)
            def ask(k):
                gate.wait()
                statuses[k] = request(port, "GET", target, f"127.0.0.1:{port}")["status"]
            def count_threads():
                while not done.is_set():
                    counted.append(threads(pid))
                    time.sleep(0.005)
            before = threads(pid)
            counter = threading.Thread(target=count_threads)
            counter.start()
            askers = [threading.Thread(target=ask, args=(k,)) for k in range(count)]
            for t in askers:
                t.start()
            for t in askers:
                t.join()
            done.set()
            counter.join()
            known = [n for n in counted if n is not None]
            return {"statuses": statuses, "before": before, "most": max(known) if known else None}

        if sys.argv[1] == "request":
            print(json.dumps(request(*sys.argv[2:])))
        elif sys.argv[1] == "burst":
            print(json.dumps(burst(sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5])))
        else:
            port, pages, seconds, screens = sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
            outs = [[] for _ in range(pages)]
            change = sys.argv[6:] or None
            threads = [threading.Thread(target=stream, args=(port, seconds, screens, out, change if k == 0 else None)) for k, out in enumerate(outs)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            print(json.dumps(outs))
        """#
}

struct ServeAnswer: Decodable {
    var status: Int
    var headers: [String: String]
    var body: String
}

/// What `ServeProcess.burst` saw: each answer's status, and the server's threads before and at most.
struct ServeBurst: Decodable {
    var statuses: [Int]
    var before: Int?
    var most: Int?
}

struct ServeEventSeen: Decodable {
    var event: String
    var data: String
    var at: Double

    /// The screen number of a `screen` event.
    var screen: Int? {
        guard event == "screen", let object = try? JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any] else { return nil }
        return object["screen"] as? Int
    }
}

struct ServeFailure: Error, CustomStringConvertible {
    var description: String
    init(_ text: String) { description = "serve: " + text }
}
