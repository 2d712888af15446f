/// The per-pixel samples of one band's expanded pixels, with a free list. Used by one task at a time.
///
/// The storage for `maxPixels` is reserved at once: the system hands out its pages as they are
/// first written, so a pool costs only what it uses and never moves its samples to grow.
final class SamplePool: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<SIMD4<Float>>
    private var used = 0
    private var free: [Int32] = []
    private let maxPixels: Int

    init(maxPixels: Int) {
        self.maxPixels = maxPixels
        storage = .allocate(capacity: maxPixels * SamplePattern.count)
    }

    deinit { storage.deallocate() }

    /// The samples of slot `k`.
    @inline(__always)
    func samples(_ k: Int32) -> UnsafeMutablePointer<SIMD4<Float>> {
        storage + Int(k) * SamplePattern.count
    }

    /// A slot whose samples all hold `colour`, or nil when the pool is at its limit.
    func acquire(filledWith colour: SIMD4<Float>) -> Int32? {
        let k: Int32
        if let reused = free.popLast() {
            k = reused
        } else {
            guard used < maxPixels else { return nil }
            k = Int32(used)
            used += 1
        }
        samples(k).initialize(repeating: colour, count: SamplePattern.count)
        return k
    }

    func release(_ k: Int32) { free.append(k) }
}
