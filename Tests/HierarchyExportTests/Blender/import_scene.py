"""Imports an exported .gltf or .glb into Blender and reports what Blender made of it.

Run by BlenderImportTests (and by hand) as:

    blender -b --factory-startup --python-exit-code 1 --python import_scene.py -- \
        --input scene.glb --report report.json [--render picture.png --size 800x600]

The report lists every object (name, type, parent, custom properties, world matrix, mesh counts,
camera settings) and the images and materials, in Blender's own Z-up coordinates; the Swift test
compares it with the layout. The checks here are the ones that need nothing but the file: every
glTF node with a mesh became one mesh object of that name with the node's extras as custom
properties, and the camera came in. Any failure raises, so Blender exits with status 1.
"""

import argparse
import json
import struct
import sys

# Debian's Blender 3.4 importer still uses numpy.bool, which newer numpy removed.
import numpy

if not hasattr(numpy, "bool") or numpy.bool is not bool:
    numpy.bool = bool

import bpy  # noqa: E402  (after the numpy fix on purpose)


def arguments():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    parser = argparse.ArgumentParser(prog="import_scene.py")
    parser.add_argument("--input", required=True)
    parser.add_argument("--report", required=True)
    parser.add_argument("--render")
    parser.add_argument("--size", default="800x600")
    parser.add_argument("--background", default="#25272C", help="the world colour, as render's canvas")
    return parser.parse_args(argv)


def gltf_json(path):
    """The document's JSON: the file itself, or the first chunk of a GLB."""
    with open(path, "rb") as file:
        data = file.read()
    if data[:4] == b"glTF":
        length, kind = struct.unpack_from("<II", data, 12)
        if kind != 0x4E4F534A:
            raise AssertionError("the first GLB chunk is not JSON")
        return json.loads(data[20:20 + length])
    return json.loads(data)


def plain(value):
    """Custom property values as JSON values (ID property groups and arrays to dicts and lists)."""
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if hasattr(value, "to_list"):
        return value.to_list()
    return value


def object_report(obj):
    entry = {
        "name": obj.name,
        "type": obj.type,
        "parent": obj.parent.name if obj.parent else None,
        "properties": {key: plain(obj[key]) for key in obj.keys() if not key.startswith("_")},
        "matrix_world": [list(row) for row in obj.matrix_world],
    }
    if obj.type == "MESH":
        mesh = obj.data
        entry["mesh"] = {
            "vertices": len(mesh.vertices),
            "edges": len(mesh.edges),
            "polygons": len(mesh.polygons),
            "materials": [m.name for m in mesh.materials if m is not None],
            "local_bounds": [[min(v.co[i] for v in mesh.vertices), max(v.co[i] for v in mesh.vertices)] for i in range(3)],
        }
    if obj.type == "CAMERA":
        camera = obj.data
        entry["camera"] = {
            "type": camera.type,
            "angle_y": camera.angle_y,
            "sensor_fit": camera.sensor_fit,
            "ortho_scale": camera.ortho_scale,
            "clip_start": camera.clip_start,
            "clip_end": camera.clip_end,
        }
    return entry


def report(document):
    objects = sorted(bpy.context.scene.objects, key=lambda o: o.name)
    images = [i for i in bpy.data.images if i.type == "IMAGE"]
    return {
        "objects": [object_report(o) for o in objects],
        "images": sorted(i.name for i in images),
        "materials": sorted(m.name for m in bpy.data.materials),
        "gltf_images": len(document.get("images", [])),
    }


def check(document, result):
    """What must hold whatever the layout: one mesh object per glTF mesh node, with its extras."""
    by_name = {o["name"]: o for o in result["objects"]}
    mesh_nodes = [n for n in document["nodes"] if "mesh" in n]
    meshes = [o for o in result["objects"] if o["type"] == "MESH"]
    if len(meshes) != len(mesh_nodes):
        raise AssertionError(f"{len(meshes)} mesh objects for {len(mesh_nodes)} glTF mesh nodes")
    for node in mesh_nodes:
        obj = by_name.get(node["name"])
        if obj is None or obj["type"] != "MESH":
            raise AssertionError(f"no mesh object named {node['name']!r}")
        for key, value in node.get("extras", {}).items():
            if obj["properties"].get(key) != value:
                raise AssertionError(f"{node['name']!r}: custom property {key} is {obj['properties'].get(key)!r}, expected {value!r}")
    cameras = [o for o in result["objects"] if o["type"] == "CAMERA"]
    if len(cameras) != len(document.get("cameras", [])):
        raise AssertionError(f"{len(cameras)} camera objects for {len(document.get('cameras', []))} glTF cameras")
    if len(result["images"]) != result["gltf_images"]:
        raise AssertionError(f"{len(result['images'])} images in Blender for {result['gltf_images']} in the file")


def linear(channel):
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def render(path, size, background):
    """A picture from the imported camera with Eevee, colours untouched (Standard view transform)."""
    scene = bpy.context.scene
    width, height = (int(side) for side in size.lower().split("x"))
    scene.render.resolution_x, scene.render.resolution_y = width, height
    scene.render.resolution_percentage = 100
    scene.camera = next(o for o in scene.objects if o.type == "CAMERA")
    scene.render.engine = "BLENDER_EEVEE"
    scene.eevee.taa_render_samples = 64
    scene.render.filter_size = 1.0
    # Eevee sorts blended objects by their origins, which puts a big plane's centre in front of a
    # small layer above its edge; hashed transparency is depth-tested, so the layers' order holds.
    for material in bpy.data.materials:
        if material.blend_method == "BLEND":
            material.blend_method = "HASHED"
    scene.view_settings.view_transform = "Standard"
    scene.view_settings.look = "None"
    world = bpy.data.worlds.new("canvas")
    world.use_nodes = True
    rgb = [int(background[i:i + 2], 16) for i in (1, 3, 5)]
    world.node_tree.nodes["Background"].inputs["Color"].default_value = (*map(linear, rgb), 1)
    scene.world = world
    scene.render.image_settings.file_format = "PNG"
    scene.render.image_settings.color_mode = "RGB"
    scene.render.image_settings.compression = 100
    scene.render.filepath = path
    bpy.ops.render.render(write_still=True)


def main():
    args = arguments()
    bpy.ops.wm.read_factory_settings(use_empty=True)
    result = bpy.ops.import_scene.gltf(filepath=args.input)
    if "FINISHED" not in result:
        raise AssertionError(f"the importer returned {result}")
    document = gltf_json(args.input)
    result = report(document)
    with open(args.report, "w") as file:
        json.dump(result, file, indent=1, sort_keys=True)
    check(document, result)
    if args.render:
        render(args.render, args.size, args.background)


main()
