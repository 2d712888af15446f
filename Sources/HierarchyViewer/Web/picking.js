/**
 * Picking, as `hierarchy pick` does it: the viewport point is unprojected onto each shown plane,
 * nearest first, and tested against the layers of that plane, frontmost first.
 */
const Picking = ((hv) => {
  const { layers, byDepth, viewport } = hv;
  const [SX, SY, SW, SH] = hv.data.screen;

  /** The point of plane `depth` under viewport point (px, py), in points; null behind the eye. */
  function unproject(depth, px, py) {
    const m = hv.projectionMatrix().multiply(hv.cameraMatrix()).translate(0, 0, hv.planeZ(depth));
    // Solve px·W = X and py·W = Y for the plane point (x, y, 0, 1).
    const a = m.m11 - px * m.m14, b = m.m21 - px * m.m24, c = px * m.m44 - m.m41;
    const d = m.m12 - py * m.m14, e = m.m22 - py * m.m24, f = py * m.m44 - m.m42;
    const det = a * e - b * d;
    if (Math.abs(det) < 1e-12) return null;
    const x = (c * e - b * f) / det, y = (a * f - c * d) / det;
    if (m.m14 * x + m.m24 * y + m.m44 <= 0) return null;
    const s = hv.scale();
    return [x / s + SX, y / s + SY];
  }

  /** Shown depths from the nearest plane to the farthest, as the camera sees them now. */
  function depthsFrontToBack() {
    const [lo, hi] = hv.shownDepths(), cam = hv.cameraMatrix(), cx = SW * hv.scale() / 2, cy = SH * hv.scale() / 2;
    const depths = [];
    for (let d = lo; d <= hi; d++) depths.push([cam.transformPoint(new DOMPoint(cx, cy, hv.planeZ(d))).z, d]);
    return depths.sort((p, q) => q[0] - p[0] || q[1] - p[1]).map((p) => p[1]);
  }

  /** Whether the screen point (x, y) is in the layer's visible region (half-open frame, or polygon). */
  function holds(layer, x, y) {
    if (!layer.polygon) {
      const [fx, fy, fw, fh] = layer.frame;
      return x >= fx && x < fx + fw && y >= fy && y < fy + fh;
    }
    // Convex and clockwise on the screen: inside is never to the left of an edge.
    const p = layer.polygon;
    for (let k = 0; k < p.length; k++) {
      const [ax, ay] = p[k], [bx, by] = p[(k + 1) % p.length];
      if ((bx - ax) * (y - ay) - (by - ay) * (x - ax) < 0) return false;
    }
    return true;
  }

  /**
   * The frontmost layer at client point (x, y), as `hierarchy pick` finds it: planes front to
   * back, in each the last layer in painter's order whose visible region holds the point
   * (half-open frame, or polygon for a transformed layer). Transparent pixels and outline-only layers count. -1 where there is none.
   */
  function layerAt(clientX, clientY) {
    const r = viewport.getBoundingClientRect(), px = clientX - r.left, py = clientY - r.top;
    for (const depth of depthsFrontToBack()) {
      const p = unproject(depth, px, py);
      if (!p) continue;
      const list = byDepth[depth];
      for (let k = list.length - 1; k >= 0; k--) {
        const i = list[k];
        if (hv.isShown(i) && holds(layers[i], p[0], p[1])) return i;
      }
    }
    return -1;
  }

  return { layerAt };
})(HV);
