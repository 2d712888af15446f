import Foundation
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import HierarchySource

/// `export --format html`: the viewer page written to a file, staged and moved into place.
public enum HTMLExport {
    /// The page's first view from the render options (yaw, pitch, spacing, depth range, style);
    /// its title is the document's folder name, or its file name for a file at the top.
    public static func viewerOptions(_ render: RenderOptions, document: some CaptureSource) -> HTMLViewerOptions {
        let file = URL(fileURLWithPath: document.file)
        var title = file.deletingLastPathComponent().lastPathComponent
        if title.isEmpty || title == "/" || title == "." || file.pathExtension != "json" { title = file.lastPathComponent }
        var options = HTMLViewerOptions(title: title, yaw: render.yaw, pitch: render.pitch, spacing: render.spacing, style: render.style)
        (options.minDepth, options.maxDepth) = (render.minDepth, render.maxDepth)
        options.source = document.file
        options.dumpLines = document.readDumpLines()
        return options
    }

    /// Writes the page for `layout` to `path`, with the textures read from `document`.
    /// - Throws: `RenderError` for a first view out of range (`HTMLViewerOptions.validate()`), as
    ///   the glTF export does; `InputError` for a snapshot that cannot be read, an output that exists
    ///   (unless `replace`), is the input, or cannot be written.
    /// `annotations`: keys the page's data carries besides the layout (`find`'s locators and answer).
    public static func write(
        _ layout: Layout, from document: some CaptureSource, to path: String, options: HTMLViewerOptions, replace: Bool,
        annotations: HTMLViewerAnnotations? = nil
    ) throws {
        try options.validate()
        let destination = ExportDestination(path: path, replace: replace)
        try destination.check(protecting: document.inputFiles)
        let page = try HTMLViewer.page(for: layout, textures: document.textures(for: layout), options: options, annotations: annotations)
        try destination.write { (staging) throws(InputError) in
            try staging.write(Array(page.utf8), to: destination.name)
        }
    }
}
