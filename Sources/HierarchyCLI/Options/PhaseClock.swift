import Dispatch
import Foundation

/// Where a command's time goes, printed to standard error when HIERARCHY_TIMING=1 is set:
/// `timing: load 12.1 ms, layout 3.0 ms, render 180.2 ms, encode 31.5 ms`.
struct PhaseClock {
    private var last = DispatchTime.now().uptimeNanoseconds
    private var laps: [(String, Double)] = []
    private let enabled = ProcessInfo.processInfo.environment["HIERARCHY_TIMING"] == "1"

    mutating func lap(_ phase: String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        laps.append((phase, Double(now - last) / 1e6))
        last = now
    }

    func report() {
        guard enabled else { return }
        Console.error("timing: " + laps.map { "\($0.0) \(String(format: "%.1f", $0.1)) ms" }.joined(separator: ", "))
    }
}
