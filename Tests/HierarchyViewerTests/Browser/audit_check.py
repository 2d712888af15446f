#!/usr/bin/env python3
"""Opens the page `hierarchy audit INPUT -o audit.html` writes, in headless Chromium, and checks
its Audit panel:

    audit_check.py PAGE EXPECTED_JSON [SCREENSHOT.png]

EXPECTED_JSON: {"findings": [{"number", "severity", "id", "drawn"}] in the report's order,
"groups": the panel's headings, "hostile": a text of a view that must show as text}. Checks: no
console error; the panel lists every finding under its severity, numbered as the report; clicking
a drawn finding selects its view and frames it (centred in the view, zoomed in on a small one);
a finding whose view is not drawn is disabled; the hostile text is text, never markup. Prints one
`FAIL: …` line per failed check; exit status 1 when any failed.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from viewer_check import api, console_errors, launch, open_page  # noqa: E402


def main(argv):
    page, expected = argv[1], json.loads(argv[2])
    shot = argv[3] if len(argv) > 3 else None
    failures = []

    def expect(condition, message):
        if not condition:
            failures.append(message)

    driver = launch()
    try:
        expect(open_page(driver, page) >= 0, "the viewer's ready promise was rejected")
        listed = driver.execute_script("""
            return [...document.querySelectorAll('#audit .finding')].map(b => ({
              number: Number(b.dataset.number), severity: b.classList[1], disabled: b.disabled,
              text: b.querySelector('.number').textContent, group: b.closest('ul').getAttribute('aria-label')}));""")
        want = expected["findings"]
        expect(len(listed) == len(want), f"the panel lists {len(listed)} findings, expected {len(want)}")
        expect([f["number"] for f in listed] == [f["number"] for f in want], f"numbers {[f['number'] for f in listed]}")
        expect([f["text"] for f in listed] == [f"{f['number']}." for f in want], "the numbers shown are not the report's")
        expect(all(a["severity"] == b["severity"] for a, b in zip(listed, want)), "a finding is under the wrong severity")
        expect(all(a["disabled"] == (not b["drawn"]) for a, b in zip(listed, want)), "a finding of an undrawn view is clickable, or a drawn one is not")
        headings = driver.execute_script("return [...document.querySelectorAll('#audit h3')].map(h => h.textContent)")
        expect(headings == expected["groups"], f"headings {headings}, expected {expected['groups']}")
        outlined = driver.execute_script("return document.querySelectorAll('#viewport .layer[data-audit]').length")
        expect(outlined == len({f["id"] for f in want if f["drawn"]}), f"{outlined} layers outlined")
        # Each drawn finding: a click selects its view and frames it.
        for finding in [f for f in want if f["drawn"]]:
            driver.execute_script("document.querySelector(`#audit .finding[data-number=\"${arguments[0]}\"]`).click()", finding["number"])
            time.sleep(0.05)
            expect(api(driver, "selected()") == finding["id"], f"clicking finding {finding['number']} selected {api(driver, 'selected()')}, not {finding['id']}")
            current = driver.execute_script("return document.querySelector('#audit .finding[aria-current=true]').dataset.number")
            expect(current == str(finding["number"]), f"finding {finding['number']} is not marked current")
            box = driver.execute_script("""
                const v = document.getElementById('viewport').getBoundingClientRect();
                const r = document.querySelector(`#viewport .layer[data-id="${arguments[0]}"]`).getBoundingClientRect();
                return {dx: (r.left + r.width / 2) - (v.left + v.width / 2), dy: (r.top + r.height / 2) - (v.top + v.height / 2),
                        w: r.width, h: r.height, vw: v.width, vh: v.height};""", finding["id"])
            expect(abs(box["dx"]) <= 2 and abs(box["dy"]) <= 2, f"finding {finding['number']}'s view is not centred: {box}")
            expect(box["w"] <= box["vw"] and box["h"] <= box["vh"], f"finding {finding['number']}'s view does not fit the view: {box}")
            expect(max(box["w"] / box["vw"], box["h"] / box["vh"]) >= 0.2 or api(driver, "getView()")["zoom"] >= 11.9,
                   f"finding {finding['number']}'s view is not framed large: {box}")
        expect(api(driver, "showFinding(arguments[0])", 999) is False, "showFinding(999) did not refuse")
        # The hostile text is shown as text and ran nothing.
        shown = driver.execute_script("return [...document.querySelectorAll('#audit .message')].map(m => m.textContent).join('\\n')")
        expect(expected["hostile"] in shown, "the hostile text is not shown as text in the panel")
        expect(driver.execute_script("return window.__pwned === undefined && document.scripts.length === 2"), "the hostile text ran or added a script")
        if shot:
            first = next(f for f in want if f["drawn"])
            api(driver, "showFinding(arguments[0])", first["number"])
            api(driver, "setView(arguments[0])", {"zoom": 1, "panX": 0, "panY": 0})
            time.sleep(0.3)
            driver.save_screenshot(shot)
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
