import HierarchyExport
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyRender
import HierarchyViewer

/// An audit's picture and page.
extension AuditOutcome {
    /// The findings drawn over `screen` (`AuditPicture`), written to `path` as a PNG.
    public func writePicture(of screen: Screen, request: PictureRequest, to path: String) throws {
        try PNG.write(AuditPicture.draw(report, screen: screen, request: request), to: path)
    }

    /// The viewer's page with the Audit panel (each finding selects and frames its view), titled
    /// "audit NAME": the screen laid out again with `pageLayout` (the viewer's texture limit: the
    /// views and layers are the same, only the textures' planned sizes differ).
    public func writePage(of screen: Screen, camera: RenderOptions, pageLayout: LayoutOptions, to path: String) throws {
        let page = try screen.relaidOut(pageLayout)
        var options = HTMLExport.viewerOptions(camera, document: page.document)
        options.title = "audit " + options.title
        try AuditPage.write(report, layout: page.layout, document: page.document, options: options, to: path)
    }
}

extension AuditOutcome {
    /// The findings as the viewer's data carries them (`AuditPage.data`, the audit page's
    /// `"audit"`), each tied to its layer among `screen`'s layers: what the served page's Audit
    /// toggle shows over the screen's own page (`hierarchy serve`'s `GET /audit`).
    public func viewerData(of screen: Screen) -> OrderedJSON {
        AuditPage.data(report, layout: screen.layout)
    }
}
