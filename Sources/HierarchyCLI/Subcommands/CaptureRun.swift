import Foundation
import HierarchyDevice
import HierarchyImaging

/// `capture --every SECONDS --count N`: numbered screens `DIR/0001`… taken at a steady pace; Ctrl-C
/// stops the run after the screen being taken, keeping those written.
struct CaptureRun {
    var connection: DeviceConnection
    var folder: String
    var every: Double
    var count: Int
    var rule: OutputRule

    func run() throws {
        let interrupt = Platform.InterruptWatch()
        defer { interrupt.stop() }
        try FileSystem.createFolder(folder)
        let start = Date()
        var taken = 0
        for index in 1...count {
            if interrupt.happened { break }
            try CaptureCommand.save(try connection.take(), to: folder + "/" + String(format: "%04d", index), rule: rule)
            taken = index
            guard index < count else { break }
            // The next screen at start + index × every, whatever this one took.
            let next = start.addingTimeInterval(Double(index) * every)
            interrupt.wait(until: next)
        }
        if interrupt.happened { Console.error("capture: stopped by Ctrl-C after \(taken) screen\(taken == 1 ? "" : "s") in \(folder)") }
    }
}
