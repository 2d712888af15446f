import Foundation
import HierarchyImaging

/// A premultiplied RGBA image of Float texels in 0...1, in memory the renderer manages itself
/// (the hot loop reads it through raw pointers, with no array bounds checks or reference counting).
///
/// Rows are reached through a table, and a row whose texels equal the row above it shares that
/// row's memory. UI pictures are mostly flat: the full-screen backgrounds of a 2,000-view capture
/// are three 480×1,180 textures of a few distinct rows each, 9 MB apiece as plain arrays. Fresh
/// memory is what such a texture costs most (each page zeroed when first written), and the few rows
/// the drawing then reads stay in the cache.
///
/// An image is written row by row (`nextRow`, then `finishRows`) into scratch memory, which the
/// allocator hands out again to the next image, and its distinct rows are then copied into memory
/// of their exact size: in the arena offered while it has room, else of the image's own.
final class TexelImage: @unchecked Sendable {
    let width: Int
    let height: Int
    /// Row `y`'s texels are at `rows[y]` (once `finishRows()` has run).
    let rows: UnsafeMutablePointer<UnsafeMutablePointer<SIMD4<Float>>>
    /// The distinct rows, `storedRows` of them, one after another (once `finishRows()` has run).
    private(set) var texels: UnsafeMutablePointer<SIMD4<Float>>
    /// The rows that have memory of their own.
    private(set) var storedRows = 0
    /// Rows given out by `nextRow` so far, and how many of those were compared with the row above.
    private var written = 0
    private var settled = 0
    /// Where the rows are written until `finishRows()`.
    private var scratch: UnsafeMutablePointer<SIMD4<Float>>?
    /// The arena the texels are cut from (kept while the image lives), or nil for memory of the
    /// image's own. Images made from this one (`halved()`) are cut from it too.
    private(set) var arena: TextureArena?
    private let offered: TextureArena?

    /// An image, both sides at least 1, to be written row by row with `nextRow` and `finishRows`;
    /// its texels go in `arena` if it has room for them then.
    init(width: Int, height: Int, arena: TextureArena? = nil) {
        precondition(width > 0 && height > 0, "a texel image has at least one texel")
        self.width = width
        self.height = height
        offered = arena
        rows = .allocate(capacity: height)
        let scratch = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: width * height)
        self.scratch = scratch
        texels = scratch
    }

    /// An image whose texel (x, y) is `texel(x, y)`.
    convenience init(width: Int, height: Int, arena: TextureArena? = nil, texel: (Int, Int) -> SIMD4<Float>) {
        self.init(width: width, height: height, arena: arena)
        for y in 0..<height {
            let row = nextRow(y)
            for x in 0..<width { row[x] = texel(x, y) }
        }
        finishRows()
    }

    deinit {
        if let scratch { scratch.deallocate() } else if arena == nil { LargeAllocation.deallocate(texels) }
        rows.deallocate()
    }

    /// Where row `y` is to be written, every texel of it: rows go in order, each once (asking
    /// again for the last row gives it again), and `finishRows()` follows the last. Once the next
    /// row is asked for, a row equal to the row above it shares that row's memory.
    func nextRow(_ y: Int) -> UnsafeMutablePointer<SIMD4<Float>> {
        guard let scratch else { preconditionFailure("the rows of a finished texel image cannot be written") }
        if y == written - 1 && settled < written { return rows[y] }
        precondition(y == written && y < height, "texel rows are written in order, each once")
        settle()
        rows[y] = scratch + storedRows * width
        written = y + 1
        return rows[y]
    }

    /// Ends the writing: rows never written (a texture source that stopped short) are transparent,
    /// and the distinct rows move to their memory.
    func finishRows() {
        guard let scratch else { return }
        while written < height { nextRow(written).update(repeating: .zero, count: width) }
        settle()
        let count = storedRows * width
        let memory: UnsafeMutablePointer<SIMD4<Float>>
        if let offered, let cut = offered.allocate(texels: count) {
            memory = cut
            arena = offered
        } else {
            // Large levels in huge pages where the system allows: their first writes are most of
            // what a large texture costs.
            memory = LargeAllocation.allocate(SIMD4<Float>.self, count: count)
        }
        memory.initialize(from: scratch, count: count)
        for y in 0..<height { rows[y] = memory + (rows[y] - scratch) }
        scratch.deallocate()
        self.scratch = nil
        texels = memory
    }

    /// Keeps the last row written, or lets it share the row above it when their texels are equal.
    private func settle() {
        guard settled < written else { return }
        let y = written - 1
        if y > 0 && memcmp(rows[y], rows[y - 1], width * MemoryLayout<SIMD4<Float>>.stride) == 0 {
            rows[y] = rows[y - 1]
        } else {
            storedRows += 1
        }
        settled = written
    }

    /// The bytes of the rows with memory of their own.
    var byteCount: Int { storedRows * width * MemoryLayout<SIMD4<Float>>.stride }

    subscript(x: Int, y: Int) -> SIMD4<Float> { rows[y][x] }

    /// Whether some texel is not fully transparent.
    var isVisible: Bool {
        for i in 0..<storedRows * width where texels[i].w > 1.0 / 4096 { return true }
        return false
    }
}
