/// The per-pixel samples of one band's expanded pixels, with a free list. Used by one task at a time.
final class SamplePool: @unchecked Sendable {
    private var storage: UnsafeMutablePointer<SIMD4<Float>>
    private var capacity = 0
    private var used = 0
    private var free: [Int32] = []
    private let maxPixels: Int

    init(maxPixels: Int) {
        self.maxPixels = maxPixels
        storage = .allocate(capacity: 0)
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
            if used == capacity { grow() }
            k = Int32(used)
            used += 1
        }
        samples(k).update(repeating: colour, count: SamplePattern.count)
        return k
    }

    func release(_ k: Int32) { free.append(k) }

    private func grow() {
        let newCapacity = min(maxPixels, max(256, capacity * 2))
        let bigger = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: newCapacity * SamplePattern.count)
        bigger.moveInitialize(from: storage, count: capacity * SamplePattern.count)
        storage.deallocate()
        storage = bigger
        capacity = newCapacity
    }
}
