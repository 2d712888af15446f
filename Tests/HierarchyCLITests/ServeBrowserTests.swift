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

        # The moves after "then", if any, are made once the first ones are shown.
        url, moves = sys.argv[1], sys.argv[2:]
        moves, later = (moves[:moves.index("then")], moves[moves.index("then") + 1:]) if "then" in moves else (moves, [])
        options = webdriver.ChromeOptions()
        options.binary_location = tool("chromium", "chromium-browser", "google-chrome")
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,900", "--force-device-scale-factor=1"]:
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(options=options, service=Service(executable_path=tool("chromedriver", "chromium.chromedriver")))
        driver.set_script_timeout(200)

        """#

    /// argv: URL, then FROM TO pairs moved once the first screen shows. Prints one JSON object.
    static let check = prelude + fresh + #"""
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
            driver.execute_script("document.querySelector('iframe.shown').dataset.first = 'yes'")
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
            out["inPlace"] = driver.execute_script("return document.querySelector('iframe.shown').dataset.first === 'yes'")
            out["fresh"] = driver.execute_async_script(FRESH)
            if later:
                # A screen of the same size (a text changed): shown in place, the elements of what
                # did not change kept, the view changed marked.
                driver.execute_script(
                    "const frame = document.querySelector('iframe.shown'); frame.dataset.second = 'yes';"
                    "for (const el of frame.contentDocument.querySelectorAll('.layer, #tree .row')) el.dataset.before = 'yes';")
                for k in range(0, len(later), 2):
                    os.replace(later[k], later[k + 1])
                start = time.time()
                while driver.execute_script("return window.hierarchyServe.screen()") < 3 and time.time() - start < 120:
                    time.sleep(0.02)
                out["third"] = driver.execute_script(
                    "const frame = document.querySelector('iframe.shown'), d = frame.contentDocument;"
                    "return {screen: window.hierarchyServe.screen(), inPlace: frame.dataset.second === 'yes',"
                    " layers: window.hierarchyViewer.layers().length, kept: d.querySelectorAll('.layer[data-before]').length,"
                    " rowsKept: d.querySelectorAll('#tree .row[data-before]').length,"
                    " marked: [...d.querySelectorAll('.layer.mark-changed, .layer.mark-added')].map((e) => e.dataset.id + ' ' + e.className),"
                    " view: window.hierarchyViewer.getView(), search: d.getElementById('search').value}")
                out["thirdFresh"] = driver.execute_async_script(FRESH)
            out["errors"] = [e["message"] for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
        finally:
            driver.quit()
        print(json.dumps(out))
        """#

    /// `FRESH`, a script that loads the page of the screen shown in a frame of its own, as a page
    /// opened on it, turns it to the shown viewer's view, and says what differs between the two:
    /// the layers, each layer's place on the screen, the planes' elements in painter's order, the
    /// tree's rows and the counts (nothing, when the in-place update built what a new page builds).
    static let fresh = #"""
        FRESH = """
        const done = arguments[arguments.length - 1], shown = window.hierarchyViewer;
        const shownDocument = document.querySelector('iframe.shown').contentDocument;
        const frame = document.createElement('iframe');
        frame.src = '/screen/' + window.hierarchyServe.screen();
        frame.addEventListener('load', async () => {
          const fresh = frame.contentWindow.hierarchyViewer;
          await fresh.ready;
          const view = shown.getView();
          delete view.scale;
          fresh.setView(view);
          const rect = (v, id) => { const r = v.rectOf(id); return [r.x, r.y, r.width, r.height].map((n) => n.toFixed(1)).join(' '); };
          const planes = (d) => [...d.querySelectorAll('#camera > .plane')].map((p) => [...p.children].map((e) => e.dataset.id).join(' '));
          const rows = (d) => [...d.querySelectorAll('#tree li')].map((li) => li.dataset.index + ' ' + li.querySelector('.row').title);
          const text = (d) => d.getElementById('layer-count').textContent + ' ' + d.getElementById('depth-max').max;
          const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
          const layers = shown.layers();
          done({
            layers: same(layers, fresh.layers()),
            rects: layers.filter((l) => rect(shown, l.id) !== rect(fresh, l.id)).map((l) => l.id).slice(0, 5),
            planes: same(planes(shownDocument), planes(frame.contentDocument)),
            rows: same(rows(shownDocument), rows(frame.contentDocument)),
            counts: [text(shownDocument), text(frame.contentDocument)],
          });
          frame.remove();
        }, { once: true });
        document.getElementById('frames').append(frame);
        """

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
            if later:
                # The same screen with a text changed, shown in place: the audit follows it, and
                # the box asks the server about the new screen.
                for k in range(0, len(later), 2):
                    os.replace(later[k], later[k + 1])
                wait("return window.hierarchyServe.screen() >= 3", 120)
                out["auditThird"] = wait(f"return {FRAME}.getElementById('audit') && window.hierarchyViewer.audited()", 60)
                type_in("text:Connected gadgets")
                wait(f"return ({FRAME}.getElementById('find') || {{textContent: ''}}).textContent.includes('gadgets')")
                out["askedThird"] = answer()
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
        let (serve, result, output) = try browse(Self.askCheck, textChanged: true)
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
        XCTAssertNotNil(result["auditThird"] as? Int, "and for the one shown in place: \(output)")
        let third = try XCTUnwrap(result["askedThird"] as? [String: Any], output)
        XCTAssertEqual(third["selected"] as? String, "0.0.0.0.0.1.1.1.0", "the box asks about the screen shown in place: \(third)")
        XCTAssertEqual(result["auditOff"] as? String, "off", output)
        XCTAssertEqual(result["errors"] as? [String], [], output)
        XCTAssertEqual(serve.interrupt().status, 0)
    }

    /// The device's screen changes twice: to a screen of another size (Settings after the Clock,
    /// loaded in a new frame), then to the same with a text changed (shown in place). Each time
    /// the page shows what a page opened on that screen shows, keeping the angle, the zoom, the
    /// selection and the search.
    func testTheOpenPageShowsTheNewScreenKeepingTheAngle() throws {
        let (serve, result, output) = try browse(Self.check, textChanged: true)
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
        // Another screen size: a new frame, showing what a page opened on that screen shows.
        XCTAssertEqual(result["inPlace"] as? Bool, false, "another size is loaded in a frame of its own: \(output)")
        try Self.assertFresh(result["fresh"], output)
        // The same size, a text changed: in place, every element kept (the text's view is drawn
        // from the same screenshot), that view marked (the diff pairs views by their text, so a
        // new text is a view added).
        let third = try XCTUnwrap(result["third"] as? [String: Any], output)
        XCTAssertEqual(third["screen"] as? Int, 3, output)
        XCTAssertEqual(third["inPlace"] as? Bool, true, "updated in place, in the same frame: \(third)")
        XCTAssertEqual(third["kept"] as? Int, third["layers"] as? Int, "each unchanged layer keeps its element: \(third)")
        XCTAssertEqual(third["rowsKept"] as? Int, (third["layers"] as? Int).map { $0 - 1 }, "and its tree row, but the row of the text changed: \(third)")
        XCTAssertEqual(third["marked"] as? [String], ["0.0.0.0.0.1.1.1.0 layer side-after mark-added"], "the view whose text changed is marked: \(third)")
        let turned = try XCTUnwrap(third["view"] as? [String: Any], output)
        XCTAssertEqual([turned["yaw"], turned["pitch"], turned["zoom"]] as? [Double], [33, 12, 1.5], "the angle is kept in place: \(turned)")
        XCTAssertEqual(third["search"] as? String, "Layout", "the search is kept in place")
        try Self.assertFresh(result["thirdFresh"], output)
        XCTAssertEqual(result["errors"] as? [String], [], output)
        serve.assertInterruptedCleanly()
    }

    /// What `FRESH` found: nothing differs between the page updated and a page opened on its screen.
    static func assertFresh(_ found: Any?, _ output: String, line: UInt = #line) throws {
        let fresh = try XCTUnwrap(found as? [String: Any], output, line: line)
        XCTAssertEqual(fresh["layers"] as? Bool, true, "the layers of a new page: \(fresh)", line: line)
        XCTAssertEqual(fresh["rects"] as? [String], [], "each layer where a new page draws it: \(fresh)", line: line)
        XCTAssertEqual(fresh["planes"] as? Bool, true, "the planes' elements in a new page's order: \(fresh)", line: line)
        XCTAssertEqual(fresh["rows"] as? Bool, true, "the tree of a new page: \(fresh)", line: line)
        let counts = try XCTUnwrap(fresh["counts"] as? [String], output, line: line)
        XCTAssertEqual(counts.first, counts.last, "the counts and the depth range of a new page", line: line)
    }

    /// The fake adb served (`--every 1`), the next screen ready to be moved in (Settings, with a
    /// screenshot of its size: a gradient, no real one of that screen exists), and `script` run
    /// against the page with the moves as its arguments: the server, the script's JSON, its output.
    /// `textChanged`: then Settings with a text changed, moved in once Settings shows.
    private func browse(_ script: String, textChanged: Bool = false) throws -> (serve: ServeProcess, result: [String: Any], output: String) {
        try Chromium.require()
        let workspace = try Workspace()
        let adb = try FakeAdb(in: workspace)
        let serve = try ServeProcess("adb:", ["--every", "1"], adb: adb, in: workspace)
        let (dump, shot) = (workspace.path("settings.xml"), workspace.path("settings.png"))
        try ServeCommandTests.changeScreen(dump, screenshot: shot)
        let file = workspace.path("serve_check.py")
        try Data(script.utf8).write(to: URL(fileURLWithPath: file))
        var later: [String] = []
        if textChanged {
            let edited = workspace.path("settings-edited.xml")
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: dump)), as: UTF8.self)
            XCTAssertTrue(text.contains(#"text="Connected devices""#))
            try Data(text.replacingOccurrences(of: #"text="Connected devices""#, with: #"text="Connected gadgets""#).utf8).write(to: URL(fileURLWithPath: edited))
            later = ["then", edited, adb.file("window_dump.xml")]
        }
        let (status, output) = try ExternalProcess.run(ExternalProcess.python, [
            file, serve.url, shot, adb.file("screencap.png"), dump, adb.file("window_dump.xml"),
        ] + later)
        XCTAssertEqual(status, 0, output)
        let line = try XCTUnwrap(output.split(separator: "\n").last, output)
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], output)
        return (serve, result, output)
    }
}
