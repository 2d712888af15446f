import HierarchyImaging
import HierarchyImport
import HierarchyLayout
import HierarchyLoading
import HierarchyModel

/// The screenshot slicer, as `--screenshot` uses it: the first two bytes give a screenshot of
/// 1–64 × 1–64 pixels (a pattern, so that slices differ), the rest is a dump of any importer
/// format. Every view gets a virtual snapshot of its bounds at the screenshot's scale, the
/// layout plans the textures, and every planned slice is cut. The screenshot's height is not
/// checked against the screen's shape here: the slicer must be safe for any pair.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSlicer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 2 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let width = Int(bytes[0] % 64) + 1, height = Int(bytes[1] % 64) + 1
    guard var tree = try? DumpImporter.read(Array(bytes[2...]), fileName: "fuzz").tree else { return 0 }
    let screen = tree.root.bounds
    guard screen.width > 0, screen.height > 0 else { return 0 }
    let scale = Double(width) / screen.width
    var sizes: [String: PixelSize] = [:]
    for index in tree.nodes.indices {
        let path = "screenshot:\(index)"
        sizes[path] = ScreenshotSlicer.snapshotSize(bounds: tree[index].bounds, scale: scale)
        tree.update(index) { $0.snapshot = path }
    }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for i in pixels.indices { pixels[i] = UInt8(truncatingIfNeeded: i &* 37) }
    let shot = RGBAImage(width: width, height: height, pixels: pixels, alpha: .straight)
    guard let layout = try? Layout.compute(tree, snapshotSizes: sizes) else { return 0 }
    let slicer = ScreenshotSlicer(screenshot: shot, scale: scale, layout: layout)
    for layer in layout.layers.prefix(200) {
        guard let plan = layer.texture, plan.crop.width * plan.crop.height <= 1 << 20 else { continue }
        let slice = slicer.slice(layer, snapshotSize: plan.source, crop: plan.crop)
        precondition(slice.width == plan.crop.width && slice.height == plan.crop.height, "slice of the wrong size")
    }
    return 0
}
