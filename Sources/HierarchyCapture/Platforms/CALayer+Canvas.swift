// Where a UIKit or AppKit adapter is built (see their files' conditions).
#if (canImport(UIKit) && !os(watchOS)) || (canImport(AppKit) && !targetEnvironment(macCatalyst))
import CoreGraphics
import QuartzCore

extension CGContext {
    /// A context drawing into a canvas's pixels (RGBA, premultiplied, sRGB); nil when Core
    /// Graphics refuses the size.
    static func canvas(_ buffer: UnsafeMutableRawBufferPointer, width: Int, height: Int) -> CGContext? {
        CGContext(
            data: buffer.baseAddress, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
            space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
    }
}

extension CATransaction {
    /// `body` in one transaction, actions disabled: what it hides and shows again, or sets and
    /// restores, is committed once, unchanged (the adapters' `withCaptureTransaction`).
    static func withoutActions(_ body: () -> Void) {
        begin()
        setDisableActions(true)
        body()
        commit()
    }
}

extension CALayer {
    /// This layer rendered (`render(in:)`) over the canvas's pixels at full opacity — its opacity
    /// set to 1 and restored inside the capture's transaction, as the document writes `alpha` —
    /// with `origin` (in the view's points) at the canvas's top left. Core Graphics' y grows
    /// upward; a view whose y grows downward (`flipsY`: UIKit's, a flipped `NSView`'s) is turned.
    func render(into canvas: inout CaptureCanvas, origin: CGPoint, flipsY: Bool) throws {
        let (width, height, scaleX, scaleY) = (canvas.width, canvas.height, canvas.scaleX, canvas.scaleY)
        let kept = opacity
        opacity = 1
        defer { opacity = kept }
        let drawn = canvas.pixels.withUnsafeMutableBytes { buffer -> Bool in
            guard let context = CGContext.canvas(buffer, width: width, height: height) else { return false }
            if flipsY {
                context.translateBy(x: 0, y: CGFloat(height))
                context.scaleBy(x: CGFloat(scaleX), y: -CGFloat(scaleY))
            } else {
                context.scaleBy(x: CGFloat(scaleX), y: CGFloat(scaleY))
            }
            context.translateBy(x: -origin.x, y: -origin.y)
            render(in: context)
            return true
        }
        guard drawn else { throw CaptureDrawingError("no bitmap context of \(width)×\(height) pixels") }
    }
}
#endif
