// `hierarchy-bench report [--screens N] [--out DIR]`: a run of N screens (100 by default) of the
// holes benchmark's 301-view screen, each a tree.json document with its own 1179×2556 screenshot
// (the navigation bar tinted per screen, the rest shared as an app's screens share their bars
// and cells), reported against a baseline run in which 10 screens differ (a view moved), 3 are
// gone and 3 are new, on every core, as `hierarchy report RUN --baseline BASE -o DIR/report.html`
// does; with --audit when this build has one. Prints the time, the peak memory (VmHWM, reset
// after the captures are written), the page's size and, with python3, Selenium and Chromium, the
// time until the page is ready.
import Foundation
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyReport
import HierarchyScreen

enum ReportBenchmark {
    static func run(_ arguments: [String]) throws {
        let screens = try value(arguments, "--screens") ?? 100
        let folder = arguments.firstIndex(of: "--out").map { arguments[$0 + 1] } ?? NSTemporaryDirectory() + "hierarchy-bench-report"
        try? FileManager.default.removeItem(atPath: folder)
        let start = ContinuousClock.now
        try writeRuns(screens: screens, into: folder)
        print("report: \(screens) screens of 301 views with 1179×2556 screenshots; captures written in \(ms(HolesBenchmark.seconds(since: start))) ms")
        var options = ReportOptions()
        options.presentation.audit = ReportAudit.make()
        PeakMemory.reset()
        let began = ContinuousClock.now, cpu = HolesBenchmark.processCPUSeconds()
        let outcome = try ReportRun.run([folder + "/run"], baseline: .folder(folder + "/base"), options: options, output: ReportOutput(folder + "/out/report.html"))
        let seconds = HolesBenchmark.seconds(since: began)
        let summary = ReportSummary(outcome.screens)
        print("  \(summary.fields.map { "\($0.1) \($0.0)" }.joined(separator: ", "))\(options.presentation.audit == nil ? " (no audit in this build)" : "")")
        print("  reported in \(String(format: "%.2f", seconds)) s on \(options.jobs) cores (CPU \(String(format: "%.1f", HolesBenchmark.processCPUSeconds() - cpu)) s); peak memory \(PeakMemory.megabytes()) MB")
        let page = outcome.folder.map { $0 + "/index.html" } ?? folder + "/out/report.html"
        print("  page \(String(format: "%.2f", Double(outcome.pageSize) / 1e6)) MB\(outcome.folder == nil ? "" : " (a folder: past 50 MB)"): \(page)")
        try measureLocators(folder + "/run/screen-005.json")
        if let rounds = try value(arguments, "--rounds") { try measureWithAndWithoutLocators(folder, options: options, rounds: rounds) }
        measureInChromium(page)
    }

    /// The whole report with and without each viewer's locators (the screen's XML its search box
    /// runs `find`'s locators over), alternating, `rounds` times each: medians of the time and of
    /// the CPU time side by side, so that what carrying the XML costs is seen under the same load.
    static func measureWithAndWithoutLocators(_ folder: String, options: ReportOptions, rounds: Int) throws {
        var times: [Bool: [Double]] = [true: [], false: []], cpus: [Bool: [Double]] = [true: [], false: []]
        for round in 0..<(2 * rounds) {
            let carried = round % 2 == 0
            var options = options
            options.presentation.locators = carried
            try? FileManager.default.removeItem(atPath: folder + "/out")
            let began = ContinuousClock.now, cpu = HolesBenchmark.processCPUSeconds()
            _ = try ReportRun.run([folder + "/run"], baseline: .folder(folder + "/base"), options: options, output: ReportOutput(folder + "/out/report.html"))
            times[carried]!.append(HolesBenchmark.seconds(since: began))
            cpus[carried]!.append(HolesBenchmark.processCPUSeconds() - cpu)
        }
        let figure = { (carried: Bool) in
            String(format: "%.2f s (CPU %.1f s)", HolesBenchmark.median(times[carried]!), HolesBenchmark.median(cpus[carried]!))
        }
        print("  the whole report, medians of \(rounds): with the viewers' locators \(figure(true)), without \(figure(false))")
    }

    /// What each viewer's search box costs the report (the `"locators"` entry every screen's viewer
    /// carries), side by side: from the view tree's XML text as the report makes it now, and through
    /// the parsed document `find` searches (as the report made it before); medians of 21 runs.
    static func measureLocators(_ file: String) throws {
        let screen = try Screen.open(file)
        let tree = screen.document.tree
        let paths: [(String, () throws -> (String, OrderedJSON))] = [
            ("text", { FindPage.locators(viewTree: tree, layout: screen.layout) }),
            ("document", { FindPage.locators(try screen.findXML(), tree: tree, kind: screen.findKind) }),
        ]
        let figures = try paths.map { name, make -> String in
            var times: [Double] = []
            for _ in 0..<21 { times.append(try time { _ = try make() }.1) }
            return "\(name) \(String(format: "%.2f", HolesBenchmark.median(times) * 1000)) ms"
        }
        print("  the viewers' locators, a screen: " + figures.joined(separator: ", "))
    }

    /// `base/` and `run/`: screen-000 … with their screenshots.
    static func writeRuns(screens: Int, into folder: String) throws {
        let tree = HolesScreen.tree()
        let layout = try Layout.compute(tree)
        let screenshot = HolesScreen.screenshot(layout)
        for i in 0..<(screens + 3) {
            let name = String(format: "screen-%03d", i)
            let inBase = i >= 3, inRun = i < screens
            var picture = screenshot
            tint(&picture, i)
            let png = try PNG.encode(picture, compression: .fast)
            let document = Array(TreeDocument.encode(tree).utf8)
            if inBase {
                try write(document, to: folder + "/base/" + name + ".json")
                try write(png, to: folder + "/base/" + name + ".png")
            }
            if inRun {
                // Every tenth screen has its title moved.
                let edited = i % 10 == 5 ? Array(TreeDocument.encode(moved(tree)).utf8) : document
                try write(edited, to: folder + "/run/" + name + ".json")
                try write(png, to: folder + "/run/" + name + ".png")
            }
        }
    }

    /// The navigation bar's rows tinted by the screen's number.
    static func tint(_ image: inout RGBAImage, _ n: Int) {
        for y in 162..<450 {
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4
                image.pixels[i] = UInt8((n * 37 + x / 9) % 256)
            }
        }
    }

    /// The tree with the navigation bar's title 8 points lower.
    static func moved(_ tree: ViewTree) -> ViewTree {
        var tree = tree
        guard let title = tree.nodes.indices.first(where: { tree[$0].className == "UILabel" && tree[$0].frame.width == 250 }) else { return tree }
        tree.update(title) { $0.frame.y += 8 }
        return tree
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// The report check's `measure`: the time until the page's script has run, in headless Chromium.
    static func measureInChromium(_ page: String) {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let script = repository.appendingPathComponent("Tests/HierarchyReportTests/Browser/report_check.py").path
        // The tests' Python (with Selenium, as .ci/run makes it), else the system's; a clean environment.
        let venv = repository.appendingPathComponent(".build/test-python/bin/python3").path
        let python = FileManager.default.isExecutableFile(atPath: venv) ? venv : "/usr/bin/python3"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["-i", "PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + NSTemporaryDirectory(), python, script, "measure", page, "screen-005"]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { print("  (no python3: browser figures skipped)"); return }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { print("  (Chromium or Selenium missing: browser figures skipped) \(output)"); return }
        for line in output.split(separator: "\n") { print("  headless Chromium: " + line) }
    }

    private static func value(_ arguments: [String], _ name: String) throws -> Int? {
        guard let i = arguments.firstIndex(of: name) else { return nil }
        guard i + 1 < arguments.count, let n = Int(arguments[i + 1]), n > 0 else { throw InputError(location: name, "expected a number > 0") }
        return n
    }
}

/// The audit the report benchmark runs: every rule, as `report --audit` runs it.
enum ReportAudit {
    static func make() -> AuditRequest? { AuditRequest(densityGiven: false) }
}
