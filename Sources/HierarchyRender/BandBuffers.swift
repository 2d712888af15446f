import Foundation
import HierarchyModel

/// Band-sized framebuffers for drawing a picture a band at a time (`Renderer`'s tiled path): a
/// task takes one, starts it on its band, draws, resolves and gives it back. There are never more
/// than tasks running at once, each a band's colours, slots and samples (about 2 MB for a band of
/// 16 rows 1,600 pixels wide), reused band after band while they are in the cache: the picture's
/// own buffers (38 MB at 1600×1200, and its samples) are never made, so never first written.
final class BandBuffers: @unchecked Sendable {
    let width: Int
    let bandHeight: Int
    private let background: Color
    private var idle: [Framebuffer] = []
    private let lock = NSLock()

    init(width: Int, bandHeight: Int, background: Color) {
        self.width = width
        self.bandHeight = bandHeight
        self.background = background
    }

    /// An idle buffer, or a new one. Give it back with `giveBack(_:)`.
    func take() -> Framebuffer {
        if let buffer = lock.withLock({ idle.popLast() }) { return buffer }
        // Room for every pixel of the band expanded, and a chunk more since the arena hands out
        // whole chunks: a band never blends by coverage for lack of samples.
        let slots = width * bandHeight + 1 << SampleArena.largestChunkShift
        return Framebuffer(unfilledWidth: width, height: bandHeight, background: background, bandHeight: bandHeight,
                           sampleBudget: slots * SamplePattern.count * MemoryLayout<SIMD4<Float>>.stride)
    }

    func giveBack(_ buffer: Framebuffer) {
        lock.withLock { idle.append(buffer) }
    }
}
