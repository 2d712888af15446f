import ArgumentParser
import Foundation
import HierarchyImaging
import HierarchyModel
import HierarchyReport
import HierarchyScreen

extension FailureLevel: ExpressibleByArgument {}

/// `hierarchy report`: every screen of a test run in one page, against an earlier run. The
/// exit status: 0, or 1 when a screen fails as --fail-on says, 2 when nothing could be read or
/// the report could not be written.
struct ReportCommand: VerdictCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Report every screen of a test run in one page: thumbnails, viewers, changes against a baseline, findings, a JUnit file.",
        discussion: """
            DIR is searched recursively for captures (.json view-hierarchy documents, .xml Appium, XCUITest and \
            uiautomator page sources, .txt recursiveDescription dumps), each paired with its screenshot by name \
            (login.xml with login.png or login.screenshot.png); a screen's name is its path in DIR without the \
            extension. -o REPORT.html writes one self-contained page with report.json beside it, or, when that page \
            would pass 50 MB, the folder REPORT_files/ (index.html and data/) with REPORT.html a link to it; -o REPORT/ \
            writes the folder REPORT/ (index.html, data/ and report.json) (docs/report.md). A capture that cannot be read is a row with its \
            error. --shard I/N reports a deterministic part of the screens; 'hierarchy report --merge PART... -o REPORT.html' \
            joins the parts' pages into one. Exit status: 0; 1 when a screen fails as --fail-on says (changes: \
            changes, findings and errors; findings: findings and errors; errors: errors alone; never); 2 when \
            nothing could be read or the report could not be written.
            """)

    @Argument(help: "The folders of the run's captures; with --merge, the pages (or folders) of the shards' reports.")
    var inputs: [String] = []

    @Option(name: .shortAndLong, help: "The page to write (REPORT.html), or a folder (REPORT/) for index.html and its data/; report.json goes beside the page.")
    var output: String

    @Option(help: "An earlier run: its folder of captures, or its report.json. Screens are paired by name.")
    var baseline: String?

    @Flag(help: "Audit every screen and list its findings.")
    var audit = false

    @Option(help: "Also write a JUnit XML file with a test case per screen.")
    var junit: String?

    @Option(name: .customLong("junit-in"), help: ArgumentHelp("The run's own JUnit report: each failed test whose failure names a locator (By.xpath: …, with text: is \"…\", matching predicate '…') has it run against the screens it saved (named by the test, its class and name: LoginTest/testSignIn, LoginTest_testSignIn), as 'hierarchy find' runs it, and the answer shown on the screen.", valueName: "junit.xml"))
    var junitIn: String?

    @Option(help: "What fails the run and its test cases: changes, findings, errors or never.")
    var failOn: FailureLevel = .errors

    @Option(help: "Report only part I of N of the screens (1/4, 2/4, …), for parallel jobs; merge the parts with --merge.")
    var shard: String?

    @Option(help: "Screens reported at once (by default, one per core).")
    var jobs: Int?

    @Flag(help: "Join the pages of a run's shards (the inputs) into one page.")
    var merge = false

    @Option(help: "The page's title.")
    var title = "hierarchy report"

    @OptionGroup var reading: ReadingOptions

    @Option(help: "How views are paired with the baseline's: auto, ids, or structure.")
    var match: DiffOptions.Matching = .auto

    @OptionGroup var layout: LayoutOptionGroup
    @OptionGroup var camera: CameraOptionGroup
    @OptionGroup var force: ForceOption

    func validate() throws {
        if inputs.isEmpty { throw ValidationError(merge ? "give the pages of the shards to merge" : "give the folder of the run's captures") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
        if let shard { _ = try Shard(parsing: shard) }
        if merge && (baseline != nil || shard != nil || audit || junitIn != nil) { throw ValidationError("--merge joins finished parts; --baseline, --shard, --audit and --junit-in belong to the runs that made them") }
    }

    func run() throws {
        let outcome = try makeReport()
        let rows = outcome.screens
        for note in outcome.skipped { Console.warn(note) }
        if let folder = outcome.folder {
            Console.error("the page would pass \(ReportOutput.defaultFolderLimit / 1_000_000) MB, so the report is the folder \(folder)/ (index.html; \(output) links to it)")
        }
        if let junit { try OutputFile.write(JUnitReport.encode(rows, failOn: failOn), to: junit, rule: outputRule, isDocument: true) }
        for row in rows where row.status == .error { Console.warn(row.error ?? row.name) }
        let summary = ReportSummary(rows)
        Console.error(summary.fields.filter { $0.1 > 0 || $0.0 == "screens" }.map { "\($0.1) \($0.0)" }.joined(separator: ", "))
        try outcome.checkSomethingWasRead(in: inputs, merged: merge)
        try finish(outcome.verdict(failOn: failOn))
    }

    /// `--force`, with every input protected.
    private var outputRule: OutputRule { OutputRule(replace: force.force, inputs: inputs + (baseline.map { [$0] } ?? []) + (junitIn.map { [$0] } ?? [])) }

    private func makeReport() throws -> ReportRun.Outcome {
        if let junit { try outputRule.check(junit) }  // before the screens are read
        let destination = ReportOutput(output, replace: force.force)
        if merge { return try ReportRun.merge(inputs, title: title, output: destination) }
        let progress = LazyProgress()
        defer { progress.finish() }
        return try ReportRun.run(inputs, baseline: baseline.map(ReportRun.Baseline.init(path:)), options: try options(), output: destination) { done, total in
            progress.update(done, total)
        }
    }

    private func options() throws -> ReportOptions {
        var options = ReportOptions()
        options.screen = ScreenOptions(reading: reading.loadOptions(), layout: layout.options(defaultMaxTexture: ReportOptions.defaultMaxTextureSize))
        options.presentation.camera = try camera.checkedOptions()
        options.presentation.matching = match
        options.presentation.audit = audit ? AuditRequest(densityGiven: reading.density != nil) : nil
        if let jobs { options.jobs = jobs }
        if let shard { options.shard = try Shard(parsing: shard) }
        if let junitIn {
            options.failedTests = try FailedTest.read(junit: junitIn)
            options.otherInputs = [junitIn]
        }
        options.title = title
        return options
    }
}

/// The progress bar, made once the number of screens is known.
private final class LazyProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var report: ProgressReport?

    func update(_ done: Int, _ total: Int) {
        lock.withLock {
            if report == nil { report = ProgressReport(total: total, label: "reporting", unit: "screens") }
            report?.set(done)
        }
    }

    func finish() { lock.withLock { report?.finish() } }
}
