import HierarchyModel

extension RGBAImage {
    /// The picture at `width`×`height` by area averaging: each output pixel is the exact average of
    /// the input area it covers. Averaging is done on premultiplied values, so no transparent pixel
    /// bleeds its colour into its neighbours; the result is in the same alpha mode as the input.
    /// Rows are streamed, so memory beyond the output is a few rows.
    public func resampled(width outWidth: Int, height outHeight: Int) -> RGBAImage {
        precondition(outWidth > 0 && outHeight > 0, "a resampled image needs at least one pixel")
        if outWidth == width && outHeight == height { return self }
        precondition(width > 0 && height > 0, "an image without pixels cannot be resampled")
        let resampler = AreaResampler(
            from: PixelSize(width: width, height: height), to: PixelSize(width: outWidth, height: outHeight), alpha: alpha)
        let rowBytes = width * 4
        let out = pixels.withUnsafeBufferPointer { source in
            resampler.resample { y in source.baseAddress! + y * rowBytes }
        }
        return RGBAImage(width: outWidth, height: outHeight, pixels: out, alpha: alpha)
    }
}

/// Area averaging that pulls input rows top to bottom, each once. It holds one resampled input row
/// and one row of sums besides the output.
///
/// Straight input is weighted by alpha as it is summed (Σ c·a·w and Σ a·w), which is averaging
/// premultiplied values without rounding them to 8 bits first; the colour is divided back at the end.
struct AreaResampler {
    let output: PixelSize
    let alpha: RGBAImage.AlphaMode
    private let columns: AreaWeights
    private let rows: AreaWeights

    init(from input: PixelSize, to output: PixelSize, alpha: RGBAImage.AlphaMode) {
        self.output = output
        self.alpha = alpha
        columns = AreaWeights(from: input.width, to: output.width)
        rows = AreaWeights(from: input.height, to: output.height)
    }

    /// The output pixels; `row(y)` gives input row `y` (input width × 4 bytes), asked for in
    /// increasing order, each once; the pointer need only stay valid until the next call.
    func resample(row: (Int) -> UnsafePointer<UInt8>) -> [UInt8] {
        let lineCount = output.width * 4
        var out = [UInt8](repeating: 0, count: lineCount * output.height)
        var line = [Float](repeating: 0, count: lineCount), sums = [Float](repeating: 0, count: lineCount)
        var cached = -1
        out.withUnsafeMutableBufferPointer { out in
            line.withUnsafeMutableBufferPointer { line in
                sums.withUnsafeMutableBufferPointer { sums in
                    for y in 0..<output.height {
                        sums.update(repeating: 0)
                        for k in rows.span(of: y) {
                            // Consecutive output rows share at most their boundary row: resample it once.
                            let inputRow = rows.index(k, of: y)
                            if inputRow != cached {
                                columns.resampleRow(row(inputRow), weightByAlpha: alpha == .straight, into: line.baseAddress!)
                                cached = inputRow
                            }
                            let weight = rows.weight(k)
                            for i in 0..<lineCount { sums[i] += line[i] * weight }
                        }
                        store(UnsafeBufferPointer(sums), into: out.baseAddress! + y * lineCount)
                    }
                }
            }
        }
        return out
    }

    /// Rounds one row of sums to bytes: straight colours are divided by their alpha, and a pixel
    /// whose alpha rounds to 0 becomes transparent black.
    private func store(_ sums: UnsafeBufferPointer<Float>, into out: UnsafeMutablePointer<UInt8>) {
        func byte(_ v: Float) -> UInt8 { UInt8(min(255, max(0, v + 0.5))) }
        guard alpha == .straight else {
            for i in 0..<sums.count { out[i] = byte(sums[i]) }
            return
        }
        for i in stride(from: 0, to: sums.count, by: 4) {
            let a = sums[i + 3]
            guard a >= 0.5 else { out[i] = 0; out[i + 1] = 0; out[i + 2] = 0; out[i + 3] = 0; continue }
            let scale = 1 / a
            out[i] = byte(sums[i] * scale); out[i + 1] = byte(sums[i + 1] * scale)
            out[i + 2] = byte(sums[i + 2] * scale); out[i + 3] = byte(a)
        }
    }
}

/// For each output index, the run of input indices it covers and the share of each (summing to 1),
/// kept flat: output `o` uses weights `offsets[o]..<offsets[o + 1]`, starting at input `first[o]`.
struct AreaWeights {
    private var first: [Int] = []
    private var offsets: [Int] = [0]
    private var weights: [Float] = []

    init(from inputCount: Int, to outputCount: Int) {
        let step = Double(inputCount) / Double(outputCount)
        for o in 0..<outputCount {
            let lo = Double(o) * step, hi = Double(o + 1) * step
            let start = Int(lo), last = min(inputCount - 1, Int((hi - 1e-9).rounded(.up)) - 1)
            for i in start...max(start, last) {
                let covered = min(hi, Double(i + 1)) - max(lo, Double(i))
                weights.append(Float(covered / step))
            }
            first.append(start)
            offsets.append(weights.count)
        }
    }

    /// The positions in `weights` of output `o`'s taps.
    func span(of o: Int) -> Range<Int> { offsets[o]..<offsets[o + 1] }
    /// The input index of tap `k` of output `o`.
    func index(_ k: Int, of o: Int) -> Int { first[o] + k - offsets[o] }
    func weight(_ k: Int) -> Float { weights[k] }

    /// Resamples one row of RGBA bytes into `row` (outputCount × 4 floats). With `weightByAlpha`
    /// (straight input) the colours are summed as c·a·w and alpha as a·w.
    func resampleRow(_ src: UnsafePointer<UInt8>, weightByAlpha: Bool, into row: UnsafeMutablePointer<Float>) {
        first.withUnsafeBufferPointer { first in
            offsets.withUnsafeBufferPointer { offsets in
                weights.withUnsafeBufferPointer { weights in
                    for o in 0..<first.count {
                        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                        var p = src + first[o] * 4
                        for k in offsets[o]..<offsets[o + 1] {
                            let alphaWeight = Float(p[3]) * weights[k]
                            let w = weightByAlpha ? alphaWeight : weights[k]
                            r += Float(p[0]) * w; g += Float(p[1]) * w; b += Float(p[2]) * w; a += alphaWeight
                            p += 4
                        }
                        row[o * 4] = r; row[o * 4 + 1] = g; row[o * 4 + 2] = b; row[o * 4 + 3] = a
                    }
                }
            }
        }
    }
}
