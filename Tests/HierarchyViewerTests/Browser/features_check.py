#!/usr/bin/env python3
"""Checks one of the viewer's features on a page in headless Chromium:

    features_check.py tree|search|measure|overlay|link|interface|source|subtree CASE.json

CASE.json (written by HTMLViewerFeatureTests.swift): the page, a folder for screenshots, every
layer's id with its full and readable class name, a search word with the ids it must find, pairs
of layers with the gaps and insets between their visible frames, the screen. Prints one
`FAIL: …` line per failed check and a JSON summary last; exit status 1 when any failed.
Screenshots (`FEATURE-*.png`) go to the case's folder.
"""
import base64
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from viewer_check import api, click_at, console_errors, decode_png, encode_png, launch, open_page, screenshot  # noqa: E402

TOLERANCE = 0.5  # points


class Features:
    def __init__(self, driver, case):
        self.driver, self.case, self.failures, self.figures = driver, case, [], {}

    def expect(self, condition, message):
        if not condition:
            self.failures.append(message)
        return condition

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def shot(self, name):
        self.js("document.activeElement && document.activeElement.blur()")
        time.sleep(0.3)
        path = os.path.join(self.case["folder"], name + ".png")
        self.driver.save_screenshot(path)
        self.figures.setdefault("screenshots", []).append(path)

    # ---- 1. The tree ---------------------------------------------------------------------------

    def tree(self):
        self.js("document.querySelectorAll('#tree [aria-expanded]').forEach(li => li.setAttribute('aria-expanded', 'true'))")
        rows = self.js("""
            const tree = document.getElementById('tree').getBoundingClientRect();
            return [...document.querySelectorAll('#tree li[role=treeitem]')].map(li => {
              const row = li.querySelector(':scope > .row'), cls = row.querySelector('.cls'), r = cls.getBoundingClientRect();
              return {index: Number(li.dataset.index), level: Number(li.getAttribute('aria-level')), text: cls.textContent,
                      title: row.title, left: r.left, right: r.right, width: r.width, whole: cls.scrollWidth <= cls.clientWidth + 1,
                      inside: r.left >= tree.left - 0.5 && r.right <= tree.right + 0.5, note: row.querySelector('.note').textContent};
            });""")
        expected = self.case["rows"]
        self.expect(len(rows) == len(expected), f"the tree has {len(rows)} rows for {len(expected)} layers")
        bad = [r for r in rows if not (r["whole"] and r["inside"] and r["width"] > 0)]
        self.expect(not bad, f"{len(bad)} rows' class names are cut, e.g. {bad[:2]}")
        wrong = [(r["text"], expected[r["index"]]["short"]) for r in rows if r["text"] != expected[r["index"]]["short"]]
        self.expect(not wrong, f"{len(wrong)} rows do not read the short class name, e.g. {wrong[:3]}")
        untitled = [r["index"] for r in rows if expected[r["index"]]["full"] not in r["title"]]
        self.expect(not untitled, f"{len(untitled)} rows lack the full class name in their tooltip")
        deepest = max(rows, key=lambda r: r["level"])
        self.figures["deepestLevel"] = deepest["level"]
        self.figures["deepestRow"] = f"{deepest['text']} {deepest['note']} at x {deepest['left']:.0f}–{deepest['right']:.0f}"
        texts = [r for r in rows if r["note"].startswith("“")]
        self.expect(texts or not any("text" in e for e in expected), "no row shows a text after its class")
        # The deepest row in view: the full class name in the details' title.
        deep_id = expected[deepest["index"]]["id"]
        api(self.driver, "select(arguments[0])", deep_id)
        title = self.js("const h = document.querySelector('#details h2'); return [h.textContent, h.title]")
        self.expect(title == [expected[deepest["index"]]["short"], expected[deepest["index"]]["full"]],
                    f"the details title {title} is not the short name with the full one as its tooltip")
        self.shot("tree-deepest")
        # Keyboard: Up from the deepest row selects its previous row.
        self.js("document.querySelector('#tree [aria-selected=true]').focus()")
        self.driver.switch_to.active_element.send_keys("\ue013")  # ArrowUp
        self.expect(api(self.driver, "selected()") not in (None, deep_id), "ArrowUp in the tree did not move the selection")
        # The panel resizes: drag its edge 120 px to the right.
        from selenium.webdriver.common.action_chains import ActionChains
        width = self.js("return document.getElementById('tree').getBoundingClientRect().width")
        handle = self.driver.find_element("id", "splitter")
        ActionChains(self.driver).click_and_hold(handle).move_by_offset(60, 0).move_by_offset(60, 0).release().perform()
        wider = self.js("return document.getElementById('tree').getBoundingClientRect().width")
        self.expect(abs(wider - width - 120) < 3, f"dragging the panel's edge by 120 px made the tree {width} → {wider} px wide")
        self.shot("tree-wider")

    # ---- 2. Search ----------------------------------------------------------------------------

    def search(self):
        query, ids = self.case["search"]["query"], self.case["search"]["ids"]
        got = api(self.driver, "search(arguments[0])", query)
        self.expect(got == ids, f"search('{query}') found {got}, expected {ids}")
        got = api(self.driver, "search(arguments[0])", query.upper())
        self.expect(got == ids, f"search('{query.upper()}') found {len(got)} ids, not the {len(ids)} of any case")
        api(self.driver, "search('')")
        box = self.driver.find_element("id", "search")
        box.send_keys(query)
        count = self.js("return document.getElementById('search-count').textContent")
        self.expect(count.startswith(str(len(ids))), f"the count reads '{count}' for {len(ids)} matches")
        marks = self.js("""return [[...document.querySelectorAll('#tree li.hit')].filter(li => li.offsetParent !== null).length,
            document.querySelectorAll('#camera .layer.match').length,
            [...document.querySelectorAll('#camera .layer:not(.match)')].filter(e => getComputedStyle(e).boxShadow === 'none').length]""")
        self.expect(marks[0] == len(ids) and marks[1] == len(ids), f"{marks[0]} rows and {marks[1]} planes marked for {len(ids)} matches")
        self.expect(marks[2] == 0, f"{marks[2]} layers that do not match are not dimmed")
        box.send_keys("\ue007")  # Enter: the first match
        self.expect(api(self.driver, "selected()") == (ids[0] if ids else None), f"Enter selected {api(self.driver, 'selected()')}, not the first match")
        if len(ids) > 1:
            box.send_keys("\ue007")
            self.expect(api(self.driver, "selected()") == ids[1], "Enter again did not select the second match")
            count = self.js("return document.getElementById('search-count').textContent")
            self.expect(count == f"2 of {len(ids)}", f"the count reads '{count}' on the second match")
        from selenium.webdriver.common.keys import Keys
        box.send_keys(Keys.SHIFT, "\ue007")
        self.expect(api(self.driver, "selected()") == (ids[0] if ids else None), "Shift-Enter did not go back to the first match")
        self.shot("search")
        box.send_keys("\ue00c")  # Escape clears
        self.expect(self.js("return document.querySelectorAll('#camera .layer.match').length + document.querySelectorAll('#tree .filtered').length") == 0,
                    "clearing the search left marks")

    # ---- 3. Measure ---------------------------------------------------------------------------

    def measure(self):
        for pair in self.case["measures"]:
            got = api(self.driver, "measure(arguments[0], arguments[1])", pair["a"], pair["b"])
            where = f"measure({pair['a']}, {pair['b']})"
            if not self.expect(got is not None, f"{where} is null"):
                continue
            for axis in "xy":
                self.expect(abs(got["gap"][axis] - pair["gap"][axis]) <= TOLERANCE, f"{where}: gap {axis} {got['gap'][axis]}, frames say {pair['gap'][axis]}")
            if "insets" in pair:
                if self.expect("insets" in got, f"{where}: no insets, one frame holds the other"):
                    for side, value in pair["insets"].items():
                        self.expect(abs(got["insets"][side] - value) <= TOLERANCE, f"{where}: inset {side} {got['insets'][side]}, frames say {value}")
            else:
                self.expect("insets" not in got, f"{where}: insets for frames that do not hold one another")
            shown = self.js("return [[...document.querySelectorAll('#measure-lines .label text')].map(t => t.textContent),"
                            " document.getElementById('measurements')?.textContent ?? '']")
            values = [v for v in list(pair["gap"].values()) + list(pair.get("insets", {}).values()) if v > 0]
            for v in values:
                text = str(round(v, 2)).removesuffix(".0")
                self.expect(text in shown[0], f"{where}: the view shows no label {text} (labels {shown[0]})")
                self.expect(text + " pt" in shown[1], f"{where}: the details do not list {text} pt")
            api(self.driver, "setView(arguments[0])", {"flat": True, "zoom": 1, "panX": 0, "panY": 0})
            self.shot(f"measure-{len(self.figures.get('screenshots', []))}-2d")
            api(self.driver, "setView(arguments[0])", {"flat": False})
            self.shot(f"measure-{len(self.figures.get('screenshots', []))}-3d")
        self.expect(api(self.driver, "measure('no such id', 'x')") is None, "measure of an unknown id is not null")
        self.alt_pointing()

    def alt_pointing(self):
        """Select one view, hold Alt and point at another: the details list the measurement."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        api(self.driver, "setView(arguments[0])", {"flat": True, "zoom": 1, "panX": 0, "panY": 0})
        points = []
        for pair in self.case["measures"]:  # the first whose second view is frontmost somewhere
            r = api(self.driver, "rectOf(arguments[0])", pair["b"])
            points = [(r["left"] + r["width"] * (i + 0.5) / 6, r["top"] + r["height"] * (j + 0.5) / 6) for j in range(6) for i in range(6)]
            points = [p for p in points if api(self.driver, "pick(arguments[0], arguments[1])", *p) == pair["b"]]
            if points:
                break
        if not self.expect(points, "no measured view is frontmost anywhere"):
            return
        api(self.driver, "select(arguments[0])", pair["a"])
        self.expect(self.js("return document.getElementById('measurements')") is None, "a new selection kept the old measurement")
        x, y = points[len(points) // 2]
        viewport = self.driver.find_element("id", "viewport")
        v = viewport.rect
        ActionChains(self.driver).move_to_element_with_offset(viewport, int(x - v["x"] - v["width"] / 2), int(y - v["y"] - v["height"] / 2)) \
            .key_down(Keys.ALT).move_by_offset(1, 0).perform()
        time.sleep(0.2)
        listed = self.js("return document.getElementById('measurements')?.textContent ?? ''")
        value = max(list(pair["gap"].values()) + list(pair.get("insets", {}).values()))
        self.expect(str(round(value, 2)).removesuffix(".0") + " pt" in listed, f"Alt-pointing at {pair['b']} lists '{listed}'")
        self.shot("measure-alt")
        ActionChains(self.driver).key_up(Keys.ALT).move_by_offset(1, 0).perform()
        time.sleep(0.2)
        self.expect(self.js("return document.getElementById('measurements')") is None, "releasing Alt kept the measurement")

    # ---- 4. Design overlay ------------------------------------------------------------------

    def overlay(self):
        sx, sy, sw, sh = self.case["screen"]
        api(self.driver, "setView(arguments[0])", {"flat": True, "yaw": 0, "pitch": 0, "style": "contents", "zoom": 1, "panX": 0, "panY": 0})
        root = api(self.driver, "rectOf(arguments[0])", self.case["rows"][0]["id"])
        w, h = int(root["width"]), int(root["height"])
        before = screenshot(self.driver, root["left"], root["top"], w, h)
        # A design twice the screen's size: magenta in the top half, green below.
        dw, dh = int(sw * 2), int(sh * 2)
        rows = [bytearray(b"\xff\x00\xff\xff" * dw) if y < dh // 2 else bytearray(b"\x00\xff\x00\xff" * dw) for y in range(dh)]
        url = "data:image/png;base64," + base64.b64encode(encode_png(dw, rows)).decode()
        size = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; window.hierarchyViewer.overlay(arguments[0], 0.4).then(done, e => done(String(e)))", url)
        self.expect(size == {"width": dw, "height": dh}, f"overlay() resolved to {size}")
        opacity = self.js("return getComputedStyle(document.querySelector('.design-plane img')).opacity")
        self.expect(opacity == "0.4", f"the design's opacity is {opacity}, not 0.4")
        image = self.js("return document.querySelector('.design-plane img').getBoundingClientRect().toJSON()")
        self.expect(abs(image["left"] - root["left"]) < 1 and abs(image["top"] - root["top"]) < 1 and abs(image["width"] - root["width"]) < 1
                    and abs(image["height"] - root["height"]) < 1, f"the design lies at {image}, the screen at {root}")
        after = screenshot(self.driver, root["left"], root["top"], w, h)
        for (px, py, colour) in [(w // 2, h // 4, (255, 0, 255)), (w // 2, 3 * h // 4, (0, 255, 0))]:
            b, a = before[2][py][px * 4:px * 4 + 3], after[2][py][px * 4:px * 4 + 3]
            want = [0.6 * b[k] + 0.4 * colour[k] for k in range(3)]
            self.expect(all(abs(a[k] - want[k]) <= 6 for k in range(3)), f"at ({px}, {py}) the page shows {list(a)}, 40% of {colour} over {list(b)} is {want}")
        self.shot("overlay")
        self.driver.find_element("id", "overlay-difference").click()
        self.expect(self.js("return getComputedStyle(document.querySelector('.design-plane')).mixBlendMode") == "difference", "Difference did not set the blend mode")
        self.js("const s = document.getElementById('overlay-opacity'); s.value = 100; s.dispatchEvent(new Event('input'))")
        diff = screenshot(self.driver, root["left"], root["top"], w, h)
        px, py = w // 2, 3 * h // 4
        b, a = before[2][py][px * 4:px * 4 + 3], diff[2][py][px * 4:px * 4 + 3]
        want = [abs(b[0] - 0), abs(b[1] - 255), abs(b[2] - 0)]
        self.expect(all(abs(a[k] - want[k]) <= 8 for k in range(3)), f"difference at full opacity shows {list(a)}, |{list(b)} − green| is {want}")
        self.shot("overlay-difference")
        api(self.driver, "overlay(null)")
        self.expect(self.js("return document.querySelector('.design-plane').hidden"), "overlay(null) left the design")
        try:
            api(self.driver, "overlay('https://example.com/x.png')")
            self.expect(False, "overlay() took a URL that is not data:")
        except Exception:
            pass

    # ---- 5. Link and command line ------------------------------------------------------------

    def link(self):
        target = self.case["rows"][-1]["id"]
        api(self.driver, "select(arguments[0])", target)
        api(self.driver, "setView(arguments[0])", {"yaw": 12, "pitch": 7, "spacing": 30, "zoom": 1.5})
        time.sleep(0.5)
        link = self.js("return location.href")
        self.expect("#" in link and "select=" in link and "yaw=12" in link, f"the URL does not keep the view: {link}")
        self.driver.find_element("id", "command").click()
        command = self.js("return document.getElementById('command-text').textContent")
        self.expect(command.startswith("hierarchy render ") and "--yaw 12 --pitch 7 --spacing 30" in command and f"--highlight {target}" in command
                    and "--zoom 1.5" in command and self.case["source"] in command, f"the command line reads '{command}'")
        self.shot("link-command")
        # A fresh page from the link opens on the same view and selection.
        self.driver.get("about:blank")
        self.driver.get(link)
        self.driver.execute_async_script("const done = arguments[arguments.length - 1]; window.hierarchyViewer.ready.then(() => done(0), () => done(-1));")
        view = api(self.driver, "getView()")
        self.expect(api(self.driver, "selected()") == target, f"the link opened with {api(self.driver, 'selected()')} selected, not {target}")
        self.expect(abs(view["yaw"] - 12) < 1e-6 and abs(view["pitch"] - 7) < 1e-6 and view["spacing"] == 30 and abs(view["zoom"] - 1.5) < 1e-6,
                    f"the link opened with the view {view}")
        self.expect(self.js("return document.querySelector('#tree [aria-selected=true]')?.offsetParent !== null"), "the linked row is not shown in the tree")
        self.shot("link-opened")

    # ---- 6. The script interface ----------------------------------------------------------------

    def interface(self):
        self.expect(api(self.driver, "version") == 5, f"version {api(self.driver, 'version')}")
        names = set(self.js("return Object.keys(window.hierarchyViewer)"))
        for name in ["search", "measure", "overlay", "select", "selected", "getView", "setView", "update"]:
            self.expect(name in names, f"hierarchyViewer has no {name}")
        self.expect(self.js("return Object.isFrozen(window.hierarchyViewer)"), "hierarchyViewer is not frozen")
        ids = [r["id"] for r in self.case["rows"]]
        got = api(self.driver, "search(arguments[0])", self.case["search"]["query"])
        self.expect(got == [i for i in ids if i in got], "search() is not in tree order")
        self.expect(api(self.driver, "search('')") == [], "an empty search found something")
        self.expect(api(self.driver, "select(arguments[0])", ids[1]) is True and api(self.driver, "selected()") == ids[1], "select() changed")

    # ---- Subtrees and a search's context --------------------------------------------------------

    def subtree(self):
        rows = self.js("return [...document.querySelectorAll('#tree li[role=treeitem]')].map((li) => HV.layers[Number(li.dataset.index)].id)")
        self.expect(rows == self.case["treeOrder"], f"the tree's rows are {rows}, not in the tree's order {self.case['treeOrder']}")
        for entry in self.case["subtrees"]:
            got = self.js("return HV.subtree(HV.byID.get(arguments[0])).map((i) => HV.layers[i].id)", entry["id"])
            self.expect(sorted(got) == sorted(entry["ids"]), f"{entry['id']}'s subtree is {sorted(got)}, expected {sorted(entry['ids'])}")
            outside = [layer["id"] for layer in self.case["rows"] if layer["id"] not in entry["ids"]]
            inside = self.js("const root = HV.byID.get(arguments[0]); return arguments[1].filter((id) => HV.inSubtree(HV.byID.get(id), root))",
                             entry["id"], outside)
            self.expect(not inside, f"{inside} counted inside {entry['id']}'s subtree")
        query = self.case["search"]["query"]
        found = api(self.driver, "search(arguments[0])", query)
        in_tree_order = [i for i in self.case["treeOrder"] if i in found]
        self.expect(found == in_tree_order, f"search('{query}') returned {found}, not in the tree's order {in_tree_order}")
        context = self.js("return [...document.querySelectorAll('#tree li.context')].map((li) => HV.layers[Number(li.dataset.index)].id)")
        self.expect(sorted(context) == sorted(self.case["context"]), f"search('{query}') kept {sorted(context)} as context, expected {sorted(self.case['context'])}")
        self.shot("subtree-search")

    # ---- The source lines -------------------------------------------------------------------

    def source(self):
        self.expect(self.case.get("sources"), "the case names no view whose lines to check")
        for entry in self.case.get("sources", []):
            self.expect(api(self.driver, "select(arguments[0])", entry["id"]) is True, f"select({entry['id']}) failed")
            got = self.js("""
                const figure = document.querySelector('#details figure.source');
                if (!figure) return null;
                const pre = figure.querySelector('pre');
                return {caption: figure.querySelector('figcaption').textContent, text: pre ? pre.textContent : null,
                        elements: pre ? pre.querySelectorAll('*').length : -1};""")
            if not self.expect(got is not None, f"{entry['id']}: the details show no source lines"):
                continue
            self.expect(got["caption"] == entry["caption"], f"{entry['id']}: caption {got['caption']!r}, expected {entry['caption']!r}")
            if "text" in entry:
                self.expect(got["text"] == entry["text"], f"{entry['id']}: quoted {got['text']!r}, expected {entry['text']!r}")
            self.expect(got["elements"] == 0, f"{entry['id']}: the dump's text made {got['elements']} elements (read as markup)")
            self.shot("source-" + entry["id"])

    def run(self, feature):
        ready = open_page(self.driver, self.case["page"])
        self.expect(ready >= 0, "the viewer's ready promise was rejected")
        getattr(self, feature)()
        errors = console_errors(self.driver)
        self.expect(not errors, f"console errors: {errors}")
        fetched = self.js("return performance.getEntriesByType('resource').map(e => e.name)")
        self.expect(not fetched, f"the page fetched {fetched}")


def main(argv):
    features = ["tree", "search", "measure", "overlay", "link", "interface", "source", "subtree"]
    if len(argv) != 3 or argv[1] not in features:
        print(__doc__)
        return 2
    with open(argv[2]) as f:
        case = json.load(f)
    driver = launch()
    checker = Features(driver, case)
    try:
        checker.run(argv[1])
    except Exception as error:  # a broken page fails with its reason
        checker.failures.append(f"{type(error).__name__}: {error}")
    finally:
        driver.quit()
    for failure in checker.failures:
        print("FAIL: " + failure)
    print(json.dumps({"failures": len(checker.failures), **checker.figures}))
    return 1 if checker.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
