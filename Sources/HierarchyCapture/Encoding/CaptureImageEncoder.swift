/// Turns a view's drawn pixels into the bytes of an image file. Called off the main actor.
public protocol CaptureImageEncoder: Sendable {
    /// The extension of the files it writes, without the dot (`png`).
    var fileExtension: String { get }
    /// The file's bytes for `canvas` (premultiplied RGBA; `CaptureCanvas.straightAlpha()` gives
    /// what PNG stores).
    func encode(_ canvas: CaptureCanvas) throws -> [UInt8]
}

/// The encoders the library brings.
public enum CaptureEncoders {
    /// ImageIO's PNG encoder where ImageIO exists (iOS, macOS), the store-only PNG writer elsewhere.
    public static var platformDefault: any CaptureImageEncoder {
        #if canImport(ImageIO) && canImport(CoreGraphics)
        ImageIOPNGEncoder()
        #else
        StoredPNGEncoder()
        #endif
    }
}
