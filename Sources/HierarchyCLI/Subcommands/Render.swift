import ArgumentParser
import Foundation
import HierarchyDevice
import HierarchyFormats
import HierarchyGolden
import HierarchyImaging
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import HierarchySource

/// `hierarchy render`: the exploded stack drawn into a PNG.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw the exploded 3D stack into a PNG.",
        discussion: """
            Without -o the picture goes to Output/<name of the tree's folder>.png; a picture that exists is \
            replaced only with --force, an input never. --yaw 0 --pitch 0 \
            --projection orthographic looks straight at the screen. --expect GOLDEN.png compares the \
            picture with a golden instead (exit status 0 when it matches, 1 when not, 2 for bad input), \
            writing GOLDEN.actual.png and GOLDEN.diff.png beside it when not; --record writes the golden, \
            with the view tree inside it so that a later mismatch names the views that changed.
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var layout: LayoutOptionGroup
    @OptionGroup var synthesis: SynthesisOptions
    @OptionGroup var camera: CameraOptionGroup
    @OptionGroup var look: LookOptionGroup

    @Option(name: .shortAndLong, help: "The PNG to write.")
    var output: String?

    @OptionGroup var force: ForceOption

    @Option(help: "PNG compression: fast, or small (slower, for pictures to keep).")
    var pngCompression: PNGCompressionChoice = .fast

    @OptionGroup var golden: GoldenOptionGroup

    func validate() throws {
        try golden.validate()
    }

    func run() throws {
        let rule = input.outputRule(force)
        if let expect = golden.expect {
            return try golden.run(expect: expect, output: output, compression: pngCompression.compression) { () throws in
                var clock = PhaseClock()
                let (image, document) = try render(&clock) { (document) throws(InputError) in
                    try golden.checkOutputs(expect: expect, output: output, rule: rule.protecting(document.inputFiles))
                }
                clock.report()
                return Golden(image: image, tree: document.tree)
            }
        }
        let path = output ?? RenderCommand.defaultOutput(for: input.tree)
        var clock = PhaseClock()
        let (image, _) = try render(&clock) { (document) throws(InputError) in try rule.protecting(document.inputFiles).check(path) }
        try PNG.write(image, to: path, compression: pngCompression.compression)
        clock.lap("encode")
        clock.report()
    }

    /// Loads, lays out and draws the stack (with label tags when asked), reporting the phases' times;
    /// `check` sees the document before anything is drawn (the outputs checked against its files).
    func render(_ clock: inout PhaseClock, check: (LoadedDocument) throws(InputError) -> Void) throws -> (image: RGBAImage, document: LoadedDocument) {
        var options = RenderOptions()
        camera.apply(to: &options)
        look.apply(to: &options)
        var document = try input.load()
        try check(document)
        try synthesis.apply(to: &document)
        clock.lap("load")
        let result = try document.layout(layout.options)
        clock.lap("layout")
        // Straight on without --size the picture's size comes from the layout.
        let sized = camera.sized(options, for: result, unitsPerPoint: document.unitsPerPoint, hasNoPictures: document.hasNoPictures)
        options = sized
        if options.yaw == 0 && options.pitch == 0 && options.projection == .orthographic {
            // Straight on, labels and captions are drawn as the app draws them, without a box.
            for index in document.unboxedTextLayers(in: result) { options.layerStyles[index] = RenderCommand.unboxed }
        }
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
        return (image, document)
    }

    /// A layer drawn without its outline.
    static let unboxed = LayerStyle(outlineColor: RenderOptions.transparent)

    /// `Output/<name of the tree's folder>.png`: a capture folder's own name; `adb.png`,
    /// `adb-SERIAL.png` or `webdriver.png` for a screen taken now.
    static func defaultOutput(for tree: String) -> String {
        switch DeviceSource.parse(input: tree) {
        case .adb(let serial)?: return "Output/adb\(serial.map { "-" + $0.replacingOccurrences(of: "/", with: "_") } ?? "").png"
        case .webdriver?: return "Output/webdriver.png"
        case nil: break
        }
        if CaptureFolder.contents(of: tree) != nil { return "Output/\(URL(fileURLWithPath: tree).lastPathComponent).png" }
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
