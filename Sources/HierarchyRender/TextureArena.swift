import Foundation
import HierarchyModel

/// Memory for the textures of one batch of layers (see `Renderer`): one block, in huge pages where
/// Linux allows, that the batch's texel images are cut from, and that goes when the last of them
/// goes (each holds the arena).
///
/// Fresh memory costs a page fault for each 4 KB on its first write, and a batch's textures are
/// written once each, right after they are made: a third of the page faults of a 2,000-layer render
/// were its textures'. In 2 MB pages they are 512 times fewer. An image the arena has no room for
/// (the estimate it was made for fell short) gets memory of its own, as without an arena.
final class TextureArena: @unchecked Sendable {
    private let base: UnsafeMutableRawPointer
    let capacity: Int
    private var used = 0
    private let lock = NSLock()

    /// Texel images are cut at this alignment (a cache line).
    static let alignment = 64

    /// An arena of `capacity` bytes (at least 1).
    init(capacity: Int) {
        precondition(capacity > 0, "an arena holds at least a byte")
        self.capacity = capacity
        // Reserved, not touched: the system gives pages as they are first written.
        base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: MemoryHints.hugePage)
        MemoryHints.adviseHugePages(base, size: capacity)
    }

    deinit { base.deallocate() }

    /// The bytes `count` texels take in the arena.
    static func bytes(texels count: Int) -> Int {
        (count * MemoryLayout<SIMD4<Float>>.stride + alignment - 1) / alignment * alignment
    }

    /// Room for `count` texels, uninitialized; nil when the arena has not that much left.
    func allocate(texels count: Int) -> UnsafeMutablePointer<SIMD4<Float>>? {
        let bytes = TextureArena.bytes(texels: count)
        lock.lock()
        defer { lock.unlock() }
        guard bytes <= capacity - used else { return nil }
        let start = base + used
        used += bytes
        return start.bindMemory(to: SIMD4<Float>.self, capacity: count)
    }

    /// The bytes given out so far.
    var bytesUsed: Int {
        lock.lock()
        defer { lock.unlock() }
        return used
    }
}
