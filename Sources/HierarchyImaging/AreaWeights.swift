/// How `outputCount` output pixels cover `inputCount` input pixels along one axis: for each output,
/// the run of inputs it overlaps and the share of each, kept flat (output `o` uses weights
/// `offsets[o]..<offsets[o + 1]`, starting at input `first[o]`).
///
/// An output's edges fall between input pixel edges whenever the sizes do not divide, so the input
/// pixel on each edge is shared by two outputs; it counts for each by the fraction of it inside,
/// which keeps every output's weights summing to 1 and every input counted by its whole area.
struct AreaWeights: Sendable {
    private var first: [Int] = []
    private var offsets: [Int] = [0]
    private var weights: [Float] = []

    init(from inputCount: Int, to outputCount: Int) {
        let step = Double(inputCount) / Double(outputCount)
        first.reserveCapacity(outputCount)
        offsets.reserveCapacity(outputCount + 1)
        // A tap is an input and an output that overlap: at most inputCount + outputCount - 1.
        weights.reserveCapacity(inputCount + outputCount)
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

    /// Averages one row into `line` (one value per output): `weighted(x, w)` is input pixel `x`
    /// times its weight `w`, as the caller reads and weights it.
    @inline(__always)
    func average(into line: UnsafeMutablePointer<SIMD4<Float>>, _ weighted: (Int, Float) -> SIMD4<Float>) {
        first.withUnsafeBufferPointer { first in
            offsets.withUnsafeBufferPointer { offsets in
                weights.withUnsafeBufferPointer { weights in
                    for o in 0..<first.count {
                        var sum = SIMD4<Float>.zero, x = first[o]
                        for k in offsets[o]..<offsets[o + 1] {
                            sum += weighted(x, weights[k])
                            x += 1
                        }
                        line[o] = sum
                    }
                }
            }
        }
    }
}
