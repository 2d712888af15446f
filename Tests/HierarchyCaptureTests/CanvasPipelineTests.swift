import Dispatch
import Foundation
@testable import HierarchyCapture
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// How a capture's encodings are scheduled and awaited (issue 43): the main thread, which waits
/// for a slot while drawing, never waits on lower-priority work, and a capture waiting for its
/// last files holds no thread of Swift's cooperative pool.
final class CanvasPipelineTests: XCTestCase {
    typealias F = CaptureFixture

    override class func tearDown() { CaptureFixture.removeAll() }

    func testEveryEncodingOfACaptureRunsAtTheQoSOfTheMainThreadThatWaitsForIt() async throws {
        let recorder = QoSRecorder()
        let report = try await Self.captureTwenty(recorder)
        XCTAssertEqual(report.snapshotCount, 21)
        XCTAssertEqual(recorder.recorded.count, 21, "every canvas was handed to the queue")
        XCTAssertEqual(Set(recorder.recorded), [DispatchQoS.QoSClass.userInteractive],
                       "the main thread (user-interactive) waits for these: none may run lower")
        XCTAssertEqual(report.peakCanvasesInFlight, 2, "the main thread did wait for a slot")
    }

    /// Twenty-one views, two slots: drawing outruns the encoder, so the main thread waits.
    @MainActor
    private static func captureTwenty(_ recorder: QoSRecorder) async throws -> CaptureReport {
        let root = F.screen()
        for index in 0..<20 {
            root.adding(FakeView(frame: Rect(x: 0, y: 0, width: 50, height: 50), fill: Color(red: UInt8(index), green: 1, blue: 2)))
        }
        let options = HierarchyCapture.Options(scale: 1, encoder: SlowEncoder(), maxCanvasesInFlight: 2)
        return try await HierarchyCapture.capture(root, to: F.folder(), options: options, enqueue: recorder.enqueue)
    }

    func testCapturesAwaitingTheirLastEncodingsHoldNoThreadOfTheCooperativePool() async throws {
        // More captures than the pool has threads, each with its one encoding held until a task
        // on the pool opens the gate: a capture that blocked a pool thread while waiting would
        // leave that task no thread, and the gate would stay shut.
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        let gate = Gate()
        let captures = (0..<count).map { _ in Task { @MainActor in try await Self.captureOne(gate) } }
        let opened = await withCheckedContinuation { continuation in
            // Waited for on a Dispatch thread, bounded: the pool may be full.
            DispatchQueue.global().async { continuation.resume(returning: gate.openFromThePool(afterDrawing: count)) }
        }
        XCTAssertTrue(opened.drawn, "every capture drew its view")
        XCTAssertTrue(opened.byThePool, "a task on the cooperative pool ran while \(count) captures awaited their files")
        for capture in captures {
            let report = try await capture.value
            XCTAssertEqual(report.snapshotCount, 1)
        }
    }

    @MainActor
    private static func captureOne(_ gate: Gate) async throws -> CaptureReport {
        let root = F.screen()
        root.drawObserver = gate.drew
        let options = HierarchyCapture.Options(scale: 1, encoder: GatedEncoder(gate: gate), maxCanvasesInFlight: 2)
        return try await HierarchyCapture.capture(root, to: F.folder(), options: options)
    }

    func testFinishedGivesTheOutcomesOnceTheLastEncodingEnds() async throws {
        let pipeline = CanvasPipeline.besideTheMainThread(limit: 3, byteLimit: .max) { index, _ in
            Thread.sleep(forTimeInterval: 0.01)
            if index == 1 { return .transparent }
            return .written
        }
        for index in 0..<3 {
            pipeline.reserve(bytes: 1)
            pipeline.submit(index, CaptureCanvas(width: 1, height: 1, scaleX: 1, scaleY: 1))
        }
        let outcomes = try await pipeline.finished()
        XCTAssertEqual(outcomes, [0: .written, 1: .transparent, 2: .written])
    }

    func testFinishedThrowsTheFirstFileError() async throws {
        let pipeline = CanvasPipeline.besideTheMainThread(limit: 2, byteLimit: .max) { _, _ in
            throw CaptureError(file: "/nowhere/0.png", reason: "cannot write: No such file or directory")
        }
        pipeline.reserve(bytes: 1)
        pipeline.submit(0, CaptureCanvas(width: 1, height: 1, scaleX: 1, scaleY: 1))
        do {
            _ = try await pipeline.finished()
            XCTFail("no error")
        } catch let error as CaptureError {
            XCTAssertEqual(error.file, "/nowhere/0.png")
        }
    }
}

/// Records the QoS each encoding is enqueued at, then runs it on Dispatch as the capture would.
private final class QoSRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var classes: [DispatchQoS.QoSClass] = []

    var recorded: [DispatchQoS.QoSClass] { lock.withLock { classes } }

    var enqueue: CanvasPipeline.Enqueue {
        { [self] qos, job in
            lock.withLock { classes.append(qos) }
            CanvasPipeline.dispatch(qos, job)
        }
    }
}

/// An encoder slower than drawing, so that the slots fill.
private struct SlowEncoder: CaptureImageEncoder {
    var fileExtension: String { "png" }
    func encode(_ canvas: CaptureCanvas) throws -> [UInt8] {
        Thread.sleep(forTimeInterval: 0.005)
        return [1]
    }
}

/// Holds every encoding until a task on the cooperative pool opens it.
private final class Gate: @unchecked Sendable {
    private let opened = DispatchSemaphore(value: 0)
    private let views = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var isOpen = false

    @MainActor func drew() { views.signal() }

    /// Blocks the encoder until the gate is open.
    func pass() {
        lock.lock()
        let open = isOpen
        lock.unlock()
        if !open {
            opened.wait()
            opened.signal()
        }
    }

    private func open() {
        lock.withLock { isOpen = true }
        opened.signal()
    }

    /// On a thread outside the pool: waits (at most 20 s) for `count` views drawn, gives their
    /// captures time to reach their wait, then asks a pool task to open the gate and waits 10 s
    /// for it. The gate is opened here if the pool did not, so that nothing stays blocked.
    func openFromThePool(afterDrawing count: Int) -> (drawn: Bool, byThePool: Bool) {
        let deadline = DispatchTime.now() + 20
        let drawn = (0..<count).allSatisfy { _ in views.wait(timeout: deadline) == .success }
        Thread.sleep(forTimeInterval: 0.5)
        let ran = DispatchSemaphore(value: 0)
        Task.detached { [self] in
            open()
            ran.signal()
        }
        let byThePool = ran.wait(timeout: .now() + 10) == .success
        if !byThePool { open() }
        return (drawn, byThePool)
    }
}

private struct GatedEncoder: CaptureImageEncoder {
    let gate: Gate
    var fileExtension: String { "png" }
    func encode(_ canvas: CaptureCanvas) throws -> [UInt8] {
        gate.pass()
        return [1]
    }
}
