#!/usr/bin/env python3
"""Makes Samples/appium-settings/: what an Appium/XCUITest run saves for the settings sample.

    page-source.xml   the WebDriverAgent page source: XCUIElementType elements with absolute,
                      whole-point frames, only what the accessibility tree shows (no hidden views,
                      no layout containers without content), an <AppiumAUT> wrapper
    screenshot.png    the screen at 3x, as the test run's screenshot (made by hierarchy itself:
                      the orthographic front view of the capture equals its flat composite)

    python3 Samples/make_appium_example.py
    swift run hierarchy render Samples/settings/tree.json --yaw 0 --pitch 0 --projection orthographic \
        --style contents --margin 0 --background '#000000' --size 1179x2556 --force -o Samples/appium-settings/screenshot.png

Needs only the standard library.
"""
import json
import os
from xml.sax.saxutils import quoteattr

HERE = os.path.dirname(os.path.abspath(__file__))

TYPES = {
    "UIWindow": "Window", "UILabel": "StaticText", "UIImageView": "Image", "UITableView": "Table",
    "UITableViewCell": "Cell", "UIButton": "Button", "_UIButtonBarButton": "Button", "UISwitch": "Switch",
    "UINavigationBar": "NavigationBar", "UITabBar": "TabBar", "UICollectionView": "CollectionView",
    "UICollectionViewCell": "Cell", "UIScrollView": "ScrollView", "_UIStatusBar": "StatusBar",
    "UITableViewHeaderFooterView": "Other",
}
# Containers that WebDriverAgent folds away: their children are attached to the parent.
FOLDED = {"UITableViewCellContentView", "UIViewControllerWrapperView", "UINavigationTransitionView",
          "_UIBarBackground", "UIVisualEffectView", "_UIVisualEffectBackdropView", "_UIVisualEffectSubview",
          "_UIBarBackgroundShadowView", "_UINavigationBarContentView", "_UIScrollViewScrollIndicator"}


def elements(node, ox, oy, clip):
    """The XML elements for `node` (absolute origin ox, oy of its superview's bounds space)."""
    if node.get("hidden") or node.get("alpha", 1) < 0.01:
        return []
    f, b = node["frame"], node.get("bounds", {"x": 0, "y": 0})
    x, y, w, h = ox + f["x"], oy + f["y"], f["width"], f["height"]
    child_clip = clip
    if node.get("clipsToBounds"):
        child_clip = (max(clip[0], x), max(clip[1], y), min(clip[2], x + w), min(clip[3], y + h))
    children = []
    for child in node.get("children", []):
        children += elements(child, x - b["x"], y - b["y"], child_clip)
    cls = node.get("class", "View")
    visible = x < clip[2] and y < clip[3] and x + w > clip[0] and y + h > clip[1]
    if cls in FOLDED or (cls == "View" and not node.get("name")) or not visible and not children:
        return children
    kind = "XCUIElementType" + TYPES.get(cls, "Other")
    attrs = {"type": kind}
    if node.get("name"):
        attrs["name"] = node["name"]
        attrs["label"] = node["name"]
    attrs.update({"enabled": "true", "visible": "true" if visible else "false",
                  "x": str(round(x)), "y": str(round(y)), "width": str(round(w)), "height": str(round(h))})
    text = " ".join(f"{k}={quoteattr(v)}" for k, v in attrs.items())
    if not children:
        return [f"<{kind} {text}/>"]
    return [f"<{kind} {text}>"] + ["  " + line for line in children] + [f"</{kind}>"]


def main():
    with open(os.path.join(HERE, "settings", "tree.json")) as f:
        root = json.load(f)["root"]
    w, h = root["frame"]["width"], root["frame"]["height"]
    app = elements(root, 0, 0, (0, 0, w, h))
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<AppiumAUT>",
             f'  <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Settings" label="Settings" enabled="true" visible="true" x="0" y="0" width="{round(w)}" height="{round(h)}">']
    lines += ["    " + line for line in app]
    lines += ["  </XCUIElementTypeApplication>", "</AppiumAUT>"]
    out = os.path.join(HERE, "appium-settings", "page-source.xml")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(out)


if __name__ == "__main__":
    main()
