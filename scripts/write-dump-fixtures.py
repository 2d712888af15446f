#!/usr/bin/env python3
"""Writes the written-* fixtures of Tests/Fixtures/dumps/{espresso,maestro,sentry,xcuitest}: one
Android screen and one iOS screen, printed as each tool prints them (following the generators:
android-test's HumanReadables, Maestro's TreeNode through Jackson's pretty printer, sentry-java's
ViewHierarchyNode, sentry-cocoa's SentryViewHierarchyProviderHelper, sentry-dart's tree walker,
XCTest's debugDescription as logs show it). Run from the repository: scripts/write-dump-fixtures.py
"""
import json, os, html

ROOT = os.path.join(os.path.dirname(__file__), "..", "Tests", "Fixtures", "dumps")

# The Android screen, 1080x2400 pixels (density 2.75): (class, fields, children); x, y relative to
# the parent, in pixels, as View.getX()/getY() give them.
def v(cls, x, y, w, h, children=(), **extra):
    return dict(cls=cls, x=x, y=y, w=w, h=h, children=list(children), extra=extra)

ANDROID = v("DecorView", 0, 0, 1080, 2400, [
    v("LinearLayout", 0, 0, 1080, 2400, [
        v("ViewStub", 0, 0, 0, 0, id=16908679, res="action_mode_bar_stub", visibility="GONE"),
        v("FrameLayout", 0, 63, 1080, 2211, [
            v("ConstraintLayout", 0, 0, 1080, 2211, [
                v("MaterialToolbar", 0, 0, 1080, 154, [
                    v("AppCompatTextView", 44, 46, 230, 62, id=2131231200, res="title", text="Settings"),
                ], id=2131231190, res="toolbar"),
                v("RecyclerView", 0, 154, 1080, 1800, [
                    v("LinearLayout", 0, 0, 1080, 200, [
                        v("AppCompatTextView", 44, 40, 600, 62, res="row_title", id=2131231180, text="Wi-Fi, Bluetooth {and} more"),
                        v("SwitchMaterial", 900, 60, 136, 80, res="row_switch", id=2131231181, checked="true", text=""),
                    ], id=2131231170, res="row", clickable="true"),
                    v("LinearLayout", 0, 200, 1080, 200, [
                        v("AppCompatTextView", 44, 40, 600, 62, res="row_title", id=2131231180, text="Display"),
                    ], id=2131231170, res="row", clickable="true"),
                    v("", 0, 400, 1080, 2),
                ], id=2131231160, res="list", focused="true"),
                v("FloatingActionButton", 882, 1993, 154, 154, id=2131231150, res="fab", desc="Add account"),
            ]),
        ], id=16908290, res="content"),
    ]),
    v("View", 0, 0, 1080, 63, id=16908335, res="statusBarBackground"),
    v("View", 0, 2274, 1080, 126, id=16908336, res="navigationBarBackground"),
])

def espresso_record(node, depth, old=False):
    e = node["extra"]
    fields = [("id", e.get("id", -1))]
    if "res" in e:
        fields.append(("res-name", e["res"]))
    if "desc" in e:
        fields.append(("desc", e["desc"]))
    fields += [("visibility", e.get("visibility", "VISIBLE")), ("width", node["w"]), ("height", node["h"]),
               ("has-focus", "false"), ("has-focusable", "true"), ("has-window-focus", "true"),
               ("is-clickable", e.get("clickable", "false")), ("is-enabled", "true"),
               ("is-focused", e.get("focused", "false")), ("is-focusable", "false"),
               ("is-layout-requested", "false"), ("is-selected", "false")]
    if depth == 0 and not old:
        fields.append(("layout-params", "{(0,0)(fillxfill) ty=BASE_APPLICATION wanim=0x10302f8\n  fl=LAYOUT_IN_SCREEN LAYOUT_INSET_DECOR SPLIT_TOUCH HARDWARE_ACCELERATED DRAWS_SYSTEM_BAR_BACKGROUNDS\n  pfl=FORCE_DRAW_STATUS_BAR_BACKGROUND}"))
    else:
        fields.append(("layout-params", "android.widget.FrameLayout$LayoutParams@%x" % (0x3ecf656 + depth * 7919 + node["y"])))
    fields += [("tag", "null"), ("root-is-layout-requested", "false"), ("has-input-connection", "false"),
               ("x", "%.1f" % node["x"]), ("y", "%.1f" % node["y"])]
    if "text" in e:
        fields += [("text", e["text"]), ("input-type", 0), ("ime-target", "false"), ("has-links", "false")]
    if "checked" in e:
        fields.append(("is-checked", e["checked"]))
    if node["children"]:
        fields.append(("child-count", len(node["children"])))
    body = ", ".join("%s=%s" % (k, val) for k, val in fields)
    return "+%s>%s{%s} " % ("-" * depth, node["cls"], body)

def walk(node, depth=0):
    yield node, depth
    for child in node["children"]:
        yield from walk(child, depth + 1)

def espresso_hierarchy(old=False):
    records = [espresso_record(n, d, old) for n, d in walk(ANDROID)]
    return ("\n" if old else "\n|\n").join(records)

HEADER = 'androidx.test.espresso.NoMatchingViewException: No views in hierarchy found matching: view.getText() with or without transformation to match: is "Network & internet"\n\nView Hierarchy:\n'
TRACE = "\nat dalvik.system.VMStack.getThreadStackTrace(Native Method)\nat androidx.test.espresso.base.DefaultFailureHandler.getUserFriendlyError(DefaultFailureHandler.java:12)\nat com.example.settings.SettingsTest.opensNetwork(SettingsTest.kt:42)\n"

def write(folder, name, text):
    with open(os.path.join(ROOT, folder, name), "w", encoding="utf-8", newline="\n") as f:
        f.write(text)

def espresso():
    plain = HEADER + espresso_hierarchy() + TRACE
    write("espresso", "written-nomatching-1080x2400.txt", plain)
    old = HEADER.replace("androidx.test.espresso", "com.google.android.apps.common.testing.ui.espresso") + espresso_hierarchy(old=True) + TRACE
    write("espresso", "written-old-guava-1080x2400.txt", old)
    message = HEADER + espresso_hierarchy() + "\nThe complete view hierarchy is available in artifact file 'view-hierarchy-1.txt'."
    escaped = html.escape(message, quote=True).replace("@", "&#64;")
    junit = ('<?xml version="1.0" encoding="UTF-8"?>\n'
             '<testsuite name="com.example.settings.SettingsTest" tests="2" failures="1" errors="0" skipped="0" time="4.2" timestamp="2024-10-02T14:14:03" hostname="localhost">\n'
             '  <properties>\n    <property name="device" value="Pixel_6_API_34(AVD) - 14" />\n  </properties>\n'
             '  <testcase name="showsTitle" classname="com.example.settings.SettingsTest" time="1.1" />\n'
             '  <testcase name="opensNetwork" classname="com.example.settings.SettingsTest" time="3.1">\n'
             '    <failure message="%s" type="androidx.test.espresso.NoMatchingViewException">%s%s</failure>\n'
             '  </testcase>\n</testsuite>\n') % (escaped.replace("\n", "&#10;"), escaped, html.escape(TRACE))
    write("espresso", "written-junit-report-1080x2400.xml", junit)
    # A logcat of two failures: the second cut short by Espresso's message limit.
    prefix = "10-02 14:14:03.329 20435 20457 E TestRunner: "
    lines = ["10-02 14:14:03.301 20435 20457 I TestRunner: started: opensNetwork(com.example.settings.SettingsTest)",
             prefix + "----- begin exception -----"]
    lines += [prefix + l for l in message.split("\n")]
    lines += [prefix + "----- end exception -----",
              "10-02 14:14:03.402 20435 20457 I TestRunner: finished: opensNetwork(com.example.settings.SettingsTest)",
              "10-02 14:14:05.118 20435 20457 I TestRunner: started: opensDisplay(com.example.settings.SettingsTest)"]
    second = (HEADER.replace("Network & internet", "Display settings") + espresso_hierarchy())[:6100] + " [truncated]\nThe complete view hierarchy is available in artifact file 'view-hierarchy-2.txt'."
    lines += ["10-02 14:14:05.230 20435 20457 E TestRunner: " + l for l in second.split("\n")]
    lines.append("10-02 14:14:05.301 20435 20457 I TestRunner: finished: opensDisplay(com.example.settings.SettingsTest)")
    write("espresso", "written-logcat-two-failures.txt", "\n".join(lines) + "\n")

def absolute(node, ox=0, oy=0):
    x, y = ox + node["x"], oy + node["y"]
    return x, y

def maestro():
    def tree(node, ox=0, oy=0):
        e = node["extra"]
        x, y = ox + node["x"], oy + node["y"]
        if e.get("visibility") == "GONE":
            return None
        attributes = {"text": e.get("text", ""), "resource-id": ("com.example.settings:id/" + e["res"]) if "res" in e else "",
                      "accessibilityText": e.get("desc", ""), "hintText": "", "class": "android.view.View" if not node["cls"] else "android.widget." + node["cls"],
                      "bounds": "[%d,%d][%d,%d]" % (x, y, x + node["w"], y + node["h"]),
                      "enabled": "true", "focused": e.get("focused", "false"), "checked": e.get("checked", "false"), "selected": "false",
                      "clickable": e.get("clickable", "false")}
        children = [c for c in (tree(child, x, y) for child in node["children"]) if c]
        return {"attributes": attributes, "children": children, "clickable": e.get("clickable", "false") == "true",
                "enabled": True, "focused": e.get("focused", "false") == "true",
                "checked": e.get("checked", "false") == "true" if "checked" in e else None, "selected": False}
    root = {"attributes": {}, "children": [tree(ANDROID)], "clickable": None, "enabled": None, "focused": None, "checked": None, "selected": None}
    text = json.dumps(root, indent=2, ensure_ascii=False).replace('": ', '" : ')
    write("maestro", "written-android-with-preamble-1080x2400.json", "Running on emulator-5554\n" + text + "\n")
    ios = {"attributes": {"accessibilityText": "", "title": "", "value": "", "text": "", "hintText": "", "resource-id": "", "bounds": "[0,0][0,0]", "enabled": "true", "focused": "false", "selected": "false", "checked": "false"},
           "children": [], "clickable": None, "enabled": True, "focused": False, "checked": None, "selected": False}
    def el(bounds, text="", ident="", children=(), **kw):
        a = {"accessibilityText": text, "title": "", "value": kw.get("value", ""), "text": kw.get("label", ""), "hintText": kw.get("hint", ""),
             "resource-id": ident, "bounds": bounds, "enabled": "true", "focused": "false", "selected": kw.get("selected", "false"), "checked": "false"}
        return {"attributes": a, "children": list(children), "clickable": None, "enabled": True, "focused": False, "checked": None, "selected": kw.get("selected", "false") == "true"}
    ios["children"] = [el("[0,0][390,844]", children=[
        el("[0,47][390,91]", "Settings", "nav", [el("[16,50][60,88]", "Back", "back"), el("[150,56][240,78]", "Settings", label="Settings")]),
        el("[16,120][374,156]", "Name", "name", value="Ada \u201cthe\u201d Lovelace \U0001F600", hint="Your name"),
        el("[16,180][374,224]", "Notifications", "notifications", selected="true"),
        el("[0,760][390,844]", "Tab Bar", "", [el("[0,760][195,809]", "Home", "home"), el("[195,760][390,809]", "Profile", "profile")]),
    ])]
    text = json.dumps(ios, indent=2, ensure_ascii=False).replace('": ', '" : ')
    write("maestro", "written-ios-390x844.json", "Running on iPhone 15 - iOS 17.5 - 5B3D0E2A-6C0F-4E1B-9C2B-2F3A4D5E6F70\n" + text + "\n")

def sentry():
    def java(node):
        e = node["extra"]
        out = {"rendering_system": "android_view_system", "type": ("android.widget." + node["cls"]) if node["cls"] else "com.example.settings.SettingsFragment$1",
               "width": float(node["w"]), "height": float(node["h"]), "x": float(node["x"]), "y": float(node["y"]), "alpha": 1.0,
               "visibility": e.get("visibility", "VISIBLE").lower()}
        if "res" in e:
            out["identifier"] = e["res"]
        if node["children"]:
            out["children"] = [java(c) for c in node["children"]]
        return out
    window = java(ANDROID)
    window["type"] = "com.android.internal.policy.DecorView"
    window["children"][1]["alpha"] = 0.5  # the status bar background, half transparent
    text = json.dumps({"rendering_system": "android_view_system", "windows": [window]}, indent=None)
    # sentry-java writes 1e999 for Float.POSITIVE_INFINITY read back as a double: the divider's width.
    text = text.replace('"width": 1080.0, "height": 2.0', '"width": 1e999, "height": 2.0')
    write("sentry", "written-android-view-system-1080x2400.json", text + "\n")
    # sentry-cocoa: UIKit frames, relative to the superview, in points; visible, alpha; children always.
    def ui(t, x, y, w, h, children=(), ident=None, alpha=1, visible=True, vc=None):
        d = {"type": t}
        if ident: d["identifier"] = ident
        d.update({"width": w, "height": h, "x": x, "y": y, "alpha": alpha, "visible": visible})
        if vc: d["view_controller"] = vc
        d["children"] = list(children)
        return d
    uikit = {"rendering_system": "UIKIT", "windows": [
        ui("UIWindow", 0, 0, 390, 844, [
            ui("UITransitionView", 0, 0, 390, 844, [
                ui("UIDropShadowView", 0, 0, 390, 844, [
                    ui("UILayoutContainerView", 0, 0, 390, 844, [
                        ui("UINavigationBar", 0, 47, 390, 44, [ui("_UIButtonBarButton", 8, 0, 44, 44, ident="back"), ui("UILabel", 150, 11, 90, 22)], ident="nav"),
                        ui("UIView", 0, 0, 390, 844, [
                            ui("UITextField", 16, 120, 358, 36, ident="name"),
                            ui("UISwitch", 309, 186, 51, 31, ident="notifications"),
                            ui("UIActivityIndicatorView", 185, 400, 20, 20, alpha=0, visible=False),
                            ui("UIStackView", 16, 300, 358, 100, [ui("SentryTruncatedViewHierarchy", 0, 0, 0, 0)]),
                        ], vc="SettingsViewController"),
                        ui("UITabBar", 0, 760, 390, 84, [ui("UITabBarButton", 0, 1, 195, 48), ui("UITabBarButton", 195, 1, 195, 48)]),
                    ]),
                ]),
            ]),
        ], ident="main-window"),
    ]}
    # The depth cap's marker is an object of a type only.
    uikit["windows"][0]["children"][0]["children"][0]["children"][0]["children"][1]["children"][3]["children"] = [{"type": "SentryTruncatedViewHierarchy"}]
    write("sentry", "written-uikit-390x844.json", json.dumps(uikit, separators=(",", ":")) + "\n")
    # sentry-dart: global positions, only when > 0; sizes; no children key on leaves (empty list left out by the SDK).
    def fl(t, x=None, y=None, w=None, h=None, children=(), key=None, depth=0, visible=None, alpha=None):
        d = {"type": t, "depth": depth}
        if key: d["identifier"] = key
        if w is not None: d["width"] = w
        if h is not None: d["height"] = h
        if x: d["x"] = x
        if y: d["y"] = y
        if visible is not None: d["visible"] = visible
        if alpha is not None: d["alpha"] = alpha
        if children: d["children"] = list(children)
        return d
    flutter = {"rendering_system": "flutter", "windows": [
        fl("RenderObjectToWidgetAdapter<RenderBox>", w=390, h=844, children=[
            fl("MaterialApp", w=390, h=844, depth=1, children=[
                fl("Scaffold", w=390, h=844, depth=2, children=[
                    fl("AppBar", w=390, h=103, depth=3, children=[fl("Text", 16, 61, 90, 28, depth=4, key="[<'title'>]")]),
                    fl("ListView", 0, 103, 390, 741, depth=3, children=[
                        fl("ListTile", 0, 103, 390, 56, depth=4, key="[<'wifi'>]", children=[fl("Text", 16, 119, 120, 24, depth=5)]),
                        fl("ListTile", 0, 159, 390, 56, depth=4, children=[fl("Text", 16, 175, 80, 24, depth=5)]),
                        fl("Visibility", depth=4, visible=False, children=[fl("Text", 16, 231, 80, 24, depth=5)]),
                        fl("Opacity", depth=4, alpha=0.5, children=[fl("Icon", 350, 175, 24, 24, depth=5)]),
                    ]),
                    fl("FloatingActionButton", 318, 772, 56, 56, depth=3, key="[<'add'>]"),
                ]),
            ]),
        ]),
    ]}
    write("sentry", "written-flutter-390x844.json", json.dumps(flutter, indent=2) + "\n")

XC_TREE = """ →Application, 0x600002c10000, pid: 41491, label: 'Settings'
    Window (Main), 0x600002c100e0, {{0.0, 0.0}, {390.0, 844.0}}
      Other, 0x600002c101c0, {{0.0, 0.0}, {390.0, 844.0}}
        NavigationBar, 0x600002c102a0, {{0.0, 47.0}, {390.0, 44.0}}, identifier: 'Settings'
          Button, 0x600002c10380, {{16.0, 50.0}, {44.0, 38.0}}, identifier: 'back', label: 'Back'
          StaticText, 0x600002c10460, {{150.0, 56.0}, {90.0, 22.0}}, label: 'Settings'
        TextField, 0x600002c10540, {{16.0, 120.0}, {358.0, 36.0}}, identifier: 'name', placeholderValue: 'Your name', value: Ada 'the' Lovelace 😀
        Switch, 0x600002c10620, {{309.0, 186.0}, {51.0, 31.0}}, identifier: 'notifications', label: 'Notifications', value: 1, Selected
        Button, 0x600002c10700, {{16.0, 240.0}, {358.0, 44.0}}, label: 'Don't sync, ever', Disabled
        StaticText, 0x600002c107e0, {{16.0, 300.0}, {358.0, 60.0}}, label: 'Ünïcødé, “quotes”, emoji 👩‍👩‍👧 and: colons'
        TabBar, 0x600002c108c0, {{0.0, 760.0}, {390.0, 84.0}}, identifier: 'Tab Bar'
          Button, 0x600002c109a0, {{0.0, 761.0}, {195.0, 48.0}}, label: 'Home', Selected
          Button, 0x600002c10a80, {{195.0, 761.0}, {195.0, 48.0}}, label: 'Profile'
"""

def xcuitest():
    text = ("t =     3.21s Checking existence of `\"Network\" Button`\n"
            "t =     3.25s Capturing element debug description\n"
            "Attributes: Application, 0x600002c10000, pid: 41491, label: 'Settings'\nElement subtree:\n" + XC_TREE +
            "Path to element:\n →Application, 0x600002c10000, pid: 41491, label: 'Settings'\n"
            "Query chain:\n →Find: Target Application 'com.example.settings'\n  Output: {\n    Application, 0x600002c10000, pid: 41491, label: 'Settings'\n  }\n"
            "  ↪︎Find: Descendants matching type Button\n    Output: {\n      Button, 0x600002c10380, {{16.0, 50.0}, {44.0, 38.0}}, identifier: 'back', label: 'Back'\n    }\n"
            "/Users/ci/Settings/SettingsUITests.swift:42: error: -[SettingsUITests testOpensNetwork] : XCTAssertTrue failed\n")
    write("xcuitest", "written-failure-log-390x844.txt", text)
    one = "Attributes: Application, 0x600002c10000, pid: 41491, label: 'Settings'\nElement subtree:\n" + XC_TREE + "Path to element:\n →Application, 0x600002c10000, pid: 41491, label: 'Settings'\nQuery chain:\n →Find: Target Application 'com.example.settings'\n"
    escaped = one.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    write("xcuitest", "written-lldb-p-390x844.txt", "(lldb) p app.debugDescription\n(String) $R0 = \"" + escaped + "\"\n(lldb) \n")
    lines = XC_TREE.rstrip("\n").split("\n")
    kept = lines[:6] + ["        ..."] + lines[6:]
    comment = ("    func testOpensNetwork() {\n        // po app printed:\n        // Attributes: Application, 0x600002c10000, pid: 41491, label: 'Settings'\n        // Element subtree:\n"
               + "\n".join("        //" + l for l in kept) + "\n        // Path to element:\n        app.buttons[\"Network\"].tap()\n    }\n")
    write("xcuitest", "written-code-comment-elided-390x844.swift", comment)
    # Xcode 9's form: traits, the Application with a frame, no (Main).
    old = ("Attributes: Application, pid: 1234, {{0.0, 0.0}, {375.0, 667.0}}, label: 'Settings'\nElement subtree:\n"
           " →Application, 0x60400019a1f0, pid: 1234, {{0.0, 0.0}, {375.0, 667.0}}, label: 'Settings'\n"
           "    Window, 0x60400019a2c0, {{0.0, 0.0}, {375.0, 667.0}}\n"
           "      Other, 0x60400019a390, traits: 8589934592, {{0.0, 0.0}, {375.0, 667.0}}\n"
           "        NavigationBar, 0x60400019a460, traits: 35192962023424, {{0.0, 20.0}, {375.0, 44.0}}, identifier: 'Settings'\n"
           "          Button, 0x60400019a530, traits: 8589934593, {{0.0, 20.0}, {50.0, 44.0}}, label: 'Back'\n"
           "        Table, 0x60400019a600, traits: 35192962023424, {{0.0, 0.0}, {375.0, 667.0}}\n"
           "          Cell, 0x60400019a6d0, traits: 8589934592, {{0.0, 64.0}, {375.0, 44.0}}\n"
           "            StaticText, 0x60400019a7a0, traits: 8589934656, {{15.0, 75.0}, {100.0, 21.0}}, label: 'Wi-Fi'\n"
           "    Window, 0x60400019a870, {{0.0, 0.0}, {375.0, 667.0}}\n"
           "      StatusBar, 0x60400019a940, traits: 8388608, {{0.0, 0.0}, {375.0, 20.0}}\n"
           "Path to element:\n →Application, 0x60400019a1f0, pid: 1234, {{0.0, 0.0}, {375.0, 667.0}}, label: 'Settings'\n"
           "Query chain:\n →Find: Target Application 0x604000053470\n  Output: {\n    Application, pid: 1234, {{0.0, 0.0}, {375.0, 667.0}}, label: 'Settings'\n  }\n")
    write("xcuitest", "written-xcode9-traits-375x667.txt", old)

espresso(); maestro(); sentry(); xcuitest()
