import ArgumentParser
import Foundation
import HierarchyDevice
import HierarchyFormats
import HierarchyImaging
import HierarchyModel
import HierarchyScreen

extension DumpFormat: ExpressibleByArgument {}
extension ScreenshotSlicer.Holes: ExpressibleByArgument {}

/// The tree to read, and how.
struct InputOptions: ParsableArguments {
    @Argument(help: "The view-hierarchy document (tree.json), a capture folder (hierarchy capture), adb:[SERIAL] or webdriver:URL (a screen taken now), or a dump: \(DumpFormat.titles) (also inside a log, a JUnit report or a test failure, or HTML-escaped).")
    var tree: String

    @Option(help: "A PNG screenshot of the screen (as UI-test runs save beside the page source): each layer's texture becomes the part of it the layer owns.")
    var screenshot: String?

    @OptionGroup var reading: ReadingOptions

    func validate() throws {
        // A capture folder and a screen taken now bring their screenshot.
        let bringsScreenshot = DeviceSource.parse(input: tree) != nil || CaptureFolder.contents(of: tree)?.screenshot != nil
        if reading.holes != nil && screenshot == nil && !bringsScreenshot { throw ValidationError("--holes applies to the slices of --screenshot; give a screenshot or leave it out") }
    }

    /// The output rule (`OutputRule`) with this input protected; `force` allows replacing other files.
    func outputRule(_ force: ForceOption) -> OutputRule {
        OutputRule(replace: force.force, inputs: [tree] + (screenshot.map { [$0] } ?? []))
    }

    /// Reads the tree and reports what the reader passed over.
    func load() throws -> LoadedDocument {
        try reading.load(tree, screenshot: screenshot)
    }

    /// Reads the tree (reporting what the reader passed over) and lays it out as a screen,
    /// synthesizing textures when asked.
    func open(_ layout: LayoutOptions, synthesize: Bool = false) throws -> Screen {
        let document = try load()
        return try Screen(document, options: reading.screenOptions(layout, screenshot: document.screenshotFile, synthesize: synthesize))
    }
}

/// How inputs are read, for every input of a command (both captures of `diff`, every screen of
/// `report`): the options that do not name a file.
struct ReadingOptions: ParsableArguments {
    @Option(name: .customLong("from"), help: "The dump's format, when it should not be detected from the content: \(DumpFormat.names).")
    var format: DumpFormat?

    @Option(help: "Dumps in pixels (uiautomator, Espresso, Compose, Detox on Android without its density, Maestro and Sentry on Android): pixels per point (the screen density), e.g. 2.75. (default: 1)")
    var density: Double?

    @Option(help: "A file holding several hierarchies (a log of two failures): which one to read, from 1. The first by default.")
    var index: Int?

    @Flag(help: "Appium dumps: hide elements WebDriverAgent marks visible=\"false\" (a guess, not UIKit's hidden).")
    var respectVisible = false

    @Option(help: "With a screenshot: what a layer shows where views in front of it covered the screenshot: fill (from the layer's own pixels around them, so it looks like its view drawn alone) or keep (transparent holes).")
    var holes: ScreenshotSlicer.Holes?

    @Flag(help: "Allow snapshot paths that are absolute or lead out of the document's folder.")
    var allowOutsidePaths = false

    @Option(help: ArgumentHelp("Read input files of up to this many megabytes (by default 256 for documents, dumps and PNGs, 512 for JUnit reports and logs; docs/limits.md).", valueName: "MB"))
    var maxInputSize: Int?

    func validate() throws {
        if let density, !(density.isFinite && density > 0) { throw ValidationError("--density must be a number > 0, got \(density)") }
        if let index, index < 1 { throw ValidationError("--index must be 1 or more, got \(index)") }
        if let maxInputSize, !(1...(1 << 20)).contains(maxInputSize) { throw ValidationError("--max-input-size must be 1 to 1048576 megabytes, got \(maxInputSize)") }
        // Every file this command reads is bounded by it, wherever it is read (InputLimit).
        InputLimit.raise(to: maxInputSize.map { $0 << 20 })
    }

    /// How to load an input, with `screenshot` cut into its textures when given.
    func loadOptions(screenshot: String? = nil) -> LoadOptions {
        LoadOptions(
            allowOutsidePaths: allowOutsidePaths, format: format,
            importOptions: ImportOptions(density: density ?? 1, respectVisible: respectVisible, index: index), screenshot: screenshot,
            holes: holes ?? .fill)
    }

    /// How a screen is read and laid out.
    func screenOptions(_ layout: LayoutOptions, screenshot: String? = nil, synthesize: Bool = false) -> ScreenOptions {
        ScreenOptions(reading: loadOptions(screenshot: screenshot), layout: layout, synthesize: synthesize)
    }

    /// Reads the input at `path` (reporting what the reader passed over) and lays it out as a screen.
    func open(_ path: String, screenshot: String?, layout: LayoutOptions) throws -> Screen {
        let document = try load(path, screenshot: screenshot)
        return try Screen(document, options: screenOptions(layout, screenshot: document.screenshotFile))
    }

    /// Reads the tree at `path` (a file, a capture folder, `adb:[SERIAL]` or `webdriver:URL`,
    /// see `InputResolution`) and reports what the reader passed over.
    func load(_ path: String, screenshot: String?) throws -> LoadedDocument {
        let (file, screenshot) = try InputResolution.resolve(path, screenshot: screenshot)
        let document = try LoadedDocument.load(file, options: loadOptions(screenshot: screenshot))
        for warning in document.warnings { Console.warn("\(path): \(warning)") }
        return document
    }
}

/// `--force`, the one switch of the rule every output follows (`OutputRule`): an output that
/// exists is replaced only with it, and an input never.
struct ForceOption: ParsableArguments {
    @Flag(help: "Replace output files that exist (an input of the command is never replaced).")
    var force = false
}
