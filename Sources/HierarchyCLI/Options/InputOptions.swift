import ArgumentParser
import Foundation
import HierarchyFormats
import HierarchyImaging
import HierarchyImport
import HierarchyLoading
import HierarchyModel

extension DumpFormat: ExpressibleByArgument {}
extension ScreenshotSlicer.Holes: ExpressibleByArgument {}

/// The tree to read, and how.
struct InputOptions: ParsableArguments {
    @Argument(help: "The view-hierarchy document (tree.json) or a dump: recursiveDescription text, Appium XML, uiautomator XML, XCUITest debugDescription, Espresso view hierarchy, Maestro hierarchy, Sentry view-hierarchy.json (also inside a log or JUnit report).")
    var tree: String

    @Option(name: .customLong("from"), help: "The dump's format, when it should not be detected from the content.")
    var format: DumpFormat?

    @Option(help: "Dumps in pixels (uiautomator, Espresso, Maestro and Sentry on Android): pixels per point (the screen density), e.g. 2.75.")
    var density: Double = 1

    @Option(help: "A file holding several hierarchies (a log of two failures): which one to read, from 1. The first by default.")
    var index: Int?

    @Flag(help: "Appium dumps: hide elements WebDriverAgent marks visible=\"false\" (a guess, not UIKit's hidden).")
    var respectVisible = false

    @Option(help: "A PNG screenshot of the screen (as UI-test runs save beside the page source): each layer's texture becomes the part of it the layer owns.")
    var screenshot: String?

    @Option(help: "With --screenshot: what a layer shows where views in front of it covered the screenshot: fill (from the layer's own pixels around them, so it looks like its view drawn alone) or keep (transparent holes).")
    var holes: ScreenshotSlicer.Holes?

    @Flag(help: "Allow snapshot paths that are absolute or lead out of the document's folder.")
    var allowOutsidePaths = false

    func validate() throws {
        guard density.isFinite && density > 0 else { throw ValidationError("--density must be a number > 0, got \(density)") }
        if let index, index < 1 { throw ValidationError("--index must be 1 or more, got \(index)") }
        if holes != nil && screenshot == nil { throw ValidationError("--holes applies to the slices of --screenshot; give a screenshot or leave it out") }
    }

    /// Throws when `output` is one of the input files: the input is never overwritten.
    func refuseOverwritingInput(_ output: String?) throws(InputError) {
        guard let output else { return }
        func real(_ path: String) -> String { URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path }
        let target = real(output)
        for input in [tree, screenshot].compactMap({ $0 }) where real(input) == target {
            throw InputError(file: output, "is an input of this command; choose another output")
        }
    }

    /// Reads the tree and reports what the reader passed over.
    func load() throws(InputError) -> LoadedDocument {
        let options = LoadOptions(
            allowOutsidePaths: allowOutsidePaths, format: format,
            importOptions: ImportOptions(density: density, respectVisible: respectVisible, index: index), screenshot: screenshot,
            holes: holes ?? .fill)
        let document = try LoadedDocument.load(tree, options: options)
        for warning in document.warnings { Console.warn("\(tree): \(warning)") }
        return document
    }
}
