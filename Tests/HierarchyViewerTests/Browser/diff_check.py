#!/usr/bin/env python3
"""Opens the page `hierarchy diff -o page.html` writes, in headless Chromium, and checks its
Before/After switch, its list of changes, and the viewer's tree, search and measurement on it:

    diff_check.py PAGE EXPECTED_JSON

EXPECTED_JSON: {"removed": id of a removed view's layer (with its "before:" prefix),
"added": id of an added view's layer, "changes": the number of changes listed, "addedColor": the
computed outline colour of an added view's layer, as the data's colours give it}. Prints one
`FAIL: …` line per failed check; exit status 1 when any failed.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from viewer_check import api, console_errors, launch, open_page  # noqa: E402


def main(argv):
    page, expected = argv[1], json.loads(argv[2])
    failures = []

    def expect(condition, message):
        if not condition:
            failures.append(message)

    driver = launch()
    try:
        expect(open_page(driver, page) >= 0, "the viewer's ready promise was rejected")

        def out(layer_id):
            return driver.execute_script(
                "return document.querySelector(`[data-id=\"${arguments[0]}\"]`).classList.contains('out')", layer_id)

        def checked(side):
            return driver.execute_script(
                "return document.querySelector(`#side [data-side=\"${arguments[0]}\"]`).getAttribute('aria-checked')", side)

        expect(checked("after") == "true", "the page does not open on After")
        expect(out(expected["removed"]) and not out(expected["added"]), "After shows a removed view or hides an added one")
        expect(api(driver, "side('before')") is True, "side('before') was refused")
        expect(not out(expected["removed"]) and out(expected["added"]), "Before hides a removed view or shows an added one")
        expect(checked("before") == "true", "the switch does not show Before")
        driver.execute_script("document.querySelector('#side [data-side=\"after\"]').click()")
        expect(checked("after") == "true" and out(expected["removed"]), "clicking After does not show AFTER")
        color = driver.execute_script(
            "return getComputedStyle(document.querySelector(`[data-id=\"${arguments[0]}\"]`)).outlineColor", expected["added"])
        expect(color == expected["addedColor"], f"an added view is outlined in {color}, expected {expected['addedColor']}")
        count = driver.execute_script("return document.querySelectorAll('#changes .change').length")
        expect(count == expected["changes"], f"{count} changes listed, expected {expected['changes']}")
        driver.execute_script("document.querySelector('#changes .change.removed').click()")
        expect(api(driver, "selected()") == expected["removed"], "clicking the removed view's change does not select it")
        expect(checked("before") == "true", "clicking the removed view's change does not show Before")
        driver.execute_script("document.querySelector('#changes .change.added').click()")
        expect(api(driver, "selected()") == expected["added"], "clicking the added view's change does not select it")
        expect(checked("after") == "true", "clicking the added view's change does not show After")
        # The same tree, search and measurement as the viewer's.
        found = api(driver, "search(arguments[0])", expected["added"])
        expect(expected["added"] in found, f"search('{expected['added']}') found {found}")
        rows = driver.execute_script("return [...document.querySelectorAll('#tree .cls')].map(e => e.textContent)")
        expect(rows and not any("." in r for r in rows), f"tree rows with qualified class names: {[r for r in rows if '.' in r][:3]}")
        api(driver, "search('')")
        root = api(driver, "layers()")[0]["id"]
        m = api(driver, "measure(arguments[0], arguments[1])", expected["added"], root)
        view = api(driver, "setView(arguments[0])", {"flat": True, "zoom": 1, "panX": 0, "panY": 0})
        inner, outer = api(driver, "rectOf(arguments[0])", expected["added"]), api(driver, "rectOf(arguments[0])", root)
        s = view["scale"]
        seen = {"left": (inner["left"] - outer["left"]) / s, "right": (outer["right"] - inner["right"]) / s,
                "top": (inner["top"] - outer["top"]) / s, "bottom": (outer["bottom"] - inner["bottom"]) / s}
        expect(m and "insets" in m and all(abs(m["insets"][k] - v) <= 0.5 for k, v in seen.items()),
               f"measure({expected['added']}, {root}) is {m}; the page draws insets {seen}")
        labels = driver.execute_script("return document.querySelectorAll('#measure-lines .label').length")
        expect(labels > 0, "the measurement is not drawn")
        errors = console_errors(driver)
        expect(not errors, f"console errors: {errors}")
    except Exception as error:  # a broken page fails with its reason
        failures.append(f"{type(error).__name__}: {error}")
    finally:
        driver.quit()
    for failure in failures:
        print("FAIL: " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
