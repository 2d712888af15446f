import Foundation
import HierarchyTestSupport
import XCTest

/// `capture webdriver` against a stand-in server that does what a hostile or odd one would
/// (`WebDriverAnswers`' modes `auth`, `odd`, `moved`, `redirect`, `bomb`, `huge`): the password
/// of the URL reaches only the `Authorization` header, a session id stays one path segment, a
/// redirect leaves no origin, and no answer is read past the limit.
final class WebDriverClientTests: XCTestCase {
    private var workspace: Workspace!

    override func setUpWithError() throws {
        workspace = try Workspace()
    }

    override func tearDown() {
        workspace = nil
    }

    /// `hierarchy capture webdriver URL ARGUMENTS… -o FOLDER`, its exit status checked.
    private func capture(_ url: String, _ arguments: [String] = [], into folder: String, status: Int32, file: StaticString = #filePath, line: UInt = #line) throws -> CommandResult {
        let result = try Hierarchy.run(["capture", "webdriver", url] + arguments + ["-o", workspace.path(folder)])
        XCTAssertEqual(result.status, status, result.stderr, file: file, line: line)
        return result
    }

    /// Every file under the workspace's `folder`, its bytes as text.
    private func texts(under folder: String) throws -> [String: String] {
        var found: [String: String] = [:]
        let root = workspace.path(folder)
        for name in FileManager.default.enumerator(atPath: root)?.compactMap({ $0 as? String }) ?? [] {
            if let data = FileManager.default.contents(atPath: root + "/" + name) { found[name] = String(decoding: data, as: UTF8.self) }
        }
        return found
    }

    func testThePasswordGoesToTheServerOnlyAndIsNeverWrittenOrPrinted() throws {
        let server = try FakeWebDriver(mode: "auth", in: workspace)
        defer { server.stop() }
        let url = server.url.replacingOccurrences(of: "http://", with: "http://tester:s3cr%2Ft@") + "/"
        let result = try capture(url, into: "screen", status: 0)
        let auth = server.requests().filter { $0.hasPrefix("AUTH ") }
        // tester:s3cr/t in base64, with every request.
        XCTAssertEqual(Set(auth), ["AUTH Basic dGVzdGVyOnMzY3IvdA=="], "\(server.requests())")
        let info = try CaptureJSON.read(workspace.path("screen/capture.json"))
        XCTAssertEqual(info["url"] as? String, server.url)
        for (name, text) in try texts(under: "screen") {
            XCTAssertFalse(text.contains("s3cr") || text.contains("dGVzdGVyOnMzY3IvdA"), "\(name) holds the password")
        }
        XCTAssertFalse((result.stdout + result.stderr).contains("s3cr"), result.stdout + result.stderr)
        // An error line names the server without its user information.
        server.stop()
        let failed = try capture(url, into: "failed", status: 2)
        XCTAssertEqual(failed.stderr, "error: webdriver: GET \(server.url)/appium/sessions: cannot connect (is the server running, and on this port?)\n")
        let bad = try capture("ftp://tester:s3cret@host/x", into: "bad", status: 2)
        XCTAssertEqual(bad.stderr, "error: webdriver: 'ftp://host/x' is not an http:// URL\n")
    }

    func testASessionIdIsOnePathSegment() throws {
        let server = try FakeWebDriver(mode: "odd", in: workspace)
        defer { server.stop() }
        _ = try capture(server.url, into: "screen", status: 0)
        let encoded = "a%2Fb%3Fc%23d%20e%2F..%2F.."
        XCTAssertEqual(server.requests(), ["GET /appium/sessions", "GET /session/\(encoded)/source", "GET /session/\(encoded)/screenshot"])
        XCTAssertEqual(try CaptureJSON.read(workspace.path("screen/capture.json"))["session"] as? String, "a/b?c#d e/../..")
        // Given by the user, the same.
        _ = try capture(server.url, ["--session", "a/b?c#d e/../.."], into: "given", status: 0)
        XCTAssertEqual(server.requests().suffix(3), ["GET /session/\(encoded)", "GET /session/\(encoded)/source", "GET /session/\(encoded)/screenshot"])
    }

    func testARedirectWithinTheOriginIsFollowedAndToAnotherIsRefused() throws {
        let moved = try FakeWebDriver(mode: "moved", in: workspace)
        defer { moved.stop() }
        _ = try capture(moved.url, into: "moved", status: 0)
        XCTAssertEqual(moved.requests().prefix(2), ["GET /appium/sessions", "GET /moved/appium/sessions"])
        let server = try FakeWebDriver(mode: "redirect", in: workspace)
        defer { server.stop() }
        let url = server.url.replacingOccurrences(of: "http://", with: "http://tester:s3cret@")
        let result = try capture(url, into: "screen", status: 2)
        let port = try XCTUnwrap(URL(string: server.url)?.port)
        let pattern = #"^error: webdriver: GET http://127\.0\.0\.1:\#(port)/appium/sessions: HTTP 302 redirects to another origin \(http://127\.0\.0\.1:([0-9]+)/appium/sessions\), which is not followed\n$"#
        let match = try XCTUnwrap(try Regex(pattern).wholeMatch(in: result.stderr), result.stderr)
        XCTAssertNotEqual(match.output[1].substring.map(String.init), "\(port)")
        XCTAssertFalse(result.stderr.contains("s3cret"))
        XCTAssertEqual(server.requests(), ["GET /appium/sessions"], "the other origin got nothing")
        XCTAssertFalse(workspace.exists("screen"))
    }

    /// A gzip body of about 1 MB that inflates to 1 GiB: the capture stops at the 100 MB limit, in
    /// one line, with its peak memory (measured by the kernel, through Python's getrusage) far
    /// below what inflating it whole would take.
    func testAGzipBombStopsAtTheLimitWithBoundedMemory() throws {
        let server = try FakeWebDriver(mode: "bomb", in: workspace, wait: 60)
        defer { server.stop() }
        let measure = """
            import resource, subprocess, sys
            run = subprocess.run(sys.argv[2:], capture_output=True, text=True)
            open(sys.argv[1], "w").write("%d\\n%d\\n%s" % (run.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, run.stderr))
            """
        let report = workspace.path("bomb.txt")
        let hierarchy = Hierarchy.productsFolder.appendingPathComponent("hierarchy").path
        let started = Date()
        _ = try ExternalProcess.run(ExternalProcess.python, ["-c", measure, report, hierarchy, "capture", "webdriver", server.url, "-o", workspace.path("screen")])
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.first, "2")
        XCTAssertEqual(lines.dropFirst(2).first, "error: webdriver: GET \(server.url)/appium/sessions: the answer inflates past 100 MB, which is not read (--max-answer-size MB raises it)")
        let kilobytes = try XCTUnwrap(Int(lines[1]))
        XCTAssertLessThan(kilobytes, 600_000, "peak memory \(kilobytes / 1024) MB")
        XCTAssertLessThan(Date().timeIntervalSince(started), 60)
        XCTAssertFalse(workspace.exists("screen"))
    }

    func testAnAnswerAnnouncedPastTheLimitIsNotRead() throws {
        let server = try FakeWebDriver(mode: "huge", in: workspace)
        defer { server.stop() }
        let result = try capture(server.url, into: "screen", status: 2)
        XCTAssertEqual(result.stderr, "error: webdriver: GET \(server.url)/appium/sessions: the answer passes 100 MB, which is not read (--max-answer-size MB raises it)\n")
        // The option sets the limit (here lower, so that the same answer passes it at 50 MB).
        let lowered = try capture(server.url, ["--max-answer-size", "50"], into: "screen", status: 2)
        XCTAssertEqual(lowered.stderr, "error: webdriver: GET \(server.url)/appium/sessions: the answer passes 50 MB, which is not read (--max-answer-size MB raises it)\n")
        XCTAssertFalse(workspace.exists("screen"))
        let outOfRange = try capture(server.url, ["--max-answer-size", "0"], into: "screen", status: 1)
        XCTAssertTrue(outOfRange.stderr.contains("--max-answer-size must be 1 to 1048576 megabytes, got 0"), outOfRange.stderr)
    }
}
