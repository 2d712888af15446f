import HierarchyFind
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyRender

/// The picture of `find`'s answer: the exploded stack with each match outlined (green when it can
/// be tapped, red when not), the views responsible for its reasons outlined amber, the nearest
/// views of a locator that matched nothing outlined blue, the other views dimmed.
public enum FindPicture {
    static let tappable = Color(red: 0x34, green: 0xC7, blue: 0x59)
    static let blocked = Color(red: 0xFF, green: 0x3B, blue: 0x30)
    static let responsible = Color(red: 0xFF, green: 0xA5, blue: 0x00)
    static let suggested = Color(red: 0x2E, green: 0x8F, blue: 0xFF)

    /// Draws `result` over `screen` as `request` looks at it.
    /// - Throws: `RenderError` for options the renderer refuses; `InputError` for a texture that cannot be read.
    public static func draw(_ result: FindResult, screen: Screen, request: PictureRequest) throws -> RGBAImage {
        let layout = screen.layout
        let marks = colours(result, layout: layout)
        var options = screen.renderOptions(for: request)
        for index in layout.layers.indices {
            if let colour = marks[layout.layers[index].id] {
                options.layerStyles[index] = LayerStyle(outlineColor: colour, outlineScale: 3)
            } else {
                options.layerStyles[index] = LayerStyle(opacity: 0.45, outlineColor: RenderOptions().outlineColor.withAlpha(0x30))
            }
        }
        return try Renderer(options: options).render(layout, textures: screen.document.textures(for: layout)).image
    }

    /// The outline colour of each view the answer names, by id: a match's colour wins over a
    /// responsible view's.
    static func colours(_ result: FindResult, layout: Layout) -> [String: Color] {
        var marks: [String: Color] = [:]
        for suggestion in result.suggestions { marks[suggestion.id] = suggested }
        for match in result.matches {
            for reason in match.reasons { if let by = reason.by, by != match.id { marks[by] = responsible } }
        }
        for match in result.matches { marks[match.id] = match.tappable ? tappable : blocked }
        return marks
    }
}

extension FindOutcome {
    /// The answer drawn over `screen` (`FindPicture`), written to `path` as a PNG.
    public func writePicture(of screen: Screen, request: PictureRequest, to path: String) throws {
        // Drawn as `render` draws the screen: a dump without pictures with its synthesized look.
        try PNG.write(FindPicture.draw(result, screen: screen.synthesized(), request: request), to: path)
    }
}
