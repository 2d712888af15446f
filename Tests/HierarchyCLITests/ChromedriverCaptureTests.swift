import Foundation
import HierarchyDevice
import HierarchyImaging
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// `capture webdriver` against the real thing: Debian's `chromedriver` on a free port, with a
/// session of headless Chromium (made over raw W3C HTTP by the tests' Python) on a small `data:`
/// page: a blue 100×100 box on red. Chromedriver writes `Content-Length:311` without a space,
/// which Foundation's URLSession on Linux refused (`Failed writing header`); the page source is
/// HTML, so the page's DOM is read by the capture's script, and the screenshot must be the
/// browser's own. (WebCaptureTests checks the DOM's views on the project's own pages.)
final class ChromedriverCaptureTests: XCTestCase {
    /// Creates a session (argv: URL, FILE: its id and the browser's own screenshot go there),
    /// opens the page; or deletes the session (argv: URL, ID).
    static let session = #"""
        import base64, json, sys, urllib.request

        def call(method, url, body=None):
            data = None if body is None else json.dumps(body).encode()
            request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(request, timeout=60) as answer:
                return json.load(answer)["value"]

        if sys.argv[1] == "open":
            url, out = sys.argv[2:4]
            args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=400,300", "--force-device-scale-factor=1"]
            value = call("POST", url + "/session", {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {"args": args}}}})
            sid = value["sessionId"]
            page = "data:text/html,<body style='margin:0;background:rgb(255,0,0)'><div style='width:100px;height:100px;background:rgb(0,0,255)'></div></body>"
            call("POST", url + "/session/" + sid + "/url", {"url": page})
            open(out + ".png", "wb").write(base64.b64decode(call("GET", url + "/session/" + sid + "/screenshot")))
            open(out, "w").write(sid)
        else:
            call("DELETE", sys.argv[2] + "/session/" + sys.argv[3])
        """#

    private var workspace: Workspace!
    private var driver: Chromedriver?

    override func setUpWithError() throws {
        try Chromium.require()
        workspace = try Workspace()
    }

    override func tearDown() {
        driver = nil
        workspace = nil
    }

    /// Starts chromedriver on a free port; its URL.
    private func startChromedriver() throws -> String {
        let started = try Chromedriver()
        driver = started
        return started.url
    }

    func testAChromiumSessionIsCapturedWithTheBrowsersScreenshotAndNoPassword() throws {
        let url = try startChromedriver()
        let script = workspace.path("session.py"), out = workspace.path("session")
        try Data(Self.session.utf8).write(to: URL(fileURLWithPath: script))
        let (opened, output) = try ExternalProcess.run(ExternalProcess.python, [script, "open", url, out])
        XCTAssertEqual(opened, 0, output)
        let id = try String(contentsOfFile: out, encoding: .utf8)
        defer { _ = try? ExternalProcess.run(ExternalProcess.python, [script, "close", url, id]) }

        // The URL carries a password, which chromedriver ignores: it must go nowhere else.
        let secret = "pa55-w0rd-9f1c"
        let withPassword = url.replacingOccurrences(of: "http://", with: "http://tester:\(secret)@")
        let result = try Hierarchy.run(["capture", "webdriver", withPassword, "--session", id, "-o", workspace.path("page")])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: workspace.path("page"))), ["capture.json", "page-dom.json", "screenshot.png", "tree.json"])
        XCTAssertFalse((result.stdout + result.stderr).contains(secret))
        for name in try FileManager.default.contentsOfDirectory(atPath: workspace.path("page")) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: workspace.path("page/" + name)))
            XCTAssertNil(bytes.range(of: Data(secret.utf8)), "\(name) holds the password")
        }
        let info = try CaptureJSON.read(workspace.path("page/capture.json"))
        XCTAssertEqual(info["url"] as? String, url)
        XCTAssertEqual(info["session"] as? String, id)
        XCTAssertEqual(info["platform"] as? String, "Web")

        // The folder's screenshot is the browser's: its size, the blue box and the red page.
        let captured = try PNG.decode(file: workspace.path("page/screenshot.png"))
        let own = try PNG.decode(file: out + ".png")
        XCTAssertEqual(PixelSize(width: captured.width, height: captured.height), PixelSize(width: own.width, height: own.height))
        XCTAssertGreaterThanOrEqual(captured.width, 200)
        XCTAssertGreaterThanOrEqual(captured.height, 150)
        for (x, y, color) in [(50, 50, Color(red: 0, green: 0, blue: 255)), (5, 95, Color(red: 0, green: 0, blue: 255)),
                              (150, 50, Color(red: 255, green: 0, blue: 0)), (captured.width - 5, captured.height - 5, Color(red: 255, green: 0, blue: 0))] {
            XCTAssertEqual(captured[x, y], color, "(\(x), \(y))")
            XCTAssertEqual(captured[x, y], own[x, y], "(\(x), \(y))")
        }
        // POST with a JSON body, as the page's DOM is taken (execute/sync): the viewport the
        // screenshot shows, in CSS pixels, at a device pixel ratio of 1.
        let execute = #"{"script": "return [window.innerWidth, window.innerHeight, window.devicePixelRatio]", "args": []}"#
        let answer = try HTTPClient(timeout: 30).post(url + "/session/" + id + "/execute/sync", json: Array(execute.utf8))
        XCTAssertEqual(answer.status, 200)
        let value = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])?["value"] as? [Double])
        XCTAssertEqual(value, [Double(captured.width), Double(captured.height), 1])
        // The viewport, the screenshot's size, and the page's box; every command reads the folder.
        let layout = try Hierarchy.run(["layout", workspace.path("page")])
        XCTAssertEqual(layout.status, 0, layout.stderr)
        XCTAssertTrue(layout.stdout.hasPrefix("<#viewport: viewport; depth = 0; frame = (0 0; \(captured.width) \(captured.height));"), layout.stdout)
        XCTAssertTrue(layout.stdout.contains("<div: 0.0.1.0; depth = 3; frame = (0 0; 100 100);"), layout.stdout)
    }
}
