import ArgumentParser
import Foundation
import HierarchyFormats
import HierarchyImaging
import HierarchyModel
import HierarchyScreen

extension DiffOptions.Matching: ExpressibleByArgument {}

/// `hierarchy diff`: what changed between two captures of a screen, as text, JSON, a picture or
/// a page. The exit status is diff(1)'s: 0 same, 1 different, 2 bad input.
struct DiffCommand: VerdictCommand {
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

    @OptionGroup var reading: ReadingOptions

    @Option(help: "How views are paired: auto (by id where both captures share their ids, else by structure), ids, or structure.")
    var match: DiffOptions.Matching = .auto

    @Option(help: "The report on standard output: text (one line per change) or json.")
    var format: ReportFormat = .text

    @Option(name: .shortAndLong, help: "Also draw the changes: a .png picture of the exploded AFTER stack, or an .html page (the viewer with a Before/After switch and the changes listed).")
    var output: String?

    @OptionGroup var layout: LayoutOptionGroup
    @OptionGroup var camera: CameraOptionGroup
    @OptionGroup var force: ForceOption

    func validate() throws {
        if reading.holes != nil && beforeScreenshot == nil && afterScreenshot == nil {
            throw ValidationError("--holes applies to the slices of a screenshot; give --before-screenshot or --after-screenshot, or leave it out")
        }
        if let output, OutputKind(path: output) == nil {
            throw ValidationError("-o must name a .png or .html file, got '\(output)'")
        }
    }

    /// Whether -o names a page rather than a picture.
    var isPage: Bool { output.flatMap(OutputKind.init(path:)) == .page }

    func run() throws {
        let render = try camera.checkedOptions()  // with a picture or without
        // A page keeps its textures to the viewer's size, as export --format html does.
        let options = layout.options(defaultMaxTexture: isPage ? ExportFormat.html.defaultMaxTextureSize : LayoutOptions.defaultMaxTextureSize)
        // Each side is read as every command reads its input.
        let (screenB, screenA) = (try reading.open(before, screenshot: beforeScreenshot, layout: options),
                                  try reading.open(after, screenshot: afterScreenshot, layout: options))
        let rule = OutputRule(replace: force.force, inputs: screenB.inputFiles + screenA.inputFiles)
        if let output { try rule.check(output) }
        let outcome = try screenB.compare(with: screenA, matching: match)
        if format == .json { Console.document(outcome.json) } else { Console.out(outcome.text) }
        if let output, isPage {
            try outcome.writePage(to: output, camera: render, rule: rule)
        } else if let output {
            try outcome.writePicture(to: output, camera: render, rule: rule)
        }
        try finish(outcome)
    }
}
