import HierarchyImaging
import HierarchyModel

/// Small images for tests, made from formulas so that every pixel differs from its neighbours.
enum TestImages {
    /// Every channel varies with x and y; alpha is 255 when `opaque`, else it sweeps 0...255 too.
    static func pattern(width: Int, height: Int, opaque: Bool) -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let alpha = opaque ? 255 : (x * 37 + y * 11) % 256
                pixels += [UInt8((x * 7 + y) % 256), UInt8((y * 5 + 3) % 256), UInt8((x ^ y) % 256), UInt8(alpha)]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Squares of one pixel alternating black and white, opaque.
    static func checkerboard(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: Color(red: 0, green: 0, blue: 0))
        for y in 0..<height {
            for x in 0..<width where (x + y) % 2 == 1 {
                let i = (y * width + x) * 4
                image.pixels[i] = 255; image.pixels[i + 1] = 255; image.pixels[i + 2] = 255
            }
        }
        return image
    }

    /// The average of each channel over all pixels.
    static func meanChannels(_ image: RGBAImage) -> [Double] {
        var sums = [0.0, 0.0, 0.0, 0.0]
        for (i, value) in image.pixels.enumerated() { sums[i % 4] += Double(value) }
        return sums.map { $0 / Double(image.width * image.height) }
    }
}
