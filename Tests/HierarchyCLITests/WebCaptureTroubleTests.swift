import Foundation
import HierarchyFormats
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// `capture webdriver` of a web page when things go wrong, against the real thing: Debian's
/// chromedriver and headless Chromium, sessions made over raw W3C HTTP by the tests' Python. A
/// page that never loads (a local server that sends the start of a page and never ends it), a
/// script error (the page's own, and one that breaks what the capture's script calls), a
/// cross-origin frame, the session deleted midway by another client: each a capture or one line
/// on standard error, exit status 2 and no folder (docs/capture.md, "When a page goes wrong").
final class WebCaptureTroubleTests: XCTestCase {
    /// `MODE URL OUT …`: makes a session on the chromedriver at URL and writes what the test
    /// needs to OUT (last, so that the file's presence says all is ready):
    /// - `loading URL OUT STRATEGY`: a page whose server never ends its answer, opened with the
    ///   page-load strategy STRATEGY (`none`: not waited for; `normal`: started by the page's own
    ///   script, so that the next command waits for it, up to a page-load timeout of 3 s); OUT: the
    ///   session id. Keeps serving until killed.
    /// - `open URL OUT PAGE`: the session on PAGE; OUT: its id.
    /// - `site URL OUT`: a page served at 127.0.0.1 whose frame comes from localhost (another
    ///   origin); OUT: the session id. Keeps serving until killed.
    /// - `proxy URL OUT WHEN`: a session on a small page and, in front of chromedriver, a proxy that
    ///   passes every request on, but first deletes the session (`DELETE /session/ID`, as another
    ///   client would) when the request's path ends with WHEN; OUT: the proxy's URL and the id.
    /// - `close URL ID`: deletes the session.
    static let script = #"""
        import http.server, json, socket, sys, threading, time, urllib.error, urllib.request

        def call(method, url, body=None):
            data = None if body is None else json.dumps(body).encode()
            request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(request, timeout=60) as answer:
                return json.load(answer)["value"]

        def session(url, strategy="normal"):
            args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=400,300", "--force-device-scale-factor=1"]
            caps = {"browserName": "chrome", "pageLoadStrategy": strategy, "timeouts": {"pageLoad": 3000}, "goog:chromeOptions": {"args": args}}
            return call("POST", url + "/session", {"capabilities": {"alwaysMatch": caps}})["sessionId"]

        def listener():
            server = socket.socket()
            server.bind(("127.0.0.1", 0))
            server.listen(16)
            return server

        def never_ending():
            # Every request: a page's first bytes, a Content-Length it never reaches, the connection held.
            server, held = listener(), []
            def serve():
                while True:
                    connection, _ = server.accept()
                    held.append(connection)
                    connection.recv(65536)
                    connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 1000000\r\n\r\n"
                                       b"<!DOCTYPE html><html><body><p>The start of a page</p>" + b" " * 4096)
            threading.Thread(target=serve, daemon=True).start()
            return "http://127.0.0.1:%d/" % server.getsockname()[1]

        def ready(out, text):
            open(out + ".tmp", "w").write(text)
            import os
            os.rename(out + ".tmp", out)

        mode, url, out = sys.argv[1:4]
        if mode == "close":
            call("DELETE", url + "/session/" + out)
        elif mode == "loading":
            strategy, page = sys.argv[4], never_ending()
            sid = session(url, strategy)
            if strategy == "none":
                call("POST", url + "/session/" + sid + "/url", {"url": page})
            else:
                call("POST", url + "/session/" + sid + "/execute/sync", {"script": "setTimeout(() => { location.href = arguments[0]; }, 10); return 1;", "args": [page]})
            time.sleep(1)
            ready(out, sid)
            time.sleep(3600)
        elif mode == "open":
            sid = session(url)
            call("POST", url + "/session/" + sid + "/url", {"url": sys.argv[4]})
            ready(out, sid)
        elif mode == "site":
            class Site(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    host = "localhost:%d" % self.server.server_address[1]
                    page = ("<!DOCTYPE html><body style='margin:0'><button id='here'>Here</button>"
                            "<iframe id='elsewhere' src='http://" + host + "/inner' style='width:200px;height:80px'></iframe></body>"
                            if self.path == "/" else "<!DOCTYPE html><body><button id='away'>Away from here</button></body>")
                    body = page.encode()
                    self.send_response(200)
                    self.send_header("Content-Type", "text/html")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                def log_message(self, *args):
                    pass
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Site)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            sid = session(url)
            call("POST", url + "/session/" + sid + "/url", {"url": "http://127.0.0.1:%d/" % server.server_address[1]})
            ready(out, sid)
            time.sleep(3600)
        elif mode == "proxy":
            when, deleted = sys.argv[4], []
            sid = session(url)
            call("POST", url + "/session/" + sid + "/url", {"url": "data:text/html,<body><button>Go</button></body>"})
            class Proxy(http.server.BaseHTTPRequestHandler):
                def forward(self):
                    body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                    if self.path.endswith(when) and not deleted:
                        deleted.append(self.path)
                        call("DELETE", url + "/session/" + sid)
                    request = urllib.request.Request(url + self.path, data=body if self.command == "POST" else None, method=self.command,
                                                     headers={"Content-Type": "application/json"})
                    try:
                        answer = urllib.request.urlopen(request, timeout=60)
                    except urllib.error.HTTPError as error:
                        answer = error
                    data = answer.read()
                    self.send_response(answer.status if hasattr(answer, "status") else answer.code)
                    self.send_header("Content-Type", "application/json; charset=utf-8")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                do_GET = do_POST = do_DELETE = forward
                def log_message(self, *args):
                    pass
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Proxy)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            ready(out, "http://127.0.0.1:%d %s" % (server.server_address[1], sid))
            time.sleep(3600)
        """#

    private var workspace: Workspace!
    private var driver: Chromedriver!
    private var helpers: [Process] = []

    override func setUpWithError() throws {
        try Chromium.require()
        workspace = try Workspace()
        driver = try Chromedriver()
        try Data(Self.script.utf8).write(to: URL(fileURLWithPath: workspace.path("trouble.py")))
    }

    override func tearDown() {
        for helper in helpers where helper.isRunning {
            helper.terminate()
            helper.waitUntilExit()
        }
        driver = nil
        workspace = nil
    }

    /// Runs the script in `mode` in the background; what it wrote to its OUT once ready.
    private func start(_ mode: String, _ arguments: [String] = []) throws -> String {
        let out = workspace.path(mode + "-\(helpers.count).out")
        let helper = Process()
        helper.executableURL = URL(fileURLWithPath: ExternalProcess.python)
        helper.arguments = [workspace.path("trouble.py"), mode, driver.url, out] + arguments
        helper.standardOutput = FileHandle.nullDevice
        try helper.run()
        helpers.append(helper)
        let deadline = Date().addingTimeInterval(90)
        while !FileManager.default.fileExists(atPath: out) {
            guard helper.isRunning || helper.terminationStatus == 0, Date() < deadline else {
                throw XCTSkip("the session helper (\(mode)) did not get ready")
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return try String(contentsOfFile: out, encoding: .utf8)
    }

    /// The capture of session `id` on `url` into a folder that must not be written: its one line
    /// on standard error, the status 2 checked.
    private func failedCapture(_ url: String, _ id: String, _ label: String) throws -> String {
        let folder = workspace.path("page-" + label)
        let result = try Hierarchy.run(["capture", "webdriver", url, "--session", id, "-o", folder], timeout: 120)
        XCTAssertEqual(result.status, 2, "\(label): \(result.stderr)")
        XCTAssertEqual(result.stdout, "", label)
        XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "\(label): one line: \(result.stderr)")
        XCTAssertTrue(result.stderr.hasPrefix("error: webdriver: "), "\(label): \(result.stderr)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder), "\(label): the folder was written")
        let left = try FileManager.default.contentsOfDirectory(atPath: workspace.path("")).filter { $0.hasPrefix(".page-") }
        XCTAssertEqual(left, [], "\(label): a partial folder was left")
        return result.stderr
    }

    func testAPageThatIsStillLoadingIsRefusedInOneLine() throws {
        // Not waited for (page-load strategy "none"): the script finds the document being parsed.
        let id = try start("loading", ["none"])
        defer { _ = try? ExternalProcess.run(ExternalProcess.python, [workspace.path("trouble.py"), "close", driver.url, id]) }
        let line = try failedCapture(driver.url, id, "loading")
        XCTAssertTrue(line.contains("/execute/sync: javascript error: the page is still loading (document.readyState is \"loading\")"), line)
    }

    func testAPageThatNeverLoadsEndsAtThePageLoadTimeoutInOneLine() throws {
        // The page's own script navigates to the page that never ends: chromedriver waits for it
        // before answering /source, up to the session's page-load timeout (3 s), then says so.
        let id = try start("loading", ["normal"])
        defer { _ = try? ExternalProcess.run(ExternalProcess.python, [workspace.path("trouble.py"), "close", driver.url, id]) }
        let started = Date()
        let line = try failedCapture(driver.url, id, "never")
        XCTAssertTrue(line.contains("/source: timeout: "), line)
        XCTAssertTrue(line.contains("(HTTP 500)"), line)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "the page-load timeout, not the client's, ended it")
    }

    func testThePagesOwnScriptErrorDoesNotStopTheCapture() throws {
        // An uncaught error in the page is the page's business: the DOM it left is captured.
        let page = "data:text/html,<body><p id='before'>Before</p><script>throw new Error('the page broke')</script><p id='after'>After</p></body>"
        let id = try start("open", [page])
        defer { _ = try? ExternalProcess.run(ExternalProcess.python, [workspace.path("trouble.py"), "close", driver.url, id]) }
        let folder = workspace.path("broken")
        let result = try Hierarchy.run(["capture", "webdriver", driver.url, "--session", id, "-o", folder])
        XCTAssertEqual(result.status, 0, result.stderr)
        let tree = try TreeDocument.decode(Data(contentsOf: URL(fileURLWithPath: folder + "/tree.json")), file: "tree.json")
        let texts: [String?] = tree.nodes.filter { node in node.className == "#text" }.map { node in node.text }
        XCTAssertEqual(texts, ["Before", "After"])
    }

    func testAScriptErrorInTheCaptureIsOneLineAndNoFolder() throws {
        // The page replaced what the capture's script calls with a function that throws.
        let page = "data:text/html,<body><p>Text</p><script>Element.prototype.getBoundingClientRect = function () { throw new Error('boxes withheld by the page'); };</script></body>"
        let id = try start("open", [page])
        defer { _ = try? ExternalProcess.run(ExternalProcess.python, [workspace.path("trouble.py"), "close", driver.url, id]) }
        let line = try failedCapture(driver.url, id, "sabotaged")
        XCTAssertTrue(line.contains("/execute/sync: javascript error: boxes withheld by the page"), line)
    }

    func testACrossOriginFrameIsALeafThatSaysWhy() throws {
        // The page at 127.0.0.1 holds a frame from localhost: the same server, another origin.
        let id = try start("site")
        defer { _ = try? ExternalProcess.run(ExternalProcess.python, [workspace.path("trouble.py"), "close", driver.url, id]) }
        let folder = workspace.path("site")
        let result = try Hierarchy.run(["capture", "webdriver", driver.url, "--session", id, "-o", folder])
        XCTAssertEqual(result.status, 0, result.stderr)
        let tree = try TreeDocument.decode(Data(contentsOf: URL(fileURLWithPath: folder + "/tree.json")), file: "tree.json")
        let frame = try XCTUnwrap(tree.nodes.indices.first { tree[$0].attributes["id"] == "elsewhere" })
        XCTAssertEqual(tree[frame].children, [], "nothing read below the frame")
        XCTAssertEqual(tree[frame].attributes["not-read"], "a cross-origin frame: its document is not readable by the page's script (capture its own origin)")
        XCTAssertGreaterThan(tree[frame].frame.width, 0)
        XCTAssertNotNil(tree.nodes.first { $0.attributes["id"] == "here" })
        XCTAssertNil(tree.nodes.first { $0.attributes["id"] == "away" })
        // Said on standard error and in capture.json's notes, with the line of page-dom.json.
        XCTAssertTrue(result.stderr.contains("a cross-origin frame"), result.stderr)
        let info = try String(contentsOfFile: folder + "/capture.json", encoding: .utf8)
        XCTAssertTrue(info.contains("not read, a cross-origin frame"), info)
    }

    func testASessionDeletedBeforeTheScriptIsOneLineAndNoFolder() throws {
        let answer = try start("proxy", ["/execute/sync"]).split(separator: " ").map(String.init)
        let line = try failedCapture(answer[0], answer[1], "deleted-before-script")
        XCTAssertTrue(line.contains("/execute/sync: invalid session id"), line)
        XCTAssertTrue(line.contains("(HTTP 404)"), line)
    }

    func testASessionDeletedBeforeTheScreenshotIsOneLineAndNoFolder() throws {
        let answer = try start("proxy", ["/screenshot"]).split(separator: " ").map(String.init)
        let line = try failedCapture(answer[0], answer[1], "deleted-before-screenshot")
        XCTAssertTrue(line.contains("/screenshot: invalid session id"), line)
    }
}
