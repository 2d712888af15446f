import ArgumentParser
import Foundation
import HierarchyDiff
import HierarchyExport
import HierarchyFormats
import HierarchyImaging
import HierarchyImport
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender

extension DiffOptions.Matching: ExpressibleByArgument {}

/// `hierarchy diff`: what changed between two captures of a screen, as text, JSON, a picture or
/// a page. The exit status is diff(1)'s: 0 same, 1 different, 2 bad input.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between two captures of a screen: views that moved, grew, vanished or appeared, or changed their pixels, alpha or visibility.",
        discussion: """
            Views are paired by id when both captures give the same ids, otherwise by structure (so that \
            dumps from two runs, whose ids are index paths, compare well). Each changed view gets words: \
            moved, resized, scrolled, alpha, hidden, content, class, name, text, background, clips, \
            transform, attributes, order, depth. -o PICTURE.png draws the AFTER stack with unchanged views \
            dimmed, added ones outlined green, changed ones amber (with a ghost where moved or resized ones \
            were) and removed ones as red ghosts; -o PAGE.html writes the viewer with a Before/After switch \
            and the changes listed. Exit status: 0 when nothing changed, 1 when something did, 2 for bad input.
            """)

    enum ReportFormat: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: "The capture before: a view-hierarchy document (tree.json) or a dump.")
    var before: String

    @Argument(help: "The capture after, of the same kind.")
    var after: String

    @Option(help: "A PNG screenshot of BEFORE's screen, cut into its views' pictures.")
    var beforeScreenshot: String?

    @Option(help: "A PNG screenshot of AFTER's screen, cut into its views' pictures.")
    var afterScreenshot: String?

    @Option(help: "With a screenshot: what a layer shows where views in front of it covered the screenshot: fill (from the layer's own pixels around them) or keep (transparent holes).")
    var holes: ScreenshotSlicer.Holes?

    @Option(name: .customLong("from"), help: "The dumps' format, when it should not be detected from the content.")
    var dumpFormat: DumpFormat?

    @Option(help: "Android dumps: pixels per point (the screen density), e.g. 2.75.")
    var density: Double = 1

    @Flag(help: "Appium dumps: hide elements WebDriverAgent marks visible=\"false\".")
    var respectVisible = false

    @Flag(help: "Allow snapshot paths that are absolute or lead out of the document's folder.")
    var allowOutsidePaths = false

    @Option(help: "How views are paired: auto (by id where both captures share their ids, else by structure), ids, or structure.")
    var match: DiffOptions.Matching = .auto

    @Option(help: "The report on standard output: text (one line per change) or json.")
    var format: ReportFormat = .text

    @Option(name: .shortAndLong, help: "Also draw the changes: a .png picture of the exploded AFTER stack, or an .html page (the viewer with a Before/After switch and the changes listed).")
    var output: String?

    @OptionGroup var layout: LayoutOptionGroup
    @OptionGroup var camera: CameraOptionGroup

    func validate() throws {
        guard density.isFinite && density > 0 else { throw ValidationError("--density must be a number > 0, got \(density)") }
        if holes != nil && beforeScreenshot == nil && afterScreenshot == nil {
            throw ValidationError("--holes applies to the slices of a screenshot; give --before-screenshot or --after-screenshot, or leave it out")
        }
        if let output, !output.lowercased().hasSuffix(".png"), !isPage {
            throw ValidationError("-o must name a .png or .html file, got '\(output)'")
        }
    }

    /// Whether -o names a page rather than a picture.
    var isPage: Bool { output.map { $0.lowercased().hasSuffix(".html") } ?? false }

    func run() throws {
        let different: Bool
        do {
            different = try compare()
        } catch let error as InputError {
            Console.error("error: \(error)")
            throw ExitCode(2)
        } catch let error as RenderError {
            Console.error("error: \(error)")
            throw ExitCode(2)
        }
        if different { throw ExitCode(1) }
    }

    /// Compares the captures, prints the report, draws the picture; true when something changed.
    private func compare() throws -> Bool {
        let render = try camera.checkedOptions()  // with a picture or without
        try refuseOverwritingInputs()
        let (captureB, captureA) = (try load(before, screenshot: beforeScreenshot), try load(after, screenshot: afterScreenshot))
        // A page keeps its textures to the viewer's size, as export --format html does.
        let options = isPage ? layout.options(defaultMaxTexture: HTMLViewer.defaultMaxTextureSize) : layout.options
        let layoutB = try laidOut(captureB, options), layoutA = try laidOut(captureA, options)
        let matching = TreeMatcher.match(captureB.tree, captureA.tree, options: DiffOptions(matching: match))
        var content = ContentComparison(before: captureB, after: captureA, beforeLayout: layoutB, afterLayout: layoutA)
        let differing = try content.differingPairs(matching)
        let diff = TreeDiff.compute(captureB.tree, captureA.tree, beforeLayout: layoutB, afterLayout: layoutA,
                                    matching: matching, contentDiffers: { b, _ in differing.contains(b) })
        Console.out(format == .json ? DiffDocument.encode(diff) : DiffText.render(diff, before: captureB.tree, after: captureA.tree))
        if let output, isPage {
            var page = HTMLExport.viewerOptions(render, document: captureA)
            page.title = "diff " + page.title
            try DiffPage.write(diff, before: captureB, after: captureA, beforeLayout: layoutB, afterLayout: layoutA, options: page, to: output)
        } else if let output {
            try DiffPicture.draw(DiffScene(diff, before: layoutB, after: layoutA), document: captureA, camera: camera, to: output)
        }
        return !diff.isEmpty
    }

    private func load(_ path: String, screenshot: String?) throws(InputError) -> LoadedDocument {
        let options = LoadOptions(
            allowOutsidePaths: allowOutsidePaths, format: dumpFormat,
            importOptions: ImportOptions(density: density, respectVisible: respectVisible), screenshot: screenshot,
            holes: holes ?? .fill)
        let capture = try LoadedDocument.load(path, options: options)
        for warning in capture.warnings { Console.warn("\(path): \(warning)") }
        return capture
    }

    private func laidOut(_ capture: LoadedDocument, _ options: LayoutOptions) throws(InputError) -> Layout {
        do {
            return try capture.layout(options)
        } catch {
            throw error.inFile(capture.file)
        }
    }

    /// The picture is never written over an input.
    private func refuseOverwritingInputs() throws(InputError) {
        guard let output else { return }
        func real(_ path: String) -> String { URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path }
        for input in [before, after, beforeScreenshot, afterScreenshot].compactMap({ $0 }) where real(input) == real(output) {
            throw InputError(file: output, "is an input of this command; choose another output")
        }
    }
}
