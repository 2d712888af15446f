extension RGBAImage {
    /// The picture at `width`×`height` by area averaging: each output pixel is the exact average of
    /// the input area it covers. Averaging is done on premultiplied values, so no transparent pixel
    /// bleeds its colour into its neighbours; the result is in the same alpha mode as the input.
    /// Rows are streamed, so memory beyond the output is a few rows.
    public func resampled(width outWidth: Int, height outHeight: Int) -> RGBAImage {
        precondition(outWidth > 0 && outHeight > 0, "a resampled image needs at least one pixel")
        if outWidth == width && outHeight == height { return self }
        let source = premultiplied()
        let columns = AreaWeights(from: width, to: outWidth)
        let rows = AreaWeights(from: height, to: outHeight)
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        var rowBuffer = [Float](repeating: 0, count: outWidth * 4)
        var accumulator = [Float](repeating: 0, count: outWidth * 4)
        source.pixels.withUnsafeBufferPointer { src in
            for y in 0..<outHeight {
                for i in accumulator.indices { accumulator[i] = 0 }
                for (inputRow, rowWeight) in rows.taps(of: y) {
                    columns.resampleRow(src, offset: inputRow * width * 4, into: &rowBuffer)
                    for i in accumulator.indices { accumulator[i] += rowBuffer[i] * rowWeight }
                }
                for i in accumulator.indices {
                    out[y * outWidth * 4 + i] = UInt8(min(255, max(0, accumulator[i] + 0.5)))
                }
            }
        }
        let result = RGBAImage(width: outWidth, height: outHeight, pixels: out, alpha: .premultiplied)
        return alpha == .straight ? result.straightened() : result
    }

    /// The next mip level: half the size (rounded down, at least 1), area-averaged.
    public func halved() -> RGBAImage {
        resampled(width: max(1, width / 2), height: max(1, height / 2))
    }
}

/// For each output index, the input indices it covers and the share of each (summing to 1).
struct AreaWeights {
    private var starts: [Int] = []
    private var weights: [[Float]] = []

    init(from inputCount: Int, to outputCount: Int) {
        let step = Double(inputCount) / Double(outputCount)
        for o in 0..<outputCount {
            let lo = Double(o) * step, hi = Double(o + 1) * step
            let first = Int(lo), last = min(inputCount - 1, Int((hi - 1e-9).rounded(.up)) - 1)
            var row: [Float] = []
            for i in first...max(first, last) {
                let covered = min(hi, Double(i + 1)) - max(lo, Double(i))
                row.append(Float(covered / step))
            }
            starts.append(first)
            weights.append(row)
        }
    }

    /// The input indices contributing to output `index`, with their weights.
    func taps(of index: Int) -> [(Int, Float)] {
        weights[index].enumerated().map { (starts[index] + $0.offset, $0.element) }
    }

    /// Resamples one row of RGBA bytes starting at `offset` into `row` (outputCount * 4 floats).
    func resampleRow(_ src: UnsafeBufferPointer<UInt8>, offset: Int, into row: inout [Float]) {
        for o in 0..<starts.count {
            var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
            var p = offset + starts[o] * 4
            for w in weights[o] {
                r += Float(src[p]) * w; g += Float(src[p + 1]) * w
                b += Float(src[p + 2]) * w; a += Float(src[p + 3]) * w
                p += 4
            }
            row[o * 4] = r; row[o * 4 + 1] = g; row[o * 4 + 2] = b; row[o * 4 + 3] = a
        }
    }
}
