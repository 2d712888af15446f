import HierarchyImaging

/// Shrinks images by area averaging: each output texel is the exact mean of the input area it
/// covers. Rows are streamed: each input row is reduced horizontally once, then added with its
/// weights to the one or two output rows it overlaps.
enum AreaReducer {
    /// `image` at `width`×`height` (each no larger than the image's), premultiplied.
    static func reduce(_ image: RGBAImage, width: Int, height: Int) -> TexelImage {
        reduce(fromWidth: image.width, height: image.height, toWidth: width, height: height) { y, row in
            TexelImage.loadRow(of: image, y: y, into: row)
        }
    }

    /// `image` at `width`×`height` (each no larger than the image's).
    static func reduce(_ image: TexelImage, width: Int, height: Int) -> TexelImage {
        reduce(fromWidth: image.width, height: image.height, toWidth: width, height: height) { y, row in
            row.update(from: image.texels + y * image.width, count: image.width)
        }
    }

    /// The next mip level: half the size, rounded down, at least 1.
    static func halve(_ image: TexelImage) -> TexelImage {
        reduce(image, width: max(1, image.width / 2), height: max(1, image.height / 2))
    }

    private static func reduce(
        fromWidth inWidth: Int, height inHeight: Int, toWidth outWidth: Int, height outHeight: Int,
        loadRow: (Int, UnsafeMutablePointer<SIMD4<Float>>) -> Void
    ) -> TexelImage {
        precondition(outWidth >= 1 && outHeight >= 1 && outWidth <= inWidth && outHeight <= inHeight, "area reduction only shrinks")
        let columns = Split(from: inWidth, to: outWidth), rows = Split(from: inHeight, to: outHeight)
        let out = TexelImage(width: outWidth, height: outHeight)
        let input = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: inWidth)
        // One spare texel at the end takes the zero-weight share of the last input texel.
        let reduced = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: outWidth + 1)
        defer { input.deallocate(); reduced.deallocate() }
        for y in 0..<inHeight {
            loadRow(y, input)
            reduced.initialize(repeating: .zero, count: outWidth + 1)
            for x in 0..<inWidth {
                let (o, w1, w2) = columns[x]
                reduced[o] += input[x] * w1
                reduced[o + 1] += input[x] * w2
            }
            let (o, w1, w2) = rows[y]
            let first = out.texels + o * outWidth
            for x in 0..<outWidth { first[x] += reduced[x] * w1 }
            if w2 > 0 {
                let second = first + outWidth
                for x in 0..<outWidth { second[x] += reduced[x] * w2 }
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
    private var entries: [(Int, Float, Float)] = []

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
