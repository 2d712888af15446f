import ArgumentParser
import Foundation
import HierarchyDevice
import HierarchyFormats
import HierarchyImaging
import HierarchyModel
import HierarchyScreen

/// `hierarchy render`: the exploded stack drawn into a PNG.
struct RenderCommand: VerdictCommand {
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

    /// With `--expect` the exit status is an answer: 1 does not match, so trouble is 2.
    var givesVerdict: Bool { golden.expect != nil }
    /// A usage error in a comparison with a golden is status 2 too.
    static func verdictOnUsageErrors(_ arguments: [String]) -> Bool {
        arguments.contains { $0 == "--expect" || $0.hasPrefix("--expect=") }
    }

    func run() throws {
        let rule = input.outputRule(force)
        if let expect = golden.expect {
            var clock = PhaseClock()
            let screen = try open(&clock) { (document) throws(InputError) in
                try golden.checkOutputs(expect: expect, output: output, rule: rule.protecting(document.inputFiles))
            }
            let actual = try screen.golden(request)
            clock.lap("render")
            if let output { try PNG.write(actual.image, to: output, compression: pngCompression.compression) }
            let outcome = try actual.check(golden.request(expect))
            clock.report()
            Console.out(TerminalText.line("\(expect): \(outcome.summary)"))
            return try finish(outcome)
        }
        let path = output ?? RenderCommand.defaultOutput(for: input.tree)
        var clock = PhaseClock()
        let screen = try open(&clock) { (document) throws(InputError) in try rule.protecting(document.inputFiles).check(path) }
        let progress = ProgressReport(total: screen.layout.layers.count, label: "rendering")
        let rendering: Rendering
        do {
            defer { progress.finish() }
            // The renderer asks once for each layer's texture: one step of progress each.
            rendering = try screen.picture(request) { progress.advance() }
        }
        clock.lap("render")
        if rendering.isEmpty { Console.warn("\(input.tree): nothing to draw (every view is hidden, excluded or outside the depth range): the picture is the background alone") }
        try PNG.write(rendering.image, to: path, compression: pngCompression.compression)
        clock.lap("encode")
        clock.report()
    }

    /// Reads and lays out the screen, reporting the phases' times; `check` sees the document
    /// before anything is drawn (the outputs checked against its files).
    private func open(_ clock: inout PhaseClock, check: (LoadedDocument) throws(InputError) -> Void) throws -> Screen {
        let document = try input.load()
        try check(document)
        clock.lap("load")
        let screen = try Screen(document, options: input.reading.screenOptions(layout.options, screenshot: input.screenshot, synthesize: synthesis.isOn))
        clock.lap("layout")
        return screen
    }

    /// The picture asked for: the camera, the looks and the labels.
    private var request: PictureRequest { camera.request(look: look) }

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
