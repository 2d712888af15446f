import Foundation

/// The drawn canvases of one capture on their way to files, never more than `limit` alive at
/// once nor more than `byteLimit` bytes (a canvas counted with its encoding's copies, or one
/// canvas alone when it is larger): a slot is taken before a canvas is made and given back once
/// its pixels are encoded and written, so drawing waits for encoding (backpressure) instead of
/// holding every view's pixels.
///
/// Who waits for whom: the drawing thread (the main thread) waits in ``reserve(bytes:)`` while
/// the slots are taken, for an encoding to end; so every encoding runs at the drawing thread's
/// QoS (``mainThreadQoS``, user-interactive), never lower: a thread waiting on lower-priority
/// work is the priority inversion Xcode's Thread Performance Checker reports as a hang risk. The
/// encoders never need the main thread, so the wait always ends. The end of the capture waits
/// for the last encodings without holding any thread (``finished()`` suspends), so that captures
/// waiting for their files never fill the cooperative pool. With `inline`, each canvas is encoded
/// and written on the calling thread as soon as it is submitted (one alive at a time): nothing
/// is ever waited for.
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

    /// Runs an encoding at a QoS, on another thread; Dispatch's global queue of that QoS unless a
    /// test records it.
    typealias Enqueue = @Sendable (_ qos: DispatchQoS.QoSClass, _ job: @escaping @Sendable () -> Void) -> Void

    /// How the canvases are encoded.
    enum Running: Sendable {
        /// On the calling thread, as each is submitted.
        case inline
        /// Beside the drawing thread, each encoding enqueued at `qos`: that of the thread that
        /// waits for a slot.
        case beside(qos: DispatchQoS.QoSClass, enqueue: Enqueue)
    }

    /// The QoS of Apple's main thread, which draws the capture and waits for a slot: the
    /// encodings it may wait for run at it.
    static let mainThreadQoS = DispatchQoS.QoSClass.userInteractive

    /// Dispatch's global queue of the QoS asked.
    static let dispatch: Enqueue = { qos, job in DispatchQueue.global(qos: qos).async(execute: job) }

    private let condition = NSCondition()
    private let limit: Int
    private let byteLimit: Int
    let running: Running
    private let work: Work
    private var inFlight = 0
    private var bytesInFlight = 0
    private var results: [Int: Outcome] = [:]
    private var error: CaptureError?
    /// The end of the capture, suspended until the last canvas is written.
    private var waiter: CheckedContinuation<Void, Never>?
    /// The most slots taken at once, for the tests and the benchmark.
    private(set) var peak = 0

    init(limit: Int, byteLimit: Int = .max, running: Running, work: @escaping Work) {
        self.limit = max(1, limit)
        self.byteLimit = max(1, byteLimit)
        self.running = running
        self.work = work
    }

    /// A pipeline for a capture drawn on the main thread: its encodings run beside it at
    /// ``mainThreadQoS``.
    static func besideTheMainThread(limit: Int, byteLimit: Int, enqueue: @escaping Enqueue = dispatch, work: @escaping Work) -> CanvasPipeline {
        CanvasPipeline(limit: limit, byteLimit: byteLimit, running: .beside(qos: mainThreadQoS, enqueue: enqueue), work: work)
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
        switch running {
        case .inline: run()
        case .beside(let qos, let enqueue): enqueue(qos, run)
        }
    }

    /// What became of every canvas submitted, by index, or the first file error; once the last
    /// is written. Suspends without holding a thread meanwhile (the last encoding resumes it).
    func finished() async throws -> [Int: Outcome] {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            condition.lock()
            if inFlight == 0 {
                condition.unlock()
                continuation.resume()
            } else {
                waiter = continuation
                condition.unlock()
            }
        }
        return try outcomes()
    }

    /// What became of every canvas submitted, by index, or the first file error: for an inline
    /// pipeline, whose canvases are all written when submitted.
    func outcomes() throws -> [Int: Outcome] {
        condition.lock()
        defer { condition.unlock() }
        precondition(inFlight == 0, "outcomes() before every canvas is written: await finished()")
        if let error { throw error }
        return results
    }

    private func finishOne(index: Int?, outcome: Outcome?, error: CaptureError?, bytes: Int) {
        condition.lock()
        if let index, let outcome { results[index] = outcome }
        if let error, self.error == nil { self.error = error }
        inFlight -= 1
        bytesInFlight -= bytes
        var done: CheckedContinuation<Void, Never>?
        if inFlight == 0 { swap(&done, &waiter) }
        condition.broadcast()
        condition.unlock()
        done?.resume()
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
