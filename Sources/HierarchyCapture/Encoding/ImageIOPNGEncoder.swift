#if canImport(ImageIO) && canImport(CoreGraphics)
import CoreGraphics
import Foundation
import ImageIO

/// PNG through ImageIO (`CGImageDestination`), compressed, on Apple platforms. Written from
/// Apple's documentation; not compiled on the Linux machine this package is developed on.
public struct ImageIOPNGEncoder: CaptureImageEncoder {
    /// An ImageIO PNG encoder.
    public init() {}

    /// `png`.
    public var fileExtension: String { "png" }

    /// What went wrong inside ImageIO.
    public struct Failure: Error, CustomStringConvertible {
        /// The step that failed.
        public var description: String
    }

    /// The PNG file of `canvas`, straight alpha as PNG stores it.
    public func encode(_ canvas: CaptureCanvas) throws -> [UInt8] {
        let pixels = Data(canvas.straightAlpha())
        guard let provider = CGDataProvider(data: pixels as CFData),
              let image = CGImage(
                width: canvas.width, height: canvas.height, bitsPerComponent: 8, bitsPerPixel: 32,
                bytesPerRow: canvas.width * 4, space: CGColorSpace(name: CGColorSpace.sRGB)!,
                bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue), provider: provider,
                decode: nil, shouldInterpolate: false, intent: .defaultIntent)
        else { throw Failure(description: "CGImage could not be made from \(canvas.width)×\(canvas.height) pixels") }
        let output = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(output as CFMutableData, "public.png" as CFString, 1, nil) else {
            throw Failure(description: "no PNG destination")
        }
        CGImageDestinationAddImage(destination, image, nil)
        guard CGImageDestinationFinalize(destination) else { throw Failure(description: "PNG encoding failed") }
        return [UInt8](output as Data)
    }
}
#endif
