import HierarchyExport
import HierarchyFind
import HierarchyModel
import HierarchyRender
import HierarchyViewer

/// An export written: where, and whether anything was in it.
public struct ExportOutcome: Outcome, Sendable {
    public let format: ExportFormat
    public let path: String
    /// Whether no layer was exported (every view hidden, excluded or outside the depth range).
    public let isEmpty: Bool

    public var status: ExitStatus { .success }
}

extension Screen {
    /// Writes the screen's layout with its textures to `path` as `format` (`ExportFormat.write`),
    /// staged beside it and moved into place at the end.
    /// - Throws: `RenderError` for options out of range (checked before anything is written);
    ///   `InputError` for a texture that cannot be read or an output that may not be written.
    public func export(as format: ExportFormat, to path: String, options: ExportOptions, replace: Bool) throws -> ExportOutcome {
        try options.validate()
        // Only the scene formats leave out the layers outside the depth range.
        let isEmpty = !layout.layers.contains { !format.honoursDepthRange || options.render.includes(depth: $0.depth) }
        if format == .html {
            try HTMLExport.write(layout, from: document, to: path, options: HTMLExport.viewerOptions(options.render, document: document),
                                 replace: replace, annotations: try locatorAnnotations())
        } else {
            try format.write(layout, from: document, to: path, options: options, replace: replace)
        }
        return ExportOutcome(format: format, path: path, isEmpty: isEmpty)
    }

    /// What a viewer page of this screen carries for its search box's locators (`xpath:`, `id:`,
    /// `predicate:`…): the XML `find` runs over, each element's view (`FindPage.locators`).
    func locatorAnnotations() throws(InputError) -> HTMLViewerAnnotations {
        // A view tree's XML is carried as written: the report asks this of every screen.
        if findKind == .viewTree { return HTMLViewerAnnotations(top: [FindPage.locators(viewTree: document.tree, layout: layout)]) }
        return HTMLViewerAnnotations(top: [FindPage.locators(try findXML(), tree: document.tree, kind: findKind)])
    }
}
