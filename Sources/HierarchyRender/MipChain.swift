import HierarchyImaging
import HierarchyLayout
import HierarchyModel

/// The mip levels of one layer's texture that a picture needs: level 0 is the texture reduced (by
/// area averaging) to the most the picture can show of it, each further level half the previous.
/// Levels beyond the coarsest the picture asks for are not built.
final class MipChain: @unchecked Sendable {
    let levels: [TexelImage]
    /// The levels as the sampler reads them.
    let table: UnsafeMutablePointer<TextureSampler.Level>
    /// Whether some texel of level 0 is not fully transparent.
    let isVisible: Bool
    /// The bytes the levels take.
    var byteCount: Int { levels.reduce(0) { $0 + $1.byteCount } }

    /// - Parameters:
    ///   - image: the texture as the provider gave it.
    ///   - finest: the size of level 0, reduced to the image's own where it is larger.
    ///   - levelCount: how many levels to build at most (at least 1); halving stops at 1×1.
    ///   - arena: where the levels' texels go while it has room.
    convenience init(_ image: RGBAImage, finest: PixelSize, levelCount: Int, arena: TextureArena? = nil) {
        self.init(base: TexelImage(averaging: image, width: min(max(1, finest.width), image.width),
                                   height: min(max(1, finest.height), image.height), arena: arena), levelCount: levelCount)
    }

    /// The chain whose level 0 is `base`, with up to `levelCount` levels (in `base`'s arena, if any).
    init(base: TexelImage, levelCount: Int) {
        var levels = [base]
        while levels.count < levelCount, let last = levels.last, last.width > 1 || last.height > 1 {
            levels.append(last.halved())
        }
        self.levels = levels
        isVisible = base.isVisible
        table = .allocate(capacity: levels.count)
        table.initialize(from: levels.map {
            TextureSampler.Level(rows: $0.rows, width: $0.width, height: $0.height, fw: Float($0.width), fh: Float($0.height))
        }, count: levels.count)
    }

    deinit { table.deallocate() }

    /// The smallest n such that every texel of level 0 at least n texels from each side is opaque
    /// (alpha exactly 1, so that what the layer is drawn over does not show at all); nil when no
    /// texel is that far in. See `Occlusion`. Rows that cannot lower the answer are not read; from
    /// the middle of a row out, the first texel found that is not opaque is the deepest of the row.
    var opaqueInset: Int? {
        let level = levels[0], (w, h) = (level.width, level.height)
        // The largest distance from the nearest side of a texel that is not opaque, so far.
        var deepest = -1
        // A row that shares the memory of the row read before it has its answer.
        var last: (row: UnsafeMutablePointer<SIMD4<Float>>, left: Int)?
        for y in 0..<h {
            let dy = min(y, h - 1 - y)
            guard dy > deepest else { continue }
            let row = level.rows[y]
            // How far from a side the row's deepest texel that is not opaque is (-1: none).
            var found = -1
            if let last, last.row == row {
                found = last.left
            } else {
                // `right` is always the mirror of `left` (w - 1 - left): both are `left` from a side.
                var (left, right) = ((w - 1) / 2, w / 2)
                while left >= 0 {
                    guard row[left].w >= 1, row[right].w >= 1 else {
                        found = left
                        break
                    }
                    left -= 1
                    right += 1
                }
                last = (row, found)
            }
            if found >= 0 { deepest = max(deepest, min(dy, found)) }
            if 2 * (deepest + 1) >= min(w, h) { return nil }
        }
        return deepest + 1
    }

    /// The number of levels that cover texture densities from `maxTexelsPerPixel` (at the nearest
    /// point, where level 0 is chosen to be about 1 texel a pixel) down to `minTexelsPerPixel`, plus
    /// one for trilinear blending: level k shows 2^k times fewer texels. At most 17 (64K:1).
    static func levelCount(densityRatio: Double) -> Int {
        guard densityRatio > 1 else { return 1 }
        var count = 1, ratio = densityRatio
        while ratio > 1 && count < 16 { ratio /= 2; count += 1 }
        return count + 1
    }
}
