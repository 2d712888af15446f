import Foundation

/// Sample storage shared by a framebuffer's bands: one reservation (in huge pages where the system
/// allows), handed out to the bands' pools a chunk at a time as they need it, so that the memory
/// written is packed together and costs only what is used.
final class SampleArena: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<SIMD4<Float>>
    /// Slots (pixels' worth of samples) in all.
    let capacity: Int
    /// Slots a chunk: a power of two, so that a slot's chunk is a shift away.
    let chunkShift: Int
    private var next = 0
    private let lock = NSLock()

    /// An arena of `budget` bytes (at least four pixels' worth), never more than `pixels` in `bands`
    /// need: each band can have all its pixels expanded, its last chunk part used.
    init(budget: Int, pixels: Int, bands: Int) {
        let slots = max(4, budget / (SamplePattern.count * MemoryLayout<SIMD4<Float>>.stride))
        var shift = 8
        while 1 << shift > slots { shift -= 1 }
        chunkShift = shift
        let needed = pixels + (bands << shift)
        capacity = (min(slots, needed) >> shift) << shift
        storage = LargeAllocation.allocate(SIMD4<Float>.self, count: capacity * SamplePattern.count)
    }

    deinit { LargeAllocation.deallocate(storage) }

    var chunkSlots: Int { 1 << chunkShift }

    /// The samples of a fresh chunk, or nil when the arena is used up.
    func chunk() -> UnsafeMutablePointer<SIMD4<Float>>? {
        lock.withLock {
            guard next + chunkSlots <= capacity else { return nil }
            defer { next += chunkSlots }
            return storage + next * SamplePattern.count
        }
    }
}

/// The per-pixel samples of one band's expanded pixels, with a free list, in chunks from the
/// framebuffer's arena. Used by one task at a time.
final class SamplePool: @unchecked Sendable {
    private let arena: SampleArena
    private let shift: Int
    private let mask: Int
    /// The chunks this pool holds, in order: slot k is in chunk k >> shift.
    private var chunks: UnsafeMutablePointer<UnsafeMutablePointer<SIMD4<Float>>>
    private var chunkCapacity = 4
    private var chunkCount = 0
    private var used = 0
    private var free: [Int32] = []

    init(arena: SampleArena) {
        self.arena = arena
        shift = arena.chunkShift
        mask = (1 << arena.chunkShift) - 1
        chunks = .allocate(capacity: chunkCapacity)
    }

    deinit { chunks.deallocate() }

    /// The samples of slot `k`.
    @inline(__always)
    func samples(_ k: Int32) -> UnsafeMutablePointer<SIMD4<Float>> {
        let k = Int(k)
        return chunks[k >> shift] + (k & mask) * SamplePattern.count
    }

    /// A slot whose samples all hold `colour`, or nil when the arena is used up.
    func acquire(filledWith colour: SIMD4<Float>) -> Int32? {
        let k: Int32
        if let reused = free.popLast() {
            k = reused
        } else {
            if used == chunkCount << shift {
                guard let chunk = arena.chunk() else { return nil }
                append(chunk)
            }
            k = Int32(used)
            used += 1
        }
        samples(k).initialize(repeating: colour, count: SamplePattern.count)
        return k
    }

    func release(_ k: Int32) { free.append(k) }

    private func append(_ chunk: UnsafeMutablePointer<SIMD4<Float>>) {
        if chunkCount == chunkCapacity {
            let bigger = UnsafeMutablePointer<UnsafeMutablePointer<SIMD4<Float>>>.allocate(capacity: chunkCapacity * 2)
            bigger.moveInitialize(from: chunks, count: chunkCount)
            chunks.deallocate()
            chunks = bigger
            chunkCapacity *= 2
        }
        (chunks + chunkCount).initialize(to: chunk)
        chunkCount += 1
    }
}
