import HierarchyImaging

/// A premultiplied RGBA image of Float texels in 0...1, in memory the renderer manages itself
/// (the hot loop reads it through a raw pointer, with no array bounds checks or reference counting).
final class TexelImage: @unchecked Sendable {
    let width: Int
    let height: Int
    let texels: UnsafeMutablePointer<SIMD4<Float>>
    /// The arena the texels are cut from (kept while the image lives), or nil for memory of the
    /// image's own. Images made from this one (`halved()`) are cut from it too.
    let arena: TextureArena?

    /// An image, both sides at least 1: zeroed, or left for the caller to write every texel of
    /// (`zeroed: false`, for levels made by averaging, which writes them all); in `arena` while it
    /// has room.
    init(width: Int, height: Int, zeroed: Bool = true, arena: TextureArena? = nil) {
        precondition(width > 0 && height > 0, "a texel image has at least one texel")
        self.width = width
        self.height = height
        if let arena, let memory = arena.allocate(texels: width * height) {
            texels = memory
            self.arena = arena
        } else {
            // Large levels in huge pages where the system allows: their first writes are most of
            // what a large texture costs.
            texels = LargeAllocation.allocate(SIMD4<Float>.self, count: width * height)
            self.arena = nil
        }
        if zeroed { texels.initialize(repeating: .zero, count: width * height) }
    }

    deinit {
        if arena == nil { LargeAllocation.deallocate(texels) }
    }

    subscript(x: Int, y: Int) -> SIMD4<Float> { texels[y * width + x] }

    /// Whether some texel is not fully transparent.
    var isVisible: Bool {
        for i in 0..<width * height where texels[i].w > 1.0 / 4096 { return true }
        return false
    }
}
