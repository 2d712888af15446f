#!/usr/bin/env python3
"""Makes Samples/settings/after.json: the settings sample after a change, for `hierarchy diff`.

    - the Camera row is gone, and the rows and sections below it moved up by its height
    - the Microphone icon was repainted (its snapshot's hue turned: a content change)
    - a red badge was added to the Health row
    - the footer under the permissions list is half transparent
    - the Photos row's detail label ("8 Apps") grew to the left

It lives beside tree.json so that both read the same snapshots; the one new snapshot is
snapshots/after-cell-microphone-icon.png (made with ImageMagick's `convert`).

    python3 Samples/make_diff_example.py
    swift run hierarchy diff Samples/settings/tree.json Samples/settings/after.json --force -o Output/diff.png
"""
import json
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
FOLDER = os.path.join(HERE, "settings")


def find(node, id):
    if node["id"] == id:
        return node
    for child in node.get("children", []):
        found = find(child, id)
        if found:
            return found
    return None


def main():
    doc = json.load(open(os.path.join(FOLDER, "tree.json")))
    root = doc["root"]
    table = find(root, "tableView")
    camera = find(root, "cell-camera")
    index = table["children"].index(camera)
    height = camera["frame"]["height"]
    del table["children"][index]
    for sibling in table["children"][index:]:
        if sibling["class"] == "_UIScrollViewScrollIndicator":
            continue
        sibling["frame"]["y"] = round(sibling["frame"]["y"] - height, 4)

    icon = find(root, "cell-microphone-icon")
    new_icon = "snapshots/after-cell-microphone-icon.png"
    subprocess.run(["convert", os.path.join(FOLDER, icon["snapshot"]), "-modulate", "100,100,40",
                    os.path.join(FOLDER, new_icon)], check=True)
    icon["snapshot"] = new_icon

    content = find(root, "cell-health-content")
    content["children"].append({"id": "cell-health-badge", "class": "UIView", "name": "New",
                                "frame": {"x": 280, "y": 12, "width": 20, "height": 20},
                                "backgroundColor": "#FF3B30"})
    find(root, "footer-1")["alpha"] = 0.5
    detail = find(root, "cell-photos-detail")
    detail["frame"]["x"] -= 40
    detail["frame"]["width"] += 40

    with open(os.path.join(FOLDER, "after.json"), "w") as out:
        json.dump(doc, out, indent=1, ensure_ascii=False)
        out.write("\n")


if __name__ == "__main__":
    main()
