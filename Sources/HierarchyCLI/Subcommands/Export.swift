import ArgumentParser
import Foundation
import HierarchyExport
import HierarchyFormats
import HierarchyRender

/// `hierarchy export`: the exploded stack as a 3D scene for Blender and other tools, or as data.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the exploded stack as a glTF 2.0 scene (gltf, glb), as the layout JSON with its textures (json), or as an interactive viewer in one HTML file (html).",
        discussion: """
            gltf writes PATH (.gltf) with PATH's name .bin and a textures folder beside it; glb writes one \
            self-contained file; json writes the document of 'layout --format json' with each texture in a \
            textures folder beside it. The scene has one node per layer, nested as the view tree, with the \
            camera render would use with the same options; docs/gltf.md describes it. html writes one page that \
            any browser opens offline, textures inside, at most \(HTMLViewer.defaultMaxTextureSize) px a side unless --max-texture says otherwise; \
            --yaw, --pitch, --spacing, --min-depth and --max-depth set its first view (docs/viewer.md). \
            The output is written beside the target and moved into place at the end.
            """)

    /// The output formats. A new one is a case here and a branch in `run()`.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case gltf, glb, json, html

        /// The format a file name's extension stands for, if any.
        init?(fileName: String) {
            self.init(rawValue: (fileName as NSString).pathExtension.lowercased())
        }
    }

    @OptionGroup var input: InputOptions
    @OptionGroup var layout: LayoutOptionGroup
    @OptionGroup var synthesis: SynthesisOptions
    @OptionGroup var camera: CameraOptionGroup

    @Option(help: "gltf, glb, json or html; by default the output's extension.")
    var format: Format?

    @Option(name: .shortAndLong, help: "The file to write; missing folders are created.")
    var output: String

    @Option(help: "Metres per point in the scene; the default 0.0005 (half a millimetre) makes a phone screen about 0.4 m tall.")
    var units: Double = ExportOptions.defaultMetresPerPoint

    @OptionGroup var force: ForceOption

    func validate() throws {
        guard units.isFinite && units > 0 else { throw ValidationError("--units must be a number of metres per point > 0, got \(units)") }
        let format = try resolvedFormat()
        if format == .json && (camera.minDepth != nil || camera.maxDepth != nil) {
            throw ValidationError("--min-depth and --max-depth choose what gltf and glb draw; json writes the whole layout, as 'layout --format json' does")
        }
    }

    func run() throws {
        let format = try resolvedFormat()
        try exportOptions().validate()  // every format, json too, before anything is read
        var document = try input.load()
        try synthesis.apply(to: &document)
        let result = try document.layout(format == .html ? layout.options(defaultMaxTexture: HTMLViewer.defaultMaxTextureSize) : layout.options)
        // Only the scene formats leave out the layers outside the depth range.
        let range = exportOptions().render, scene = format == .gltf || format == .glb
        if !result.layers.contains(where: { !scene || range.includes(depth: $0.depth) }) {
            Console.warn("\(input.tree): nothing to export (every view is hidden, excluded or outside the depth range)")
        }
        switch format {
        case .gltf, .glb:
            let container: GLTFExport.Container = format == .glb ? .glb : .gltf
            try GLTFExport.write(result, from: document, to: output, container: container, options: exportOptions(), replace: force.force)
        case .json:
            try JSONExport.write(result, from: document, to: output, replace: force.force)
        case .html:
            try HTMLExport.write(result, from: document, to: output, options: HTMLExport.viewerOptions(exportOptions().render, document: document), replace: force.force)
        }
    }

    /// `--format`, or the one the output's extension names.
    private func resolvedFormat() throws -> Format {
        if let format { return format }
        guard let inferred = Format(fileName: output) else {
            throw ValidationError("cannot tell the format from '\(output)': add --format gltf, glb, json or html")
        }
        return inferred
    }

    /// The camera options, the scale, and the output's name for the scene.
    private func exportOptions() -> ExportOptions {
        var options = ExportOptions()
        camera.apply(to: &options.render)
        options.metresPerPoint = units
        let name = ((output as NSString).lastPathComponent as NSString).deletingPathExtension
        if !name.isEmpty { options.sceneName = name }
        return options
    }
}
