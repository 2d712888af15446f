import Foundation
import HierarchyTestSupport
import XCTest

/// `hierarchy serve` in a real browser: headless Chromium through Selenium opens the page served
/// for the fake adb; once the viewer shows the first screen, the camera is turned and a view
/// selected and a search typed, the device's screen changes (Settings, moved in), and the page must show the new
/// screen's layers without a reload, with the angle, the selection and the search kept, within `--every` + 2 s (plus the time
/// the first screen took here: a debug build on a busy machine takes seconds to build a page).
final class ServeBrowserTests: XCTestCase {
    /// What both scripts begin with: argv read (URL, then FROM TO pairs to move), headless
    /// Chromium started through Selenium with the browser's log kept.
    static let prelude = #"""
        import json, os, shutil, sys, time
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        def tool(*names):
            return next((shutil.which(n) for n in names if shutil.which(n)), None)

        url, moves = sys.argv[1], sys.argv[2:]
        options = webdriver.ChromeOptions()
        options.binary_location = tool("chromium", "chromium-browser", "google-chrome")
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,900", "--force-device-scale-factor=1"]:
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(options=options, service=Service(executable_path=tool("chromedriver", "chromium.chromedriver")))
        driver.set_script_timeout(200)

        """#

    /// argv: URL, then FROM TO pairs moved once the first screen shows. Prints one JSON object.
    static let check = prelude + #"""
        out = {}
        try:
            start = time.time()
            driver.get(url)
            while driver.execute_script("return window.hierarchyServe.screen()") < 1 and time.time() - start < 180:
                time.sleep(0.05)
            out["first"] = round(time.time() - start, 3)
            out["before"] = driver.execute_script("return window.hierarchyViewer.layers().map((l) => l.id)")
            out["set"] = driver.execute_script("return window.hierarchyViewer.setView({yaw: 33, pitch: 12, zoom: 1.5})")
            out["selected"] = driver.execute_script("return window.hierarchyViewer.select('0.0')")
            driver.execute_script(
                "const box = document.querySelector('iframe.shown').contentDocument.getElementById('search');"
                "box.value = 'Layout'; box.dispatchEvent(new Event('input', {bubbles: true}));")
            changed = time.time()
            for k in range(0, len(moves), 2):
                os.replace(moves[k], moves[k + 1])
            while driver.execute_script("return window.hierarchyServe.screen()") < 2 and time.time() - changed < 120:
                time.sleep(0.02)
            out["shown"] = round(time.time() - changed, 3)
            out["screen"] = driver.execute_script("return window.hierarchyServe.screen()")
            out["after"] = driver.execute_script("return window.hierarchyViewer.layers().map((l) => l.id)")
            out["view"] = driver.execute_script("return window.hierarchyViewer.getView()")
            out["selectedAfter"] = driver.execute_script("return window.hierarchyViewer.selected()")
            out["search"] = driver.execute_script("return document.querySelector('iframe.shown').contentDocument.getElementById('search').value")
            out["frames"] = driver.execute_script("return document.querySelectorAll('iframe').length")
            out["reloaded"] = driver.execute_script("return performance.getEntriesByType('navigation').length")
            out["errors"] = [e["message"] for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
        finally:
            driver.quit()
        print(json.dumps(out))
        """#

    /// argv: URL, then FROM TO pairs moved once the answers are read. Types locators in the served
    /// viewer's search box and turns the audit on and off. Prints one JSON object.
    static let askCheck = prelude + #"""
        FRAME = "document.querySelector('iframe.shown').contentDocument"

        def wait(script, seconds=60):
            start = time.time()
            while time.time() - start < seconds:
                value = driver.execute_script(script)
                if value:
                    return value
                time.sleep(0.05)
            return None

        def type_in(text):
            driver.execute_script(
                f"const box = {FRAME}.getElementById('search');"
                "box.value = arguments[0]; box.dispatchEvent(new Event('input', {bubbles: true}));", text)

        def answer():
            return driver.execute_script(
                f"const d = {FRAME}, panel = d.getElementById('find'), error = d.getElementById('search-error');"
                "return {lines: panel ? [...panel.querySelectorAll('.find-line, .find-item, .find-detail')].map((e) => e.textContent) : null,"
                " error: error.hidden ? null : error.textContent, count: d.getElementById('search-count').textContent,"
                " selected: window.hierarchyViewer.selected(), marked: [...d.querySelectorAll('.layer.find-blocked, .layer.find-tappable')].length}")

        out = {}
        try:
            driver.get(url)
            wait("return window.hierarchyServe.screen() >= 1", 180)
            out["placeholder"] = driver.execute_script(f"return {FRAME}.getElementById('search').placeholder")
            type_in("onView(withId(R.id.timer_setup_time))")
            wait(f"return {FRAME}.getElementById('find') !== null")
            out["espresso"] = answer()
            type_in("id:com.google.android.deskclock:id/fab")
            wait(f"return ({FRAME}.getElementById('find') || {{textContent: ''}}).textContent.includes('fab')")
            out["appium"] = answer()
            # The tap-rule menu asks again with find's --rule, then back to the locator's own.
            out["rules"] = driver.execute_script("return [...document.getElementById('rule').options].map((o) => o.value)")
            driver.execute_script("const m = document.getElementById('rule'); m.value = 'espresso'; m.dispatchEvent(new Event('change'));")
            wait(f"return ({FRAME}.getElementById('find') || {{textContent: ''}}).textContent.includes('Espresso')")
            out["ruled"] = answer()
            driver.execute_script("const m = document.getElementById('rule'); m.value = ''; m.dispatchEvent(new Event('change'));")
            wait(f"return !({FRAME}.getElementById('find') || {{textContent: 'Espresso'}}).textContent.includes('Espresso')")
            out["unruled"] = answer()
            type_in("onView(withText(\"Alarm\")")
            wait(f"return !{FRAME}.getElementById('search-error').hidden")
            out["bad"] = answer()
            type_in("Alarm")
            out["text"] = answer()
            out["auditOn"] = driver.execute_async_script("window.hierarchyServe.audit(true).then(arguments[0])")
            out["auditMarked"] = driver.execute_script(f"return {FRAME}.querySelectorAll('.layer.audit-warning').length")
            out["auditPanel"] = driver.execute_script(f"return {FRAME}.getElementById('audit').textContent")
            out["pressed"] = driver.execute_script("return document.getElementById('audit').getAttribute('aria-pressed')")
            for k in range(0, len(moves), 2):
                os.replace(moves[k], moves[k + 1])
            wait("return window.hierarchyServe.screen() >= 2", 120)
            out["auditAfter"] = wait(f"return {FRAME}.getElementById('audit') && window.hierarchyViewer.audited()", 60)
            driver.execute_script("document.getElementById('audit').click()")
            out["auditOff"] = wait(f"return !{FRAME}.getElementById('audit') && {FRAME}.querySelectorAll('.layer.audit-warning, .layer.audit-error, .layer.audit-info').length === 0 ? 'off' : null")
            # The locator that does not parse is answered 400, which Chromium logs as a resource
            # that failed to load: the answer expected, not an error of the page.
            out["errors"] = [e["message"] for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")
                             and not ("/find?" in e["message"] and "status of 400" in e["message"])]
        finally:
            driver.quit()
        print(json.dumps(out))
        """#

    /// The served viewer's search box asks the server (`GET /find`): a locator typed in it selects
    /// find_element's view and lists find's answer with its reasons; a locator that does not parse
    /// shows find's one line; the Audit toggle shows the findings and stays on for the next screen.
    func testTheSearchBoxAsksTheServerAndTheAuditToggles() throws {
        let (serve, result, output) = try browse(Self.askCheck)
        XCTAssertEqual(result["placeholder"] as? String, "Search text, or any locator hierarchy find reads", output)
        let espresso = try XCTUnwrap(result["espresso"] as? [String: Any], output)
        let lines = try XCTUnwrap(espresso["lines"] as? [String], output)
        XCTAssertEqual(lines.first, "locator: id matching (?-i)timer_setup_time", output)
        XCTAssertTrue(lines.contains("- not clickable: neither it nor an ancestor takes taps"), "the reason is shown: \(lines)")
        let selected = try XCTUnwrap(espresso["selected"] as? String, "the match is selected: \(output)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("✗ \(selected) android.widget.TextView '25h 22m 22s'") }, "\(selected): \(lines)")
        XCTAssertEqual(espresso["count"] as? String, "1 of 1", output)
        XCTAssertEqual(espresso["marked"] as? Int, 1, output)
        let appium = try XCTUnwrap(result["appium"] as? [String: Any], output)
        XCTAssertTrue((appium["lines"] as? [String])?.contains("can be tapped") ?? false, output)
        XCTAssertNotEqual(appium["selected"] as? String, selected, "the new match is selected")
        XCTAssertEqual(result["rules"] as? [String], ["", "appium", "espresso", "compose", "flutter", "detox", "xcuitest", "maestro"], "the menu lists find --rule's choices")
        let ruled = try XCTUnwrap((result["ruled"] as? [String: Any])?["lines"] as? [String], output)
        XCTAssertTrue(ruled.contains { $0.contains("rule for a tap: Espresso's") }, "the rule chosen is find's --rule: \(ruled)")
        let unruled = try XCTUnwrap((result["unruled"] as? [String: Any])?["lines"] as? [String], output)
        XCTAssertFalse(unruled.contains { $0.contains("Espresso") }, "back to the locator's own rule: \(unruled)")
        let bad = try XCTUnwrap(result["bad"] as? [String: Any], output)
        XCTAssertEqual(bad["error"] as? String, "--matcher: column 25: expected ',' or ')', found the end", output)
        XCTAssertNil(bad["lines"] as? [String], "no answer listed for a locator that does not parse")
        let text = try XCTUnwrap(result["text"] as? [String: Any], output)
        XCTAssertNil(text["lines"] as? [String], "a text is searched in the page, as before")
        XCTAssertEqual(text["count"] as? String, "2 matches", output)
        XCTAssertEqual(result["auditOn"] as? Int, 3, "the Clock screen's three findings: \(output)")
        XCTAssertEqual(result["auditMarked"] as? Int, 3, output)
        XCTAssertTrue((result["auditPanel"] as? String)?.contains("image-label") ?? false, output)
        XCTAssertEqual(result["pressed"] as? String, "true", output)
        XCTAssertNotNil(result["auditAfter"] as? Int, "the audit stays on for the next screen: \(output)")
        XCTAssertEqual(result["auditOff"] as? String, "off", output)
        XCTAssertEqual(result["errors"] as? [String], [], output)
        XCTAssertEqual(serve.interrupt().status, 0)
    }

    func testTheOpenPageShowsTheNewScreenKeepingTheAngle() throws {
        let (serve, result, output) = try browse(Self.check)
        let before = try XCTUnwrap(result["before"] as? [String], output), after = try XCTUnwrap(result["after"] as? [String], output)
        XCTAssertFalse(before.isEmpty, output)
        XCTAssertEqual(result["screen"] as? Int, 2, output)
        XCTAssertNotEqual(before, after, "the new screen's layers are shown")
        let first = try XCTUnwrap(result["first"] as? Double), shown = try XCTUnwrap(result["shown"] as? Double)
        XCTAssertLessThan(shown, 1 + 2 + first, output)
        let view = try XCTUnwrap(result["view"] as? [String: Any], output)
        XCTAssertEqual(view["yaw"] as? Double, 33, "the angle is kept: \(view)")
        XCTAssertEqual(view["pitch"] as? Double, 12, "\(view)")
        XCTAssertEqual(view["zoom"] as? Double, 1.5, "\(view)")
        XCTAssertEqual(result["selected"] as? Bool, true, output)
        // The selection follows the view the diff paired with it (the Clock's first child is
        // paired with one of Settings' under another id), not merely its old id.
        let selected = try XCTUnwrap(result["selectedAfter"] as? String, "a view stays selected: \(output)")
        XCTAssertTrue(after.contains(selected), selected)
        XCTAssertEqual(result["search"] as? String, "Layout", "the search is kept")
        XCTAssertEqual(result["frames"] as? Int, 1, "the old screen's frame is gone")
        XCTAssertEqual(result["reloaded"] as? Int, 1, "one navigation: no reload")
        XCTAssertEqual(result["errors"] as? [String], [], output)
        serve.assertInterruptedCleanly()
    }

    /// The fake adb served (`--every 1`), the next screen ready to be moved in (Settings, with a
    /// screenshot of its size: a gradient, no real one of that screen exists), and `script` run
    /// against the page with the moves as its arguments: the server, the script's JSON, its output.
    private func browse(_ script: String) throws -> (serve: ServeProcess, result: [String: Any], output: String) {
        try Chromium.require()
        let workspace = try Workspace()
        let adb = try FakeAdb(in: workspace)
        let serve = try ServeProcess("adb:", ["--every", "1"], adb: adb, in: workspace)
        let (dump, shot) = (workspace.path("settings.xml"), workspace.path("settings.png"))
        try ServeCommandTests.changeScreen(dump, screenshot: shot)
        let file = workspace.path("serve_check.py")
        try Data(script.utf8).write(to: URL(fileURLWithPath: file))
        let (status, output) = try ExternalProcess.run(ExternalProcess.python, [
            file, serve.url, shot, adb.file("screencap.png"), dump, adb.file("window_dump.xml"),
        ])
        XCTAssertEqual(status, 0, output)
        let line = try XCTUnwrap(output.split(separator: "\n").last, output)
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], output)
        return (serve, result, output)
    }
}
