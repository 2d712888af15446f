import Dispatch
import HierarchyModel

/// A picture's memory made and filled with the background ahead of time, on another core, while
/// the caller is still reading its input: `Renderer.canvas()`, then `render(_:textures:canvas:)`.
///
/// Fresh memory is slow to touch the first time (the system zeroes every page), and a 1600×1200
/// picture's buffers are about 40 MB; a command spends its first tenths of a second on one core
/// (reading the document, checking its snapshots, laying it out), so the other core fills the
/// canvas meanwhile. The picture is the same with or without one. A canvas serves one render:
/// a second render with it, or a render of another size, makes its own memory as usual.
public final class Canvas: @unchecked Sendable {
    let size: PixelSize
    private let framebuffer: Framebuffer
    private let filled = DispatchGroup()
    private let lock = DispatchSemaphore(value: 1)
    private var taken = false

    init(size: PixelSize, background: Color) {
        self.size = size
        framebuffer = Framebuffer(unfilledWidth: size.width, height: size.height, background: background)
        let framebuffer = framebuffer
        DispatchQueue.global().async(group: filled) {
            for band in 0..<framebuffer.bandCount { framebuffer.fill(band: band) }
        }
    }

    /// The filled framebuffer for a picture of `size` with `background`, once; nil otherwise.
    func take(size: PixelSize, background: SIMD4<Float>) -> Framebuffer? {
        lock.wait()
        defer { lock.signal() }
        guard !taken, size == self.size, background == framebuffer.background else { return nil }
        taken = true
        filled.wait()
        return framebuffer
    }
}
