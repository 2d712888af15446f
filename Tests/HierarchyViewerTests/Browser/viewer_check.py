#!/usr/bin/env python3
"""Drives the single-file HTML viewer in headless Chromium and checks what a person would see.

    python3 viewer_check.py check CASE.json     # the checks of one page; exit 1 on a failure
    python3 viewer_check.py measure [--search WORD] PAGE.html…  # size, time to ready, frame times
                                                # while orbiting (then again with the search active)
    python3 viewer_check.py screenshot PAGE.html OUT.png [SELECT_ID [WIDTHxHEIGHT]]

CASE.json (written by HTMLViewerBrowserTests.swift) names the page, the reference picture of the
flat front view (the flat composite at `scale` CSS pixels a point) and the expected picks. Every
failure is printed as one line starting with "FAIL:"; the last line is a JSON summary. Needs only
Selenium and Debian's chromium and chromium-driver; the PNG decoder is below (stdlib zlib).
"""
import base64
import json
import os
import shutil
import statistics
import struct
import sys
import time
import zlib

WINDOW = (1600, 1100)


# ---- PNG (8-bit RGB or RGBA, not interlaced: what Chromium and libpng write here) ----------

def decode_png(data):
    """Returns (width, height, rows) with rows a list of bytearrays of RGBA pixels."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour}, interlace {interlace}")
    channels = 4 if colour == 6 else 3
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        row = unfilter(raw[start], bytearray(raw[start + 1:start + 1 + stride]), previous, channels)
        rows.append(row if channels == 4 else rgb_to_rgba(row))
        previous = row
    return width, height, rows


def unfilter(kind, row, up, bpp):
    """Undoes one row's PNG filter in place."""
    n = len(row)
    if kind == 1:
        for i in range(bpp, n):
            row[i] = (row[i] + row[i - bpp]) & 255
    elif kind == 2:
        row[:] = bytes((a + b) & 255 for a, b in zip(row, up))
    elif kind == 3:
        for i in range(n):
            left = row[i - bpp] if i >= bpp else 0
            row[i] = (row[i] + ((left + up[i]) >> 1)) & 255
    elif kind == 4:
        for i in range(n):
            a = row[i - bpp] if i >= bpp else 0
            b, c = up[i], (up[i - bpp] if i >= bpp else 0)
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    return row


def rgb_to_rgba(row):
    out = bytearray(len(row) // 3 * 4)
    out[0::4], out[1::4], out[2::4] = row[0::3], row[1::3], row[2::3]
    out[3::4] = b"\xff" * (len(row) // 3)
    return out


def compare(actual, expected):
    """Per pixel, the largest RGB difference. Returns the mean difference, and the share of pixels
    that differ by more than 48 from every reference pixel within one pixel of them (`over48`):
    Chromium snaps boxes to whole pixels where the composite covers fractions, so edges may move
    by up to a pixel, but a missing, misplaced or wrongly blended layer differs over whole areas."""
    (aw, ah, arows), (ew, eh, erows) = actual, expected
    if (aw, ah) != (ew, eh):
        return None
    total, over, worst = 0, 0, (0, 0, 0)
    for y in range(ah):
        a, e = arows[y], erows[y]
        for x in range(aw):
            d = pixel_difference(a, x, e, x)
            total += d
            if d > 48:
                d = min(pixel_difference(a, x, erows[ny], nx)
                        for ny in range(max(0, y - 1), min(ah, y + 2)) for nx in range(max(0, x - 1), min(aw, x + 2)))
                if d > 48:
                    over += 1
                if d > worst[0]:
                    worst = (d, x, y)
    pixels = aw * ah
    return {"mean": total / pixels, "over48": over / pixels, "worst": worst[0], "at": [worst[1], worst[2]]}


def pixel_difference(a, x, e, ex):
    i, j = x * 4, ex * 4
    return max(abs(a[i] - e[j]), abs(a[i + 1] - e[j + 1]), abs(a[i + 2] - e[j + 2]))


def encode_png(width, rows):
    """An RGBA PNG of `rows`, for the failure artifacts."""
    raw = b"".join(b"\x00" + bytes(r) for r in rows)
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, len(rows), 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")


# ---- The browser ---------------------------------------------------------------------------

def find_tool(*names):
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


def launch():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = find_tool("chromium", "chromium-browser", "google-chrome")
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars",
                     f"--window-size={WINDOW[0]},{WINDOW[1]}", "--force-device-scale-factor=1",
                     "--disable-gpu-vsync", "--allow-file-access-from-files", "--lang=en-US"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=find_tool("chromedriver", "chromium.chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_script_timeout(120)
    return driver


def open_page(driver, page):
    """Loads the page from file:// and waits for `ready`; returns milliseconds from navigation to ready."""
    driver.get("file://" + os.path.abspath(page))
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.hierarchyViewer.ready.then(() => done(performance.now()), (e) => done(-1));")


def console_errors(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "ERROR")]


def api(driver, call, *args):
    return driver.execute_script(f"return window.hierarchyViewer.{call};", *args)


def screenshot(driver, left, top, width, height):
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "clip": {"x": left, "y": top, "width": width, "height": height, "scale": 1}})
    return decode_png(base64.b64decode(shot["data"]))


def click_at(driver, x, y):
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    actions = ActionBuilder(driver)
    actions.pointer_action.move_to_location(int(round(x)), int(round(y))).click()
    actions.perform()


# ---- Checks ----------------------------------------------------------------------------------

class Checker:
    def __init__(self, driver, case, artifacts):
        self.driver, self.case, self.artifacts, self.failures, self.figures = driver, case, artifacts, [], {}

    def expect(self, condition, message):
        if not condition:
            self.failures.append(message)
        return condition

    def run(self):
        self.figures["readyMs"] = open_page(self.driver, self.case["page"])
        self.expect(self.figures["readyMs"] >= 0, "the viewer's ready promise was rejected")
        self.check_model()
        self.check_flat_front_view()
        self.check_clicks()
        self.check_3d_click()
        self.check_spacing()
        self.check_search()
        self.check_focus()
        self.check_keyboard()
        self.check_pointer()
        errors = console_errors(self.driver)
        self.expect(not errors, f"console errors: {errors}")
        resources = self.driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        self.expect(not resources, f"the page fetched resources: {resources}")

    def check_model(self):
        listed = api(self.driver, "layers()")
        self.expect(len(listed) == self.case["layerCount"], f"layers() has {len(listed)} layers, expected {self.case['layerCount']}")
        self.expect(all(set(l) == {"id", "class", "depth"} for l in listed), "layers() entries are not {id, class, depth}")
        rows = self.driver.execute_script("return document.querySelectorAll('#tree [role=treeitem]').length")
        self.expect(rows == self.case["layerCount"], f"the tree has {rows} rows for {self.case['layerCount']} layers")

    def flat_at_scale(self, scale):
        """The flat front view at `scale` CSS pixels a point, on whole pixels; the root's rectangle."""
        view = api(self.driver, "setView(arguments[0])", {"flat": True, "yaw": 0, "pitch": 0, "style": "contents", "zoom": 1,
                                                           "panX": 0, "panY": 0, "minDepth": 0, "maxDepth": 1000})
        api(self.driver, "setView(arguments[0])", {"zoom": scale / view["scale"]})
        return api(self.driver, "rectOf(arguments[0])", self.case["root"])

    def check_flat_front_view(self):
        scale = self.case["scale"]
        root = self.flat_at_scale(scale)
        width, height = self.case["referenceSize"]
        self.expect(abs(root["width"] - width) < 0.01 and abs(root["height"] - height) < 0.01,
                    f"the root is {root['width']}x{root['height']} CSS px at scale {scale}, expected {width}x{height}")
        self.expect(root["left"] == int(root["left"]) and root["top"] == int(root["top"]),
                    f"the flat view is not on whole pixels: root at ({root['left']}, {root['top']})")
        self.driver.execute_script("document.activeElement && document.activeElement.blur()")
        time.sleep(0.3)
        actual = screenshot(self.driver, root["left"], root["top"], width, height)
        with open(self.case["reference"], "rb") as f:
            expected = decode_png(f.read())
        result = compare(actual, expected)
        if not self.expect(result is not None, f"screenshot is {actual[0]}x{actual[1]}, reference {expected[0]}x{expected[1]}"):
            return
        self.figures["flat"] = result
        limits = self.case["tolerance"]
        ok = result["mean"] <= limits["mean"] and result["over48"] <= limits["over48"]
        if not self.expect(ok, f"flat front view differs from the flat composite: mean {result['mean']:.2f} "
                               f"(limit {limits['mean']}), {result['over48'] * 100:.3f}% of pixels off by more than 48 "
                               f"(limit {limits['over48'] * 100:.3f}%), worst {result['worst']} at {result['at']}"):
            with open(os.path.join(self.artifacts, "actual.png"), "wb") as f:
                f.write(encode_png(actual[0], actual[2]))

    def check_clicks(self):
        """In the flat view at the reference scale, a click at a view's centre selects the frontmost layer there."""
        root = self.flat_at_scale(self.case["scale"])
        for pick in self.case["picks"]:
            x = root["left"] + pick["x"] * self.case["scale"]
            y = root["top"] + pick["y"] * self.case["scale"]
            click_at(self.driver, x, y)
            got = api(self.driver, "selected()")
            self.expect(got == pick["expected"], f"click at ({pick['x']}, {pick['y']}) pt selected {got}, `pick` finds {pick['expected']}")
            if got is not None:
                shown = self.driver.execute_script("return document.querySelector('#tree [aria-selected=true]')?.dataset.index")
                self.expect(shown is not None, f"the tree shows no selection after selecting {got}")
        self.driver.find_element("tag name", "body").send_keys("\ue00c")  # Escape
        self.expect(api(self.driver, "selected()") is None, "Escape did not clear the selection")

    def check_3d_click(self):
        """In the default 3D view, a click at the centre of a nearest-level layer selects it."""
        api(self.driver, "setView(arguments[0])", {"flat": False, "yaw": -30, "pitch": 15, "zoom": 1, "style": "both"})
        target = self.case["frontLayer"]
        r = api(self.driver, "rectOf(arguments[0])", target)
        click_at(self.driver, r["left"] + r["width"] / 2, r["top"] + r["height"] / 2)
        got = api(self.driver, "selected()")
        self.expect(got == target, f"3D click at the centre of {target} selected {got}")

    def check_spacing(self):
        deep = self.case["deepLayer"]
        api(self.driver, "setView(arguments[0])", {"flat": False, "yaw": -30, "pitch": 15, "spacing": 20, "zoom": 1})
        before = api(self.driver, "rectOf(arguments[0])", deep)
        slider = self.driver.find_element("id", "spacing")
        self.driver.execute_script("arguments[0].value = 60; arguments[0].dispatchEvent(new Event('input'))", slider)
        after = api(self.driver, "rectOf(arguments[0])", deep)
        spacing = api(self.driver, "getView()")["spacing"]
        self.expect(spacing == 60, f"the spacing slider set spacing {spacing}, expected 60")
        moved = abs(after["left"] - before["left"]) + abs(after["top"] - before["top"])
        self.expect(moved > 5, f"the spacing slider moved {deep} by {moved:.2f} px only")
        self.driver.find_element("tag name", "body").send_keys("+")
        self.expect(api(self.driver, "getView()")["spacing"] == 62, "'+' did not add 2 pt of spacing")
        # The slider's end and the clamp are the page data's limits, which Swift writes.
        limits = self.driver.execute_script('return JSON.parse(document.getElementById("hierarchy-data").textContent).limits')
        self.expect(slider.get_attribute("max") == str(int(limits["spacingSlider"])),
                    f"the spacing slider ends at {slider.get_attribute('max')}, the data says {limits['spacingSlider']}")
        clamped = api(self.driver, "setView(arguments[0])", {"spacing": 100000})["spacing"]
        self.expect(clamped == limits["spacing"], f"setView kept spacing {clamped}, the data's limit is {limits['spacing']}")
        api(self.driver, "setView(arguments[0])", {"spacing": 62})

    def check_search(self):
        query, expected = self.case["search"]["query"], self.case["search"]["matches"]
        box = self.driver.find_element("id", "search")
        box.clear()
        box.send_keys(query)
        shown = self.driver.execute_script(
            "return [...document.querySelectorAll('#tree [role=treeitem]')].filter(li => li.offsetParent !== null && li.classList.contains('hit')).length")
        hidden = self.driver.execute_script("return document.querySelectorAll('#tree [role=treeitem].filtered').length")
        marked = self.driver.execute_script("return document.querySelectorAll('#camera .layer.match').length")
        self.expect(shown == expected, f"search '{query}' shows {shown} matching rows, expected {expected}")
        self.expect(marked == expected, f"search '{query}' marks {marked} layers in 3D, expected {expected}")
        self.expect(hidden > 0, f"search '{query}' hid no row")
        box.send_keys("\ue00c")  # Escape clears the box
        hidden = self.driver.execute_script("return document.querySelectorAll('#tree [role=treeitem].filtered').length")
        self.expect(hidden == 0, "clearing the search left rows hidden")

    def check_focus(self):
        target, inside = self.case["focus"]["id"], self.case["focus"]["subtree"]
        api(self.driver, "select(arguments[0])", target)
        self.driver.find_element("tag name", "body").send_keys("f")
        visible = self.driver.execute_script(
            "return [...document.querySelectorAll('#camera .layer')].filter(e => getComputedStyle(e).visibility === 'visible' && e.offsetParent !== null).length")
        self.expect(visible == inside, f"focus on {target} shows {visible} layers, its subtree has {inside}")
        outside = self.case["focus"]["outsider"]
        state = self.driver.execute_script(
            "const e = [...document.querySelectorAll('#camera .layer')].find(e => e.dataset.id === arguments[0]);"
            "return e && e.offsetParent !== null && getComputedStyle(e).visibility", outside)
        self.expect(not state or state == "hidden", f"focus on {target} left {outside} visible")
        self.driver.find_element("tag name", "body").send_keys("f")
        visible = self.driver.execute_script(
            "return [...document.querySelectorAll('#camera .layer')].filter(e => getComputedStyle(e).visibility === 'visible').length")
        self.expect(visible == self.case["layerCount"], f"'f' again shows {visible} of {self.case['layerCount']} layers")

    def check_keyboard(self):
        """The tree has ARIA roles and moves with the arrows; arrows elsewhere orbit."""
        roles = self.driver.execute_script(
            "const t = document.getElementById('tree'); return [t.getAttribute('role'), t.querySelector('[role=treeitem]').hasAttribute('aria-selected'),"
            " t.querySelectorAll('[aria-expanded]').length]")
        self.expect(roles[0] == "tree" and roles[1], f"the tree's ARIA roles are missing: {roles}")
        first = self.case["root"]
        api(self.driver, "select(arguments[0])", first)
        self.driver.execute_script("document.querySelector('#tree [aria-selected=true]').focus()")
        focused = self.driver.switch_to.active_element
        focused.send_keys("\ue015")  # ArrowDown
        second = api(self.driver, "selected()")
        self.expect(second is not None and second != first, f"ArrowDown in the tree moved the selection from {first} to {second}")
        self.driver.execute_script("document.activeElement.blur()")
        yaw = api(self.driver, "getView()")["yaw"]
        self.driver.find_element("tag name", "body").send_keys("\ue014")  # ArrowRight
        self.expect(api(self.driver, "getView()")["yaw"] == yaw + 5, "ArrowRight did not orbit by 5°")


    def check_pointer(self):
        """Dragging orbits, Shift-dragging pans, the wheel zooms, Reset returns to the first view."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
        from selenium.webdriver.common.keys import Keys
        viewport = self.driver.find_element("id", "viewport")
        api(self.driver, "setView(arguments[0])", {"flat": False, "yaw": 0, "pitch": 0, "zoom": 1, "panX": 0, "panY": 0})
        ActionChains(self.driver).move_to_element(viewport).click_and_hold().move_by_offset(50, 0).move_by_offset(50, 25).release().perform()
        view = api(self.driver, "getView()")
        self.expect(abs(view["yaw"] - 40) < 1 and abs(view["pitch"] - 10) < 1,
                    f"a drag of (100, 25) px turned the view to yaw {view['yaw']}, pitch {view['pitch']}; expected 40, 10")
        ActionChains(self.driver).move_to_element(viewport).key_down(Keys.SHIFT).click_and_hold().move_by_offset(30, 0) \
            .move_by_offset(30, -20).release().key_up(Keys.SHIFT).perform()
        view = api(self.driver, "getView()")
        self.expect(abs(view["panX"] - 60) < 1 and abs(view["panY"] + 20) < 1 and abs(view["yaw"] - 40) < 1,
                    f"a Shift-drag of (60, -20) px panned to ({view['panX']}, {view['panY']}), yaw {view['yaw']}")
        ActionChains(self.driver).scroll_from_origin(ScrollOrigin.from_element(viewport), 0, -300).perform()
        time.sleep(0.2)
        zoom = api(self.driver, "getView()")["zoom"]
        self.expect(zoom > 1.2, f"scrolling the wheel up zoomed to {zoom}")
        self.check_hover()
        self.driver.find_element("id", "reset").click()
        view = api(self.driver, "getView()")
        self.expect(view["zoom"] == 1 and view["panX"] == 0 and view["yaw"] == self.case["firstYaw"],
                    f"Reset left the view at {view}")


    def check_hover(self):
        """With Hover outline on, the layer under the pointer (and only it) is outlined; off, none is."""
        target = self.case["frontLayer"]
        api(self.driver, "setView(arguments[0])", {"flat": False, "yaw": -30, "pitch": 15, "zoom": 1, "panX": 0, "panY": 0, "spacing": 20})
        r = api(self.driver, "rectOf(arguments[0])", target)
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(5, 5)  # off the view first, so that the move below is one
        actions.pointer_action.move_to_location(int(r["left"] + r["width"] / 2), int(r["top"] + r["height"] / 2))
        actions.perform()
        time.sleep(0.1)
        hovered = self.driver.execute_script("return [...document.querySelectorAll('#camera .layer.hover')].map(e => e.dataset.id)")
        self.expect(hovered == [target], f"hovering the centre of {target} outlined {hovered}")
        self.driver.find_element("id", "hover-outline").click()
        hovered = self.driver.execute_script("return document.querySelectorAll('#camera .layer.hover').length")
        self.expect(hovered == 0, f"with Hover outline off, {hovered} layers stay outlined")
        self.driver.find_element("id", "hover-outline").click()


def measure(driver, page, frames=120, search=None):
    """Opens `page`, then turns the view a full circle over `frames` frames and times them; with
    `search`, while that search is active (its matches outlined, the rest dimmed)."""
    ready = open_page(driver, page)
    matches = len(api(driver, "search(arguments[0])", search)) if search else None
    times = driver.execute_async_script("""
        const done = arguments[arguments.length - 1], frames = arguments[0], viewer = window.hierarchyViewer;
        viewer.setView({flat: false, yaw: -30, pitch: 15, zoom: 1});
        const stamps = [], script = [];
        function step(now) {
          stamps.push(now);
          if (stamps.length > frames) { done([stamps.slice(1).map((t, i) => t - stamps[i]), script]); return; }
          const start = performance.now();
          viewer.setView({yaw: -30 + 360 * stamps.length / frames, pitch: 15 + 10 * Math.sin(stamps.length / 9)});
          script.push(performance.now() - start);
          requestAnimationFrame(step);
        }
        requestAnimationFrame(step);
    """, frames)
    times, script = sorted(times[0]), sorted(times[1])
    errors = console_errors(driver)
    return {"page": page, "bytes": os.path.getsize(page), "readyMs": round(ready, 1), "search": search, "matches": matches,
            "frameMs": {"median": round(statistics.median(times), 2), "p95": round(times[int(0.95 * (len(times) - 1))], 2),
                        "max": round(times[-1], 2), "frames": len(times)},
            "scriptMs": {"median": round(statistics.median(script), 2), "max": round(script[-1], 2)},
            "consoleErrors": errors}


def save_screenshot(driver, page, out, select=None):
    """The page as a person first sees it, with `select` selected (the docs' picture)."""
    open_page(driver, page)
    if select:
        api(driver, "select(arguments[0])", select)
    driver.execute_script("document.activeElement && document.activeElement.blur()")
    time.sleep(0.5)
    driver.save_screenshot(out)


def main(argv):
    if len(argv) < 3 or argv[1] not in ("check", "measure", "screenshot"):
        print(__doc__)
        return 2
    if argv[1] == "screenshot" and len(argv) > 5:
        global WINDOW
        WINDOW = tuple(int(n) for n in argv[5].split("x"))
    driver = launch()
    try:
        if argv[1] == "screenshot":
            save_screenshot(driver, argv[2], argv[3], argv[4] if len(argv) > 4 else None)
            return 0
        if argv[1] == "measure":
            search = argv[3] if argv[2] == "--search" else None
            for page in argv[4 if search else 2:]:
                print(json.dumps(measure(driver, page)))
                if search:
                    print(json.dumps(measure(driver, page, search=search)))
            return 0
        with open(argv[2]) as f:
            case = json.load(f)
        checker = Checker(driver, case, os.path.dirname(os.path.abspath(argv[2])))
        try:
            checker.run()
        except Exception as error:  # a broken page must fail the test with its reason, not hang it
            checker.failures.append(f"{type(error).__name__}: {error}")
        for failure in checker.failures:
            print("FAIL: " + failure)
        print(json.dumps({"failures": len(checker.failures), **checker.figures}))
        return 1 if checker.failures else 0
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
