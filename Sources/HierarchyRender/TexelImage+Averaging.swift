import HierarchyImaging
import HierarchyModel

extension TexelImage {
    /// `image` at `width`×`height` by area averaging (HierarchyImaging's `AreaAverager`),
    /// premultiplied: each texel is the exact mean of the input area it covers; in `arena` while it
    /// has room.
    convenience init(averaging image: RGBAImage, width: Int, height: Int, arena: TextureArena? = nil) {
        self.init(width: width, height: height, zeroed: false, arena: arena)
        image.averaged(width: width, height: height) { texels + $0 * width }
    }

    /// The next mip level: half the size, rounded down, at least 1, averaged by the same engine; in
    /// this image's arena, if it is in one.
    func halved() -> TexelImage {
        let half = TexelImage(width: max(1, width / 2), height: max(1, height / 2), zeroed: false, arena: arena)
        AreaAverager(from: PixelSize(width: width, height: height), to: PixelSize(width: half.width, height: half.height))
            .average(texels: { UnsafePointer(texels + $0 * width) }, into: { half.texels + $0 * half.width })
        return half
    }
}
