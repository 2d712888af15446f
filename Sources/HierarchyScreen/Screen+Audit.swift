import Foundation
import HierarchyAudit
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender

/// What an audit of a screen is asked for (`hierarchy audit`'s options, the report's `--audit`).
public struct AuditRequest: Hashable, Sendable {
    /// The rules to run.
    public var rules: Set<AuditRule>
    /// The touch-target size asked for instead of 48 dp / 44 pt.
    public var minTarget: Double?
    /// Whether the input was read with a density: without one, an Android dump's density is
    /// inferred from its screen's width (and the outcome says so).
    public var densityGiven: Bool
    /// The lowest severity that makes the verdict "no"; nil never.
    public var failOn: Severity?
    /// The findings of an earlier audit (by rule and view): only others are reported.
    public var baseline: [BaselineEntry]?

    public init(rules: Set<AuditRule> = Set(AuditRule.allCases), minTarget: Double? = nil, densityGiven: Bool = false,
                failOn: Severity? = .error, baseline: [BaselineEntry]? = nil) {
        self.rules = rules
        self.minTarget = minTarget
        self.densityGiven = densityGiven
        self.failOn = failOn
        self.baseline = baseline
    }
}

/// An audit's findings and its verdict: "no" when a finding reaches the request's `failOn`.
public struct AuditOutcome: Outcome, Sendable {
    public let report: AuditReport
    /// The density inferred for an Android dump read without one (to be said to the user).
    public let inferredDensity: Double?
    public let failOn: Severity?

    public var status: ExitStatus { report.fails(at: failOn) ? .no : .success }

    /// Each finding as the audit's JSON writes it (numbered from 1), as the report keeps them.
    public var findingDocuments: [String] {
        report.findings.enumerated().map { AuditJSON.encode($0.element, number: $0.offset + 1) }
    }

    /// The documents an audit is written as (docs/audit.md).
    public enum Document: String, CaseIterable, Sendable {
        /// For people: grouped by severity.
        case text
        /// The audit's JSON.
        case json
        /// A test suite per rule.
        case junit
        /// SARIF 2.1.0, for code scanning: each finding at its view's line in the input.
        case sarif
    }

    /// The findings of `screen`'s audit as `document`; `file` is the input as the user named it.
    public func document(_ document: Document, of screen: Screen, file: String) -> String {
        switch document {
        case .text: AuditText.render(report)
        case .json: AuditJSON.encode(report)
        case .junit: AuditJUnit.encode(report, file: file)
        case .sarif: AuditSARIF.encode(report, file: file, lines: screen.sourceLines)
        }
    }
}

extension AuditRequest {
    /// The findings of an earlier audit's JSON report at `path` (`--baseline`).
    /// - Throws: `InputError` naming the file and what in it is not an audit's report.
    public static func baseline(at path: String) throws(InputError) -> [BaselineEntry] {
        try AuditJSON.baseline(Data(FileSystem.read(path, limit: .document)), file: path)
    }
}

extension Screen {
    /// Audits the screen: the rules of `request` over its tree, its layout and, for the contrast
    /// rules, its pixels (`AuditPixelSource`).
    /// - Throws: `InputError` naming the file for pixels that cannot be read.
    public func audit(_ request: AuditRequest = AuditRequest()) throws(InputError) -> AuditOutcome {
        var options = AuditOptions(rules: request.rules, minTarget: request.minTarget)
        options.platform = Screen.auditPlatform(of: document)
        var inferred: Double?
        // Android dumps are in pixels: without a density it is inferred (documents are in points).
        if document.format != nil, options.platform == .android, !request.densityGiven {
            let screen = document.tree.root.bounds
            inferred = AuditOptions.inferredDensity(screenWidth: min(screen.width, screen.height))
            options.unitsPerPoint = inferred!
        }
        let pixels: AuditPixels?
        do {
            pixels = try AuditPixelSource.pixels(document, layout: layout, options: options)
        } catch let error as InputError {
            throw error.inFile(document.file)
        } catch {
            throw InputError(file: document.file, "cannot read its pixels: \(error)")
        }
        var report = Audit.run(tree: document.tree, layout: layout, pixels: pixels, options: options)
        if let known = request.baseline { report = report.subtracting(known) }
        return AuditOutcome(report: report, inferredDensity: inferred, failOn: request.failOn)
    }

    /// The platform whose rules apply: uiautomator, Espresso and dumpsys are Android, Appium,
    /// recursiveDescription and XCUITest iOS, a web page's DOM and Chromium's snapshot the web; the
    /// others say by their rendering system, classes or resource ids (a web capture by its root).
    public static func auditPlatform(of document: LoadedDocument) -> AuditPlatform {
        switch document.format {
        case .uiautomator?, .espresso?, .dumpsys?: .android
        case .appium?, .recursiveDescription?, .xcuitest?: .iOS
        case .webDOM?, .cdpSnapshot?: .web
        default: AuditPlatform.detect(document.tree)
        }
    }
}

/// The screen's pixels for the contrast rules: the screenshot, else the snapshots composited flat
/// over white at the capture's scale (at most 3), only where the rules look (the pixels under the
/// views they judge, `Audit.pixelFrames`): the same pixels there as the whole composite, at a
/// fraction of the time.
public enum AuditPixelSource {
    /// Nil when `options` asks for no contrast rule, or the capture has neither a screenshot nor snapshots.
    public static func pixels(_ document: LoadedDocument, layout: Layout, options: AuditOptions) throws -> AuditPixels? {
        guard options.rules.contains(where: \.needsPixels) else { return nil }
        if let shot = document.screenshot {
            return AuditPixels(width: shot.width, height: shot.height, rgba: shot.pixels, scale: document.screenshotScale)
        }
        guard layout.layers.contains(where: { $0.texture != nil }) else { return nil }
        let scale = min(max(document.tree.screenScale, 1), 3)
        let sides = (width: Int((layout.screen.width * scale).rounded()), height: Int((layout.screen.height * scale).rounded()))
        let regions = Audit.pixelFrames(tree: document.tree, layout: layout, options: options).compactMap {
            AuditPixels.region(of: $0, scale: scale, width: sides.width, height: sides.height)
        }
        let image = try FlatCompositor.composite(layout, scale: scale, background: Color(red: 255, green: 255, blue: 255),
                                                 textures: document.textures(for: layout), regions: regions)
        return AuditPixels(width: image.width, height: image.height, rgba: image.pixels, scale: scale)
    }
}
