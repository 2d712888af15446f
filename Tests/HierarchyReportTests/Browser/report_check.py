#!/usr/bin/env python3
"""Opens a page `hierarchy report` wrote, in headless Chromium, and checks it:

    report_check.py PAGE EXPECTED_JSON [SCREENSHOT.png]

EXPECTED_JSON: {"summary": {"screens": n, "changed": n, …} (the counts the page must show),
"changed": name of a changed screen, "changes": the number of changes its diff lists,
"error": name of a screen that could not be read, "folder": true for a report folder's index.html,
which may load its data/ files and nothing else}. Checks: no console errors and nothing
fetched; the summary; one card per screen; the filter; opening the changed screen shows its
viewer (ready, with the Before/After switch and its changes listed) and its changes beside it;
the error screen shows its error. Prints `ready: N ms`, one `FAIL: …` line per failed check;
exit status 1 when any failed. With SCREENSHOT, saves the grid's picture there.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../HierarchyViewerTests/Browser"))
from viewer_check import console_errors, launch  # noqa: E402


def measure(page, opened=None):
    """Prints, as medians of 3 loads, the times from navigation until the page's script has built
    the grid (DOMContentLoaded), until the load event (every thumbnail decoded), and until the
    frame after it is drawn (the grid rendered); with `opened`, the time to open that screen's viewer."""
    driver = launch()
    try:
        built, loaded, painted, viewer = [], [], [], []
        for _ in range(3):
            driver.get("file://" + os.path.abspath(page))
            painted.append(driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now())));"))
            timing = driver.execute_script(
                "const n = performance.getEntriesByType('navigation')[0];"
                "return window.hierarchyReport ? [n.domContentLoadedEventEnd, n.loadEventEnd] : [-1, -1]")
            built.append(timing[0])
            loaded.append(timing[1])
            if opened:
                viewer.append(driver.execute_async_script(
                    "const done = arguments[arguments.length - 1], start = performance.now();"
                    "window.hierarchyReport.open(arguments[0]);"
                    "const wait = () => { const w = window.hierarchyReport.viewer(); "
                    "  if (w && w.hierarchyViewer) w.hierarchyViewer.ready.then(() => done(performance.now() - start)); else setTimeout(wait, 5); };"
                    "wait();", opened))
        cards = driver.execute_script("return document.querySelectorAll('#grid .card').length")
        errors = console_errors(driver)
        median = lambda values: sorted(values)[len(values) // 2]
        print(f"grid built in {median(built):.0f} ms, loaded in {median(loaded):.0f} ms, rendered in {median(painted):.0f} ms"
              f" (medians of 3 loads), {cards} cards, console errors: {len(errors)}")
        if opened:
            print(f"screen {opened} opened, its viewer ready in {median(viewer):.0f} ms (median of 3)")
    finally:
        driver.quit()
    return 0


def main(argv):
    if argv[1] == "measure":
        return measure(argv[2], argv[3] if len(argv) > 3 else None)
    page, expected = argv[1], json.loads(argv[2])
    failures = []

    def expect(condition, message):
        if not condition:
            failures.append(message)

    driver = launch()
    try:
        start = time.monotonic()
        driver.get("file://" + os.path.abspath(page))
        ready = driver.execute_script("return window.hierarchyReport ? performance.now() : -1")
        print(f"ready: {ready:.0f} ms (load returned after {1000 * (time.monotonic() - start):.0f} ms)")
        expect(ready >= 0, "window.hierarchyReport is missing")
        summary = driver.execute_script("return window.hierarchyReport.summary()")
        for key, value in expected["summary"].items():
            expect(summary.get(key) == value, f"summary {key}: {summary.get(key)}, expected {value}")
            shown = driver.execute_script(f"const e = document.querySelector('#summary [data-key=\"{key}\"] dd'); return e ? e.textContent : null")
            if key in ("screens", "changed", "added", "removed", "findings", "errors"):
                expect(shown == str(value), f"the summary shows {key} {shown}, expected {value}")
        cards = driver.execute_script("return document.querySelectorAll('#grid .card').length")
        expect(cards == expected["summary"]["screens"], f"{cards} cards, expected {expected['summary']['screens']}")
        thumbs = driver.execute_script("return Array.from(document.querySelectorAll('#grid .card img')).filter(i => i.complete && i.naturalWidth > 0).length")
        expect(thumbs >= 2 * (cards - expected["summary"].get("errors", 0) - expected["summary"].get("removed", 0)), f"only {thumbs} thumbnails drawn")
        if len(argv) > 3:
            driver.save_screenshot(argv[3])
        # The filter: the changed screen's name shows it (and no card that does not contain it).
        changed = expected["changed"]
        driver.execute_script("const f = document.getElementById('filter'); f.value = arguments[0]; f.dispatchEvent(new Event('input'));", changed)
        visible = driver.execute_script("return Array.from(document.querySelectorAll('#grid .card')).filter(c => !c.hidden).map(c => c.dataset.name)")
        expect(changed in visible and all(changed.lower() in v.lower() for v in visible), f"filtering by '{changed}' shows {visible}")
        driver.execute_script("const f = document.getElementById('filter'); f.value = ''; f.dispatchEvent(new Event('input'));")
        # Opening the changed screen: a click on its card.
        driver.execute_script("document.querySelector(`#grid .card[data-name=\"${arguments[0]}\"]`).click()", changed)
        expect(driver.execute_script("return !document.getElementById('detail').hidden"), "clicking a card does not open the screen")
        driver.switch_to.frame(driver.find_element("id", "viewer"))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not driver.execute_script("return !!window.hierarchyViewer"):
            time.sleep(0.1)
        ok = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "window.hierarchyViewer.ready.then(() => done(true), () => done(false));")
        expect(ok is True, "the changed screen's viewer did not get ready")
        listed = driver.execute_script("return document.querySelectorAll('#changes .change').length")
        expect(listed == expected["changes"], f"the viewer lists {listed} changes, expected {expected['changes']}")
        switch = driver.execute_script("return document.querySelectorAll('#side [data-side]').length")
        expect(switch == 2, "the viewer has no Before/After switch")
        layers = driver.execute_script("return window.hierarchyViewer.layers().length")
        expect(layers > 0, "the viewer shows no layers")
        driver.switch_to.default_content()
        side = driver.execute_script("return document.querySelectorAll('#detail-side ul.changes li').length")
        expect(side == expected["changes"], f"{side} changes beside the viewer, expected {expected['changes']}")
        if len(argv) > 4:
            driver.save_screenshot(argv[4])
        driver.execute_script("document.getElementById('back').click()")
        expect(driver.execute_script("return document.getElementById('detail').hidden"), "Back does not close the screen")
        # An unchanged screen's viewer: its search box runs a test's locator as find does.
        locate = expected.get("locate")
        if locate:
            expect(driver.execute_script("return window.hierarchyReport.open(arguments[0])", locate["screen"]) is True, f"{locate['screen']} cannot be opened")
            driver.switch_to.frame(driver.find_element("id", "viewer"))
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and not driver.execute_script("return !!window.hierarchyViewer && !document.getElementById('changes')"):
                time.sleep(0.1)
            driver.execute_async_script("const done = arguments[arguments.length - 1]; window.hierarchyViewer.ready.then(() => done(true), () => done(false));")
            found = driver.execute_script("return window.hierarchyViewer.locate(arguments[0])", locate["text"])
            expect(found is not None and found["error"] is None and found["matches"] == locate["matches"],
                   f"{locate['screen']}'s viewer found {found} for {locate['text']}, find {locate['matches']}")
            driver.switch_to.default_content()
            driver.execute_script("document.getElementById('back').click()")
        # The screen that could not be read: its error line, no viewer.
        error = expected.get("error")
        if error:
            expect(driver.execute_script("return window.hierarchyReport.open(arguments[0])", error) is True, "the error screen cannot be opened")
            line = driver.execute_script("return document.querySelector('#detail-side .error-line')?.textContent || ''")
            expect(len(line) > 0, "the error screen shows no error")
            expect(driver.execute_script("return document.getElementById('viewer').hidden"), "the error screen shows a viewer")
        errors = console_errors(driver)
        expect(not errors, f"console errors: {errors}")
        fetched = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        if expected.get("folder"):
            # The viewer above was built from data files: the page holds no viewer or texture.
            inline = driver.execute_script("return document.querySelectorAll('script[id^=\"v-\"], script[id^=\"t-\"]').length")
            expect(inline == 0, f"the folder's page holds {inline} viewer or texture blocks")
            data = "file://" + os.path.dirname(os.path.abspath(page)) + "/data/"
            fetched = [f for f in fetched if not f.startswith(data)]
        expect(not fetched, f"the page fetched {fetched}")
    except Exception as error:  # a broken page fails with its reason
        failures.append(f"{type(error).__name__}: {error}")
    finally:
        driver.quit()
    for failure in failures:
        print("FAIL: " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
