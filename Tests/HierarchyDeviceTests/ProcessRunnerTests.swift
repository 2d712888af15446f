import Foundation
import HierarchyDevice
import XCTest

/// `ProcessRunner` with /bin/sh as the outside program: what it prints and its status, a child it
/// leaves holding its outputs (as adb's server does), and a deadline counted from the start that
/// stops the whole process group.
final class ProcessRunnerTests: XCTestCase {
    func testOutputsAndStatusAreRead() throws {
        let result = try ProcessRunner.run("/bin/sh", ["-c", "printf 'out'; printf 'err' >&2; exit 3"], timeout: 10)
        XCTAssertEqual(result.outputText, "out")
        XCTAssertEqual(result.errorText, "err")
        XCTAssertEqual(result.status, 3)
        XCTAssertFalse(result.timedOut)
    }

    func testAChildHoldingTheOutputsIsNotWaitedFor() throws {
        // The program exits at once; the child it starts in the background keeps both pipes open
        // for 20 s. What the program wrote is read, and the run ends when the program does.
        let folder = try temporaryFolder()
        let started = Date()
        let result = try ProcessRunner.run("/bin/sh", ["-c", "sleep 20 & echo $! > \(folder)/child; echo started; echo said >&2"], timeout: 15)
        defer { stop(pidIn: folder + "/child") }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        XCTAssertEqual(result.outputText, "started\n")
        XCTAssertEqual(result.errorText, "said\n")
        XCTAssertEqual(result.status, 0)
        XCTAssertFalse(result.timedOut)
    }

    func testTheDeadlineStopsTheProgramAndItsGroup() throws {
        // The program exits only when its child does; both outlive the 1 s deadline.
        let folder = try temporaryFolder()
        let started = Date()
        let result = try ProcessRunner.run("/bin/sh", ["-c", "sleep 30 & echo $! > \(folder)/child; echo before; wait"], timeout: 1)
        let took = Date().timeIntervalSince(started)
        XCTAssertTrue(result.timedOut)
        XCTAssertEqual(result.outputText, "before\n")
        XCTAssertGreaterThanOrEqual(took, 1)
        XCTAssertLessThan(took, 4, "SIGTERM at the deadline, SIGKILL a second later at most")
        let child = try XCTUnwrap(pid(in: folder + "/child"))
        // The child was in the program's group and was stopped with it (reaped by init soon after).
        let deadline = Date().addingTimeInterval(5)
        while isRunning(child), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertFalse(isRunning(child), "the background child \(child) outlived the deadline")
    }

    func testAProgramThatCannotStartIsOneError() {
        XCTAssertThrowsError(try ProcessRunner.run("/nonexistent/adb", ["devices"], timeout: 5)) { error in
            XCTAssertEqual("\(error)", "cannot run /nonexistent/adb: No such file or directory")
        }
    }

    // MARK: Helpers

    private func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-runner-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }

    private func pid(in file: String) -> Int32? {
        (try? String(contentsOfFile: file, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    private func stop(pidIn file: String) {
        if let child = pid(in: file) { kill(child, SIGKILL) }
    }

    /// Whether `pid` is a live process (a zombie counts as ended).
    private func isRunning(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.split(separator: ")").last?.split(separator: " ").first
        return state != "Z"
    }
}
