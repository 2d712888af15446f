import Dispatch
import HierarchyModel

/// A picture's memory made and filled with the background ahead of time, on another core, while
/// the caller is still reading its input: `Renderer.canvas()`, then `render(_:textures:canvas:)`.
///
/// Fresh memory is slow to touch the first time (the system zeroes every page), and a 1600×1200
/// picture's buffers are about 40 MB; a command spends its first tenths of a second on one core
/// (reading the document, checking its snapshots, laying it out), so the other core fills the
/// canvas meanwhile, band by band from the top. When the renderer takes it, the filling stops
/// after the band under way, and the bands not filled yet are filled in the renderer's first step
/// on every core, beside the first textures: nobody waits for the filling. The picture is the
/// same with or without one. A canvas serves one render: a second render with it, or a render of
/// another size, makes its own memory as usual.
public final class Canvas: @unchecked Sendable {
    let size: PixelSize
    private let framebuffer: Framebuffer
    private let filling = DispatchGroup()
    private let lock = DispatchSemaphore(value: 1)
    private var taken = false
    /// The bands from 0 up to here are filled or being filled.
    private var claimed = 0

    init(size: PixelSize, background: Color) {
        self.size = size
        framebuffer = Framebuffer(unfilledWidth: size.width, height: size.height, background: background)
        DispatchQueue.global().async(group: filling) { [self] in
            while let band = claim() { framebuffer.fill(band: band) }
        }
    }

    /// The next band to fill, or nil once the canvas is taken or every band is claimed.
    private func claim() -> Int? {
        lock.wait()
        defer { lock.signal() }
        guard !taken, claimed < framebuffer.bandCount else { return nil }
        claimed += 1
        return claimed - 1
    }

    /// The framebuffer for a picture of `size` with `background`, once, and the bands the caller
    /// must still fill (`Framebuffer.fill(band:)`) before drawing in them; nil otherwise.
    func take(size: PixelSize, background: SIMD4<Float>) -> (framebuffer: Framebuffer, unfilled: Range<Int>)? {
        lock.wait()
        guard !taken, size == self.size, background == framebuffer.background else {
            lock.signal()
            return nil
        }
        taken = true
        let unfilled = claimed..<framebuffer.bandCount
        lock.signal()
        // The band under way, at most.
        filling.wait()
        return (framebuffer, unfilled)
    }
}
