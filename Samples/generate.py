#!/usr/bin/env python3
"""Builds the bundled sample captures: Samples/<name>/tree.json + Samples/<name>/snapshots/<id>.png.

    python3 -m pip install pillow && python3 Samples/generate.py [settings photos sheet]

Everything is drawn procedurally at 3x with Pillow only (its built-in scalable font, no system fonts),
from fixed seeds, so every run writes the same files. Each view's snapshot holds only what that view
draws itself (transparent elsewhere); the flat composite of all of them (Samples/composite.py) is the
screen. The blurred bar backgrounds are made by compositing what lies behind each bar and blurring it.
"""

import json
import math
import os
import random
import shutil
import sys

from PIL import Image, ImageDraw, ImageEnhance, ImageFilter, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ in Samples/
sys.path.insert(0, HERE)
import composite  # noqa: E402  (Samples/composite.py)

S = 3                    # screen scale: pixels per point
SS = 4                   # supersampling of shapes before the box-filtered reduction
SCREEN_W, SCREEN_H = 393, 852   # iPhone 15
STATUS_H = 54
NAV_H = 44
LARGE_NAV_H = 96
TAB_H = 83               # 49 + 34 home-indicator inset

# iOS 17 light-mode system colours.
WHITE = (255, 255, 255, 255)
BLACK = (0, 0, 0, 255)
GROUPED_BG = (242, 242, 247, 255)
LABEL = (0, 0, 0, 255)
SECONDARY = (60, 60, 67, 153)        # secondaryLabel: #3C3C43 at 60 %
TERTIARY = (60, 60, 67, 77)          # tertiaryLabel: #3C3C43 at 30 %
SEPARATOR = (198, 198, 200, 255)     # opaqueSeparator
BAR_HAIRLINE = (0, 0, 0, 77)
BLUE = (0, 122, 255, 255)
GREEN = (52, 199, 89, 255)
RED = (255, 59, 48, 255)
ORANGE = (255, 149, 0, 255)
YELLOW = (255, 204, 0, 255)
PINK = (255, 45, 85, 255)
PURPLE = (175, 82, 222, 255)
INDIGO = (88, 86, 214, 255)
TEAL = (48, 176, 199, 255)
CYAN = (50, 173, 230, 255)
GRAY = (142, 142, 147, 255)
GRAY5 = (229, 229, 234, 255)
FILL_GRAY = (120, 120, 128, 51)      # systemFill
TAB_GRAY = (153, 153, 153, 255)


def rgba(c):
    if isinstance(c, str):
        return composite.parse_color(c)
    return tuple(c) if len(c) == 4 else tuple(c) + (255,)


def hexcolor(c):
    c = rgba(c)
    return "#%02X%02X%02X" % c[:3] + ("" if c[3] == 255 else "%02X" % c[3])


def px(v):
    return int(round(v * S))


def ceil3(v):
    """Rounds up to a whole pixel at 3x, so every frame has a whole-pixel size."""
    return math.ceil(v * S - 1e-6) / S


# ----------------------------------------------------------------------------------------------- text

_fonts = {}
WEIGHTS = {"regular": 0.0, "medium": 0.011, "semibold": 0.021, "bold": 0.03, "heavy": 0.038}


def font(size_px):
    size_px = int(round(size_px))
    if size_px not in _fonts:
        _fonts[size_px] = ImageFont.load_default(size=size_px)
    return _fonts[size_px]


def _stroke(size_pt, weight):
    return WEIGHTS[weight] * size_pt * S


def _tracking(size_pt, weight, tracking):
    # Faux weights thicken the glyphs outward; open the spacing by as much so letters don't touch.
    return tracking * S + _stroke(size_pt, weight) * 1.1


def text_width(s, size, weight="regular", tracking=0.0):
    f = font(size * S)
    t = _tracking(size, weight, tracking)
    return (f.getlength(s) + t * max(0, len(s) - 1) + 2 * _stroke(size, weight)) / S


def line_height(size):
    return ceil3(size * 1.193)


# ---------------------------------------------------------------------------------------------- canvas

class Pen:
    """Draws into a supersampled coverage mask, in points of the canvas (fill 255 draws, 0 erases)."""

    def __init__(self, d, ox, oy, k):
        self.d, self.ox, self.oy, self.k = d, ox, oy, k

    def T(self, x, y):
        return ((x - self.ox) * self.k, (y - self.oy) * self.k)

    def _box(self, x, y, w, h):
        ax, ay = self.T(x, y)
        bx, by = self.T(x + w, y + h)
        return [round(ax), round(ay), round(bx) - 1, round(by) - 1]

    def rect(self, x, y, w, h, r=0, fill=255, corners=None):
        b = self._box(x, y, w, h)
        if b[2] < b[0] or b[3] < b[1]:
            return
        if r > 0:
            self.d.rounded_rectangle(b, radius=r * self.k, fill=fill, corners=corners)
        else:
            self.d.rectangle(b, fill=fill)

    def ellipse(self, x, y, w, h, fill=255, outline=None, width=0):
        b = self._box(x, y, w, h)
        if outline is not None:
            self.d.ellipse(b, outline=outline, width=max(1, round(width * self.k)))
        else:
            self.d.ellipse(b, fill=fill)

    def circle(self, cx, cy, r, fill=255):
        self.ellipse(cx - r, cy - r, 2 * r, 2 * r, fill=fill)

    def ring(self, cx, cy, r, width, fill=255):
        """A circle outline of stroke `width` centred on radius r."""
        ro = r + width / 2
        self.ellipse(cx - ro, cy - ro, 2 * ro, 2 * ro, outline=fill, width=width)

    def rrect_outline(self, x, y, w, h, r, width, fill=255):
        b = self._box(x, y, w, h)
        self.d.rounded_rectangle(b, radius=r * self.k, outline=fill, width=max(1, round(width * self.k)))

    def poly(self, pts, fill=255):
        self.d.polygon([self.T(*p) for p in pts], fill=fill)

    def line(self, pts, width, fill=255, caps=True):
        w = max(1, round(width * self.k))
        tp = [self.T(*p) for p in pts]
        self.d.line(tp, fill=fill, width=w, joint="curve")
        if caps:
            r = width * self.k / 2
            for (x, y) in (tp[0], tp[-1]):
                self.d.ellipse([x - r, y - r, x + r, y + r], fill=fill)

    def arc(self, cx, cy, r, start, end, width, fill=255):
        """An arc of stroke `width` centred on radius r; angles in degrees clockwise from 3 o'clock."""
        ro = r + width / 2
        ax, ay = self.T(cx - ro, cy - ro)
        bx, by = self.T(cx + ro, cy + ro)
        self.d.arc([ax, ay, bx, by], start, end, fill=fill, width=max(1, round(width * self.k)))

    def text(self, x, baseline, s, size, fill=255, anchor="ls", weight="regular"):
        sw = WEIGHTS[weight] * size * self.k
        self.d.text(self.T(x, baseline), s, font=font(size * self.k), fill=fill, anchor=anchor,
                    stroke_width=sw, stroke_fill=fill)


class Canvas:
    """An RGBA snapshot of a view at 3x, drawn in points."""

    def __init__(self, w, h, fill=None):
        self.w, self.h = w, h
        self.im = Image.new("RGBA", (px(w), px(h)), rgba(fill) if fill else (0, 0, 0, 0))

    # Shapes: fn(pen) draws coverage into a supersampled mask over `box` (points), then the mask is
    # box-filtered down to 3x and filled with `fill`.
    def draw(self, fn, fill, box=None):
        x, y, w, h = box if box else (0, 0, self.w, self.h)
        x0, y0 = max(0, math.floor(x * S) - 1), max(0, math.floor(y * S) - 1)
        x1, y1 = min(self.im.width, math.ceil((x + w) * S) + 1), min(self.im.height, math.ceil((y + h) * S) + 1)
        if x1 <= x0 or y1 <= y0:
            return
        ss = SS
        while ss > 1 and (x1 - x0) * (y1 - y0) * ss * ss > 24_000_000:
            ss -= 1
        mask = Image.new("L", ((x1 - x0) * ss, (y1 - y0) * ss), 0)
        fn(Pen(ImageDraw.Draw(mask), x0 / S, y0 / S, S * ss))
        if ss > 1:
            mask = mask.resize((x1 - x0, y1 - y0), Image.BOX)
        self.fill_mask(mask, fill, (x0, y0))

    def fill_mask(self, mask, fill, at=(0, 0)):
        c = rgba(fill)
        if c[3] < 255:
            mask = mask.point(lambda v: (v * c[3] + 127) // 255)
        layer = Image.new("RGBA", mask.size, c[:3] + (0,))
        layer.putalpha(mask)
        self.im.alpha_composite(layer, at)

    def rect(self, x, y, w, h, fill, r=0, corners=None):
        self.draw(lambda p: p.rect(x, y, w, h, r=r, corners=corners), fill, (x, y, w, h))

    def circle(self, cx, cy, r, fill):
        self.draw(lambda p: p.circle(cx, cy, r), fill, (cx - r, cy - r, 2 * r, 2 * r))

    def hline(self, x, y, w, fill, height=1 / 3):
        """A hairline: whole pixels, no anti-aliasing."""
        self.im.alpha_composite(Image.new("RGBA", (px(w), max(1, px(height))), rgba(fill)), (px(x), px(y)))

    def paste(self, image, x, y):
        self.im.alpha_composite(image.convert("RGBA"), (px(x), px(y)))

    def text(self, x, baseline, s, size, fill, weight="regular", align="left", tracking=0.0, shadow=None):
        """Text with its baseline at `baseline`; x is the left edge, the centre or the right edge."""
        f = font(size * S)
        sw = _stroke(size, weight)
        tr = _tracking(size, weight, tracking)
        w = text_width(s, size, weight, tracking)
        left = x if align == "left" else (x - w / 2 if align == "center" else x - w)
        mask = Image.new("L", self.im.size, 0)
        d = ImageDraw.Draw(mask)
        cx, by = left * S + sw, baseline * S
        if abs(tr) < 1e-6:
            d.text((cx, by), s, font=f, fill=255, anchor="ls", stroke_width=sw, stroke_fill=255)
        else:
            for ch in s:
                d.text((cx, by), ch, font=f, fill=255, anchor="ls", stroke_width=sw, stroke_fill=255)
                cx += f.getlength(ch) + tr
        if shadow:
            dx, dy, blur, color = shadow
            sh = mask.filter(ImageFilter.GaussianBlur(blur * S))
            shifted = Image.new("L", mask.size, 0)
            shifted.paste(sh, (px(dx), px(dy)))
            self.fill_mask(shifted, color)
        self.fill_mask(mask, fill)
        return w


# ------------------------------------------------------------------------------------------------ views

def num(v):
    r = round(v, 4)
    return int(r) if r == int(r) else r


class V:
    """One view of a capture."""

    def __init__(self, id, cls, x, y, w, h, *, name=None, tag=0, bounds=None, clips=False, alpha=1.0,
                 hidden=False, bg=None, snap=None, backdrop=False):
        self.id, self.cls, self.name, self.tag = id, cls, name, tag
        self.frame = (x, y, w, h)
        self.bounds = bounds          # (x, y) content offset, or None
        self.clips, self.alpha, self.hidden = clips, alpha, hidden
        self.bg = bg
        self.snap = snap.im if isinstance(snap, Canvas) else snap
        self.backdrop = backdrop      # snapshot made later: the blurred content behind it
        self.children = []
        if self.snap is not None:
            want = (px(w), px(h))
            assert self.snap.size == want, f"{id}: snapshot {self.snap.size} for frame {w}x{h} ({want})"

    def add(self, *views):
        self.children.extend(views)
        return views[0] if len(views) == 1 else views

    def walk(self):
        stack = [self]
        while stack:
            v = stack.pop()
            yield v
            stack.extend(reversed(v.children))

    def to_dict(self):
        d = {"id": self.id, "class": self.cls}
        if self.name:
            d["name"] = self.name
        if self.tag:
            d["tag"] = self.tag
        x, y, w, h = self.frame
        d["frame"] = {"x": num(x), "y": num(y), "width": num(w), "height": num(h)}
        if self.bounds:
            d["bounds"] = {"x": num(self.bounds[0]), "y": num(self.bounds[1]), "width": num(w), "height": num(h)}
        if self.clips:
            d["clipsToBounds"] = True
        if self.alpha != 1:
            d["alpha"] = num(self.alpha)
        if self.hidden:
            d["hidden"] = True
        if self.bg is not None:
            d["backgroundColor"] = hexcolor(self.bg)
        if self.snap is not None or self.backdrop:
            d["snapshot"] = f"snapshots/{self.id}.png"
        if self.children:
            d["children"] = [c.to_dict() for c in self.children]
        return d


def plain(id, cls, x, y, w, h, **kw):
    return V(id, cls, x, y, w, h, **kw)


def solid(id, cls, x, y, w, h, color, **kw):
    """A view that draws only its opaque background colour (its snapshot is that colour)."""
    return V(id, cls, x, y, w, h, bg=color, snap=Canvas(w, h, fill=color), **kw)


def label(id, text, size, color, x, y, *, weight="regular", w=None, h=None, align="left", name=None,
          tracking=0.0, cy=None, lines=None, leading=None, shadow=None, cls="UILabel"):
    """A UILabel sized to its text (or to w/h); x is its left edge (or right edge with align right,
    centre with align center); cy centres it vertically. `lines` gives several lines."""
    lines = lines or [text]
    lh = leading or line_height(size)
    tw = max(text_width(t, size, weight, tracking) for t in lines)
    lw = w if w is not None else ceil3(tw + 0.5)
    hh = h if h is not None else ceil3(lh * len(lines))
    if align == "right" and w is None:
        x -= lw
    elif align == "center" and w is None:
        x -= lw / 2
    if cy is not None:
        y = cy - hh / 2
    x, y = round(x * S) / S, round(y * S) / S
    c = Canvas(lw, hh)
    top = (hh - lh * len(lines)) / 2
    for i, t in enumerate(lines):
        baseline = top + lh * i + lh / 2 + 0.35 * size
        ax = {"left": 0, "center": lw / 2, "right": lw}[align]
        c.text(ax, baseline, t, size, color, weight=weight, align=align, tracking=tracking, shadow=shadow)
    return V(id, cls, x, y, lw, hh, name=name or " ".join(lines), snap=c)


def image_view(id, w, h, fn, x=0, y=0, name=None, cls="UIImageView", fill=None):
    c = Canvas(w, h, fill=fill)
    fn(c)
    return V(id, cls, x, y, w, h, name=name, snap=c)


def glyph_view(id, x, y, w, h, glyph, color, name=None, cls="UIImageView"):
    return image_view(id, w, h, lambda c: c.draw(lambda p: glyph(p, w, h), color), x, y, name=name, cls=cls)


# ---------------------------------------------------------------------------------------------- glyphs
# A glyph draws white coverage (255) and holes (0) with a Pen in a w x h point box.

def g_signal(p, w, h):
    for i, bh in enumerate((4.0, 6.5, 9.0, 11.5)):
        p.rect(i * 4.8, h - bh, 3.2, bh, r=1.0)


def g_wifi(p, w, h):
    cx, cy = w / 2, h - 0.8
    for r in (3.8, 7.6):
        p.arc(cx, cy, r + 0.8, 225, 315, 2.3)
    p.arc(cx, cy, 11.0 + 0.6, 226, 314, 2.3)
    p.poly([(cx, cy), (cx - 2.6, cy - 2.7), (cx - 0.9, cy - 3.6), (cx + 0.9, cy - 3.6), (cx + 2.6, cy - 2.7)])


def g_chevron_back(p, w, h):
    p.line([(w - 2.2, 1.8), (2.2, h / 2), (w - 2.2, h - 1.8)], 3.0)


def g_chevron(p, w, h):
    p.line([(1.6, 1.6), (w - 1.8, h / 2), (1.6, h - 1.6)], 2.1)


def g_xmark(p, w, h):
    p.line([(0.8, 0.8), (w - 0.8, h - 0.8)], 2.0)
    p.line([(w - 0.8, 0.8), (0.8, h - 0.8)], 2.0)


def g_checkmark(p, w, h):
    p.line([(w * 0.25, h * 0.53), (w * 0.43, h * 0.7), (w * 0.76, h * 0.32)], 2.0)


# Settings-icon glyphs in a 29 x 29 box.
def g_location(p, w, h):
    p.poly([(21.5, 7.5), (15.4, 21.8), (13.9, 15.1), (7.2, 13.6)])


def g_hand(p, w, h):
    p.rect(9.2, 13.2, 11.6, 10.6, r=4.2)
    for x, top in ((9.2, 8.6), (11.95, 6.6), (14.7, 7.0), (17.45, 8.6)):
        p.rect(x, top, 2.55, 10, r=1.27)
    p.line([(19.6, 19.5), (22.3, 14.6)], 2.6)


def g_bluetooth(p, w, h):
    p.line([(9.6, 10.2), (19.2, 18.8), (14.5, 23.2), (14.5, 5.8), (19.2, 10.2), (9.6, 18.8)], 2.0)


def g_calendar(p, w, h):
    p.rect(6.5, 7.0, 16, 15.5, r=2.8)
    p.rect(8.2, 11.4, 12.6, 9.4, r=1.2, fill=0)
    for row in range(2):
        for col in range(3):
            p.rect(9.6 + col * 3.9, 12.9 + row * 3.7, 2.2, 2.2, r=0.4)


def g_person(p, w, h):
    p.circle(14.5, 10.8, 4.1)
    p.ellipse(7.2, 16.4, 14.6, 12.0)
    p.rect(5, 22.6, 19, 6, fill=0)


def g_folder(p, w, h):
    p.rect(6.2, 8.2, 7.4, 4.5, r=1.6)
    p.rect(6.2, 10.4, 16.6, 11.6, r=2.2)


def g_moon(p, w, h):
    p.circle(14.0, 15.0, 7.8)
    p.circle(18.6, 11.0, 6.6, fill=0)


def g_heart(p, w, h):
    p.circle(11.2, 12.0, 4.1)
    p.circle(17.8, 12.0, 4.1)
    p.poly([(7.25, 13.3), (21.75, 13.3), (14.5, 21.8)])


def g_house(p, w, h):
    p.poly([(14.5, 6.2), (23.4, 14.2), (5.6, 14.2)])
    p.rect(8.3, 12.5, 12.4, 10.2, r=1.0)
    p.rect(12.8, 16.3, 3.4, 6.4, r=0.8, fill=0)


def g_globe(p, w, h):
    p.ring(14.5, 14.5, 7.6, 1.6)
    p.ellipse(10.9, 6.9, 7.2, 15.2, outline=255, width=1.5)
    p.line([(7.0, 14.5), (22.0, 14.5)], 1.5, caps=False)
    p.line([(8.6, 10.6), (20.4, 10.6)], 1.3, caps=False)
    p.line([(8.6, 18.4), (20.4, 18.4)], 1.3, caps=False)


def g_note(p, w, h):
    p.ellipse(7.6, 17.6, 5.6, 4.4)
    p.ellipse(15.6, 15.9, 5.6, 4.4)
    p.rect(11.4, 9.0, 1.8, 10.8)
    p.rect(19.4, 7.2, 1.8, 10.9)
    p.poly([(11.4, 8.9), (21.2, 6.4), (21.2, 9.4), (11.4, 11.9)])


def g_mic(p, w, h):
    p.rect(11.4, 5.6, 6.2, 11.6, r=3.1)
    p.arc(14.5, 13.4, 6.0, 0, 180, 1.7)
    p.line([(14.5, 19.6), (14.5, 22.6)], 1.7, caps=False)
    p.line([(11.3, 23.1), (17.7, 23.1)], 1.7)


def g_figure(p, w, h):
    p.circle(16.4, 7.6, 2.3)
    p.line([(15.4, 11.2), (13.6, 16.6)], 2.6)
    p.line([(9.8, 13.4), (12.4, 11.0), (15.4, 11.2), (18.2, 14.4)], 2.0)
    p.line([(13.6, 16.6), (17.4, 19.2), (16.4, 23.4)], 2.4)
    p.line([(13.6, 16.6), (11.6, 20.8), (8.0, 21.6)], 2.4)


def g_waveform(p, w, h):
    heights = (4, 8.5, 13, 9, 5, 10.5, 6.5)
    x = 14.5 - (len(heights) * 2.35) / 2
    for bh in heights:
        p.rect(x, 14.5 - bh / 2, 1.8, bh, r=0.9)
        x += 2.35


def g_camera(p, w, h):
    p.rect(5.8, 9.8, 17.4, 12.0, r=2.6)
    p.rect(11.0, 7.6, 7.0, 3.6, r=1.2)
    p.circle(14.5, 15.8, 4.3, fill=0)
    p.circle(14.5, 15.8, 2.8)


def g_eye(p, w, h):
    p.ellipse(5.8, 9.4, 17.4, 10.2)
    p.ellipse(7.4, 10.8, 14.2, 7.4, fill=0)
    p.circle(14.5, 14.5, 3.2)


def g_shield(p, w, h):
    p.poly([(14.5, 5.8), (21.8, 8.6), (21.4, 15.6), (18.4, 20.4), (14.5, 23.2), (10.6, 20.4), (7.6, 15.6), (7.2, 8.6)])
    p.line([(11.0, 14.6), (13.7, 17.2), (18.2, 11.6)], 2.0, fill=0)


def g_chart(p, w, h):
    for x, top in ((7.8, 15.0), (12.9, 9.2), (18.0, 12.0)):
        p.rect(x, top, 3.3, 22.0 - top, r=1.0)


# Tab-bar glyphs in a 30 x 26 box.
def g_tab_library(p, w, h):
    p.rrect_outline(6.5, 1.5, 21.5, 16.5, 3.0, 1.8)
    p.rect(2.0, 6.5, 21.5, 17.5, r=3.2)
    p.poly([(4.5, 21.5), (10.5, 13.5), (14.5, 18.0), (17.0, 15.5), (21.0, 21.5)], fill=0)
    p.circle(17.2, 11.2, 1.9, fill=0)


def g_tab_foryou(p, w, h):
    p.rrect_outline(3.5, 1.5, 23, 23, 5.0, 1.9)
    p.circle(12.2, 9.8, 2.9)
    p.circle(17.8, 9.8, 2.9)
    p.poly([(9.35, 10.8), (20.65, 10.8), (15.0, 17.0)])
    p.line([(8.8, 20.4), (21.2, 20.4)], 1.7)


def g_tab_albums(p, w, h):
    p.line([(8.0, 1.6), (22.0, 1.6)], 1.8)
    p.line([(5.5, 5.4), (24.5, 5.4)], 1.8)
    p.rrect_outline(2.6, 9.0, 24.8, 16.2, 3.2, 1.9)


def g_tab_search(p, w, h):
    p.ring(12.6, 11.0, 7.2, 2.3)
    p.line([(18.0, 16.4), (23.6, 22.0)], 2.8)


def g_tab_today(p, w, h):
    p.rect(3.0, 2.0, 24.0, 22.0, r=4.0)
    p.rect(6.6, 5.8, 7.6, 7.0, r=1.2, fill=0)
    for y, x0 in ((6.6, 16.4), (10.6, 16.4), (15.2, 6.6), (19.2, 6.6)):
        p.line([(x0, y), (23.4, y)], 1.6, fill=0)


def g_tab_newsplus(p, w, h):
    p.rrect_outline(3.5, 2.0, 23.0, 22.0, 4.5, 1.9)
    p.line([(15.0, 8.0), (15.0, 18.0)], 2.1)
    p.line([(10.0, 13.0), (20.0, 13.0)], 2.1)


def g_tab_audio(p, w, h):
    p.arc(15.0, 15.0, 10.0, 180, 360, 2.0)
    p.rect(3.8, 14.0, 5.6, 10.0, r=2.2)
    p.rect(20.6, 14.0, 5.6, 10.0, r=2.2)


def g_tab_following(p, w, h):
    for (x, y) in ((3.5, 2.0), (16.0, 2.0), (3.5, 14.5), (16.0, 14.5)):
        p.rrect_outline(x, y, 10.5, 9.5, 2.6, 1.8)


def settings_icon(glyph, color):
    """The 29 x 29 rounded-square Settings icon: a system colour and a white glyph."""
    def draw(c):
        c.rect(0, 0, 29, 29, color, r=6.6)
        c.draw(lambda p: glyph(p, 29, 29), WHITE)
    return draw


def photos_app_icon(c):
    """The multicolour Photos flower on white."""
    c.rect(0, 0, 29, 29, WHITE, r=6.6)
    c.draw(lambda p: p.rrect_outline(0, 0, 29, 29, 6.6, 0.34), (0, 0, 0, 40))
    colours = [(255, 159, 10), (255, 204, 0), (52, 199, 89), (48, 176, 199),
               (0, 122, 255), (88, 86, 214), (175, 82, 222), (255, 45, 85)]
    for i, col in enumerate(colours):
        a = math.radians(i * 45 - 90)

        def petal(p, a=a):
            cx, cy = 14.5 + 5.0 * math.cos(a), 14.5 + 5.0 * math.sin(a)
            pts = []
            for j in range(36):
                t = 2 * math.pi * j / 36
                ex, ey = 5.4 * math.cos(t), 2.7 * math.sin(t)
                pts.append((cx + ex * math.cos(a) - ey * math.sin(a), cy + ex * math.sin(a) + ey * math.cos(a)))
            p.poly(pts)
        c.draw(petal, col + (215,))


# ------------------------------------------------------------------------------------------- chrome

def status_bar(prefix=""):
    """The status bar: time, cellular bars, Wi-Fi and battery around the Dynamic Island."""
    bar = plain(prefix + "statusBar", "_UIStatusBar", 0, 0, SCREEN_W, STATUS_H, name="Status bar")
    bar.add(label(prefix + "statusBar-time", "9:41", 17, LABEL, 66, 0, weight="semibold", align="center",
                  cy=31, name="9:41"))
    bar.add(glyph_view(prefix + "statusBar-signal", 292.0, 25.0, 18.0, 11.667, g_signal, LABEL,
                       name="Cellular, 4 of 4 bars", cls="_UIStatusBarCellularSignalView"))
    bar.add(glyph_view(prefix + "statusBar-wifi", 314.667, 24.333, 16.667, 12.0, g_wifi, LABEL,
                       name="Wi-Fi, 3 of 3 bars", cls="_UIStatusBarWifiSignalView"))

    def battery(c):
        c.draw(lambda p: p.rrect_outline(0.5, 0.5, 24.0, 12.0, 4.0, 1.0), (0, 0, 0, 92))
        c.rect(2.5, 2.5, 20.0, 8.0, LABEL, r=2.3)
        c.draw(lambda p: p.rect(25.3, 4.3, 1.6, 4.4, r=0.8), (0, 0, 0, 102))
    bar.add(image_view(prefix + "statusBar-battery", 27.333, 13.0, battery, 336.0, 24.0,
                       name="Battery, 100 percent", cls="_UIBatteryView"))
    return bar


def bar_background(prefix, x, y, w, h, shadow_y, tint=(249, 249, 249, 196), alpha=1.0):
    """_UIBarBackground: a UIVisualEffectView (blurred backdrop + translucent tint) and a hairline.
    The backdrop's snapshot is made once the tree is complete (see make_backdrops)."""
    bg = plain(prefix + "barBackground", "_UIBarBackground", x, y, w, h, alpha=alpha)
    effect = bg.add(plain(prefix + "effectView", "UIVisualEffectView", 0, 0, w, h))
    effect.add(V(prefix + "backdrop", "_UIVisualEffectBackdropView", 0, 0, w, h, backdrop=True))
    effect.add(V(prefix + "tint", "_UIVisualEffectSubview", 0, 0, w, h, bg=tint))
    bg.add(V(prefix + "shadow", "_UIBarBackgroundShadowView", 0, shadow_y, w, 1 / 3, bg=BAR_HAIRLINE))
    return bg


def bar_button_label(id, text, x, cy, color=BLUE, weight="regular", align="left"):
    return label(id, text, 17, color, x, 0, weight=weight, align=align, cy=cy)


def tab_bar(prefix, items, selected, tint, *, translucent=True):
    """A UITabBar at the bottom: background, hairline and one UITabBarButton per item."""
    y = SCREEN_H - TAB_H
    bar = plain(prefix + "tabBar", "UITabBar", 0, y, SCREEN_W, TAB_H, name="Tab Bar")
    if translucent:
        bar.add(bar_background(prefix + "tabBar-", 0, 0, SCREEN_W, TAB_H, -1 / 3))
    else:
        bg = bar.add(plain(prefix + "tabBar-barBackground", "_UIBarBackground", 0, 0, SCREEN_W, TAB_H,
                           bg=(249, 249, 249, 240)))
        bg.add(V(prefix + "tabBar-shadow", "_UIBarBackgroundShadowView", 0, -1 / 3, SCREEN_W, 1 / 3, bg=BAR_HAIRLINE))
    iw = SCREEN_W / len(items)
    for i, (key, title, glyph) in enumerate(items):
        color = tint if i == selected else TAB_GRAY
        btn = bar.add(plain(f"{prefix}tab-{key}", "UITabBarButton", round(i * iw * S) / S, 1,
                            round((i + 1) * iw * S) / S - round(i * iw * S) / S, 48, name=title))
        bw = btn.frame[2]
        btn.add(glyph_view(f"{prefix}tab-{key}-icon", round((bw - 30) / 2 * S) / S, 4, 30, 26, glyph, color,
                           cls="UITabBarSwappableImageView"))
        btn.add(label(f"{prefix}tab-{key}-label", title, 10, color, bw / 2, 0, weight="medium",
                      align="center", cy=38.5, cls="UITabBarButtonLabel"))
    return bar


# ------------------------------------------------------------------------------------------ building

def origin_of(root, target):
    """The root-space origin of `target`'s frame."""
    path = []

    def find(v, ox, oy):
        x, y = ox + v.frame[0], oy + v.frame[1]
        if v is target:
            path.append((x, y))
            return True
        bx, by = v.bounds or (0, 0)
        return any(find(c, x - bx, y - by) for c in v.children)
    find(root, -root.frame[0], -root.frame[1])
    return path[0]


def edge_extend(img, pad):
    w, h = img.size
    big = Image.new("RGBA", (w + 2 * pad, h + 2 * pad))
    big.paste(img, (pad, pad))
    big.paste(img.crop((0, 0, 1, h)).resize((pad, h)), (0, pad))
    big.paste(img.crop((w - 1, 0, w, h)).resize((pad, h)), (w + pad, pad))
    big.paste(big.crop((0, pad, w + 2 * pad, pad + 1)).resize((w + 2 * pad, pad)), (0, 0))
    big.paste(big.crop((0, h + pad - 1, w + 2 * pad, h + pad)).resize((w + 2 * pad, pad)), (0, h + pad))
    return big


def make_backdrops(root, blur_pt=16, saturation=1.7):
    """Gives every backdrop view the blurred, saturated picture of what lies behind it."""
    for v in list(root.walk()):
        if not v.backdrop:
            continue
        doc = root.to_dict()
        images = {f"snapshots/{n.id}.png": n.snap for n in root.walk() if n.snap is not None}
        behind = composite.render(doc, lambda p: images[p], scale=S,
                                  stop_before=v.id, background=(255, 255, 255, 255))
        pad = px(blur_pt * 3)
        blurred = edge_extend(behind, pad).filter(ImageFilter.GaussianBlur(px(blur_pt)))
        blurred = ImageEnhance.Color(blurred.convert("RGB")).enhance(saturation).convert("RGBA")
        x, y = origin_of(root, v)
        w, h = v.frame[2], v.frame[3]
        v.snap = blurred.crop((px(x) + pad, px(y) + pad, px(x) + pad + px(w), px(y) + pad + px(h)))
        v.backdrop = False


def to_json(value, indent=0):
    """JSON with two-space indentation; objects of plain values (frames, bounds) on one line."""
    pad, inner = "  " * indent, "  " * (indent + 1)
    if isinstance(value, dict):
        if all(not isinstance(v, (dict, list)) for v in value.values()):
            return "{" + ", ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in value.items()) + "}"
        items = [f"{inner}{json.dumps(k)}: {to_json(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list):
        return "[\n" + ",\n".join(inner + to_json(v, indent + 1) for v in value) + "\n" + pad + "]"
    return json.dumps(value)


def write_sample(name, root):
    ids = [v.id for v in root.walk()]
    dupes = {i for i in ids if ids.count(i) > 1}
    assert not dupes, f"duplicate ids: {sorted(dupes)}"
    make_backdrops(root)
    folder = os.path.join(HERE, name)
    if os.path.isdir(folder):
        shutil.rmtree(folder)
    os.makedirs(os.path.join(folder, "snapshots"))
    for v in root.walk():
        if v.snap is not None:
            v.snap.save(os.path.join(folder, "snapshots", f"{v.id}.png"), optimize=True)
    doc = {"version": 1, "screenScale": S, "root": root.to_dict()}
    with open(os.path.join(folder, "tree.json"), "w") as f:
        f.write(to_json(doc) + "\n")
    total = sum(os.path.getsize(os.path.join(dp, fn)) for dp, _, fns in os.walk(folder) for fn in fns)
    print(f"{name}: {len(ids)} views, {sum(1 for v in root.walk() if v.snap is not None)} snapshots, "
          f"{total / 1024:.0f} KiB")


# -------------------------------------------------------------------------------------- 1. settings

def nav_stack(prefix, root_view):
    """UILayoutContainerView > UINavigationTransitionView > UIViewControllerWrapperView > root_view."""
    nav = plain(prefix + "navController", "UILayoutContainerView", 0, 0, SCREEN_W, SCREEN_H)
    trans = nav.add(plain(prefix + "navTransitionView", "UINavigationTransitionView", 0, 0, SCREEN_W, SCREEN_H))
    wrap = trans.add(plain(prefix + "navWrapperView", "UIViewControllerWrapperView", 0, 0, SCREEN_W, SCREEN_H))
    wrap.add(root_view)
    return nav


def inline_nav_bar(prefix, title, back=None, right=None):
    """A scrolled-state UINavigationBar: blurred material background, hairline, inline title."""
    bar = plain(prefix + "navBar", "UINavigationBar", 0, STATUS_H, SCREEN_W, NAV_H, name="Navigation Bar")
    bar.add(bar_background(prefix + "navBar-", 0, -STATUS_H, SCREEN_W, STATUS_H + NAV_H, STATUS_H + NAV_H))
    content = bar.add(plain(prefix + "navBar-content", "_UINavigationBarContentView", 0, 0, SCREEN_W, NAV_H))
    if back:
        lab = bar_button_label(prefix + "backButton-label", back, 26.667, NAV_H / 2)
        btn = content.add(plain(prefix + "backButton", "_UIButtonBarButton", 0, 0, lab.frame[0] + lab.frame[2] + 8,
                                NAV_H, name=back))
        btn.add(glyph_view(prefix + "backButton-chevron", 8.0, 11.333, 12.667, 21.333, g_chevron_back, BLUE,
                           name="chevron.backward"))
        btn.add(lab)
    content.add(label(prefix + "navBar-title", title, 17, LABEL, SCREEN_W / 2, 0, weight="semibold",
                      align="center", cy=NAV_H / 2))
    if right:
        lab = bar_button_label(prefix + "rightButton-label", right, 8, NAV_H / 2)
        bw = lab.frame[2] + 16
        btn = content.add(plain(prefix + "rightButton", "_UIButtonBarButton", SCREEN_W - 8 - bw, 0, bw, NAV_H,
                                name=right))
        btn.add(lab)
    return bar


SETTINGS_SECTIONS = [
    # (header, footer, rows: (key, title, detail, icon))
    ("LOCATION & TRACKING", "Allow apps to ask to track your activity across other companies' apps "
                            "and websites. Apps that ask appear here.", [
        ("location", "Location Services", "On", settings_icon(g_location, BLUE)),
        ("tracking", "Tracking", None, settings_icon(g_hand, ORANGE)),
    ]),
    ("APP PERMISSIONS", "Apps that have requested access to these features appear here.", [
        ("bluetooth", "Bluetooth", None, settings_icon(g_bluetooth, BLUE)),
        ("calendars", "Calendars", None, settings_icon(g_calendar, RED)),
        ("camera", "Camera", None, settings_icon(g_camera, GRAY)),
        ("contacts", "Contacts", None, settings_icon(g_person, (162, 132, 94))),
        ("files", "Files & Folders", None, settings_icon(g_folder, CYAN)),
        ("focus", "Focus", None, settings_icon(g_moon, INDIGO)),
        ("health", "Health", None, settings_icon(g_heart, PINK)),
        ("homekit", "HomeKit", None, settings_icon(g_house, ORANGE)),
        ("microphone", "Microphone", None, settings_icon(g_mic, ORANGE)),
        ("motion", "Motion & Fitness", None, settings_icon(g_figure, GREEN)),
        ("photos", "Photos", "8 Apps", photos_app_icon),
    ]),
    ("SECURITY", None, [
        ("sensitive", "Sensitive Content Warning", "Off", settings_icon(g_eye, BLUE)),
        ("safety", "Safety Check", None, settings_icon(g_shield, GREEN)),
        ("lockdown", "Lockdown Mode", "Off", settings_icon(g_hand, BLUE)),
    ]),
    (None, None, [
        ("analytics", "Analytics & Improvements", None, settings_icon(g_chart, BLUE)),
        ("advertising", "Apple Advertising", None, settings_icon(g_waveform, GRAY)),
    ]),
]

SETTINGS_OFFSET = 168.0   # the table's content offset: bounds.y


def grouped_cell(key, title, detail, icon, y, first, last, inset=16.0, width=SCREEN_W - 32, height=44.0):
    """An inset-grouped UITableViewCell: rounded white background with its separator, content view
    (icon, title, detail) and the disclosure chevron."""
    def background(c):
        corners = (first, first, last, last)
        c.rect(0, 0, width, height, WHITE, r=10.0 if (first or last) else 0, corners=corners)
        if not last:
            c.hline(60, height - 1 / 3, width - 60, SEPARATOR)
    cell = image_view(f"cell-{key}", width, height, background, inset, y, name=title, cls="UITableViewCell")
    cw = width - 34
    content = cell.add(plain(f"cell-{key}-content", "UITableViewCellContentView", 0, 0, cw, height))
    content.add(image_view(f"cell-{key}-icon", 29, 29, icon, 16, (height - 29) / 2))
    content.add(label(f"cell-{key}-title", title, 17, LABEL, 60, 0, cy=height / 2))
    if detail:
        content.add(label(f"cell-{key}-detail", detail, 17, SECONDARY, cw, 0, align="right", cy=height / 2))
    cell.add(glyph_view(f"cell-{key}-chevron", width - 16 - 8, (height - 13.667) / 2, 8.0, 13.667, g_chevron,
                        TERTIARY, name="chevron.forward"))
    return cell


def header_footer(id, text, y, footer):
    """A UITableViewHeaderFooterView with its label: caps header above a section, wrapped footer below."""
    size = 13
    lh = 16.0 if footer else line_height(size)
    lines = wrap(text, size, SCREEN_W - 64) if footer else [text]
    h = ceil3((8 if footer else 19) + lh * len(lines) + (16 if footer else 7))
    view = plain(id, "UITableViewHeaderFooterView", 0, y, SCREEN_W, h)
    ly = 8 if footer else h - 7 - lh
    lab = label(id + "-label", text, size, SECONDARY, 32, ly, lines=lines, leading=lh)
    view.add(lab)
    return view


def wrap(text, size, width, weight="regular"):
    lines, cur = [], ""
    for word in text.split():
        trial = (cur + " " + word).strip()
        if text_width(trial, size, weight) <= width or not cur:
            cur = trial
        else:
            lines.append(cur)
            cur = word
    if cur:
        lines.append(cur)
    return lines


def build_settings():
    window = solid("window", "UIWindow", 0, 0, SCREEN_W, SCREEN_H, WHITE)
    view = plain("privacyView", "UIView", 0, 0, SCREEN_W, SCREEN_H, bg=GROUPED_BG)
    nav = window.add(nav_stack("", view))
    table = view.add(plain("tableView", "UITableView", 0, 0, SCREEN_W, SCREEN_H, name="Privacy & Security",
                           bounds=(0, SETTINGS_OFFSET), clips=True, bg=GROUPED_BG))
    # Lay the sections out in content coordinates; keep what a real table would have loaded: what meets
    # the visible rows [offset, offset + height], plus one cell prefetched below the screen.
    top, bottom = SETTINGS_OFFSET, SETTINGS_OFFSET + SCREEN_H
    y = 0.0
    below = 0
    for si, (header, footer, rows) in enumerate(SETTINGS_SECTIONS):
        if header:
            hv = header_footer(f"header-{si}", header, y, False)
        else:
            hv = None
            y += 35.0
        if hv:
            if hv.frame[1] + hv.frame[3] > top and hv.frame[1] < bottom:
                table.add(hv)
            y += hv.frame[3]
        for ri, (key, title, detail, icon) in enumerate(rows):
            cell_in = y + 44 > top and (y < bottom or below < 1)
            if cell_in:
                if y >= bottom:
                    below += 1
                table.add(grouped_cell(key, title, detail, icon, y, ri == 0, ri == len(rows) - 1))
            y += 44.0
        if footer:
            fv = header_footer(f"footer-{si}", footer, y, True)
            if fv.frame[1] + fv.frame[3] > top and fv.frame[1] < bottom:
                table.add(fv)
            y += fv.frame[3]
    content_h = y + 34
    # The vertical scroll indicator has faded out: alpha 0.
    ih = SCREEN_H * (SCREEN_H - 98 - 34) / content_h
    iy = top + 98 + (SCREEN_H - 98 - 34 - ih) * (SETTINGS_OFFSET / max(1.0, content_h - SCREEN_H))
    table.add(image_view("scrollIndicator", 3.0, ceil3(ih), lambda c: c.rect(0, 0, 3.0, ceil3(ih), (0, 0, 0, 90), r=1.5),
                         SCREEN_W - 6, iy, cls="_UIScrollViewScrollIndicator", name="Vertical scroll bar"))
    table.children[-1].alpha = 0.0
    # The search-results empty state, hidden while the list has rows.
    view.add(label("emptyLabel", "No Results", 22, SECONDARY, SCREEN_W / 2, 0, weight="bold", align="center",
                   cy=SCREEN_H / 2))
    view.children[-1].hidden = True
    nav.add(inline_nav_bar("", "Privacy & Security", back="Settings"))
    window.add(status_bar())
    return window



# ------------------------------------------------------------------------------------------ 2. photos

def _mix(a, b, t):
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))


def _vgradient(im, stops, y0=0, y1=None):
    """Fills rows y0..y1 of an RGB image with a vertical gradient through (t, colour) stops."""
    d = ImageDraw.Draw(im)
    y1 = im.height if y1 is None else y1
    for y in range(y0, y1):
        t = (y - y0) / max(1, y1 - y0 - 1)
        for (t0, c0), (t1, c1) in zip(stops, stops[1:]):
            if t0 <= t <= t1:
                d.line([(0, y), (im.width, y)], fill=_mix(c0, c1, (t - t0) / max(1e-6, t1 - t0)))
                break


def _glow(im, cx, cy, r, color, strength=200):
    m = Image.new("L", im.size, 0)
    ImageDraw.Draw(m).ellipse([cx - r, cy - r, cx + r, cy + r], fill=strength)
    m = m.filter(ImageFilter.GaussianBlur(r * 0.6))
    im.paste(color, mask=m)


def _ridge(rnd, w, h, base, amp, octaves=3):
    phases = [rnd.uniform(0, 6.3) for _ in range(octaves)]
    freqs = [rnd.uniform(0.8, 1.6) * (2.3 ** i) for i in range(octaves)]
    pts = []
    for x in range(0, w + 6, 6):
        v = sum(math.sin(x / w * f * math.pi + p) / (1.9 ** i) for i, (f, p) in enumerate(zip(freqs, phases)))
        pts.append((x, base - amp * v))
    return pts + [(w, h), (0, h)]


def photo_hills(rnd, w, h):
    palette = rnd.choice([
        [(62, 120, 196), (246, 196, 150), (252, 222, 186)],      # dawn
        [(40, 110, 210), (140, 195, 240), (214, 236, 250)],      # clear day
        [(62, 52, 118), (226, 120, 130), (250, 186, 140)],       # dusk
    ])
    im = Image.new("RGB", (w, h))
    _vgradient(im, [(0, palette[0]), (0.55, palette[1]), (1, palette[2])])
    sx, sy = rnd.uniform(0.25, 0.75) * w, rnd.uniform(0.28, 0.42) * h
    _glow(im, sx, sy, 0.36 * min(w, h), (255, 236, 196))
    ImageDraw.Draw(im).ellipse([sx - 0.1 * h, sy - 0.1 * h, sx + 0.1 * h, sy + 0.1 * h], fill=(255, 246, 226))
    green = palette[0][2] > 200
    far, near = ((150, 170, 200), (38, 70, 46)) if green else ((132, 128, 176), (34, 40, 52))
    for k in range(4):
        ImageDraw.Draw(im).polygon(_ridge(rnd, w, h, h * (0.56 + 0.12 * k), h * rnd.uniform(0.03, 0.07)),
                                   fill=_mix(far, near, k / 3))
    return im


def photo_sea(rnd, w, h):
    im = Image.new("RGB", (w, h))
    horizon = int(h * rnd.uniform(0.52, 0.62))
    _vgradient(im, [(0, (44, 62, 130)), (0.55, (220, 110, 120)), (1, (255, 182, 110))], 0, horizon)
    _vgradient(im, [(0, (214, 120, 100)), (0.35, (96, 70, 110)), (1, (24, 34, 70))], horizon, h)
    sx = rnd.uniform(0.3, 0.7) * w
    r = 0.09 * h
    _glow(im, sx, horizon, 0.4 * min(w, h), (255, 210, 150), 170)
    d = ImageDraw.Draw(im)
    d.pieslice([sx - r, horizon - r, sx + r, horizon + r], 180, 360, fill=(255, 236, 200))
    streaks = Image.new("L", im.size, 0)
    sd = ImageDraw.Draw(streaks)
    for i in range(26):
        y = horizon + 4 + (h - horizon) * (i / 26) ** 1.4
        half = r * rnd.uniform(0.4, 1.3) * (1 + 2.2 * (y - horizon) / h)
        sd.line([(sx - half, y), (sx + half, y)], fill=rnd.randint(90, 200), width=max(2, int(h / 160)))
    im.paste((255, 214, 170), mask=streaks.filter(ImageFilter.GaussianBlur(h / 300)))
    if rnd.random() < 0.6:
        ix = rnd.uniform(0.0, 0.5) * w
        d.polygon(_ridge(rnd, w, horizon, horizon - 2, h * 0.02)[:-2] + [(ix + 0.5 * w, horizon), (ix, horizon)],
                  fill=(70, 52, 86))
    return im


def photo_mountains(rnd, w, h):
    im = Image.new("RGB", (w, h))
    sky, far, near, snow = rnd.choice([
        ([(70, 130, 210), (180, 214, 240), (226, 238, 246)], (120, 140, 170), (74, 92, 118), (236, 242, 250)),
        ([(96, 92, 160), (236, 160, 170), (252, 214, 190)], (150, 120, 160), (90, 76, 112), (255, 226, 220)),
        ([(150, 170, 186), (206, 214, 220), (232, 236, 238)], (120, 132, 140), (70, 82, 90), (244, 246, 248)),
    ])
    _vgradient(im, [(0, sky[0]), (0.6, sky[1]), (1, sky[2])])
    d = ImageDraw.Draw(im)
    base = h * rnd.uniform(0.62, 0.72)
    for layer, col, snow in ((0, far, snow), (1, near, _mix(snow, near, 0.12))):
        x = -w * 0.2
        while x < w * 1.2:
            pw = w * rnd.uniform(0.35, 0.6)
            ph = h * rnd.uniform(0.28, 0.45) * (1.0 if layer == 0 else 0.8)
            px_, top = x + pw / 2, base - ph
            d.polygon([(x, base + 2), (px_, top), (x + pw, base + 2)], fill=col)
            sl = 0.3
            d.polygon([(px_ - pw / 2 * sl, top + ph * sl), (px_, top), (px_ + pw / 2 * sl, top + ph * sl),
                       (px_ + pw * 0.05, top + ph * sl * 0.8), (px_ - pw * 0.06, top + ph * sl * 1.1)], fill=snow)
            x += pw * rnd.uniform(0.5, 0.8)
    lake = im.crop((0, int(base - (h - base)), w, int(base))).transpose(Image.FLIP_TOP_BOTTOM)
    lake = ImageEnhance.Brightness(lake.filter(ImageFilter.GaussianBlur(h / 120))).enhance(0.72)
    im.paste(lake, (0, int(base)))
    d.polygon(_ridge(rnd, w, h, h * 0.93, h * 0.02), fill=(36, 58, 44))
    return im


def photo_bokeh(rnd, w, h):
    im = Image.new("RGB", (w, h))
    warm = rnd.random() < 0.5
    _vgradient(im, [(0, (28, 22, 48) if warm else (12, 30, 46)), (1, (70, 30, 40) if warm else (20, 60, 70))])
    for blur, count in ((h / 14, 9), (h / 40, 10)):
        layer = Image.new("L", im.size, 0)
        colour_layer = Image.new("RGB", im.size)
        for _ in range(count):
            cx, cy, r = rnd.uniform(0, w), rnd.uniform(0, h), rnd.uniform(0.05, 0.14) * h
            col = rnd.choice([(255, 196, 110), (255, 140, 90), (255, 230, 170), (120, 200, 255), (255, 120, 160)]
                             if warm else [(110, 230, 220), (170, 240, 160), (90, 160, 255), (240, 250, 210)])
            ImageDraw.Draw(layer).ellipse([cx - r, cy - r, cx + r, cy + r], fill=rnd.randint(110, 220))
            ImageDraw.Draw(colour_layer).ellipse([cx - r, cy - r, cx + r, cy + r], fill=col)
        im.paste(colour_layer.filter(ImageFilter.GaussianBlur(blur * 0.5)), mask=layer.filter(ImageFilter.GaussianBlur(blur)))
    return im


def photo_dunes(rnd, w, h):
    im = Image.new("RGB", (w, h))
    _vgradient(im, [(0, (96, 150, 214)), (0.5, (206, 220, 230)), (1, (246, 220, 190))])
    d = ImageDraw.Draw(im)
    for k in range(4):
        light, dark = _mix((238, 170, 100), (214, 120, 60), k / 3), _mix((180, 100, 60), (128, 60, 34), k / 3)
        pts = _ridge(rnd, w, h, h * (0.45 + 0.15 * k), h * 0.05, 2)
        d.polygon(pts, fill=light)
        crest = pts[:-2]
        shade = [(x + w * 0.12, y + h * 0.05) for (x, y) in crest]
        d.polygon(crest[len(crest) // 3:] + list(reversed(shade[len(shade) // 3:])), fill=dark)
    return im.filter(ImageFilter.GaussianBlur(h / 500))


def photo_forest(rnd, w, h):
    im = Image.new("RGB", (w, h))
    _vgradient(im, [(0, (176, 200, 206)), (0.6, (220, 230, 224)), (1, (160, 186, 170))])
    d = ImageDraw.Draw(im)
    for k in range(4):
        col = _mix((150, 178, 170), (22, 52, 40), k / 3)
        base = h * (0.5 + 0.14 * k)
        x = -10
        while x < w + 10:
            tw, th = w * rnd.uniform(0.05, 0.09), h * rnd.uniform(0.16, 0.3) * (0.6 + 0.2 * k)
            d.polygon([(x, base), (x + tw / 2, base - th), (x + tw, base)], fill=col)
            x += tw * rnd.uniform(0.45, 0.8)
        d.rectangle([0, base - 1, w, base + h * 0.15], fill=col)
        if k == 1:
            im.paste((240, 244, 240), mask=Image.new("L", im.size, 60))
            d = ImageDraw.Draw(im)
    return im


def photo_flower(rnd, w, h):
    im = Image.new("RGB", (w, h))
    _vgradient(im, [(0, (70, 120, 60)), (1, (150, 180, 90))])
    blobs = Image.new("RGB", im.size, (90, 140, 70))
    bd = ImageDraw.Draw(blobs)
    for _ in range(12):
        cx, cy, r = rnd.uniform(0, w), rnd.uniform(0, h), rnd.uniform(0.08, 0.2) * h
        bd.ellipse([cx - r, cy - r, cx + r, cy + r], fill=rnd.choice([(60, 100, 50), (170, 200, 100), (120, 160, 70)]))
    im = Image.blend(im, blobs.filter(ImageFilter.GaussianBlur(h / 14)), 0.7)
    cx, cy = w * rnd.uniform(0.4, 0.6), h * rnd.uniform(0.42, 0.58)
    petal_col = rnd.choice([(246, 120, 160), (250, 210, 80), (240, 240, 246), (190, 120, 230)])
    size = min(w, h) * 0.28
    for layer, scale, shade in ((0, 1.0, 0.85), (1, 0.72, 1.0)):
        n = 10
        for i in range(n):
            a = 2 * math.pi * (i + 0.5 * layer) / n
            pts = []
            for j in range(40):
                t = 2 * math.pi * j / 40
                ex, ey = size * scale * 0.5 * (1 + math.cos(t)), size * scale * 0.17 * math.sin(t)
                pts.append((cx + ex * math.cos(a) - ey * math.sin(a), cy + ex * math.sin(a) + ey * math.cos(a)))
            ImageDraw.Draw(im).polygon(pts, fill=_mix((0, 0, 0), petal_col, shade - 0.08 * (i % 2)))
    ImageDraw.Draw(im).ellipse([cx - size * 0.16, cy - size * 0.16, cx + size * 0.16, cy + size * 0.16], fill=(240, 180, 40))
    return im


def photo_city(rnd, w, h):
    im = Image.new("RGB", (w, h))
    _vgradient(im, [(0, (16, 22, 60)), (0.7, (70, 60, 120)), (1, (220, 120, 110))])
    d = ImageDraw.Draw(im)
    x = 0
    ground = h * 0.86
    while x < w:
        bw, bh = w * rnd.uniform(0.08, 0.16), h * rnd.uniform(0.2, 0.6)
        col = _mix((18, 20, 40), (40, 40, 70), rnd.random())
        d.rectangle([x, ground - bh, x + bw, h], fill=col)
        ws = max(3, int(w / 70))
        for wy in range(int(ground - bh + ws * 2), int(ground), ws * 3):
            for wx in range(int(x + ws), int(x + bw - ws), ws * 2):
                if rnd.random() < 0.35:
                    d.rectangle([wx, wy, wx + ws - 1, wy + ws], fill=rnd.choice([(255, 214, 130), (250, 236, 190)]))
        x += bw + rnd.uniform(0, w * 0.01)
    d.rectangle([0, ground, w, h], fill=(12, 14, 28))
    return im


def photo_beach(rnd, w, h):
    im = Image.new("RGB", (w, h))
    _vgradient(im, [(0, (0, 90, 140)), (0.45, (30, 170, 190)), (0.62, (120, 220, 210)), (0.7, (236, 222, 190)), (1, (226, 204, 164))])
    foam = Image.new("L", im.size, 0)
    fd = ImageDraw.Draw(foam)
    for k in range(3):
        y = h * (0.64 + 0.03 * k)
        ph = rnd.uniform(0, 6)
        pts = [(x, y + h * 0.012 * math.sin(x / w * 9 + ph)) for x in range(0, w + 6, 6)]
        fd.line(pts, fill=220 - 50 * k, width=max(2, int(h / 90)))
    im.paste((250, 252, 250), mask=foam.filter(ImageFilter.GaussianBlur(h / 260)))
    d = ImageDraw.Draw(im)
    for _ in range(2):   # a rock or two at the water's edge
        rx, ry, rr = rnd.uniform(0.1, 0.9) * w, rnd.uniform(0.74, 0.92) * h, rnd.uniform(0.02, 0.04) * h
        d.ellipse([rx - rr * 1.6, ry - rr, rx + rr * 1.6, ry + rr * 0.6], fill=(92, 84, 78))
        d.ellipse([rx - rr * 1.2, ry - rr * 0.9, rx + rr * 0.6, ry - rr * 0.2], fill=(128, 118, 108))
    return im


PHOTO_STYLES = [photo_hills, photo_sea, photo_mountains, photo_bokeh, photo_dunes, photo_forest,
                photo_flower, photo_city, photo_beach]


def photo_styles(count, seed, columns=3):
    """A style per grid item, dealt from shuffled decks of all styles (so each comes up about as often),
    never the same as its left, upper or upper-right neighbour."""
    rnd = random.Random(seed)
    out, deck = [], []
    for i in range(count):
        avoid = {out[i - 1] if i % columns else None, out[i - columns] if i >= columns else None,
                 out[i - columns + 1] if i >= columns - 1 and (i + 1) % columns else None}
        if not [s for s in deck if s not in avoid]:
            deck += rnd.sample(PHOTO_STYLES, len(PHOTO_STYLES))
        pick = next(s for s in deck if s not in avoid)
        deck.remove(pick)
        out.append(pick)
    return out


def photo(seed, w_px, h_px, style=None):
    """A photo-like picture, the same for the same seed: drawn at 2x, reduced, lightly graded."""
    rnd = random.Random(seed)
    style = style or PHOTO_STYLES[seed % len(PHOTO_STYLES)]
    im = style(rnd, w_px * 2, h_px * 2).resize((w_px, h_px), Image.LANCZOS)
    # A soft vignette, as a lens would.
    vig = Image.new("L", (w_px, h_px), 0)
    ImageDraw.Draw(vig).ellipse([-w_px * 0.25, -h_px * 0.25, w_px * 1.25, h_px * 1.25], fill=255)
    vig = vig.filter(ImageFilter.GaussianBlur(min(w_px, h_px) / 6))
    dark = ImageEnhance.Brightness(im).enhance(0.78)
    return Image.composite(im, dark, vig).convert("RGBA")


GRID_GAP = 2.0
GRID_CELL = (SCREEN_W - 2 * GRID_GAP) / 3        # 129.667 pt = 389 px
GRID_PITCH = GRID_CELL + GRID_GAP
PHOTOS_OFFSET = 190.0


def g_heart_small(p, w, h):
    p.circle(w * 0.3, h * 0.36, w * 0.26)
    p.circle(w * 0.7, h * 0.36, w * 0.26)
    p.poly([(w * 0.05, h * 0.44), (w * 0.95, h * 0.44), (w * 0.5, h * 0.95)])


def check_badge(id):
    """The selection badge: a white-rimmed blue disc with a checkmark, with a soft shadow."""
    def draw(c):
        sh = Image.new("L", c.im.size, 0)
        ImageDraw.Draw(sh).ellipse([px(2), px(2.8), px(22), px(22.8)], fill=110)
        c.fill_mask(sh.filter(ImageFilter.GaussianBlur(px(1.2))), BLACK)
        c.circle(12, 12, 11, WHITE)
        c.circle(12, 12, 9.6, BLUE)
        c.draw(lambda p: p.line([(7.6, 12.4), (10.6, 15.3), (16.4, 9.0)], 2.1), WHITE)
    return image_view(id, 24, 24, draw, GRID_CELL - 22, GRID_CELL - 22, name="Selected")


def build_photos():
    window = solid("window", "UIWindow", 0, 0, SCREEN_W, SCREEN_H, WHITE)
    tabs = window.add(plain("tabBarController", "UILayoutContainerView", 0, 0, SCREEN_W, SCREEN_H))
    trans = tabs.add(plain("tabTransitionView", "UITransitionView", 0, 0, SCREEN_W, SCREEN_H))
    wrap = trans.add(plain("tabWrapperView", "UIViewControllerWrapperView", 0, 0, SCREEN_W, SCREEN_H))
    view = plain("libraryView", "UIView", 0, 0, SCREEN_W, SCREEN_H, bg=WHITE)
    nav = wrap.add(nav_stack("", view))
    grid = view.add(plain("collectionView", "UICollectionView", 0, 0, SCREEN_W, SCREEN_H, name="Library",
                          bounds=(0, PHOTOS_OFFSET), clips=True, bg=WHITE))
    selected = {(3, 0), (3, 1), (4, 2)}
    videos = {(2, 2): "0:14", (5, 1): "1:07", (7, 0): "0:32"}
    favourites = {(4, 0), (6, 2)}
    first = int(PHOTOS_OFFSET // GRID_PITCH)
    last = int((PHOTOS_OFFSET + SCREEN_H) // GRID_PITCH)
    styles = photo_styles(3 * (last + 1), 7)
    n = 0
    for r in range(first, last + 1):
        for col in range(3):
            x, y = round(col * GRID_PITCH * S) / S, round(r * GRID_PITCH * S) / S
            key = f"{r}-{col}"
            kind = "Video" if (r, col) in videos else "Photo"
            cell = grid.add(plain(f"cell-{key}", "UICollectionViewCell", x, y, GRID_CELL, GRID_CELL,
                                  name=f"{kind}, item {r * 3 + col + 1}"))
            cell.add(V(f"cell-{key}-image", "UIImageView", 0, 0, GRID_CELL, GRID_CELL,
                       snap=photo(1000 + r * 3 + col, px(GRID_CELL), px(GRID_CELL), styles[r * 3 + col])))
            if (r, col) in videos:
                cell.add(label(f"cell-{key}-duration", videos[(r, col)], 12, WHITE, GRID_CELL - 6, 0,
                               weight="semibold", align="right", cy=GRID_CELL - 13,
                               shadow=(0, 0.3, 1.2, (0, 0, 0, 150))))
            if (r, col) in favourites:
                cell.add(image_view(f"cell-{key}-favorite", 14, 12.333, lambda c: (
                    c.draw(lambda p: g_heart_small(p, 14, 12.333), WHITE)), 6, GRID_CELL - 18.333, name="Favorite"))
            if (r, col) in selected:
                cell.add(check_badge(f"cell-{key}-badge"))
            n += 1
    ih = 64.0
    grid.add(image_view("scrollIndicator", 3.0, ih, lambda c: c.rect(0, 0, 3.0, ih, (0, 0, 0, 90), r=1.5),
                        SCREEN_W - 6, PHOTOS_OFFSET + 260, cls="_UIScrollViewScrollIndicator",
                        name="Vertical scroll bar"))
    nav.add(inline_nav_bar("", "Library", right="Select"))
    tabs.add(tab_bar("", [("library", "Library", g_tab_library), ("foryou", "For You", g_tab_foryou),
                          ("albums", "Albums", g_tab_albums), ("search", "Search", g_tab_search)], 0, BLUE))
    window.add(status_bar())
    return window



# ------------------------------------------------------------------------------------------- 3. sheet

NEWS_RED = (250, 36, 74, 255)
FEED_OFFSET = -(STATUS_H + LARGE_NAV_H)   # at the top: the content inset under the large-title bar
SHEET_Y = 440.0
SHEET_H = SCREEN_H - SHEET_Y
CARD_H = 300.0

FEED = [
    ("coast", "THE WEEKEND  ·  2H AGO", "Chasing the longest sunsets of summer along the Atlantic coast", 21),
    ("forests", "FIELD NOTES  ·  4H AGO", "The quiet comeback of the old-growth forests of the Pacific Northwest", 34),
    ("trails", "OUTSIDE  ·  6H AGO", "Why the best mountain trails are the ones nobody posts about", 8),
]


def rounded_photo(seed, w, h, r, style):
    im = photo(seed, px(w), px(h), style)
    mask = Image.new("L", (px(w) * SS, px(h) * SS), 0)
    ImageDraw.Draw(mask).rounded_rectangle([0, 0, px(w) * SS - 1, px(h) * SS - 1], radius=px(r) * SS, fill=255)
    im.putalpha(mask.resize(im.size, Image.BOX))
    return im


def feed_card(i, key, source, headline, seed):
    cell = plain(f"card-{key}", "UITableViewCell", 0, i * CARD_H, SCREEN_W, CARD_H, name=headline)
    content = cell.add(plain(f"card-{key}-content", "UITableViewCellContentView", 0, 0, SCREEN_W, CARD_H))
    styles = [photo_sea, photo_forest, photo_mountains]
    content.add(V(f"card-{key}-image", "UIImageView", 16, 8, SCREEN_W - 32, 180,
                  snap=rounded_photo(seed, SCREEN_W - 32, 180, 12, styles[i % 3])))
    content.add(label(f"card-{key}-source", source, 12, NEWS_RED, 16, 198, weight="semibold", tracking=0.3))
    content.add(label(f"card-{key}-headline", headline, 20, LABEL, 16, 216, weight="bold",
                      lines=wrap(headline, 20, SCREEN_W - 32, "bold"), leading=25.0))
    return cell


def switch(id, x, y, on, name):
    """A UISwitch: its track, and the knob (with its shadow) as a subview."""
    def track(c):
        c.rect(0, 0, 51, 31, GREEN if on else (120, 120, 128, 41), r=15.5)
    sw = image_view(id, 51, 31, track, x, y, name=name, cls="UISwitch")

    def knob(c):
        sh = Image.new("L", c.im.size, 0)
        ImageDraw.Draw(sh).ellipse([px(3), px(4.5), px(30), px(31.5)], fill=60)
        c.fill_mask(sh.filter(ImageFilter.GaussianBlur(px(1.6))), BLACK)
        c.circle(16.5, 16.5, 13.5, WHITE)
    sw.add(image_view(id + "-knob", 33, 33, knob, 19 if on else -1, -1, cls="UIImageView"))
    return sw


def build_sheet():
    window = solid("window", "UIWindow", 0, 0, SCREEN_W, SCREEN_H, WHITE)
    tabs = window.add(plain("tabBarController", "UILayoutContainerView", 0, 0, SCREEN_W, SCREEN_H))
    trans = tabs.add(plain("tabTransitionView", "UITransitionView", 0, 0, SCREEN_W, SCREEN_H))
    wrap_ = trans.add(plain("tabWrapperView", "UIViewControllerWrapperView", 0, 0, SCREEN_W, SCREEN_H))
    view = plain("todayView", "UIView", 0, 0, SCREEN_W, SCREEN_H, bg=WHITE)
    nav = wrap_.add(nav_stack("", view))
    feed = view.add(plain("feedTable", "UITableView", 0, 0, SCREEN_W, SCREEN_H, name="Today",
                          bounds=(0, FEED_OFFSET), clips=True, bg=WHITE))
    for i, (key, source, headline, seed) in enumerate(FEED):
        feed.add(feed_card(i, key, source, headline, seed))

    # The large-title bar at the scroll edge: its background has faded out (alpha 0).
    bar = nav.add(plain("navBar", "UINavigationBar", 0, STATUS_H, SCREEN_W, LARGE_NAV_H, name="Navigation Bar"))
    bg = bar.add(plain("navBar-barBackground", "_UIBarBackground", 0, -STATUS_H, SCREEN_W, STATUS_H + LARGE_NAV_H,
                       alpha=0.0, bg=(249, 249, 249, 240)))
    bg.add(V("navBar-shadow", "_UIBarBackgroundShadowView", 0, STATUS_H + LARGE_NAV_H, SCREEN_W, 1 / 3,
             bg=BAR_HAIRLINE))
    bar.add(plain("navBar-content", "_UINavigationBarContentView", 0, 0, SCREEN_W, NAV_H))
    large = bar.add(plain("navBar-largeTitleView", "_UINavigationBarLargeTitleView", 0, NAV_H, SCREEN_W, 52))
    large.add(label("navBar-largeTitle", "Today", 34, LABEL, 16, 0, weight="bold", cy=24))

    def avatar(c):
        c.draw(lambda p: p.circle(18, 18, 18), (255, 255, 255, 255))
        g = Image.new("RGBA", c.im.size)
        _vgradient(g, [(0, (255, 159, 10)), (1, (255, 55, 95))])
        m = Image.new("L", (c.im.width * SS, c.im.height * SS), 0)
        ImageDraw.Draw(m).ellipse([0, 0, m.width - 1, m.height - 1], fill=255)
        g.putalpha(m.resize(c.im.size, Image.BOX))
        c.im = g
        c.text(18, 23.5, "JA", 15, WHITE, weight="semibold", align="center")
    large.add(image_view("navBar-avatar", 36, 36, avatar, SCREEN_W - 16 - 36, 6, name="Account", cls="UIButton"))

    tabs.add(tab_bar("", [("today", "Today", g_tab_today), ("newsplus", "News+", g_tab_newsplus),
                          ("audio", "Audio", g_tab_audio), ("following", "Following", g_tab_following)],
                     0, NEWS_RED, translucent=False))

    # The presented sheet: dimming view, then the drop-shadow container with the sheet's view.
    pres = window.add(plain("presentationTransitionView", "UITransitionView", 0, 0, SCREEN_W, SCREEN_H))
    pres.add(solid("dimmingView", "UIDimmingView", 0, 0, SCREEN_W, SCREEN_H, BLACK, alpha=0.4))
    shadow = pres.add(plain("dropShadowView", "UIDropShadowView", 0, SHEET_Y, SCREEN_W, SHEET_H))

    def sheet_bg(c):
        c.rect(0, 0, SCREEN_W, SHEET_H, GROUPED_BG, r=12, corners=(True, True, False, False))
    sheet = shadow.add(image_view("sheetView", SCREEN_W, SHEET_H, sheet_bg, name="Notifications"))
    sheet.cls, sheet.clips = "UIView", True
    sheet.add(image_view("sheet-grabber", 36, 5, lambda c: c.rect(0, 0, 36, 5, (60, 60, 67, 77), r=2.5),
                         (SCREEN_W - 36) / 2, 5, cls="_UIGrabber", name="Sheet Grabber"))
    sheet.add(label("sheet-title", "Notifications", 17, LABEL, SCREEN_W / 2, 0, weight="semibold", align="center",
                    cy=32))

    def close(c):
        c.circle(15, 15, 15, (118, 118, 128, 31))
        c.draw(lambda p: g_xmark(p.__class__(p.d, p.ox - 10.5, p.oy - 10.5, p.k), 9, 9), (60, 60, 67, 153),
               (10.5, 10.5, 9, 9))
    sheet.add(image_view("sheet-close", 30, 30, close, SCREEN_W - 16 - 30, 17, name="Close", cls="UIButton"))

    rows = [("breaking", "Breaking News", True), ("digest", "Daily Digest", True), ("sounds", "Sounds", False)]

    def group_bg(n):
        def draw(c):
            c.rect(0, 0, SCREEN_W - 32, 44 * n, WHITE, r=10)
            for i in range(1, n):
                c.hline(16, 44 * i - 1 / 3, SCREEN_W - 48, SEPARATOR)
        return draw
    group = sheet.add(image_view("sheet-options", SCREEN_W - 32, 44 * len(rows), group_bg(len(rows)), 16, 60,
                                 cls="UIView"))
    for i, (key, title, on) in enumerate(rows):
        group.add(label(f"sheet-{key}-label", title, 17, LABEL, 16, 0, cy=44 * i + 22))
        group.add(switch(f"sheet-{key}-switch", SCREEN_W - 32 - 16 - 51, 44 * i + 6.5, on, title))
    sheet.add(label("sheet-caption", "The Daily Digest arrives at 8:00 each morning.", 13, SECONDARY, 32, 60 + 132 + 7))
    topics = sheet.add(image_view("sheet-manageTopics", SCREEN_W - 32, 44, group_bg(1), 16, 236,
                                  name="Manage Topics", cls="UIButton"))
    topics.add(label("sheet-manageTopics-label", "Manage Topics", 17, BLUE, 16, 0, cy=22))
    primary = sheet.add(image_view("sheet-save", SCREEN_W - 32, 50, lambda c: c.rect(0, 0, SCREEN_W - 32, 50, BLUE, r=12),
                                   16, SHEET_H - 34 - 12 - 50, name="Save", cls="UIButton"))
    primary.add(label("sheet-save-label", "Save", 17, WHITE, (SCREEN_W - 32) / 2, 0, weight="semibold",
                      align="center", cy=25))

    window.add(status_bar())

    # An in-app debugging HUD floating over everything: tag 9999, left out with --exclude-tag 9999.
    hud_w = 118.0
    hud = window.add(image_view("debugHUD", hud_w, 24, lambda c: c.rect(0, 0, hud_w, 24, (0, 0, 0, 190), r=12),
                                (SCREEN_W - hud_w) / 2, 58, name="Debug HUD", cls="DebugHUDView"))
    hud.tag = 9999
    hud.add(image_view("debugHUD-dot", 8, 8, lambda c: c.circle(4, 4, 4, GREEN), 10, 8, name="Healthy"))
    hud.add(label("debugHUD-label", "60 FPS   38.2 MB", 11, WHITE, 24, 0, weight="semibold", cy=12))
    return window


# ------------------------------------------------------------------------------------------------ main

SAMPLES = {"settings": build_settings, "photos": build_photos, "sheet": build_sheet}

if __name__ == "__main__":
    names = sys.argv[1:] or list(SAMPLES)
    for n in names:
        write_sample(n, SAMPLES[n]())
