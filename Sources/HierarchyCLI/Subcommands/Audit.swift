import ArgumentParser
import Foundation
import HierarchyAudit
import HierarchyExport
import HierarchyImaging
import HierarchyImport
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import HierarchyReport

/// `hierarchy audit`: the accessibility audit of a capture, for people (text, a picture, a page)
/// and for CI (JSON, JUnit, SARIF). Exit status 0 when no finding reaches --fail-on, 1 when one
/// does, 2 for bad input.
struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Check a capture for accessibility problems: touch targets, labels, duplicates, contrast, hidden targets.",
        discussion: """
            Rules (--rules, comma-separated): \(AuditRule.allCases.map(\.rawValue).joined(separator: ", ")). \
            They follow Google's Accessibility Test Framework and Apple's guidelines (docs/audit.md). The \
            contrast rules need pixels: --screenshot, or a capture with snapshots. Android dumps are measured \
            in dp: --density, else the density is inferred from the screen's width and said on standard \
            error. Exit status: 0 when no finding reaches --fail-on, 1 when one does, 2 for bad input.
            """)

    enum ReportFormat: String, ExpressibleByArgument, CaseIterable { case text, json, junit, sarif }
    enum FailOn: String, ExpressibleByArgument, CaseIterable { case error, warning, never }

    @OptionGroup var input: InputOptions
    @OptionGroup var layout: LayoutOptionGroup
    @OptionGroup var camera: CameraOptionGroup

    @Option(help: "The report: text (grouped by severity), json (docs/audit.md), junit (a test suite per rule) or sarif (2.1.0, for code scanning).")
    var format: ReportFormat = .text

    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output; or, for a .png, draw the findings (the exploded stack, each finding's view outlined in its severity's colour and numbered as in the report) and print the report; for a .html, write the viewer with an Audit panel (each finding selects and frames its view) and print the report.")
    var output: String?

    @Option(help: "Only these rules, comma-separated.")
    var rules: String?

    @Option(help: "The lowest severity that makes the exit status 1: error, warning or never.")
    var failOn: FailOn = .error

    @Option(help: "A JSON report of an earlier audit: only findings it does not have (by rule and view) are reported.")
    var baseline: String?

    @OptionGroup var force: ForceOption

    @Option(help: "The touch-target size asked for, in dp or points, instead of 48 (Android) or 44 (iOS); WCAG 2.5.8 asks 24.")
    var minTarget: Double?

    func validate() throws {
        _ = try selectedRules()
        if let minTarget, !(minTarget.isFinite && minTarget > 0 && minTarget <= 1000) {
            throw ValidationError("--min-target must be a number between 0 and 1000, got \(minTarget)")
        }
    }

    /// Whether -o names a picture rather than the report's file.
    var isPicture: Bool { output.map { $0.lowercased().hasSuffix(".png") } ?? false }
    /// Whether -o names the viewer's page (with its Audit panel) rather than the report's file.
    var isPage: Bool { output.map { $0.lowercased().hasSuffix(".html") || $0.lowercased().hasSuffix(".htm") } ?? false }

    func selectedRules() throws -> Set<AuditRule> {
        guard let rules else { return Set(AuditRule.allCases) }
        var chosen = Set<AuditRule>()
        for id in rules.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let rule = AuditRule(rawValue: id) else {
                throw ValidationError("--rules: no rule '\(id)'; the rules are \(AuditRule.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            chosen.insert(rule)
        }
        return chosen
    }

    func run() throws {
        let report: AuditReport
        do {
            report = try audit()
        } catch let error as InputError {
            Console.error("error: \(error)")
            throw ExitCode(2)
        } catch let error as RenderError {
            Console.error("error: \(error)")
            throw ExitCode(2)
        }
        let threshold: Severity? = switch failOn {
        case .error: .error
        case .warning: .warning
        case .never: nil
        }
        if report.fails(at: threshold) { throw ExitCode(1) }
    }

    private func audit() throws -> AuditReport {
        let known = try baseline.map { path throws(InputError) in try AuditJSON.baseline(Data(FileSystem.read(path)), file: path) }
        let document = try input.load()
        let rule = input.outputRule(force).protecting((baseline.map { [$0] } ?? []) + document.inputFiles)
        if let output { try rule.check(output) }
        let laidOut: Layout
        do {
            laidOut = try document.layout(layout.options)
        } catch {
            throw error.inFile(document.file)
        }
        var options = AuditOptions(rules: try selectedRules(), minTarget: minTarget)
        options.platform = StandardScreenAudit.platform(of: document)
        // Android dumps are in pixels: without --density, the density is inferred (documents are in points).
        if document.format != nil, options.platform == .android, input.reading.density == nil { options.unitsPerPoint = inferDensity(document) }
        let pixels = try AuditPixelSource.pixels(document, layout: laidOut, options: options)
        var report = Audit.run(tree: document.tree, layout: laidOut, pixels: pixels, options: options)
        if let known { report = report.subtracting(known) }
        if isPicture || isPage { _ = try camera.checkedOptions() }
        let text: String = switch format {
        case .text: AuditText.render(report)
        case .json: AuditJSON.encode(report)
        case .junit: AuditJUnit.encode(report, file: input.tree)
        case .sarif: AuditSARIF.encode(report, file: input.tree, lines: SourceLines.lines(of: document))
        }
        if let output, isPicture {
            if format == .text { Console.out(text) } else { Console.document(text) }
            try rule.check(output)
            try AuditPicture.draw(report, layout: laidOut, document: document, camera: camera, to: output)
        } else if let output, isPage {
            if format == .text { Console.out(text) } else { Console.document(text) }
            try rule.check(output)
            try writePage(report, document: document, to: output)
        } else {
            try OutputFile.write(text, to: output, rule: rule, isDocument: format != .text)
        }
        return report
    }

    /// The viewer's page with the Audit panel: laid out again with the viewer's texture limit (the
    /// views and layers are the same; only the textures' planned sizes differ), titled "audit NAME".
    private func writePage(_ report: AuditReport, document: LoadedDocument, to path: String) throws {
        let pageLayout: Layout
        do {
            pageLayout = try document.layout(layout.options(defaultMaxTexture: HTMLViewer.defaultMaxTextureSize))
        } catch {
            throw error.inFile(document.file)
        }
        var options = HTMLExport.viewerOptions(try camera.checkedOptions(), document: document)
        options.title = "audit " + options.title
        try AuditPage.write(report, layout: pageLayout, document: document, options: options, to: path)
    }

    /// The density of an Android dump read without --density, said once on standard error.
    private func inferDensity(_ document: LoadedDocument) -> Double {
        let screen = document.tree.root.bounds
        let width = min(screen.width, screen.height)
        let density = AuditOptions.inferredDensity(screenWidth: width)
        let dp = (width / density).rounded()
        Console.error("note: \(input.tree): no --density; inferred \(density) from the screen's \(Int(width)) pixels (\(Int(dp)) dp wide); give --density to choose")
        return density
    }
}
