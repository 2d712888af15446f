/// A test picture that differs from layer to layer: a gradient depending on a seed.
public enum GradientPicture {
    /// RGBA pixels, row by row; with `holes`, the left half is transparent.
    public static func pixels(width: Int, height: Int, seed: String, holes: Bool) -> [UInt8] {
        let base = seed.utf8.reduce(UInt8(0)) { $0 &+ $1 }
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [base &+ UInt8(x % 256), UInt8(y % 256), 128, holes && x < width / 2 ? 0 : 255]
            }
        }
        return pixels
    }
}
