#!/usr/bin/env python3
"""Composites a view-hierarchy capture (tree.json + snapshots) flat, the way the tool's front view does.

For each view in pre-order, skipping hidden views, views with alpha < 0.01 and views with an excluded
tag (each with its subtree): its snapshot, or else its backgroundColor, is stretched over its frame in
root coordinates (frame.origin - bounds.origin accumulated down the tree), clipped by every ancestor
with clipsToBounds and by the screen (the root's frame), and drawn with the product of the alphas.

    python3 Samples/composite.py Samples/settings -o /tmp/settings.png [--scale 1] [--exclude-tag 9999]

Needs only Pillow. generate.py imports `render` to blur what lies behind the translucent bars.
"""

import argparse
import json
import os
import sys

from PIL import Image


def parse_color(text):
    """'#RRGGBB' or '#RRGGBBAA' as an (r, g, b, a) tuple."""
    h = text.lstrip("#")
    if len(h) not in (6, 8):
        raise ValueError(f"bad colour {text!r}")
    rgba = [int(h[i:i + 2], 16) for i in range(0, len(h), 2)]
    return tuple(rgba + [255] * (4 - len(rgba)))


def _with_alpha(image, alpha):
    if alpha >= 0.999:
        return image
    r, g, b, a = image.split()
    a = a.point(lambda v: int(v * alpha + 0.5))
    return Image.merge("RGBA", (r, g, b, a))


def render(root, load_snapshot, scale=3.0, exclude_tags=(), stop_before=None, background=(0, 0, 0, 255)):
    """The flat composite of the tree `root` (a parsed tree.json "root" object) as an RGBA image.

    load_snapshot(path) returns the PNG a view's "snapshot" names as a PIL image.
    stop_before: a view id; drawing stops as it reaches that view (so the image shows what lies
    behind it in subview order).
    """
    rf = root["frame"]
    size = (round(rf["width"] * scale), round(rf["height"] * scale))
    out = Image.new("RGBA", size, background)
    screen = (0, 0, size[0], size[1])
    excluded = set(exclude_tags)
    # Explicit stack: (node, origin x, origin y of the parent's bounds space in root points, clip, alpha).
    # The root's frame origin is the screen's origin.
    stack = [(root, -rf["x"], -rf["y"], screen, 1.0)]
    while stack:
        node, ox, oy, clip, parent_alpha = stack.pop()
        if stop_before is not None and node.get("id") == stop_before:
            break
        alpha = node.get("alpha", 1.0)
        if node.get("hidden", False) or alpha < 0.01 or node.get("tag", 0) in excluded:
            continue
        alpha *= parent_alpha
        f = node["frame"]
        x, y, w, h = ox + f["x"], oy + f["y"], f["width"], f["height"]
        box = (round(x * scale), round(y * scale), round((x + w) * scale), round((y + h) * scale))
        visible = (max(box[0], clip[0]), max(box[1], clip[1]), min(box[2], clip[2]), min(box[3], clip[3]))
        if visible[0] < visible[2] and visible[1] < visible[3]:
            layer = None
            if "snapshot" in node:
                snap = load_snapshot(node["snapshot"]).convert("RGBA")
                target = (box[2] - box[0], box[3] - box[1])
                if snap.size != target:
                    shrinking = target[0] < snap.size[0] or target[1] < snap.size[1]
                    snap = snap.resize(target, Image.BOX if shrinking else Image.BICUBIC)
                layer = snap.crop((visible[0] - box[0], visible[1] - box[1], visible[2] - box[0], visible[3] - box[1]))
            elif "backgroundColor" in node:
                layer = Image.new("RGBA", (visible[2] - visible[0], visible[3] - visible[1]),
                                  parse_color(node["backgroundColor"]))
            if layer is not None:
                out.alpha_composite(_with_alpha(layer, alpha), (visible[0], visible[1]))
        children = node.get("children", [])
        if not children:
            continue
        child_clip = visible if node.get("clipsToBounds", False) else clip
        if child_clip[0] >= child_clip[2] or child_clip[1] >= child_clip[3]:
            continue
        b = node.get("bounds", {"x": 0, "y": 0})
        cx, cy = x - b["x"], y - b["y"]
        for child in reversed(children):
            stack.append((child, cx, cy, child_clip, alpha))
    return out


def composite_folder(folder, scale=3.0, exclude_tags=()):
    with open(os.path.join(folder, "tree.json")) as f:
        doc = json.load(f)
    cache = {}

    def load(path):
        if path not in cache:
            cache[path] = Image.open(os.path.join(folder, path)).convert("RGBA")
        return cache[path]

    return render(doc["root"], load, scale=scale, exclude_tags=exclude_tags)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sample", help="a sample folder holding tree.json")
    parser.add_argument("-o", "--output", help="PNG to write (default /tmp/<sample>-composite@<scale>x.png)")
    parser.add_argument("--scale", type=float, default=3.0, help="pixels per point (default 3)")
    parser.add_argument("--exclude-tag", type=int, action="append", default=[], help="leave out views with this tag")
    args = parser.parse_args(argv)
    image = composite_folder(args.sample, args.scale, args.exclude_tag)
    name = os.path.basename(os.path.normpath(args.sample))
    out = args.output or f"/tmp/{name}-composite@{args.scale:g}x.png"
    image.convert("RGB").save(out)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
