import Foundation

/// The 16 coverage samples of one expanded pixel, kept as a palette: the distinct colours the
/// samples hold (at most 16, usually 2 or 3: an edge crossing the pixel) and, for each sample,
/// which of them it holds. Every sample still gets exactly the value a colour of its own would
/// hold (the same operations in the same order), so the picture is the one 16 separate colours
/// make, while a pixel costs 64 bytes of memory written (one cache line) instead of 256.
///
/// Colour 0 is the framebuffer's own colour of the pixel. A slot's record is a header (the
/// sample → colour table, 4 bits a sample, and the count) and colours 1 to 3; colours 4 to 15,
/// which few pixels need, are in a second area whose pages are touched only where they are used.
struct PixelSamples {
    /// Colour 0: the pixel's colour in the framebuffer.
    let first: UnsafeMutablePointer<SIMD4<Float>>
    /// The header, then colours 1 to 3.
    let record: UnsafeMutablePointer<SIMD4<Float>>
    /// Colours 4 to 15.
    let spill: UnsafeMutablePointer<SIMD4<Float>>

    /// Colours held without the spill area: the framebuffer's and the record's.
    static let inline = 4
    /// `SIMD4<Float>`s a record takes: the header and colours 1 to 3.
    static let recordStride = inline
    /// `SIMD4<Float>`s a slot takes in the spill area.
    static let spillStride = SamplePattern.count - inline

    /// Sample i holds colour `(indices >> 4i) & 15`.
    @inline(__always)
    var indices: UInt64 {
        get { UnsafeRawPointer(record).load(as: UInt64.self) }
        nonmutating set { UnsafeMutableRawPointer(record).storeBytes(of: newValue, as: UInt64.self) }
    }

    /// How many colours are in use (each held by at least one sample).
    @inline(__always)
    var count: Int {
        get { Int(UnsafeRawPointer(record).load(fromByteOffset: 8, as: UInt32.self)) }
        nonmutating set { UnsafeMutableRawPointer(record).storeBytes(of: UInt32(newValue), toByteOffset: 8, as: UInt32.self) }
    }

    @inline(__always)
    func colour(_ j: Int) -> UnsafeMutablePointer<SIMD4<Float>> {
        j == 0 ? first : j < PixelSamples.inline ? record + j : spill + (j - PixelSamples.inline)
    }

    /// Every sample holding colour 0 (the pixel's colour as it stands).
    @inline(__always)
    func reset() {
        indices = 0
        count = 1
    }

    /// The value of sample `i`.
    @inline(__always)
    func sample(_ i: Int) -> SIMD4<Float> {
        colour(Int((indices >> UInt64(4 * i)) & 15)).pointee
    }

    /// `src` over every sample: each colour once.
    @inline(__always)
    func blendAll(_ src: SIMD4<Float>) {
        for j in 0..<count {
            let c = colour(j)
            c.pointee = src + c.pointee * (1 - src.w)
        }
    }

    /// `src` over the samples `mask` names: a colour all of whose samples are covered changes in
    /// place; one only some of whose samples are covered gives them a new colour.
    @inline(__always)
    func blend(_ src: SIMD4<Float>, mask: UInt16) {
        var table = indices
        let n = count
        var next = n
        for j in 0..<n {
            let held = n == 1 ? SamplePattern.full : PixelSamples.samples(holding: j, in: table)
            let covered = held & mask
            if covered == 0 { continue }
            let c = colour(j)
            if covered == held {
                c.pointee = src + c.pointee * (1 - src.w)
            } else {
                colour(next).pointee = src + c.pointee * (1 - src.w)
                let nibbles = PixelSamples.nibbles(covered)
                table = (table & ~(nibbles &* 0xF)) | (nibbles &* UInt64(next))
                next += 1
            }
        }
        indices = table
        count = next
    }

    /// The samples (a bit each) whose 4-bit entry in `table` is `j`.
    @inline(__always)
    static func samples(holding j: Int, in table: UInt64) -> UInt16 {
        let ones: UInt64 = 0x1111_1111_1111_1111
        let x = table ^ (UInt64(j) &* ones)
        // Bit 4i set where entry i is not j, then where it is; then gathered to bit i.
        var y = x | (x >> 1)
        y |= y >> 2
        var z = ~y & ones
        z = (z | (z >> 3)) & 0x0303_0303_0303_0303
        z = (z | (z >> 6)) & 0x000F_000F_000F_000F
        z = (z | (z >> 12)) & 0x0000_00FF_0000_00FF
        z = (z | (z >> 24)) & 0xFFFF
        return UInt16(truncatingIfNeeded: z)
    }

    /// Bit i of `mask` moved to bit 4i.
    @inline(__always)
    static func nibbles(_ mask: UInt16) -> UInt64 {
        var s = UInt64(mask)
        s = (s | (s << 24)) & 0x0000_00FF_0000_00FF
        s = (s | (s << 12)) & 0x000F_000F_000F_000F
        s = (s | (s << 6)) & 0x0303_0303_0303_0303
        s = (s | (s << 3)) & 0x1111_1111_1111_1111
        return s
    }
}

/// Sample storage shared by a framebuffer's bands: one reservation (in huge pages where the system
/// allows), handed out to the bands' pools a chunk at a time as they need it, so that the memory
/// written is packed together and costs only what is used.
final class SampleArena: @unchecked Sendable {
    /// The slots' records (see `PixelSamples`).
    let records: UnsafeMutablePointer<SIMD4<Float>>
    /// The slots' colours past the inline ones: ordinary pages, touched only where a pixel needs them.
    let spill: UnsafeMutablePointer<SIMD4<Float>>
    /// Slots (pixels' worth of samples) in all.
    let capacity: Int
    /// Slots a chunk: a power of two, so that a slot's chunk is a shift away.
    let chunkShift: Int
    private var next = 0
    private let lock = NSLock()

    /// An arena of as many slots as `budget` bytes hold at 16 separate samples a pixel (at least
    /// four), never more than `pixels` in `bands` need: each band can have all its pixels
    /// expanded, its last chunk part used.
    init(budget: Int, pixels: Int, bands: Int) {
        let slots = max(4, budget / (SamplePattern.count * MemoryLayout<SIMD4<Float>>.stride))
        var shift = SampleArena.largestChunkShift
        while 1 << shift > slots { shift -= 1 }
        chunkShift = shift
        let needed = pixels + (bands << shift)
        capacity = (min(slots, needed) >> shift) << shift
        records = LargeAllocation.allocate(SIMD4<Float>.self, count: capacity * PixelSamples.recordStride)
        spill = UnsafeMutableRawPointer.allocate(byteCount: max(1, capacity * PixelSamples.spillStride * MemoryLayout<SIMD4<Float>>.stride),
                                                 alignment: MemoryLayout<SIMD4<Float>>.alignment)
            .bindMemory(to: SIMD4<Float>.self, capacity: capacity * PixelSamples.spillStride)
    }

    deinit {
        LargeAllocation.deallocate(records)
        UnsafeMutableRawPointer(spill).deallocate()
    }

    var chunkSlots: Int { 1 << chunkShift }

    /// Chunks hold at most 1 << this slots (fewer when the budget is small).
    static let largestChunkShift = 8

    /// The index of a fresh chunk, or nil when the arena is used up.
    func chunk() -> Int? {
        lock.withLock {
            guard next + chunkSlots <= capacity else { return nil }
            defer { next += chunkSlots }
            return next >> chunkShift
        }
    }
}

/// The per-pixel samples of one band's expanded pixels, with a free list, in chunks from the
/// framebuffer's arena. Used by one task at a time.
final class SamplePool: @unchecked Sendable {
    private let arena: SampleArena
    private let shift: Int
    private let mask: Int
    /// The arena's chunks this pool holds, in order: slot k is in chunk k >> shift.
    private var chunks: UnsafeMutablePointer<Int>
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

    /// The samples of slot `k`, whose colour 0 is at `first` (the pixel's colour in the framebuffer).
    @inline(__always)
    func samples(_ k: Int32, first: UnsafeMutablePointer<SIMD4<Float>>) -> PixelSamples {
        let k = Int(k)
        let slot = chunks[k >> shift] << shift | (k & mask)
        return PixelSamples(first: first, record: arena.records + slot * PixelSamples.recordStride,
                            spill: arena.spill + slot * PixelSamples.spillStride)
    }

    /// A slot whose samples all hold the colour at `first` (the pixel's), or nil when the arena is used up.
    func acquire(first: UnsafeMutablePointer<SIMD4<Float>>) -> Int32? {
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
        samples(k, first: first).reset()
        return k
    }

    func release(_ k: Int32) { free.append(k) }

    /// Every slot free again, the chunks kept: for a band buffer started on its next band.
    func reset() {
        used = 0
        free.removeAll(keepingCapacity: true)
    }

    private func append(_ chunk: Int) {
        if chunkCount == chunkCapacity {
            let bigger = UnsafeMutablePointer<Int>.allocate(capacity: chunkCapacity * 2)
            bigger.moveInitialize(from: chunks, count: chunkCount)
            chunks.deallocate()
            chunks = bigger
            chunkCapacity *= 2
        }
        (chunks + chunkCount).initialize(to: chunk)
        chunkCount += 1
    }
}
