import Dispatch
import Foundation

/// Where a command's time goes, printed to standard error when HIERARCHY_TIMING=1 is set: each
/// phase's wall time and, in brackets, the CPU time of all the process's threads meanwhile (more
/// than the wall time where several cores work), after the CPU time spent before the command ran
/// (loading the program, parsing the arguments):
/// `timing: start cpu 9.0 ms; load 12.1 ms (cpu 20.3), layout 3.0 ms (cpu 3.0), render 180.2 ms (cpu 352.0), encode 31.5 ms (cpu 40.1)`.
struct PhaseClock {
    private var last = DispatchTime.now().uptimeNanoseconds
    private var lastCPU = PhaseClock.processCPU()
    private let startCPU = PhaseClock.processCPU()
    private var laps: [(String, Double, Double)] = []
    private let enabled = ProcessInfo.processInfo.environment["HIERARCHY_TIMING"] == "1"

    mutating func lap(_ phase: String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds, cpu = PhaseClock.processCPU()
        laps.append((phase, Double(now - last) / 1e6, (cpu - lastCPU) * 1e3))
        last = now
        lastCPU = cpu
    }

    func report() {
        guard enabled else { return }
        let phases = laps.map { "\($0.0) \(String(format: "%.1f", $0.1)) ms (cpu \(String(format: "%.1f", $0.2)))" }
        Console.error("timing: start cpu \(String(format: "%.1f", startCPU * 1e3)) ms; " + phases.joined(separator: ", "))
    }

    /// Seconds of CPU time of all the process's threads so far.
    private static func processCPU() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
