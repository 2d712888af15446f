@_spi(Testing) import HierarchyImaging
import HierarchyLayout
import HierarchyModel

/// The PNG decoder (libpng through the CPNG shim), from memory: the header alone, the whole
/// image, and a crop of it. The limit is small so that a valid header declaring a huge image is an
/// error, not a slow allocation. The whole image and the crop are decoded twice, with the fast path
/// for rows and with libpng alone: the picture, or the error's message, must be the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = ImageLimits(maxPixels: 1 << 20)
    guard let declared = try? PNG.readSize(bytes, name: "fuzz.png", limits: limits) else { return 0 }
    if let image = try? PNG.decode(bytes, name: "fuzz.png", limits: limits) {
        precondition(image.width == declared.width && image.height == declared.height, "decoded size differs from the header")
        precondition(image.pixels.count == image.width * image.height * 4, "pixel buffer of the wrong length")
    }
    sameBothWays(bytes, crop: nil, limits: limits)
    // A crop from the middle of the image, of at least one pixel.
    let crop = PixelRect(x: declared.width / 3, y: declared.height / 4,
                         width: max(1, declared.width / 2), height: max(1, declared.height / 2))
    if let part = try? PNG.decode(bytes, name: "fuzz.png", crop: crop, limits: limits) {
        precondition(part.width == crop.width && part.height == crop.height, "crop of the wrong size")
    }
    sameBothWays(bytes, crop: crop, limits: limits)
    return 0
}

/// Stops when the fast path and libpng alone decode `bytes` differently.
func sameBothWays(_ bytes: [UInt8], crop: PixelRect?, limits: ImageLimits) {
    func outcome(_ rows: PNGRowSource) -> Result<RGBAImage, InputError> {
        var fastRows = 0
        return Result { () throws(InputError) in try PNG.decode(bytes, name: "fuzz.png", crop: crop, limits: limits, rows: rows, fastRows: &fastRows) }
    }
    switch (outcome(.fastWhereItApplies), outcome(.libpngOnly)) {
    case (.success(let fast), .success(let libpng)):
        precondition(fast == libpng, "the fast path decoded other pixels than libpng")
    case (.failure(let fast), .failure(let libpng)):
        precondition(fast.description == libpng.description, "the fast path failed otherwise than libpng: \(fast) / \(libpng)")
    default:
        preconditionFailure("the fast path and libpng disagree on whether the file decodes")
    }
}
