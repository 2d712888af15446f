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
    var byteCount: Int { levels.reduce(0) { $0 + $1.width * $1.height * MemoryLayout<SIMD4<Float>>.stride } }

    /// - Parameters:
    ///   - image: the texture as the provider gave it.
    ///   - finest: the size of level 0, reduced to the image's own where it is larger.
    ///   - levelCount: how many levels to build at most (at least 1); halving stops at 1×1.
    convenience init(_ image: RGBAImage, finest: PixelSize, levelCount: Int) {
        self.init(base: TexelImage(averaging: image, width: min(max(1, finest.width), image.width),
                                   height: min(max(1, finest.height), image.height)), levelCount: levelCount)
    }

    /// The chain whose level 0 is `base`, with up to `levelCount` levels.
    init(base: TexelImage, levelCount: Int) {
        var levels = [base]
        while levels.count < levelCount, let last = levels.last, last.width > 1 || last.height > 1 {
            levels.append(last.halved())
        }
        self.levels = levels
        isVisible = base.isVisible
        table = .allocate(capacity: levels.count)
        table.initialize(from: levels.map {
            TextureSampler.Level(texels: $0.texels, width: $0.width, height: $0.height, fw: Float($0.width), fh: Float($0.height))
        }, count: levels.count)
    }

    deinit { table.deallocate() }

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
