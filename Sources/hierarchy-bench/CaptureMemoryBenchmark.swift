// `hierarchy-bench capture-memory [DIR]`: peak memory of the in-app capture of the render
// benchmark's 2,000-view screen at 3x through the painting fake views of `app-capture`: every
// canvas kept until the end (the capture before issue 29, one encoding task a view), then the
// bounded capture (at most `maxCanvasesInFlight` canvases alive, drawing waiting for encoding),
// each in a process of its own, measured as its largest resident set (VmHWM, reset once the
// views are built; the resident size then is printed beside it). `capture-memory MODE [DIR]`
// runs one: `kept`, or a number of canvases in flight.
import Foundation
import HierarchyCapture
import HierarchyModel

enum CaptureMemoryBenchmark {
    static func run(_ arguments: [String]) throws {
        // Each mode in a process of its own, so that one's freed memory is not the next one's.
        guard let mode = arguments.first, mode == "kept" || Int(mode) != nil else {
            for mode in ["kept", "1", "3", "6"] {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
                process.arguments = ["capture-memory", mode] + arguments.prefix(1)
                try process.run()
                process.waitUntilExit()
            }
            return
        }
        let parent = arguments.count > 1 ? URL(fileURLWithPath: arguments[1]) : FileManager.default.temporaryDirectory
        let folder = parent.appendingPathComponent("hierarchy-bench-capture-memory-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = MainActor.assumeIsolated { AppCaptureBenchmark.screen() }
        let base = resident()
        PeakMemory.reset()
        let start = Date()
        if mode == "kept" {
            // Every canvas held at once, as the capture before issue 29 held them (one encoding
            // task a view, started as it was drawn): the draft, then the files.
            let options = HierarchyCapture.Options(scale: 3, encoder: StoredPNGEncoder())
            let (count, pixels) = try MainActor.assumeIsolated { () throws -> (Int, Double) in
                let draft = HierarchyCapture.draft(root, options: options)
                let pixels = Double(draft.images.values.reduce(0) { $0 + $1.pixels.count }) / 1e6
                return (try HierarchyCapture.writeSynchronously(draft, to: folder, encoder: options.encoder).snapshotCount, pixels)
            }
            print("every canvas kept: \(count) snapshots, \(Int(pixels)) MB of pixels, peak \(PeakMemory.megabytes()) MB (\(base) MB before), \(Int(Date().timeIntervalSince(start) * 1000)) ms")
        } else {
            // The bounded capture as an app runs it: async on the main actor, encoders beside it.
            let options = HierarchyCapture.Options(scale: 3, encoder: StoredPNGEncoder(), maxCanvasesInFlight: Int(mode)!)
            let report = try waitOnMain { try await HierarchyCapture.capture(root, to: folder, options: options) }
            print("at most \(mode) in flight: \(report.views.count) views, \(report.snapshotCount) snapshots, \(report.peakCanvasesInFlight) canvases alive at most, peak \(PeakMemory.megabytes()) MB (\(base) MB before), \(Int(Date().timeIntervalSince(start) * 1000)) ms")
        }
    }

    /// The resident size now, in megabytes (VmRSS).
    private static func resident() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return 0 }
        return kilobytes / 1024
    }

    /// Runs `body` on the main actor and turns the main run loop until it is done.
    private static func waitOnMain(_ body: @escaping @MainActor () async throws -> CaptureReport) throws -> CaptureReport {
        let box = ReportBox()
        Task { @MainActor in
            do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
        }
        while box.result == nil { _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01)) }
        return try box.result!.get()
    }
}

/// Where the main actor's task leaves its report for the waiting run loop.
private final class ReportBox: @unchecked Sendable {
    var result: Result<CaptureReport, Error>?
}
