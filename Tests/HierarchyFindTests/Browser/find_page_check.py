#!/usr/bin/env python3
"""Opens pages `hierarchy find INPUT LOCATOR -o find.html` writes, in headless Chromium, and checks
the answer on them:

    find_page_check.py CASE_JSON [SCREENSHOT_FOLDER]

CASE_JSON: {"pages": [{"page", "lines": the text's first lines, "rows": [{"first": the row's
first line, "kind": tappable|blocked|suggested, "target": the id a click shows, or null}],
"selected": the id the page opens on or null, "search": the search box's text, "treeRows": the
tree's row count when no search filters it (else null), "located": for a test framework's matcher,
the ids the search box must give for it (else absent or null), "outlines": {class: how many layers}}],
"hostile": a view's text that must stay text}. Checks: no console error; the answer's lines and
rows, in order, with their colours; the first row current and its view selected and centred; the
search box; the outlines; a click on each row with a target selects and frames it, a row without
one is disabled; `showMatch` refuses a row that is not there; the hostile text is text and ran
nothing. A screenshot of each page is saved in SCREENSHOT_FOLDER. Prints one `FAIL: …` line per
failed check and `checked N pages`; exit status 1 when any failed.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../HierarchyViewerTests/Browser"))
from viewer_check import api, console_errors, launch, open_page  # noqa: E402

CENTRE = """
const v = document.getElementById('viewport').getBoundingClientRect();
const r = document.querySelector(`#viewport .layer[data-id="${arguments[0]}"]`).getBoundingClientRect();
return {dx: (r.left + r.width / 2) - (v.left + v.width / 2), dy: (r.top + r.height / 2) - (v.top + v.height / 2)};"""


def main(argv):
    case = json.load(open(argv[1]))
    shots = argv[2] if len(argv) > 2 else None
    failures = []
    checked = 0

    def expect(condition, message):
        if not condition:
            failures.append(message)

    driver = launch()
    try:
        for want in case["pages"]:
            name = os.path.basename(want["page"])
            expect(open_page(driver, want["page"]) >= 0, f"{name}: the viewer's ready promise was rejected")
            time.sleep(0.2)
            lines = driver.execute_script("return [...document.querySelectorAll('#find .find-line')].map(e => e.textContent)")
            expect(lines == want["lines"], f"{name}: the answer's lines are {lines}, the command's {want['lines']}")
            rows = driver.execute_script("""return [...document.querySelectorAll('#find .find-item')].map(b => ({
                first: b.textContent, kind: b.classList[1], disabled: b.disabled, current: b.getAttribute('aria-current')}))""")
            expect([r["first"] for r in rows] == [r["first"] for r in want["rows"]], f"{name}: rows {[r['first'] for r in rows]}")
            expect([r["kind"] for r in rows] == [r["kind"] for r in want["rows"]], f"{name}: row colours {[r['kind'] for r in rows]}")
            expect([r["disabled"] for r in rows] == [r["target"] is None for r in want["rows"]], f"{name}: disabled rows {[r['disabled'] for r in rows]}")
            selected = api(driver, "selected()")
            expect(selected == want["selected"], f"{name}: the page opened on {selected}, expected {want['selected']}")
            if want["selected"] is not None:
                expect(rows and rows[0]["current"] == "true", f"{name}: the first row is not current")
                box = driver.execute_script(CENTRE, want["selected"])
                expect(abs(box["dx"]) <= 2 and abs(box["dy"]) <= 2, f"{name}: the first match is not centred: {box}")
            search = driver.execute_script("return document.getElementById('search').value")
            expect(search == want["search"], f"{name}: the search box holds {search!r}, expected {want['search']!r}")
            if want.get("located") is not None:
                # The box's answer for the page's own matcher is find's; another matcher is refused in words.
                located = driver.execute_script("return Locate.run(arguments[0])", search)
                expect(located and located["matches"] == want["located"] and located["error"] is None,
                       f"{name}: the search box answers {located}, expected the matches {want['located']}")
                other = driver.execute_script("return Locate.run(arguments[0])", "onView(withText(\"elsewhere\"))")
                expect(other and other["matches"] == [] and "run hierarchy find" in (other["error"] or "") and "hierarchy serve" in (other["error"] or ""),
                       f"{name}: another matcher gives {other}")
            if want["treeRows"] is not None:
                tree = driver.execute_script("return [...document.querySelectorAll('#tree [role=treeitem]')].filter(e => !e.hidden && e.offsetParent !== null).length")
                expect(tree == want["treeRows"], f"{name}: the tree shows {tree} rows of {want['treeRows']}")
            for kind, count in want["outlines"].items():
                got = driver.execute_script(f"return document.querySelectorAll('#viewport .layer.{kind}').length")
                expect(got == count, f"{name}: {got} layers outlined {kind}, expected {count}")
            if shots:
                driver.save_screenshot(os.path.join(shots, name.replace(".html", ".png")))
            # Each row with a target: a click selects and frames it.
            for k, row in enumerate(want["rows"]):
                if row["target"] is None:
                    continue
                driver.execute_script("document.querySelectorAll('#find .find-item')[arguments[0]].click()", k)
                time.sleep(0.05)
                got = api(driver, "selected()")
                expect(got == row["target"], f"{name}: row {k} selected {got}, not {row['target']}")
                box = driver.execute_script(CENTRE, row["target"])
                expect(abs(box["dx"]) <= 2 and abs(box["dy"]) <= 2, f"{name}: row {k}'s view is not centred: {box}")
            expect(api(driver, "showMatch(arguments[0])", len(want["rows"]) + 5) is False, f"{name}: showMatch of a missing row did not refuse")
            shown = driver.execute_script("return document.getElementById('find').textContent")
            if case["hostile"] in "\n".join(want["lines"]) or any(case["hostile"] in r["first"] for r in want["rows"]):
                expect(case["hostile"] in shown, f"{name}: the hostile text is not shown as text")
            expect(driver.execute_script("return window.__pwned === undefined && document.scripts.length === 2"), f"{name}: the hostile text ran or added a script")
            errors = console_errors(driver)
            expect(not errors, f"{name}: console errors: {errors}")
            checked += 1
    except Exception as error:  # a broken page fails with its reason
        failures.append(f"{type(error).__name__}: {error}")
    finally:
        driver.quit()
    for message in failures:
        print("FAIL: " + message)
    print(f"checked {checked} pages")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
