import HierarchyImaging
import HierarchyModel

extension TexelImage {
    /// `image` at `width`×`height` by area averaging (HierarchyImaging's `AreaAverager`),
    /// premultiplied: each texel is the exact mean of the input area it covers; in `arena` while it
    /// has room.
    convenience init(averaging image: RGBAImage, width: Int, height: Int, arena: TextureArena? = nil) {
        self.init(width: width, height: height, arena: arena)
        image.averaged(width: width, height: height) { nextRow($0) }
        finishRows()
    }

    /// The next mip level: half the size, rounded down, at least 1, averaged by the same engine; in
    /// this image's arena, if it is in one.
    func halved() -> TexelImage {
        let half = TexelImage(width: max(1, width / 2), height: max(1, height / 2), arena: arena)
        AreaAverager(from: PixelSize(width: width, height: height), to: PixelSize(width: half.width, height: half.height))
            .average(texels: { UnsafePointer(rows[$0]) }, into: { half.nextRow($0) })
        half.finishRows()
        return half
    }
}
