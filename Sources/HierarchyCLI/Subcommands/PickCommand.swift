import ArgumentParser
import Foundation
import HierarchyFormats
import HierarchyModel
import HierarchyScreen

/// `hierarchy pick`: which layer is frontmost at a pixel of the picture `render` would draw.
struct PickCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pick",
        abstract: "Name the frontmost layer at a pixel of the picture render draws with the same options.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup var input: InputOptions
    @OptionGroup var layout: LayoutOptionGroup
    @OptionGroup var camera: CameraOptionGroup

    @Option(help: "The pixel, X,Y from the picture's top left.")
    var at: PixelPoint

    @Option(help: "text or json.")
    var format: Format = .text

    func run() throws {
        let screen = try input.open(layout.options)
        let hit = try screen.pick(x: at.x, y: at.y, camera.request())
        switch format {
        case .json: Console.document(OrderedJSON.object([("hit", hit.map(LayerSummary.json) ?? .null)]).text())
        case .text: Console.out(hit.map(LayerSummary.text) ?? TerminalText.line("no layer at \(at.text)"))
        }
    }
}

struct PixelPoint: ExpressibleByArgument {
    var x: Double, y: Double

    init?(argument: String) {
        let parts = argument.split(separator: ",")
        guard parts.count == 2, let x = Double(parts[0].trimmingCharacters(in: .whitespaces)),
              let y = Double(parts[1].trimmingCharacters(in: .whitespaces)), x.isFinite, y.isFinite else { return nil }
        (self.x, self.y) = (x, y)
    }

    var text: String { "\(JSONText.number(x)),\(JSONText.number(y))" }
}
