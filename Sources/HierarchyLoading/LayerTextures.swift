import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchySource

/// The final textures of one layout's layers, made on demand; the renderer's and the exporters'
/// texture provider.
public struct LayerTextures: LayerTextureSource {
    let document: LoadedDocument
    let slicer: ScreenshotSlicer?
    /// Crops several layers share are decoded once.
    let decoded = DecodedCrops()
    /// Snapshot files with the same bytes count as one.
    let identical: IdenticalFiles
    /// The crops of snapshot files (named by `identical`'s representative) that several layers show.
    let repeated: Set<FileCrop>

    struct FileCrop: Hashable {
        let file: String
        let crop: PixelRect
    }

    /// A layer's final texture: its snapshot's visible part, reduced as planned; nil without one.
    public func texture(for layer: Layer) throws(InputError) -> RGBAImage? {
        guard let plan = layer.texture else { return nil }
        if isSynthesized(plan) { return synthesized(layer, plan: plan, target: PixelSize(width: plan.width, height: plan.height)) }
        if isSlice(plan), let slicer {
            return slicer.texture(layer, snapshotSize: plan.source, crop: plan.crop, size: PixelSize(width: plan.width, height: plan.height))
        }
        return try decode(plan).resampled(width: plan.width, height: plan.height)
    }

    /// A layer's texture for a picture that shows at most `maxSize` of it: the planned texture,
    /// except that a reduction the plan does not ask for is left to the caller (the renderer
    /// reduces once, straight to what it needs). Only the visible part of the snapshot is decoded.
    public func texture(for layer: Layer, maxSize: PixelSize) throws(InputError) -> RGBAImage? {
        guard let plan = layer.texture else { return nil }
        if isSynthesized(plan) {
            // Drawn at the picture's density: no larger than the picture shows it, nor than planned.
            let target = PixelSize(width: min(maxSize.width, plan.width), height: min(maxSize.height, plan.height))
            return synthesized(layer, plan: plan, target: target)
        }
        let crop = try isSlice(plan) ? slice(layer, snapshotSize: plan.source, crop: plan.crop) : decode(plan)
        // The plan's own reduction (--max-texture) matters only where the picture could show more.
        let planned = (plan.width < maxSize.width || plan.height < maxSize.height) && plan.isReduced
        return planned ? crop.resampled(width: plan.width, height: plan.height) : crop
    }

    /// Layers that show the same crop of the same snapshot file (or of files with the same bytes)
    /// share a texture; slices of the screenshot and synthesized textures are each a layer's own.
    public func sharingKey(for layer: Layer, maxSize: PixelSize) -> TextureKey? {
        guard let plan = layer.texture, !isSynthesized(plan), !isSlice(plan) else { return nil }
        let planned = (plan.width < maxSize.width || plan.height < maxSize.height) && plan.isReduced
        return TextureKey(source: identical.representative(of: document.snapshotFile(plan.path)), crop: plan.crop,
                          reducedTo: planned ? PixelSize(width: plan.width, height: plan.height) : nil)
    }

    /// A snapshot crop too large for the cache of decoded crops, or that no other layer shows, is
    /// averaged as it is decoded, to the size the renderer asks for, rather than held whole: the
    /// snapshot of a long scroll view is tens of megabytes, and two cores preparing two of them at
    /// once held both; and a crop decoded for one layer only would fill the cache with fresh memory
    /// for nothing (first writes to fresh memory cost as much as decoding).
    public func streamedTexture(for layer: Layer, maxSize: PixelSize) -> StreamedTexture? {
        guard let plan = layer.texture, !isSynthesized(plan), !isSlice(plan) else { return nil }
        let planned = (plan.width < maxSize.width || plan.height < maxSize.height) && plan.isReduced
        guard !planned else { return nil }
        let file = document.snapshotFile(plan.path), twin = identical.representative(of: file), crop = plan.crop
        guard crop.width * crop.height * 4 > decoded.maxBytes / 4 || !repeated.contains(FileCrop(file: twin, crop: crop)) else { return nil }
        return StreamedTexture(size: PixelSize(width: crop.width, height: crop.height)) { size, row in
            do {
                try PNG.averaged(file: twin, content: contents[twin], crop: crop, to: size, into: row)
            } catch where twin != file {
                try PNG.averaged(file: file, content: contents[file], crop: crop, to: size, into: row)
            }
        }
    }

    /// The planned crop of a snapshot file, decoded once for all files with its bytes. Should the
    /// earlier twin fail (it changed since it was compared), the layer's own file is decoded, so
    /// that an error names the file the layer names.
    private func decode(_ plan: TexturePlan) throws(InputError) -> RGBAImage {
        let file = document.snapshotFile(plan.path), twin = identical.representative(of: file)
        guard twin != file, let image = try? decoded.decode(file: twin, content: contents[twin], crop: plan.crop) else {
            return try decoded.decode(file: file, content: contents[file], crop: plan.crop)
        }
        return image
    }

    /// The snapshot files' bytes read at load time.
    private var contents: SnapshotContents { document.snapshotContents }

    private func isSlice(_ plan: TexturePlan) -> Bool {
        slicer != nil && plan.path.hasPrefix(LoadedDocument.screenshotPrefix)
    }

    /// The part `crop` of the screenshot slice of `layer`, as a snapshot of `snapshotSize` over its
    /// bounds; transparent when there is no screenshot.
    public func slice(_ layer: Layer, snapshotSize: PixelSize, crop: PixelRect) -> RGBAImage {
        slicer?.slice(layer, snapshotSize: snapshotSize, crop: crop) ?? RGBAImage(width: crop.width, height: crop.height)
    }
}
