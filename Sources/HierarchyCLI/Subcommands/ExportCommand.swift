import ArgumentParser
import Foundation
import HierarchyFormats
import HierarchyScreen

extension ExportFormat: ExpressibleByArgument {}

/// `hierarchy export`: the exploded stack as a 3D scene for Blender and other tools, or as data.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the exploded stack as a 3D scene, a document or a page: \(ExportCommand.formatNames).",
        discussion: ExportFormat.allCases.map(\.summary).joined(separator: "; ") + ". The output is written beside the target and moved into place at the end.")

    @OptionGroup var input: InputOptions
    @OptionGroup var layout: LayoutOptionGroup
    @OptionGroup var synthesis: SynthesisOptions
    @OptionGroup var camera: CameraOptionGroup

    @Option(help: "\(ExportCommand.formatNames); by default the output's extension.")
    var format: ExportFormat?

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
        let screen = try input.open(layout.options(defaultMaxTexture: format.defaultMaxTextureSize), synthesize: synthesis.isOn)
        let outcome = try screen.export(as: format, to: output, options: exportOptions(), replace: force.force)
        if outcome.isEmpty { Console.warn("\(input.tree): nothing to export (every view is hidden, excluded or outside the depth range)") }
        try finish(outcome)
    }

    /// The formats' names, `gltf, glb, json or html`.
    static var formatNames: String {
        let names = ExportFormat.allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// `--format`, or the one the output's extension names.
    private func resolvedFormat() throws -> ExportFormat {
        if let format { return format }
        guard let inferred = ExportFormat(fileName: output) else {
            throw ValidationError("cannot tell the format from '\(output)': add --format \(ExportCommand.formatNames)")
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
