import HierarchyImaging

/// Shrinks images by area averaging: each output texel is the exact mean of the input area it
/// covers. Rows are streamed: each input row is reduced horizontally once, then added with its
/// weights to the one or two output rows it overlaps.
enum AreaReducer {
    /// `image` at `width`×`height` (each no larger than the image's), premultiplied.
    static func reduce(_ image: RGBAImage, width: Int, height: Int) -> TexelImage {
        let straight = image.alpha == .straight
        return image.pixels.withUnsafeBufferPointer { bytes in
            reduce(fromWidth: image.width, height: image.height, toWidth: width, height: height) { y, split, reduced in
                let start = UnsafeRawPointer(bytes.baseAddress! + y * image.width * 4)
                // Rows with nothing in them (common in containers' snapshots) add nothing.
                var alphas: UInt32 = 0
                for x in 0..<image.width { alphas |= start.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) }
                guard alphas & UInt32(0xFF).bigEndian != 0 else { return false }
                var p = start
                for x in 0..<image.width {
                    var v = SIMD4<Float>(p.loadUnaligned(as: SIMD4<UInt8>.self)) * (1 / 255)
                    // Straight colours are multiplied by alpha first, so that averaging never
                    // bleeds the colour of transparent texels into their neighbours.
                    if straight { v *= SIMD4(v.w, v.w, v.w, 1) }
                    let (o, w1, w2) = split[x]
                    reduced[o] += v * w1
                    reduced[o + 1] += v * w2
                    p += 4
                }
                return true
            }
        }
    }

    /// `image` at `width`×`height` (each no larger than the image's).
    static func reduce(_ image: TexelImage, width: Int, height: Int) -> TexelImage {
        reduce(fromWidth: image.width, height: image.height, toWidth: width, height: height) { y, split, reduced in
            let row = image.texels + y * image.width
            for x in 0..<image.width {
                let (o, w1, w2) = split[x]
                reduced[o] += row[x] * w1
                reduced[o + 1] += row[x] * w2
            }
            return true
        }
    }

    /// The next mip level: half the size, rounded down, at least 1.
    static func halve(_ image: TexelImage) -> TexelImage {
        reduce(image, width: max(1, image.width / 2), height: max(1, image.height / 2))
    }

    /// The shared loop; `reduceRow(y, split, reduced)` adds input row y into `reduced` horizontally,
    /// or returns false, leaving it zero, when the row is transparent.
    private static func reduce(
        fromWidth inWidth: Int, height inHeight: Int, toWidth outWidth: Int, height outHeight: Int,
        reduceRow: (Int, UnsafeBufferPointer<(Int, Float, Float)>, UnsafeMutablePointer<SIMD4<Float>>) -> Bool
    ) -> TexelImage {
        precondition(outWidth >= 1 && outHeight >= 1 && outWidth <= inWidth && outHeight <= inHeight, "area reduction only shrinks")
        let columns = Split(from: inWidth, to: outWidth), rows = Split(from: inHeight, to: outHeight)
        let out = TexelImage(width: outWidth, height: outHeight)
        // One spare texel at the end takes the zero-weight share of the last input texel.
        let reduced = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: outWidth + 1)
        defer { reduced.deallocate() }
        columns.entries.withUnsafeBufferPointer { split in
            for y in 0..<inHeight {
                reduced.update(repeating: .zero, count: outWidth + 1)
                guard reduceRow(y, split, reduced) else { continue }
                let (o, w1, w2) = rows[y]
                let first = out.texels + o * outWidth
                for x in 0..<outWidth { first[x] += reduced[x] * w1 }
                if w2 > 0 {
                    let second = first + outWidth
                    for x in 0..<outWidth { second[x] += reduced[x] * w2 }
                }
            }
        }
        return out
    }
}

/// How `from` input texels fall into `to` output texels (to <= from): input texel i adds w1 of
/// itself to output o and w2 to output o + 1. Each output spans `from / to` >= 1 inputs, so an
/// input texel straddles at most one boundary; weights are divided by the span, so each output's
/// weights sum to 1.
private struct Split {
    private(set) var entries: [(Int, Float, Float)] = []

    init(from: Int, to: Int) {
        let step = Double(from) / Double(to)
        entries.reserveCapacity(from)
        for i in 0..<from {
            let o = min(to - 1, Int(Double(i) / step))
            let boundary = Double(o + 1) * step
            if boundary >= Double(i + 1) - 1e-9 || o == to - 1 {
                entries.append((o, Float(1 / step), 0))
            } else {
                entries.append((o, Float((boundary - Double(i)) / step), Float((Double(i + 1) - boundary) / step)))
            }
        }
    }

    subscript(i: Int) -> (Int, Float, Float) { entries[i] }
}
