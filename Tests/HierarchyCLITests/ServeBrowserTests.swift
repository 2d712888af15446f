import Foundation
import HierarchyTestSupport
import XCTest

/// `hierarchy serve` in a real browser: headless Chromium through Selenium opens the page served
/// for the fake adb; once the viewer shows the first screen, the camera is turned and a view
/// selected and a search typed, the device's screen changes (Settings, moved in), and the page must show the new
/// screen's layers without a reload, with the angle, the selection and the search kept, within `--every` + 2 s (plus the time
/// the first screen took here: a debug build on a busy machine takes seconds to build a page).
final class ServeBrowserTests: XCTestCase {
    /// argv: URL, then FROM TO pairs moved once the first screen shows. Prints one JSON object.
    static let check = #"""
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

    func testTheOpenPageShowsTheNewScreenKeepingTheAngle() throws {
        try Chromium.require()
        let workspace = try Workspace()
        let adb = try FakeAdb(in: workspace)
        let serve = try ServeProcess("adb:", ["--every", "1"], adb: adb, in: workspace)
        // The next screen, ready to be moved in: Settings, with a screenshot of its size (a
        // gradient: no real one of that screen exists).
        let (dump, shot) = (workspace.path("settings.xml"), workspace.path("settings.png"))
        try ServeCommandTests.changeScreen(dump, screenshot: shot)
        let script = workspace.path("serve_check.py")
        try Data(Self.check.utf8).write(to: URL(fileURLWithPath: script))
        let (status, output) = try ExternalProcess.run(ExternalProcess.python, [
            script, serve.url, shot, adb.file("screencap.png"), dump, adb.file("window_dump.xml"),
        ])
        XCTAssertEqual(status, 0, output)
        let line = try XCTUnwrap(output.split(separator: "\n").last, output)
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], output)
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
}
