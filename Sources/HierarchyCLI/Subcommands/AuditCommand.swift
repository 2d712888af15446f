import ArgumentParser
import Foundation
import HierarchyImaging
import HierarchyModel
import HierarchyScreen

extension AuditOutcome.Document: ExpressibleByArgument {}

/// `hierarchy audit`: the accessibility audit of a capture, for people (text, a picture, a page)
/// and for CI (JSON, JUnit, SARIF). Exit status 0 when no finding reaches --fail-on, 1 when one
/// does, 2 for bad input.
struct AuditCommand: VerdictCommand {
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

    typealias ReportFormat = AuditOutcome.Document
    enum FailOn: String, ExpressibleByArgument, CaseIterable {
        case error, warning, never

        /// The lowest severity that fails; nil never.
        var severity: Severity? {
            switch self {
            case .error: .error
            case .warning: .warning
            case .never: nil
            }
        }
    }

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

    /// Whether -o names a picture or the viewer's page (with its Audit panel) rather than the report's file.
    var outputKind: OutputKind? { output.flatMap(OutputKind.init(path:)) }

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
        let known = try baseline.map { path throws(InputError) in try AuditRequest.baseline(at: path) }
        let screen = try input.open(layout.options)
        let rule = input.outputRule(force).protecting((baseline.map { [$0] } ?? []) + screen.inputFiles)
        if let output { try rule.check(output) }
        let outcome = try screen.audit(AuditRequest(
            rules: try selectedRules(), minTarget: minTarget, densityGiven: input.reading.density != nil, failOn: failOn.severity, baseline: known))
        if let density = outcome.inferredDensity { sayInferred(density, screen: screen) }
        let camera = outputKind == nil ? nil : try self.camera.checkedOptions()
        let text = outcome.document(format, of: screen, file: input.tree)
        guard let output, let kind = outputKind, let camera else {
            try OutputFile.write(text, to: output, rule: rule, isDocument: format != .text)
            return try finish(outcome)
        }
        if format == .text { Console.out(text) } else { Console.document(text) }
        try rule.check(output)
        switch kind {
        case .picture: try outcome.writePicture(of: screen, request: self.camera.request(), to: output)
        case .page:
            try outcome.writePage(of: screen, camera: camera, pageLayout: layout.options(defaultMaxTexture: ExportFormat.html.defaultMaxTextureSize), to: output)
        }
        try finish(outcome)
    }

    /// The density inferred for an Android dump read without --density, said once on standard error.
    private func sayInferred(_ density: Double, screen: Screen) {
        let bounds = screen.document.tree.root.bounds
        let width = min(bounds.width, bounds.height)
        let dp = (width / density).rounded()
        Console.error("note: \(input.tree): no --density; inferred \(density) from the screen's \(Int(width)) pixels (\(Int(dp)) dp wide); give --density to choose")
    }
}
