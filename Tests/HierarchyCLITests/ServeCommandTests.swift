import Foundation
import HierarchyImaging
import HierarchyTestSupport
import XCTest

/// `hierarchy serve` as a person runs it, over a real socket: the fake adb (`FakeAdb`, answering
/// from recorded adb outputs) as the device, the raw client (`ServeProcess`) as the browser.
final class ServeCommandTests: XCTestCase {
    private var workspace: Workspace!
    private var adb: FakeAdb!

    override func setUpWithError() throws {
        workspace = try Workspace()
        adb = try FakeAdb(in: workspace)
    }

    override func tearDown() {
        adb = nil
        workspace = nil
    }

    /// The screens adb was asked for so far (`screencap` calls).
    private func screencaps() -> Int { adb.calls().filter { $0.hasSuffix("exec-out screencap -p") }.count }

    /// The device's screen becomes Android's Settings home (another recorded raw dump).
    private func changeScreen() throws { try Self.changeScreen(adb.file("window_dump.xml"), screenshot: adb.file("screencap.png")) }

    /// The Settings dump written at `path` (the fake's dump, or beside it to be moved in), and a
    /// screenshot of its size at `screenshot` (no real one of that screen exists: a gradient, as
    /// `FakeWebDriver`'s).
    static func changeScreen(_ path: String, screenshot: String) throws {
        let dump = String(decoding: try Data(contentsOf: TestPaths.fixture("dumps/uiautomator/written-raw-dump-settings-1080x2400.xml")), as: UTF8.self)
        let xml = dump.range(of: "UI hierchary dumped to:").map { String(dump[..<$0.lowerBound]) } ?? dump
        try Data(xml.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        let pixels = GradientPicture.pixels(width: 1080, height: 2400, seed: "settings", holes: false)
        let staged = screenshot + ".new.png"
        try PNG.write(RGBAImage(width: 1080, height: 2400, pixels: pixels), to: staged)
        if FileManager.default.fileExists(atPath: screenshot) { try FileManager.default.removeItem(atPath: screenshot) }
        try FileManager.default.moveItem(atPath: staged, toPath: screenshot)
    }

    func testAnotherHostTraversalAndFilesAreRefusedAndThePageHasItsPolicy() throws {
        let serve = try ServeProcess("adb:", adb: adb, in: workspace)
        let page = try serve.request("/")
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.headers["content-security-policy"], "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; frame-src 'self'; frame-ancestors 'none'; form-action 'none'")
        XCTAssertTrue(page.body.contains("new EventSource(\"/events\")"))
        XCTAssertTrue(page.body.contains("<b>adb:</b>"))
        for host in ["evil.example", "evil.example:\(serve.port)", "127.0.0.1:1"] {
            let refused = try serve.request("/", host: host)
            XCTAssertEqual(refused.status, 421, host)
            XCTAssertFalse(refused.body.contains("EventSource"), host)
        }
        for target in ["/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd", "/screen/..%2f..%2fetc/passwd",
                       "/etc/passwd", "//etc/passwd", "http://127.0.0.1:\(serve.port)/etc/passwd", "/screen/1/../../etc/passwd",
                       FileManager.default.currentDirectoryPath + "/Package.swift"] {
            let refused = try serve.request(target)
            XCTAssertTrue((400...499).contains(refused.status), "\(target): \(refused.status)")
            XCTAssertFalse(refused.body.contains("root:"), target)
            XCTAssertFalse(refused.body.contains("PackageDescription"), target)
        }
        XCTAssertEqual(try serve.request("/screen/1").status, 404, "no screen is taken before a page opens")
        XCTAssertEqual(try serve.request("/save", method: "POST").status, 403, "save without the page's Origin")
        serve.assertInterruptedCleanly()
    }

    func testNoScreenIsAskedForWithoutAPageAndTwoPagesShareOneCapture() throws {
        let serve = try ServeProcess("adb:", ["--every", "0.5"], adb: adb, in: workspace)
        Thread.sleep(forTimeInterval: 2)
        XCTAssertEqual(screencaps(), 0, "no page, no screen: \(adb.calls())")
        XCTAssertTrue(adb.calls().contains { $0.hasPrefix("devices") }, "the device is looked for at start")
        let seconds = 4.0
        let streams = try serve.events(pages: 2, seconds: seconds)
        let atFirst = streams.compactMap { $0.first?.at }.max() ?? 0
        XCTAssertEqual(streams.count, 2)
        for stream in streams { XCTAssertEqual(stream.compactMap(\.screen), [1], "\(stream)") }
        let taken = screencaps()
        // One capture every 0.5 s for both pages, while the first page was built and after: at
        // most that many, where a capture for each page would double it.
        XCTAssertGreaterThanOrEqual(taken, 3)
        XCTAssertLessThanOrEqual(taken, Int((seconds + atFirst) / 0.5) + 2, "\(adb.calls())")
        // The pages gone, the asking stops (each stream is noticed closed at its next keep-alive).
        Thread.sleep(forTimeInterval: 2)
        let after = screencaps()
        Thread.sleep(forTimeInterval: 2)
        XCTAssertEqual(screencaps(), after, "asked for screens with no page open")
        serve.assertInterruptedCleanly()
    }

    func testANewScreenReachesTheOpenPageWithinEveryPlusTwoSeconds() throws {
        let serve = try ServeProcess("adb:", ["--every", "1"], adb: adb, in: workspace)
        let (next, shot) = (workspace.path("settings.xml"), workspace.path("settings.png"))
        try FileManager.default.copyItem(atPath: adb.file("screencap.png"), toPath: shot)
        try Self.changeScreen(next, screenshot: shot)
        let events = try XCTUnwrap(serve.events(seconds: 60, screens: 2, change: [("screen", shot, adb.file("screencap.png")), ("screen", next, adb.file("window_dump.xml"))]).first)
        XCTAssertEqual(events.compactMap(\.screen), [1, 2], "\(events)")
        if let first = events.first, let changed = events.first(where: { $0.event == "changed" }), let second = events.last(where: { $0.screen == 2 }) {
            // The next capture starts within --every of the change, and its page is built after
            // it: within --every + 2 s, and the time the first screen took here (a debug build on a
            // busy machine takes seconds to build a page; docs/serve.md).
            XCTAssertLessThan(second.at - changed.at, 1 + 2 + first.at, "the new screen came late: \(events)")
            XCTAssertTrue(second.data.contains("\"colors\":{\"added\":\"#"), second.data)
        }
        let page = try serve.request("/screen/2")
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.headers["content-security-policy"], "default-src 'none'; img-src data: blob:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; frame-ancestors 'self'")
        XCTAssertTrue(page.body.contains("com.android.settings"), "the Settings screen's page")
        XCTAssertTrue(page.body.contains("\"mark\":\"added\""), "what changed is marked")
        XCTAssertFalse(try serve.request("/screen/1").body.contains("com.android.settings"))
        serve.assertInterruptedCleanly()
    }

    /// The search box's question (`GET /find`) is answered by `hierarchy find` itself: the same
    /// matches, reasons and verdict as the command gives on the same screen saved, with the
    /// lines it prints; a locator that does not parse is its one line.
    func testTheFindRouteAnswersAsHierarchyFindDoesOnTheScreenShown() throws {
        let saves = workspace.path("saved")
        let serve = try ServeProcess("adb:", ["--save-dir", saves], adb: adb, in: workspace)
        XCTAssertEqual(try serve.request("/find?screen=1&q=id%3Ax").status, 404, "no screen yet")
        _ = try serve.events(seconds: 0, screens: 1)
        XCTAssertEqual(try serve.request("/save", method: "POST", origin: String(serve.url.dropLast())).status, 200)
        let saved = saves + "/" + (try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: saves).first))
        func ask(_ locator: String, rule: String? = nil) throws -> (status: Int, body: [String: Any]) {
            let q = try XCTUnwrap(locator.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let answer = try serve.request("/find?screen=1&q=\(q)" + (rule.map { "&rule=" + $0 } ?? ""))
            XCTAssertEqual(answer.headers["content-type"], "application/json", answer.body)
            let body = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any], answer.body)
            XCTAssertEqual(body["screen"] as? Int, 1)
            return (answer.status, body)
        }
        // An Espresso matcher (its rule for a tap), an Appium id, and --rule: each as find says it.
        for (locator, rule) in [("onView(withId(R.id.timer_setup_time))", nil), ("id:com.google.android.deskclock:id/fab", nil), ("id:com.google.android.deskclock:id/fab", "espresso")] {
            let (status, body) = try ask(locator, rule: rule)
            XCTAssertEqual(status, 200, "\(body)")
            let served = try XCTUnwrap(body["find"] as? [String: Any], "\(body)")
            let command = try adb.hierarchy(["find", saved, locator, "--format", "json"] + (rule.map { ["--rule", $0] } ?? []))
            let expected = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(command.stdout.utf8)) as? NSDictionary, command.stderr)
            XCTAssertEqual(Self.withoutLines(served) as NSDictionary, expected, locator)
            let matches = try XCTUnwrap(served["matches"] as? [[String: Any]])
            XCTAssertEqual(matches.count, 1, locator)
            XCTAssertEqual(matches.first?["tappable"] as? Bool, command.status == 0, locator)
        }
        let (_, espresso) = try ask("onView(withId(R.id.timer_setup_time))")
        let find = try XCTUnwrap(espresso["find"] as? [String: Any])
        XCTAssertEqual(find["lines"] as? [String], ["locator: id matching (?-i)timer_setup_time", "  rule for a tap: Espresso's",
                                                    "1 match, 0 can be tapped; find_element returns \(((find["matches"] as? [[String: Any]])?.first?["id"] as? String) ?? "?")"])
        let lines = try XCTUnwrap((find["matches"] as? [[String: Any]])?.first?["lines"] as? [String])
        XCTAssertEqual(lines.suffix(2), ["    visible, but cannot be tapped", "    - not clickable: neither it nor an ancestor takes taps"], "the reason as find prints it")
        XCTAssertEqual(((find["matches"] as? [[String: Any]])?.first?["reasons"] as? [[String: Any]])?.first?["kind"] as? String, "not-clickable")
        let (_, fab) = try ask("id:com.google.android.deskclock:id/fab")
        XCTAssertEqual((((fab["find"] as? [String: Any])?["matches"] as? [[String: Any]])?.first?["lines"] as? [String])?.last, "    can be tapped")
        // A locator that does not parse: 400, find's one line.
        let bad = try ask("onView(withText(\"Alarm\")")
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(bad.body["error"] as? String, "--matcher: column 25: expected ',' or ')', found the end")
        XCTAssertEqual(try ask("//node[@text=").body["error"] as? String, "--xpath: column 14: expected an expression, found the end")
        XCTAssertEqual(try serve.request("/find?screen=1&q=id%3Ax").status, 200, "a locator matching nothing is an answer")
        try assertTheJSONRoutesRefuseInJSON(serve)
        XCTAssertEqual(serve.interrupt().status, 0)
    }

    /// Every refusal of the routes the page reads as JSON (`/find`, `/audit`, `/save`, a screen's
    /// data) is `{"error": "one line"}` with its status, the asker's text made printable; the pages
    /// keep their plain line. (Asked of the find test's server, which shows screen 1: a server
    /// of its own would cost CI seconds for nothing.)
    private func assertTheJSONRoutesRefuseInJSON(_ serve: ServeProcess) throws {
        func refused(_ target: String, method: String = "GET", host: String? = nil) throws -> (status: Int, error: String?, keys: [String]) {
            let answer = try serve.request(target, method: method, host: host)
            XCTAssertEqual(answer.headers["content-type"], "application/json", "\(target): \(answer.body)")
            let body = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any], "\(target): \(answer.body)")
            let error = body["error"] as? String
            XCTAssertFalse(error?.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } ?? true, "\(target): one printable line: \(answer.body)")
            return (answer.status, error, body.keys.sorted())
        }
        XCTAssertEqual(try refused("/find?screen=1&q=id%3Ax&rule=selenium").error,
                       "rule: 'selenium' is none of appium, espresso, compose, flutter, detox, xcuitest, maestro")
        for (target, status, said) in [
            ("/find?screen=1", 400, "q=LOCATOR is needed: a locator as hierarchy find reads it"),
            ("/find?q=id%3Ax", 400, "screen=N is needed: the number of a screen shown (1, 2…)"),
            ("/find?screen=1&q=x&file=%2Fetc%2Fpasswd", 400, "no field 'file' here (q, rule, screen)"),
            ("/audit?screen=x", 400, "screen=N is needed: the number of a screen shown (1, 2…)"),
            ("/screen/9/data", 404, "screen 9 is no longer kept"),
        ] {
            let answer = try refused(target)
            XCTAssertEqual(answer.status, status, target)
            XCTAssertEqual(answer.error, said, target)
        }
        // A field named with a line break and an escape character: said on one printable line.
        let controls = try refused("/find?screen=1&q=x&a%0Ab%1B%5B31m=1")
        XCTAssertEqual(controls.status, 400)
        XCTAssertTrue(controls.error?.hasPrefix("no field 'a") ?? false, "\(controls)")
        XCTAssertEqual(try refused("/find?screen=1&q=x", method: "POST").status, 405)
        XCTAssertEqual(try refused("/audit?screen=1", host: "evil.example").status, 421)
        XCTAssertEqual(try refused("/save", method: "POST").status, 403)
        XCTAssertEqual(try refused("/find?screen=2&q=x").keys, ["error", "screen"], "a screen no longer kept names it")
        // The pages' refusals stay plain lines.
        let page = try serve.request("/screen/1/x")
        XCTAssertEqual(page.status, 404)
        XCTAssertEqual(page.body, "no such page\n")
        XCTAssertEqual(page.headers["content-type"], "text/plain; charset=utf-8")
    }

    /// Finds, audits and captures run on a pool of a few threads: forty finds asked at once are
    /// all answered, and the server does not start a thread for each. (Asked of the audit test's
    /// server, which shows screen 1.)
    private func assertManyFindsRunOnABoundedPoolOfThreads(_ serve: ServeProcess) throws {
        let burst = try serve.burst("/find?screen=1&q=xpath%3A%2F%2F*%5Bcontains(%40text%2C%27a%27)%5D", count: 40)
        XCTAssertEqual(burst.statuses, Array(repeating: 200, count: 40))
        guard let before = burst.before, let most = burst.most else { throw XCTSkip("no /proc/PID/task here: the threads are not counted") }
        print("serve: \(before) threads before forty finds at once, at most \(most) while they ran")
        // The pool's threads exist before the burst; a few more may come and go (the runtime's).
        XCTAssertLessThan(most - before, 10, "threads before \(before), at most \(most) while forty finds ran")
    }

    /// The audit toggle's data (`GET /audit`): `hierarchy audit`'s findings on the screen shown,
    /// each on its layer of the screen's page.
    func testTheAuditRouteAnswersTheFindingsOfHierarchyAudit() throws {
        let saves = workspace.path("saved")
        let serve = try ServeProcess("adb:", ["--save-dir", saves], adb: adb, in: workspace)
        _ = try serve.events(seconds: 0, screens: 1)
        XCTAssertEqual(try serve.request("/save", method: "POST", origin: String(serve.url.dropLast())).status, 200)
        let saved = saves + "/" + (try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: saves).first))
        let answer = try serve.request("/audit?screen=1")
        XCTAssertEqual(answer.status, 200, answer.body)
        XCTAssertEqual(answer.headers["content-type"], "application/json")
        let body = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any], answer.body)
        let audit = try XCTUnwrap(body["audit"] as? [String: Any], answer.body)
        let findings = try XCTUnwrap(audit["findings"] as? [[String: Any]])
        let command = try adb.hierarchy(["audit", saved, "--format", "json"])
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(command.stdout.utf8)) as? [String: Any], command.stderr)
        let expected = try XCTUnwrap(report["findings"] as? [[String: Any]], command.stdout)
        XCTAssertFalse(expected.isEmpty, "the Clock screen has findings")
        XCTAssertEqual(findings.map { "\($0["rule"] ?? "") \($0["id"] ?? "")" }, expected.map { "\($0["rule"] ?? "") \($0["id"] ?? "")" })
        let page = try serve.request("/screen/1").body
        for finding in findings where finding["layer"] != nil { XCTAssertTrue(page.contains("\"id\":\"\(finding["id"] ?? "")\""), "\(finding)") }
        XCTAssertEqual(try serve.request("/audit?screen=2").status, 404)
        XCTAssertEqual(try serve.request("/audit?screen=x").status, 400)
        try assertManyFindsRunOnABoundedPoolOfThreads(serve)
        XCTAssertEqual(serve.interrupt().status, 0)
    }

    /// Find's JSON as the served box gets it, without the printed lines it adds.
    static func withoutLines(_ object: [String: Any]) -> [String: Any] {
        var object = object
        object["lines"] = nil
        for key in ["matches", "suggestions"] {
            object[key] = (object[key] as? [[String: Any]])?.map { item in item.filter { !["lines", "line", "by"].contains($0.key) } }
        }
        return object
    }

    func testTheDeviceGoingAwayIsSaidAndTheScreenComesBack() throws {
        let serve = try ServeProcess("adb:", ["--every", "0.5"], adb: adb, in: workspace)
        // Once the first screen is shown, screencap fails (its file gone: adb's "No such file"
        // and status 1, as a device that went offline mid-capture); once the page is told, the
        // device comes back showing Settings.
        let (shot, away) = (adb.file("screencap.png"), workspace.path("away.png"))
        let (dump, next, nextShot) = (adb.file("window_dump.xml"), workspace.path("settings.xml"), workspace.path("settings.png"))
        try FileManager.default.copyItem(atPath: shot, toPath: nextShot)
        try Self.changeScreen(next, screenshot: nextShot)
        let events = try XCTUnwrap(serve.events(seconds: 60, screens: 2, change: [
            ("screen", shot, away), ("gone", nextShot, shot), ("gone", next, dump),
        ]).first)
        XCTAssertEqual(events.map(\.event), ["screen", "changed", "gone", "changed", "back", "screen"], "\(events)")
        XCTAssertTrue(events.first { $0.event == "gone" }?.data.contains("screencap") ?? false, "\(events)")
        let result = serve.interrupt()
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.errors.contains("answers again"), result.errors)
        XCTAssertTrue(result.errors.contains("asks again every 5 s"), result.errors)
    }

    func testTheSessionEndingIsSaidAndTheLastScreenStays() throws {
        let server = try FakeWebDriver(mode: "appium2", in: workspace)
        let serve = try ServeProcess("webdriver:" + server.url, ["--every", "0.5"], adb: nil, in: workspace)
        let first = try XCTUnwrap(serve.events(seconds: 0, screens: 1).first)
        XCTAssertEqual(first.compactMap(\.screen), [1], "\(first)")
        XCTAssertTrue(try serve.request("/screen/1").body.contains("XCUIElementType"), "the session's page source")
        server.stop()
        // A page that opens now is told the screen shown, then that the session is gone.
        let events = try XCTUnwrap(serve.events(seconds: 10).first)
        XCTAssertEqual(events.map(\.event), ["screen", "gone"], "\(events)")
        XCTAssertEqual(try serve.request("/screen/1").status, 200, "the last screen stays")
        let result = serve.interrupt()
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.errors.contains("asks again every 5 s"), result.errors)
    }

    /// Twenty pages open at once for a minute, the screen changing once: every page is current
    /// and the server's memory stays bounded (its resident size sampled each second).
    func testTwentyPagesForAMinuteStayCurrentInBoundedMemory() throws {
        let serve = try ServeProcess("adb:", ["--every", "0.5"], adb: adb, in: workspace)
        let (next, shot) = (workspace.path("settings.xml"), workspace.path("settings.png"))
        try FileManager.default.copyItem(atPath: adb.file("screencap.png"), toPath: shot)
        try Self.changeScreen(next, screenshot: shot)
        let sampler = ResidentSize(pid: serve.process.processIdentifier)
        let streams = try serve.events(pages: 20, seconds: 60, change: [("screen", shot, adb.file("screencap.png")), ("screen", next, adb.file("window_dump.xml"))])
        let sizes = sampler.stop()
        XCTAssertEqual(streams.count, 20)
        for (k, stream) in streams.enumerated() { XCTAssertEqual(stream.compactMap(\.screen), [1, 2], "page \(k): \(stream)") }
        let peak = sizes.max() ?? 0, settled = sizes.suffix(40)
        print("serve: 20 pages for 60 s: resident size peak \(peak / 1024) MiB, last 40 s \((settled.min() ?? 0) / 1024)…\((settled.max() ?? 0) / 1024) MiB")
        XCTAssertLessThan(peak, 400 * 1024, "KiB")
        // No growth with time once both screens are built: the last 40 s within 32 MiB.
        XCTAssertLessThan((settled.max() ?? 0) - (settled.min() ?? 0), 32 * 1024, "\(sizes)")
        serve.assertInterruptedCleanly()
    }

    /// Any address but loopback is warned about; Ctrl-C leaves none of the screens taken behind.
    func testAHostBeyondLoopbackIsWarnedAboutAndCtrlCLeavesNothing() throws {
        let temporary = workspace.path("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let serve = try ServeProcess("adb:", ["--host", "0.0.0.0"], adb: adb, in: workspace, environment: ["TMPDIR": temporary])
        XCTAssertEqual(try serve.request("/").status, 200)
        XCTAssertEqual(try serve.request("/", host: "0.0.0.0:\(serve.port)").status, 421, "a wildcard is no name of the server")
        XCTAssertEqual(try serve.events(seconds: 0, screens: 1).first?.compactMap(\.screen), [1])
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty, "the screen taken is kept while serving")
        let result = serve.interrupt()
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(result.errors.hasPrefix("warning: serve: listening on 0.0.0.0, not only this machine"), result.errors)
        XCTAssertTrue(result.errors.hasSuffix("serve: stopped by Ctrl-C\n"), result.errors)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary), [], "nothing left in the temporary folder")
    }

    func testSaveWritesTheScreenShownAsANewCaptureFolderNeverReplacing() throws {
        let saves = workspace.path("saved")
        let serve = try ServeProcess("adb:", ["--save-dir", saves], adb: adb, in: workspace)
        XCTAssertEqual(try serve.request("/save", method: "POST", origin: String(serve.url.dropLast())).status, 409, "nothing shown yet")
        _ = try serve.events(seconds: 5, screens: 1)
        let origin = String(serve.url.dropLast())
        let first = try serve.request("/save", method: "POST", origin: origin)
        let second = try serve.request("/save", method: "POST", origin: origin)
        XCTAssertEqual(first.status, 200, first.body)
        XCTAssertEqual(second.status, 200, second.body)
        XCTAssertNotEqual(first.body, second.body)
        let names = try FileManager.default.contentsOfDirectory(atPath: saves).sorted()
        XCTAssertEqual(names.count, 2, "\(names)")
        for name in names {
            XCTAssertTrue(FileManager.default.fileExists(atPath: saves + "/" + name + "/tree.json"), name)
            XCTAssertTrue(FileManager.default.fileExists(atPath: saves + "/" + name + "/screenshot.png"), name)
        }
        let rendered = try adb.hierarchy(["layout", saves + "/" + names[0]])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let result = serve.interrupt()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.errors.components(separatedBy: "serve: saved \(saves)/").count, 3, "each save said: \(result.errors)")
    }

    func testAWatchedFolderShowsItsNewestScreenAndSaysWhenItIsGone() throws {
        let run = workspace.path("run"), saves = workspace.path("saved")
        try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: true)
        XCTAssertEqual(try adb.hierarchy(["capture", "adb", "-o", run + "/0001"]).status, 0)
        let serve = try ServeProcess(run, ["--every", "0.5", "--save-dir", saves], adb: nil, in: workspace)
        // The second screen is captured first, then moved in whole once the first is shown, as a
        // capture run adds one.
        try changeScreen()
        XCTAssertEqual(try adb.hierarchy(["capture", "adb", "-o", workspace.path("0002")]).status, 0)
        let events = try XCTUnwrap(serve.events(seconds: 8, screens: 2, change: [("screen", workspace.path("0002"), run + "/0002")]).first)
        XCTAssertEqual(events.compactMap(\.screen), [1, 2], "\(events)")
        XCTAssertTrue(try serve.request("/screen/2").body.contains("com.android.settings"))
        // Save copies the watched folder's screen as it is.
        let saved = try serve.request("/save", method: "POST", origin: String(serve.url.dropLast()))
        XCTAssertEqual(saved.status, 200, saved.body)
        let name = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: saves).first)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: saves + "/" + name + "/tree.json")), try Data(contentsOf: URL(fileURLWithPath: run + "/0002/tree.json")))
        // The folder disappears: the page and standard error say so, the server goes on.
        try FileManager.default.moveItem(atPath: run, toPath: workspace.path("elsewhere"))
        let gone = try XCTUnwrap(serve.events(seconds: 4).first)
        XCTAssertEqual(gone.map(\.event), ["screen", "gone"], "\(gone)")
        XCTAssertTrue(gone.last?.data.contains("the folder is gone") ?? false, "\(gone)")
        XCTAssertEqual(try serve.request("/screen/2").status, 200, "the last screen stays")
        let result = serve.interrupt()
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.errors.contains("the folder is gone"), result.errors)
    }

    /// A loose dump with its screenshot beside it (the same stem, as `report` pairs them): the
    /// picture is no screen of its own but the dump's screenshot, drawn on its layers, and save
    /// copies the two and nothing else of the folder.
    func testAWatchedDumpIsShownWithTheScreenshotBesideIt() throws {
        let run = workspace.path("pasted"), saves = workspace.path("saved")
        try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.repository.appendingPathComponent("Samples/appium-settings/page-source.xml").path, toPath: run + "/settings.xml")
        try FileManager.default.copyItem(atPath: TestPaths.repository.appendingPathComponent("Samples/appium-settings/screenshot.png").path, toPath: run + "/settings.png")
        try Data("an older note\n".utf8).write(to: URL(fileURLWithPath: run + "/notes.txt"))
        let serve = try ServeProcess(run, ["--every", "0.5", "--save-dir", saves], adb: nil, in: workspace)
        let events = try XCTUnwrap(serve.events(seconds: 4).first)
        XCTAssertEqual(events.compactMap(\.screen), [1], "the dump is the screen, not its picture: \(events)")
        let page = try serve.request("/screen/1")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.body.contains("\"textures\":[\n\"iVBORw0KGg"), "the layers carry the screenshot's pixels, as PNG textures")
        let saved = try serve.request("/save", method: "POST", origin: String(serve.url.dropLast()))
        XCTAssertEqual(saved.status, 200, saved.body)
        let name = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: saves).first)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: saves + "/" + name).sorted(), ["settings.png", "settings.xml"])
        serve.assertInterruptedCleanly()
    }

    func testAPortInUseAndAnInputThatIsNoScreenAreOneLineAndStatus2() throws {
        let serve = try ServeProcess("adb:", adb: adb, in: workspace)
        let taken = try adb.hierarchy(["serve", "adb:", "--port", String(serve.port)], timeout: 20)
        XCTAssertEqual(taken.status, 2, taken.stderr)
        XCTAssertEqual(taken.stderr, "error: serve: 127.0.0.1:\(serve.port) is in use (--port 0 picks a free port)\n")
        let file = try workspace.write("note.txt", "hello")
        for (input, said) in [(workspace.path("missing"), "not found"), (file, "a file")] {
            let result = try adb.hierarchy(["serve", input, "--port", "0"], timeout: 20)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains(said), result.stderr)
        }
        adb.environment["FAKE_ADB_DEVICES"] = "none"
        let none = try adb.hierarchy(["serve", "adb:", "--port", "0"], timeout: 20)
        XCTAssertEqual(none.status, 2, none.stderr)
        XCTAssertEqual(none.stderr.split(separator: "\n").count, 1, none.stderr)
        serve.assertInterruptedCleanly()
    }
}

/// A process's resident size (VmRSS, KiB), read from /proc each second on a thread of its own.
private final class ResidentSize: @unchecked Sendable {
    private let lock = NSLock()
    private var sizes: [Int] = []
    private var running = true

    init(pid: Int32) {
        Thread.detachNewThread { [self] in
            while lock.withLock({ running }) {
                let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
                if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
                   let kib = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") {
                    lock.withLock { sizes.append(kib) }
                }
                Thread.sleep(forTimeInterval: 1)
            }
        }
    }

    /// Stops sampling; the sizes read.
    func stop() -> [Int] { lock.withLock { running = false; return sizes } }
}
