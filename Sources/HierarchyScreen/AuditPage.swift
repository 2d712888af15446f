import HierarchyAudit
import HierarchyViewer
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import HierarchySource

/// `hierarchy audit INPUT -o audit.html`: the viewer with an Audit panel (`audit.js`) listing the
/// findings grouped by severity and numbered as the text report and the picture number them; a
/// click on one selects its view and frames it. Each view with findings is outlined in the colour
/// of its most severe one.
///
/// The data's `"audit"` holds `"summary"` (the text report's summary line), `"findings"` in the
/// report's order, each `{"number", "severity", "rule", "message", "class", "id", "path",
/// "layer"?}` (`"layer"`: the index of the view's layer among the page's layers, absent when the
/// view is not drawn), and `"skipped"` (the text report's lines for rules that could not run).
/// Every string is data the script sets as text, never markup.
public enum AuditPage {
    /// The page's text.
    /// - Throws: `RenderError` for a first view out of range, `InputError` for a texture that
    ///   cannot be made, as `HTMLViewer.page` does.
    public static func page(
        _ report: AuditReport, layout: Layout, textures: some TextureProvider, options: HTMLViewerOptions
    ) throws -> String {
        try HTMLViewer.page(for: layout, textures: textures, options: options, annotations: annotations(report, layout: layout))
    }

    /// The keys the viewer's data carries: `"audit"`.
    public static func annotations(_ report: AuditReport, layout: Layout) -> HTMLViewerAnnotations {
        HTMLViewerAnnotations(top: [("audit", data(report, layout: layout))])
    }

    /// The data's `"audit"` object.
    public static func data(_ report: AuditReport, layout: Layout) -> OrderedJSON {
        let findings = report.findings.enumerated().map { index, finding -> OrderedJSON in
            var keys: [(String, OrderedJSON)] = [
                ("number", .number(Double(index + 1))), ("severity", .string(finding.severity.rawValue)),
                ("rule", .string(finding.rule.rawValue)), ("message", .string(finding.message)),
                ("class", .string(finding.className)), ("id", .string(finding.id)), ("path", .string(finding.path)),
            ]
            if finding.node < layout.status.count, case .layer(let i) = layout.status[finding.node] {
                keys.append(("layer", .number(Double(i))))
            }
            return .object(keys)
        }
        let skipped = AuditRule.allCases.compactMap { rule in report.skipped[rule].map { OrderedJSON.string("skipped \(rule.rawValue): \($0)") } }
        return .object([("summary", .string(AuditText.summaryLine(report))), ("findings", .array(findings)), ("skipped", .array(skipped))])
    }

    /// Writes the page to `path` (replacing a file there, never an input), staged and moved into place.
    /// - Throws: `RenderError` for a first view out of range before anything is written;
    ///   `InputError` for a snapshot that cannot be read or a page that cannot be written.
    public static func write(
        _ report: AuditReport, layout: Layout, document: some CaptureSource, options: HTMLViewerOptions, to path: String
    ) throws {
        try options.validate()
        let destination = ExportDestination(path: path, replace: true)
        try destination.check(protecting: document.inputFiles)
        let page = try page(report, layout: layout, textures: document.textures(for: layout), options: options)
        try destination.write { (staging) throws(InputError) in
            try staging.write(Array(page.utf8), to: destination.name)
        }
    }
}
