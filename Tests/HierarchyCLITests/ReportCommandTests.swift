import Foundation
import HierarchyTestSupport
import XCTest

/// `hierarchy report` as a user runs it: its exit statuses, the JUnit file, report.json beside
/// the page, shards merged, bad options in one line.
final class ReportCommandTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-report-cli-\(UUID().uuidString)")
        let files: [(String, String)] = [
            ("base/login.txt", "dumps/recursive-description/written-cycript-login-375x667.txt"),
            ("base/appdev.xml", "dumps/appium-ios/shirates-ios-appdev-375x667.xml"),
            ("run/login.txt", "dumps/recursive-description/written-cycript-login-375x667.txt"),
            ("run/appdev.xml", "diff/appdev-button-moved.xml"),
        ]
        for (target, source) in files {
            let url = folder.appendingPathComponent(target)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: TestPaths.fixture(source), to: url)
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func path(_ relative: String) -> String { folder.appendingPathComponent(relative).path }

    func testFailOnDecidesTheExitStatusAndTheJUnit() throws {
        let clean = try Hierarchy.run(["report", path("run"), "--baseline", path("base"), "-o", path("out/report.html"), "--junit", path("junit.xml")])
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertEqual(clean.stderr, "2 screens, 1 unchanged, 1 changed\n")
        let json = try String(contentsOfFile: path("out/report.json"), encoding: .utf8)
        XCTAssertTrue(json.contains(#"{"name":"appdev","status":"changed","changes":{"#), json)
        let junit = try String(contentsOfFile: path("junit.xml"), encoding: .utf8)
        XCTAssertEqual(junit.components(separatedBy: "<testcase ").count - 1, 2)
        XCTAssertFalse(junit.contains("<failure"), junit)

        let strict = try Hierarchy.run(["report", path("run"), "--baseline", path("base"), "-o", path("out/report.html"), "--junit", path("junit.xml"), "--fail-on", "changes", "--force"])
        XCTAssertEqual(strict.status, 1, strict.stderr)
        XCTAssertTrue(try String(contentsOfFile: path("junit.xml"), encoding: .utf8).contains(#"<failure type="changed" message="changed">"#))

        try Data("not a dump".utf8).write(to: folder.appendingPathComponent("run/broken.xml"))
        let broken = try Hierarchy.run(["report", path("run"), "--baseline", path("base"), "-o", path("out") + "/", "--force"])
        XCTAssertEqual(broken.status, 1, broken.stderr)
        XCTAssertTrue(broken.stderr.hasPrefix("warning: \(path("run/broken.xml")): "), broken.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("out/index.html")))
        let never = try Hierarchy.run(["report", path("run"), "-o", path("out") + "/", "--fail-on", "never", "--force"])
        XCTAssertEqual(never.status, 0, never.stderr)
    }

    /// `--audit` lists each screen's findings as `hierarchy audit --format json` gives them, and
    /// `--fail-on findings` fails the run on them.
    func testAuditListsTheFindingsTheAuditCommandGives() throws {
        let result = try Hierarchy.run(["report", path("run"), "-o", path("audit/report.html"), "--audit", "--fail-on", "findings"])
        XCTAssertEqual(result.status, 1, result.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("audit/report.json")))) as? [String: Any])
        let screens = try XCTUnwrap(report["screens"] as? [[String: Any]])
        let appdev = try XCTUnwrap(screens.first { $0["name"] as? String == "appdev" })
        let listed = try XCTUnwrap(appdev["findings"] as? [[String: Any]])
        let audit = try Hierarchy.run(["audit", path("run/appdev.xml"), "--format", "json", "--fail-on", "never"])
        XCTAssertEqual(audit.status, 0, audit.stderr)
        let alone = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(audit.stdout.utf8)) as? [String: Any])
        let expected = try XCTUnwrap(alone["findings"] as? [[String: Any]])
        XCTAssertFalse(expected.isEmpty, "the dump has findings to compare")
        XCTAssertEqual(listed.map { "\($0["rule"] ?? "") \($0["id"] ?? "")" }, expected.map { "\($0["rule"] ?? "") \($0["id"] ?? "")" })
        XCTAssertEqual((report["summary"] as? [String: Any])?["findings"] as? Int,
                       screens.map { ($0["findings"] as? [Any])?.count ?? 0 }.reduce(0, +))
    }

    func testNothingReadIsStatusTwo() throws {
        let empty = try Hierarchy.run(["report", path("empty"), "-o", path("e.html")])
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.stderr.hasSuffix("error: \(path("empty")): no captures found (.json, .xml or .txt files)\n"), empty.stderr)
        try Data("{".utf8).write(to: folder.appendingPathComponent("empty/bad.json"))
        let bad = try Hierarchy.run(["report", path("empty"), "-o", path("e.html"), "--force"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.hasSuffix("error: no capture could be read\n"), bad.stderr)
        let missing = try Hierarchy.run(["report", path("nowhere"), "-o", path("e.html"), "--force"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "error: \(path("nowhere")): no such folder\n")
        let shard = try Hierarchy.run(["report", path("run"), "-o", path("e.html"), "--shard", "3/2"])
        XCTAssertEqual(shard.status, 2)
        XCTAssertEqual(shard.stderr, "error: --shard: expected 1 ≤ I ≤ N, got 3/2 (see 'hierarchy help report')\n")
    }

    func testShardsMergeIntoTheWholeReport() throws {
        XCTAssertEqual(try Hierarchy.run(["report", path("run"), "--baseline", path("base"), "-o", path("whole") + "/"]).status, 0)
        for i in 1...2 {
            // Each part in a folder of its own, with its report.json (beside each other, the second would refuse the first's).
            let part = try Hierarchy.run(["report", path("run"), "--baseline", path("base"), "-o", path("part\(i)") + "/", "--shard", "\(i)/2"])
            XCTAssertEqual(part.status, 0, part.stderr)
        }
        let merged = try Hierarchy.run(["report", "--merge", path("part2") + "/", path("part1") + "/", "-o", path("merged") + "/"])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        XCTAssertEqual(try String(contentsOfFile: path("merged/report.json"), encoding: .utf8),
                       try String(contentsOfFile: path("whole/report.json"), encoding: .utf8))
    }

    /// The progress bar is drawn on a terminal (a pseudo-terminal here) and never into a pipe or file.
    func testProgressOnlyOnATerminal() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("progress on a terminal skipped: no /usr/bin/python3") }
        // Ten screens one at a time.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("many"), withIntermediateDirectories: true)
        for i in 0..<10 {
            try FileManager.default.copyItem(at: TestPaths.fixture("dumps/recursive-description/written-cycript-login-375x667.txt"), to: folder.appendingPathComponent("many/s\(i).txt"))
        }
        let arguments = ["report", path("many"), "-o", path("many.html"), "--jobs", "1", "--force"]
        let terminal = """
            import os, pty, sys
            pid, fd = pty.fork()
            if pid == 0:
                os.execv(sys.argv[1], sys.argv[1:])
            out = b""
            while True:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
            _, status = os.waitpid(pid, 0)
            sys.stdout.write(out.decode("utf-8", "replace"))
            sys.exit(os.waitstatus_to_exitcode(status))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // The bar drawn at once (HIERARCHY_PROGRESS_DELAY_MS=0): ten small screens may take less than its usual second.
        // Under AddressSanitizer the binary keeps CI's leak suppressions (FoundationXML's, for the viewers' XML).
        process.arguments = ["-i", "HIERARCHY_PROGRESS_DELAY_MS=0"] + ExternalProcess.sanitizerAssignments + ["/usr/bin/python3", "-I", "-c", terminal, Hierarchy.productsFolder.appendingPathComponent("hierarchy").path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let shown = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, shown)
        XCTAssertTrue(shown.contains("\rreporting: ") && shown.contains("/10 screens"), shown)
        XCTAssertTrue(shown.contains("\r\u{1B}[K10 screens, 10 captured"), "the bar is not cleared: \(shown)")
        let piped = try Hierarchy.run(arguments)
        XCTAssertEqual(piped.stderr, "10 screens, 10 captured\n")
    }

    /// --junit-in reads the matcher a Jest code frame shows on the failing line with the
    /// framework's meaning, combinations included: the same matchers as `find`.
    func testJUnitInRunsTheMatcherTheTestWrote() throws {
        let tree = TestPaths.fixture("dumps/detox/detox-e2e-android-rn73-1080x2220.xml")
        let url = folder.appendingPathComponent("detox/HelloTest/testHello.xml")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: tree, to: url)
        let junit = folder.appendingPathComponent("jest-junit.xml")
        let frame = "    &gt; 11 |     await element(by.text('Hello!!!').withAncestor(by.type('com.facebook.react.ReactRootView'))).tap();\n"
        try Data(("<testsuites><testsuite name=\"HelloTest\"><testcase classname=\"HelloTest\" name=\"testHello\"><failure>Test Failed: No views in hierarchy found matching\n"
                  + frame + "</failure></testcase></testsuite></testsuites>\n").utf8).write(to: junit)
        let result = try Hierarchy.run(["report", path("detox"), "-o", path("detox-report/report.html"), "--junit-in", junit.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("detox-report/report.json"))) as? [String: Any]
        let rows = try XCTUnwrap(document?["screens"] as? [[String: Any]])
        let failure = try XCTUnwrap((rows.first { $0["name"] as? String == "HelloTest/testHello" }?["failures"] as? [[String: Any]])?.first)
        let find = try XCTUnwrap(failure["find"] as? [String: Any])
        let locator = try XCTUnwrap(find["locator"] as? [String: Any])
        XCTAssertEqual(locator["using"] as? String, "matcher")
        XCTAssertEqual(locator["rule"] as? String, "detox")
        XCTAssertEqual((find["matches"] as? [[String: Any]])?.map { $0["text"] as? String }, ["Hello!!!"])
    }

    /// --junit-in: each failed test whose failure names a locator has it run against the screens
    /// it saved, and the answer is on the screen's row (report.json) and its part of the page.
    func testJUnitInAnswersEachFailedTestsLocatorOnTheScreenItSaved() throws {
        let clock = TestPaths.fixture("dumps/uiautomator/shirates-appium-uia2-clock-alarm.xml")
        for name in ["testSetsAnAlarm", "testOpensTheAlarmTab", "testCountsAlarms", "testShowsTheAlarms"] {
            let url = folder.appendingPathComponent("clock/AlarmTest/\(name).xml")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: clock, to: url)
        }
        let junit = TestPaths.fixture("junit/written-surefire-clock.xml").path
        let result = try Hierarchy.run(["report", path("clock"), "-o", path("clock-report/report.html"), "--junit-in", junit])
        XCTAssertEqual(result.status, 0, result.stderr)
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("clock-report/report.json"))) as? [String: Any]
        let rows = try XCTUnwrap(document?["screens"] as? [[String: Any]])
        func failures(_ name: String) -> [[String: Any]]? { rows.first { $0["name"] as? String == "AlarmTest/\(name)" }?["failures"] as? [[String: Any]] }
        // The clock prints a hair space (U+200A) where the test typed a space: no match, and the
        // time the test meant is the nearest view.
        let missing = try XCTUnwrap(failures("testSetsAnAlarm")?.first)
        XCTAssertEqual(missing["test"] as? String, "AlarmTest.testSetsAnAlarm")
        XCTAssertEqual(missing["line"] as? Int, 6)
        let none = try XCTUnwrap(missing["find"] as? [String: Any])
        XCTAssertEqual((none["locator"] as? [String: Any])?["value"] as? String, "//*[@text='8:30 AM']")
        XCTAssertEqual((none["matches"] as? [Any])?.count, 0)
        let nearest = try XCTUnwrap((none["suggestions"] as? [[String: Any]])?.first)
        XCTAssertEqual(nearest["text"] as? String, "8:30\u{200A}AM")
        // The screen's title says "Alarm", and so does the tab's label: neither takes a tap.
        let tab = try XCTUnwrap(failures("testOpensTheAlarmTab")?.first?["find"] as? [String: Any])
        let matches = try XCTUnwrap(tab["matches"] as? [[String: Any]])
        XCTAssertEqual(matches.count, 2)
        XCTAssertEqual(matches.map { $0["text"] as? String }, ["Alarm", "Alarm"])
        XCTAssertEqual(matches.map { $0["tappable"] as? Bool }, [false, false])
        XCTAssertTrue((failures("testOpensTheAlarmTab")?.first?["text"] as? String ?? "").hasPrefix("AlarmTest.testOpensTheAlarmTab (line 16): \n"))
        // An assertion names no locator, and a test that passed has nothing to answer.
        XCTAssertNil(failures("testCountsAlarms"))
        XCTAssertNil(failures("testShowsTheAlarms"))
        let page = try String(contentsOf: folder.appendingPathComponent("clock-report/report.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("AlarmTest.testOpensTheAlarmTab (line 16)"), "the answer is on the page")
        // The JUnit report is an input: never replaced, not even with --force.
        let over = try Hierarchy.run(["report", path("clock"), "-o", path("clock-report/report.html"), "--junit-in", junit, "--junit", junit, "--force"])
        XCTAssertEqual(over.status, 2)
        XCTAssertTrue(over.stderr.contains("is an input"), over.stderr)
    }

    func testABadJUnitReportIsOneLineAndStatusTwo() throws {
        let bad = folder.appendingPathComponent("bad-junit.xml")
        try Data("<testsuite>\n<testcase name=\"a\"><failure>\n</testsuite>".utf8).write(to: bad)
        let result = try Hierarchy.run(["report", path("run"), "-o", path("j/report.html"), "--junit-in", bad.path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("error: \(bad.path): line "), result.stderr)
        XCTAssertTrue(result.stderr.contains("malformed XML"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("j/report.html")), "nothing written")
        let merge = try Hierarchy.run(["report", "--merge", path("run"), "-o", path("m.html"), "--junit-in", bad.path])
        XCTAssertEqual(merge.status, 2)
        XCTAssertTrue(merge.stderr.contains("--junit-in belong to the runs"), merge.stderr)
    }
}
