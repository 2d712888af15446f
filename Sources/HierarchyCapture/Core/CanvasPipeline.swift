import Foundation

/// The drawn canvases of one capture on their way to files, never more than `limit` alive at
/// once nor more than `byteLimit` bytes (a canvas counted with its encoding's copies, or one
/// canvas alone when it is larger): a slot is taken before a canvas is made and given back once
/// its pixels are encoded and written, so drawing waits for encoding (backpressure) instead of
/// holding every view's pixels.
///
/// The main thread waits on a condition while the encoders run on Dispatch's global queue; the
/// encoders never need the main thread, so the wait always ends. With `inline`, each canvas is
/// encoded and written on the calling thread as soon as it is submitted (one alive at a time).
final class CanvasPipeline: @unchecked Sendable {
    /// What became of one view's canvas.
    enum Outcome: Equatable, Sendable {
        /// Written to its snapshot file.
        case written
        /// Every pixel transparent: no file, nothing to show.
        case transparent
        /// The encoder failed; the view keeps no snapshot (the note says why).
        case failed(String)
    }

    /// Turns a canvas into the file of a view, or says why not; throws ``CaptureError`` when the
    /// file cannot be written (the capture then stops).
    typealias Work = @Sendable (_ index: Int, _ canvas: CaptureCanvas) throws -> Outcome

    private let condition = NSCondition()
    private let limit: Int
    private let byteLimit: Int
    private let inline: Bool
    private let work: Work
    private var inFlight = 0
    private var bytesInFlight = 0
    private var results: [Int: Outcome] = [:]
    private var error: CaptureError?
    /// The most slots taken at once, for the tests and the benchmark.
    private(set) var peak = 0

    init(limit: Int, byteLimit: Int = .max, inline: Bool, work: @escaping Work) {
        self.limit = max(1, limit)
        self.byteLimit = max(1, byteLimit)
        self.inline = inline
        self.work = work
    }

    /// The most bytes counted at once, for the tests and the benchmark.
    private(set) var peakBytes = 0

    /// Takes a slot for a canvas of `bytes` about to be made (its encoding's copies counted),
    /// waiting while `limit` are taken or the bytes would pass `byteLimit` (unless none is alive).
    func reserve(bytes: Int) {
        condition.lock()
        while inFlight >= limit || (inFlight > 0 && bytesInFlight > byteLimit - bytes) { condition.wait() }
        inFlight += 1
        bytesInFlight += bytes
        peak = max(peak, inFlight)
        peakBytes = max(peakBytes, bytesInFlight)
        condition.unlock()
    }

    /// The bytes a canvas of `width`×`height` pixels holds while it is encoded: its RGBA pixels,
    /// their straight-alpha copy and the encoded file (at most about as large).
    static func bytes(width: Int, height: Int) -> Int {
        let (product, overflow) = width.multipliedReportingOverflow(by: height * CaptureLimits.bytesPerCanvasPixel)
        return overflow ? .max / 2 : product
    }

    /// Gives back a slot of `bytes` whose canvas was never made (the drawing failed).
    func cancel(bytes: Int) {
        finishOne(index: nil, outcome: nil, error: nil, bytes: bytes)
    }

    /// Hands on the canvas drawn in a reserved slot; the slot is freed once it is written.
    func submit(_ index: Int, _ canvas: CaptureCanvas) {
        let work = work
        let bytes = Self.bytes(width: canvas.width, height: canvas.height)
        let run: @Sendable () -> Void = { [self] in
            do {
                finishOne(index: index, outcome: try work(index, canvas), error: nil, bytes: bytes)
            } catch let error as CaptureError {
                finishOne(index: index, outcome: nil, error: error, bytes: bytes)
            } catch {
                finishOne(index: index, outcome: .failed("\(error)"), error: nil, bytes: bytes)
            }
        }
        if inline { run() } else { DispatchQueue.global(qos: .utility).async(execute: run) }
    }

    /// Waits for every canvas submitted; what became of each by index, or the first file error.
    func finish() throws -> [Int: Outcome] {
        condition.lock()
        defer { condition.unlock() }
        while inFlight > 0 { condition.wait() }
        if let error { throw error }
        return results
    }

    private func finishOne(index: Int?, outcome: Outcome?, error: CaptureError?, bytes: Int) {
        condition.lock()
        if let index, let outcome { results[index] = outcome }
        if let error, self.error == nil { self.error = error }
        inFlight -= 1
        bytesInFlight -= bytes
        condition.broadcast()
        condition.unlock()
    }
}

extension CaptureCanvas {
    /// Whether every pixel is fully transparent: the view drew nothing.
    var isTransparent: Bool {
        pixels.withUnsafeBufferPointer { buffer in
            var i = 3
            while i < buffer.count {
                if buffer[i] != 0 { return false }
                i += 4
            }
            return true
        }
    }

    /// A canvas of the same size filled with one opaque grey: a redacted view's picture.
    static func redacted(width: Int, height: Int, scaleX: Double, scaleY: Double) -> CaptureCanvas {
        var canvas = CaptureCanvas(width: width, height: height, scaleX: scaleX, scaleY: scaleY)
        var i = 0
        while i < canvas.pixels.count {
            canvas.pixels[i] = 0x8E; canvas.pixels[i + 1] = 0x8E; canvas.pixels[i + 2] = 0x93; canvas.pixels[i + 3] = 0xFF
            i += 4
        }
        return canvas
    }
}
