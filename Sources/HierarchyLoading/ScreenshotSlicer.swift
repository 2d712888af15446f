import Dispatch
import HierarchyImaging
import HierarchyLayout
import HierarchyModel

/// Cuts a screenshot into layer textures: every pixel goes to the frontmost layer whose visible
/// frame covers its centre, so each layer holds the pixels it owns and is transparent elsewhere.
/// Seen straight on, the slices put back together are the screenshot; exploded, each piece of the
/// screen sits on the view that draws it.
///
/// With `holes: .fill` (the default) what the views in front of a layer covered is filled from
/// the layer's own pixels (`HoleFiller`), inside its visible frame only, so that the layer looks
/// like its view drawn alone; the pixels a layer owns are the screenshot's either way, so the
/// front view is the screenshot.
public struct ScreenshotSlicer: Sendable {
    /// What a layer shows where views in front of it covered the screenshot.
    public enum Holes: String, Hashable, Sendable, CaseIterable {
        /// Transparent: each layer holds only the pixels it owns.
        case keep
        /// Filled from the layer's own pixels around them.
        case fill
    }

    public let screenshot: RGBAImage
    public let holes: Holes
    /// Screenshot pixels per point.
    public let scale: Double
    /// The screen (the root's bounds) the screenshot shows.
    public let screen: Rect
    /// For each screenshot pixel, the tree index of the view whose layer owns it, or -1.
    private let owners: [Int32]
    /// With `holes: .fill`, each layer's filled region by tree index (nil: it owns no pixel).
    private var filled: [Int: FilledRegion?] = [:]
    /// Regions filled before, by what they were filled from.
    private let memo: FillMemo?
    /// The bounds of the views drawn turned or scaled, by tree index: their slices are sampled
    /// through their transforms, not stretched from their frames' boxes.
    private let turnedBounds: [Int: Rect]

    /// Assigns every pixel of `screenshot` (which shows `layout.screen` at `scale` pixels a point).
    /// `memo`: regions filled for earlier screenshots, taken again where a layer owns the same
    /// pixels (the result is the same either way).
    /// `bounds`: each turned or scaled layer's view's bounds (`ViewNode.bounds`) by tree index (a
    /// transformed layer without them is sliced from its frame's box, stretched).
    public init(screenshot: RGBAImage, scale: Double, layout: Layout, holes: Holes = .fill, memo: FillMemo? = nil, bounds: [Int: Rect] = [:]) {
        self.screenshot = screenshot
        self.holes = holes
        self.scale = scale
        self.memo = memo
        self.screen = layout.screen
        self.turnedBounds = bounds
        var owners = [Int32](repeating: -1, count: screenshot.width * screenshot.height)
        // Painter's order: a later layer takes the pixels it covers from the earlier ones; a layer
        // whose visible region is no upright rectangle only those whose centres are inside it.
        for layer in layout.layers {
            let (xs, ys) = ScreenshotSlicer.pixelSpans(of: layer.frame, screen: screen, scale: scale, width: screenshot.width, height: screenshot.height)
            if let outline = layer.outline {
                for y in ys {
                    for x in xs where ScreenshotSlicer.holds(outline, Point(x: screen.minX + (Double(x) + 0.5) / scale, y: screen.minY + (Double(y) + 0.5) / scale)) {
                        owners[y * screenshot.width + x] = Int32(layer.node)
                    }
                }
            } else {
                for y in ys { for x in xs { owners[y * screenshot.width + x] = Int32(layer.node) } }
            }
        }
        self.owners = owners
        if holes == .fill { filled = fillAll(layout.layers) }
    }

    /// The screenshot's pixel columns and rows whose centres lie inside `rect` (points).
    static func pixelSpans(of rect: Rect, screen: Rect, scale: Double, width: Int, height: Int) -> (Range<Int>, Range<Int>) {
        func span(_ lo: Double, _ hi: Double, _ count: Int) -> Range<Int> {
            // Pixel i has its centre at i + 0.5: it is inside when lo <= i + 0.5 < hi.
            let first = max(0, min(count, Int(saturating: (lo - 0.5).rounded(.up))))
            let last = max(first, min(count, Int(saturating: (hi - 0.5).rounded(.up))))
            return first..<last
        }
        return (span((rect.minX - screen.minX) * scale, (rect.maxX - screen.minX) * scale, width),
                span((rect.minY - screen.minY) * scale, (rect.maxY - screen.minY) * scale, height))
    }

    /// Whether the convex polygon (clockwise on the screen, y down) holds `p`: inside is to the
    /// right of every edge.
    static func holds(_ polygon: [Point], _ p: Point) -> Bool {
        polygon.indices.allSatisfy { i in
            let (a, b) = (polygon[i], polygon[(i + 1) % polygon.count])
            return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) >= 0
        }
    }

    /// The slice of `layer` as the snapshot of its whole bounds at `size` pixels: the owned
    /// screenshot pixels where they fall in the view, transparent elsewhere. Only the part in
    /// `crop` (pixels of that snapshot) is made.
    public func slice(_ layer: Layer, snapshotSize size: PixelSize, crop: PixelRect) -> RGBAImage {
        if !layer.isUntransformed, let bounds = turnedBounds[layer.node] {
            return turnedSlice(layer, bounds: bounds, snapshotSize: size, crop: crop)
        }
        var out = [UInt8](repeating: 0, count: crop.width * crop.height * 4)
        // Snapshot pixels per point, and where the view's bounds start on the screenshot.
        let ppx = Double(size.width) / layer.fullFrame.width, ppy = Double(size.height) / layer.fullFrame.height
        let left = (layer.fullFrame.minX - screen.minX) * scale, top = (layer.fullFrame.minY - screen.minY) * scale
        let owner = Int32(layer.node)
        // The filled region holds the owned pixels too, so inside it there is nothing else to look at.
        let filled = holes == .fill ? (self.filled[layer.node] ?? filledRegion(of: layer)) : nil
        // The screenshot column of each slice column, the same on every row: worked out once.
        let columns = (0..<crop.width).map { column in
            let x: Double = left + (Double(crop.x + column) + 0.5) / ppx * scale
            return Int(saturating: x.rounded(.down))
        }
        let (screenWidth, screenHeight) = (screenshot.width, screenshot.height)
        out.withUnsafeMutableBytes { dst in
            screenshot.pixels.withUnsafeBytes { src in
                owners.withUnsafeBufferPointer { owners in
                    for row in 0..<crop.height {
                        let y: Double = top + (Double(crop.y + row) + 0.5) / ppy * scale
                        let sy = Int(saturating: y.rounded(.down))
                        guard sy >= 0 && sy < screenHeight else { continue }
                        let rowStart = row * crop.width
                        if let filled {
                            filled.copyRow(sy, columns: columns, to: dst, at: rowStart)
                            continue
                        }
                        for column in 0..<crop.width {
                            let sx = columns[column]
                            guard sx >= 0 && sx < screenWidth, owners[sy * screenWidth + sx] == owner else { continue }
                            // Whole pixels as 32-bit words.
                            dst.storeBytes(of: src.loadUnaligned(fromByteOffset: (sy * screenWidth + sx) * 4, as: UInt32.self),
                                           toByteOffset: (rowStart + column) * 4, as: UInt32.self)
                        }
                    }
                }
            }
        }
        return RGBAImage(width: crop.width, height: crop.height, pixels: out, alpha: screenshot.alpha)
    }

    /// `slice` of a turned or scaled view: each snapshot pixel is a point of the view's bounds,
    /// which its transform takes to the screen, where the screenshot's pixel under it is read.
    private func turnedSlice(_ layer: Layer, bounds: Rect, snapshotSize size: PixelSize, crop: PixelRect) -> RGBAImage {
        var out = [UInt8](repeating: 0, count: crop.width * crop.height * 4)
        guard bounds.width > 0, bounds.height > 0, size.width > 0, size.height > 0 else {
            return RGBAImage(width: crop.width, height: crop.height, pixels: out, alpha: screenshot.alpha)
        }
        let (perX, perY) = (bounds.width / Double(size.width), bounds.height / Double(size.height))
        let owner = Int32(layer.node)
        let filled = holes == .fill ? (self.filled[layer.node] ?? filledRegion(of: layer)) : nil
        let (screenWidth, screenHeight) = (screenshot.width, screenshot.height)
        out.withUnsafeMutableBytes { dst in
            screenshot.pixels.withUnsafeBytes { src in
                for row in 0..<crop.height {
                    let by = bounds.minY + (Double(crop.y + row) + 0.5) * perY
                    for column in 0..<crop.width {
                        let p = layer.transform.apply(Point(x: bounds.minX + (Double(crop.x + column) + 0.5) * perX, y: by))
                        let sx = Int(saturating: ((p.x - screen.minX) * scale).rounded(.down))
                        let sy = Int(saturating: ((p.y - screen.minY) * scale).rounded(.down))
                        guard sx >= 0, sx < screenWidth, sy >= 0, sy < screenHeight else { continue }
                        let at = (row * crop.width + column) * 4
                        if let filled {
                            let (rx, ry) = (sx - filled.x, sy - filled.y)
                            guard rx >= 0, rx < filled.image.width, ry >= 0, ry < filled.image.height else { continue }
                            filled.image.pixels.withUnsafeBytes { p in
                                dst.storeBytes(of: p.loadUnaligned(fromByteOffset: (ry * filled.image.width + rx) * 4, as: UInt32.self), toByteOffset: at, as: UInt32.self)
                            }
                        } else if owners[sy * screenWidth + sx] == owner {
                            dst.storeBytes(of: src.loadUnaligned(fromByteOffset: (sy * screenWidth + sx) * 4, as: UInt32.self), toByteOffset: at, as: UInt32.self)
                        }
                    }
                }
            }
        }
        return RGBAImage(width: crop.width, height: crop.height, pixels: out, alpha: screenshot.alpha)
    }

    /// A layer's visible frame on the screenshot with its holes filled.
    struct FilledRegion {
        let x: Int, y: Int
        let image: RGBAImage
        /// What the region was filled from, with a memo (nil without).
        var key: ContentHash? = nil

        /// Copies screenshot row `sy` from `image` to `out`, pixel `rowStart + i` taking screenshot
        /// column `columns[i]`; pixels outside the region are left as they are.
        func copyRow(_ sy: Int, columns: [Int], to out: UnsafeMutableRawBufferPointer, at rowStart: Int) {
            let ry = sy - y
            guard ry >= 0, ry < image.height else { return }
            let (x, width) = (self.x, image.width)
            image.pixels.withUnsafeBytes { p in
                columns.withUnsafeBufferPointer { columns in
                    for i in columns.indices {
                        let rx = columns[i] - x
                        guard rx >= 0, rx < width else { continue }
                        out.storeBytes(of: p.loadUnaligned(fromByteOffset: (ry * width + rx) * 4, as: UInt32.self),
                                       toByteOffset: (rowStart + i) * 4, as: UInt32.self)
                    }
                }
            }
        }
    }

    /// Every layer's filled region, made on all cores at once: one layer at a time, only the
    /// largest would be split into bands, and the many small ones would leave a core idle.
    private func fillAll(_ layers: [Layer]) -> [Int: FilledRegion?] {
        var regions = [FilledRegion?](repeating: nil, count: layers.count)
        regions.withUnsafeMutableBufferPointer { regions in
            let out = Shared(regions)
            // Largest first, so that the last ones to finish are small.
            let order = layers.indices.sorted { layers[$0].frame.width * layers[$0].frame.height > layers[$1].frame.width * layers[$1].frame.height }
            DispatchQueue.concurrentPerform(iterations: order.count) { k in
                out.value[order[k]] = filledRegion(of: layers[order[k]])
            }
        }
        var byNode: [Int: FilledRegion?] = [:]
        for (layer, region) in zip(layers, regions) { byNode[layer.node] = region }
        return byNode
    }

    /// The screenshot under `layer`'s visible frame, its pixels owned by other layers filled from
    /// the ones it owns (the owned pixels as they are, the others clear when nothing could be
    /// filled from); nil when it owns none.
    func filledRegion(of layer: Layer) -> FilledRegion? {
        let (xs, ys) = ScreenshotSlicer.pixelSpans(of: layer.frame, screen: screen, scale: scale, width: screenshot.width, height: screenshot.height)
        let (width, height) = (xs.count, ys.count)
        let owner = Int32(layer.node)
        var known = [Bool](repeating: false, count: width * height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var owned = 0
        screenshot.pixels.withUnsafeBytes { src in
            owners.withUnsafeBufferPointer { owners in
                pixels.withUnsafeMutableBytes { dst in
                    known.withUnsafeMutableBufferPointer { known in
                        for row in 0..<height {
                            let sy = ys.lowerBound + row
                            for column in 0..<width where owners[sy * screenshot.width + xs.lowerBound + column] == owner {
                                // Whole pixels as 32-bit words.
                                let word = src.loadUnaligned(fromByteOffset: (sy * screenshot.width + xs.lowerBound + column) * 4, as: UInt32.self)
                                dst.storeBytes(of: word, toByteOffset: (row * width + column) * 4, as: UInt32.self)
                                known[row * width + column] = true
                                owned += 1
                            }
                        }
                    }
                }
            }
        }
        guard owned > 0 else { return nil }
        var image = RGBAImage(width: width, height: height, pixels: pixels, alpha: screenshot.alpha)
        // One point around each hole: where front views' edges and shadows spill over their frames.
        let margin = max(1, Int(scale.rounded(.up)))
        guard let memo else {
            if owned < width * height { HoleFiller.fill(&image, known: known, margin: margin) }
            return FilledRegion(x: xs.lowerBound, y: ys.lowerBound, image: image)
        }
        let key = FillMemo.Key(image: ContentHash(image), known: known.withUnsafeBytes { ContentHash($0) }, margin: margin)
        if owned < width * height { image = memo.filled(image, key: key, known: known) }
        return FilledRegion(x: xs.lowerBound, y: ys.lowerBound, image: image, key: ContentHash(words: [key.image.high, key.image.low, key.known.high, key.known.low, UInt64(margin)]))
    }

    /// `slice(_:snapshotSize:crop:)` resampled to `size`; with a memo, the same texture made for an
    /// earlier screenshot whose layer had the same filled region at the same place and the same
    /// geometry, if kept.
    public func texture(_ layer: Layer, snapshotSize: PixelSize, crop: PixelRect, size: PixelSize) -> RGBAImage {
        let make = { slice(layer, snapshotSize: snapshotSize, crop: crop).resampled(width: size.width, height: size.height) }
        guard let memo, holes == .fill, let found = filled[layer.node], let region = found, let key = region.key else { return make() }
        let frame = layer.fullFrame
        let words: [UInt64] = [
            key.high, key.low, UInt64(region.x), UInt64(region.y), UInt64(region.image.width), UInt64(region.image.height),
            UInt64(screenshot.width), UInt64(screenshot.height), scale.bitPattern, screen.minX.bitPattern, screen.minY.bitPattern,
            frame.minX.bitPattern, frame.minY.bitPattern, frame.width.bitPattern, frame.height.bitPattern,
            layer.transform.a.bitPattern, layer.transform.b.bitPattern, layer.transform.c.bitPattern, layer.transform.d.bitPattern,
            UInt64(snapshotSize.width), UInt64(snapshotSize.height), UInt64(crop.x), UInt64(crop.y), UInt64(crop.width), UInt64(crop.height),
            UInt64(size.width), UInt64(size.height),
        ]
        return memo.textures.value(for: ContentHash(words: words), cost: { $0.pixels.count }, make: make)
    }

    /// Filled regions kept by what they were filled from: the owned pixels, which pixels those
    /// are, and the margin. An app's screens share most of their views' pixels (bars, cells,
    /// backgrounds), and filling is most of slicing, so a report's slicers share one. Bounded by
    /// the images' bytes; safe to use from several threads.
    /// Textures sliced from those regions are kept too, by the region and the slice's geometry.
    public final class FillMemo: Sendable {
        struct Key: Hashable {
            let image: ContentHash, known: ContentHash
            let margin: Int
        }

        private let cache: CostBoundedCache<Key, RGBAImage>
        let textures: CostBoundedCache<ContentHash, RGBAImage>

        /// Keeps up to `maxBytes` of filled regions and a quarter of that of textures (the least
        /// recently used go first).
        public init(maxBytes: Int = 128 << 20) {
            cache = CostBoundedCache(maxCost: maxBytes)
            textures = CostBoundedCache(maxCost: maxBytes / 4)
        }

        /// `image` with `HoleFiller.fill(_:known:margin:)` done, or the same filled earlier.
        func filled(_ image: RGBAImage, key: Key, known: [Bool]) -> RGBAImage {
            cache.value(for: key, cost: { $0.pixels.count }) {
                var image = image
                HoleFiller.fill(&image, known: known, margin: key.margin)
                return image
            }
        }
    }

    /// The pixel size of a view's whole-bounds slice: its bounds at the screenshot's scale, reduced
    /// to fit `maxSide` (the slice is stretched over the bounds, so any size draws right).
    public static func snapshotSize(bounds: Rect, scale: Double, maxSide: Int = LayoutOptions.defaultMaxTextureSize) -> PixelSize {
        let w = max(1, Int(saturating: (bounds.width * scale).rounded())), h = max(1, Int(saturating: (bounds.height * scale).rounded()))
        return TexturePlanner.reducedSize(width: w, height: h, max: maxSide)
    }
}
