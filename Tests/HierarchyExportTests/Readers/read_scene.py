"""Loads a glTF/GLB with two common readers besides Blender and reports what each made of it.

python3 read_scene.py SCENE REPORT.json

trimesh (5.2): the scene graph's node names (its base frame left out), the names of nodes that
carry geometry, and the scene's axis-aligned bounds in metres. pygltflib: the document's node
names. Exit status 1 (with the reason) when either reader fails.
"""
import json
import sys

import pygltflib
import trimesh


def main():
    scene_path, report_path = sys.argv[1], sys.argv[2]
    scene = trimesh.load(scene_path, force="scene")
    base = scene.graph.base_frame
    nodes = sorted(n for n in scene.graph.nodes if n != base)
    with_geometry = sorted(scene.graph.nodes_geometry)
    bounds = scene.bounds.tolist() if scene.bounds is not None else None
    document = pygltflib.GLTF2().load(scene_path)
    report = {
        "trimesh": {"version": trimesh.__version__, "nodes": nodes, "nodesWithGeometry": with_geometry, "bounds": bounds},
        "pygltflib": {"nodes": [node.name for node in document.nodes]},
    }
    with open(report_path, "w") as f:
        json.dump(report, f)


if __name__ == "__main__":
    main()
