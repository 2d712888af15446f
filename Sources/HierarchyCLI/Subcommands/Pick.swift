import ArgumentParser
import Foundation
import HierarchyFormats
import HierarchyLayout
import HierarchyModel
import HierarchyRender

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
        let document = try input.load()
        let result = try document.layout(layout.options)
        var options = RenderOptions()
        camera.apply(to: &options)
        options = camera.sized(options, for: result, unitsPerPoint: document.unitsPerPoint, hasNoPictures: document.hasNoPictures)
        let renderer = try Renderer(options: options)
        guard at.x >= 0, at.y >= 0, at.x < Double(options.size.width), at.y < Double(options.size.height) else {
            throw InputError(location: "--at", "\(at.text) is outside the \(options.size.width)x\(options.size.height) picture")
        }
        let hit = renderer.pick(result, x: at.x, y: at.y)
        switch format {
        case .json: Console.document(OrderedJSON.object([("hit", hit.map { PickCommand.json($0.layer) } ?? .null)]).text())
        case .text: Console.out(hit.map { PickCommand.text($0.layer) } ?? "no layer at \(at.text)")
        }
    }

    static func json(_ layer: Layer) -> OrderedJSON {
        var keys: [(String, OrderedJSON)] = [("id", .string(layer.id)), ("class", .string(layer.className))]
        if let name = layer.name { keys.append(("name", .string(name))) }
        if let text = layer.text { keys.append(("text", .string(text))) }
        if let controller = layer.viewController { keys.append(("viewController", LayoutDocument.controllerJSON(controller))) }
        if !layer.attributes.isEmpty { keys.append(("attributes", TreeDocument.attributes(layer.attributes))) }
        keys += [("depth", .number(Double(layer.depth))), ("frame", TreeDocument.rect(layer.frame))]
        return .object(keys)
    }

    static func text(_ layer: Layer) -> String {
        let f = layer.frame
        let name = (layer.name.map { "; name = '\($0)'" } ?? "") + (layer.text.map { "; text = '\($0)'" } ?? "")
            + (layer.viewController.map { "; viewController = \($0.summary)" } ?? "")
        return "<\(layer.className): \(layer.id)\(name); depth = \(layer.depth); frame = (\(JSONText.number(f.x)) \(JSONText.number(f.y)); \(JSONText.number(f.width)) \(JSONText.number(f.height)))>"
    }
}

/// `X,Y` in pixels (fractions allowed).
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
