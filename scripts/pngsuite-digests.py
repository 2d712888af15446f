#!/usr/bin/env python3
"""Writes Tests/Fixtures/pngsuite/expected-rgba.txt: for every valid PngSuite image, its size and
the SHA-256 of the 8-bit RGBA pixels (straight alpha, row by row) a correct decoder gives.

The pixels come from the suite's JSON goldens (../shared/pngsuite/json, made by another decoder):
8-bit images exactly; 16-bit ones reduced to 8 bits as libpng's png_set_scale_16 rounds
(tmp + (((low - tmp + 128) * 65535) >> 24) on the two bytes), which the script checks against
the `_to8` goldens within 1 where they exist. Run it once when the goldens change:

    python3 scripts/pngsuite-digests.py [../shared/pngsuite]
"""
import hashlib, json, os, struct, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
suite = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "..", "shared", "pngsuite")
fixtures = os.path.join(root, "Tests", "Fixtures", "pngsuite")


def size(png):
    with open(png, "rb") as f:
        head = f.read(24)
    return struct.unpack(">II", head[16:24])


def scale16(v):
    """libpng's png_do_scale_16_to_8 on a 16-bit value."""
    high, low = v >> 8, v & 0xFF
    return (high + (((low - high + 128) * 65535) >> 24)) & 0xFF


lines = []
for name in sorted(os.listdir(fixtures)):
    if not name.endswith(".png") or name.startswith("x"):
        continue
    stem = name[:-4]
    with open(os.path.join(suite, "json", stem + ".json")) as f:
        values = json.load(f)
    if stem.endswith("16"):
        values = [scale16(v) for v in values]
        to8 = os.path.join(suite, "json", stem + "_to8.json")
        if os.path.exists(to8):
            with open(to8) as f:
                reference = json.load(f)
            worst = max(abs(a - b) for a, b in zip(values, reference))
            assert len(reference) == len(values) and worst <= 1, f"{stem}: _to8 golden differs by {worst}"
    width, height = size(os.path.join(fixtures, name))
    assert len(values) == width * height * 4, f"{stem}: {len(values)} values for {width}x{height}"
    digest = hashlib.sha256(bytes(values)).hexdigest()
    lines.append(f"{stem} {width} {height} {digest}")

with open(os.path.join(fixtures, "expected-rgba.txt"), "w") as f:
    f.write("# stem width height sha256-of-8-bit-RGBA (scripts/pngsuite-digests.py, from the suite's JSON goldens)\n")
    f.write("\n".join(lines) + "\n")
print(f"{len(lines)} digests")
