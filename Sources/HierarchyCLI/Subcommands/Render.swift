import ArgumentParser
import Foundation
import HierarchyFormats
import HierarchyImaging
import HierarchyModel
import HierarchyRender
import HierarchySource

/// `hierarchy render`: the exploded stack drawn into a PNG.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw the exploded 3D stack into a PNG.",
        discussion: "Without -o the picture goes to Output/<name of the tree's folder>.png. --yaw 0 --pitch 0 --projection orthographic looks straight at the screen.")

    @OptionGroup var input: InputOptions
    @OptionGroup var layout: LayoutOptionGroup
    @OptionGroup var synthesis: SynthesisOptions
    @OptionGroup var camera: CameraOptionGroup
    @OptionGroup var look: LookOptionGroup

    @Option(name: .shortAndLong, help: "The PNG to write.")
    var output: String?

    @Option(help: "PNG compression: fast, or small (slower, for pictures to keep).")
    var pngCompression: PNGCompressionChoice = .fast

    func run() throws {
        let path = output ?? RenderCommand.defaultOutput(for: input.tree)
        try input.refuseOverwritingInput(path)
        var clock = PhaseClock()
        var document = try input.load()
        try synthesis.apply(to: &document)
        clock.lap("load")
        let result = try document.layout(layout.options)
        clock.lap("layout")
        var options = RenderOptions()
        camera.apply(to: &options)
        look.apply(to: &options)
        try result.requireLayer(look.highlight, option: "--highlight")
        let renderer = try Renderer(options: options)
        let progress = ProgressReport(total: result.layers.count, label: "rendering")
        defer { progress.finish() }
        let textures = document.textures(for: result)
        // The renderer asks once for each layer's texture: one step of progress each.
        let rendering = try renderer.render(result, textures: ObservedTextures(textures) { progress.advance() })
        clock.lap("render")
        var image = rendering.image
        if look.labels != .none && options.style != .contents {
            try LabelOverlay.draw(look.labels, layout: result, rendering: rendering, spacing: options.spacing, onto: &image)
            clock.lap("labels")
        }
        if rendering.isEmpty { Console.warn("\(input.tree): nothing to draw (every view is hidden, excluded or outside the depth range): the picture is the background alone") }
        try PNG.write(image, to: path, compression: pngCompression.compression)
        clock.lap("encode")
        clock.report()
    }

    /// `Output/<name of the tree's folder>.png`.
    static func defaultOutput(for tree: String) -> String {
        let url = URL(fileURLWithPath: tree)
        var name = url.deletingLastPathComponent().lastPathComponent
        if name.isEmpty || name == "/" || name == "." { name = url.deletingPathExtension().lastPathComponent }
        return "Output/\(name).png"
    }
}

/// `--png-compression`.
enum PNGCompressionChoice: String, ExpressibleByArgument, CaseIterable {
    case fast, small

    var compression: PNGCompression { self == .fast ? .fast : .small }
}
