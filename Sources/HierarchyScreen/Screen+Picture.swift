import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import HierarchySource

/// `render`'s picture of a screen, and `pick`'s question about it.
extension Screen {
    /// Draws the exploded stack as `request` asks (`renderOptions(for:)`), with the label tags
    /// when it asks for them; `progress` is told of each texture the renderer takes.
    /// - Throws: `RenderError` for options the renderer refuses; `InputError` for a texture that
    ///   cannot be read or a `highlightID` no drawn layer has; `TextError` when tags have no font.
    public func picture(_ request: PictureRequest, progress: (@Sendable () -> Void)? = nil) throws -> Rendering {
        let options = renderOptions(for: request)
        try layout.requireLayer(options.highlightID, option: "--highlight")
        let renderer = try Renderer(options: options)
        let textures = document.textures(for: layout)
        var rendering = try progress.map { try renderer.render(layout, textures: ObservedTextures(textures, observer: $0)) }
            ?? renderer.render(layout, textures: textures)
        if request.labels != .none && options.style != .contents {
            try LabelOverlay.draw(request.labels, layout: layout, rendering: rendering, spacing: options.spacing, onto: &rendering.image)
        }
        return rendering
    }

    /// The frontmost layer at the pixel (`x`, `y`) of the picture `request` draws, or nil.
    /// - Throws: `RenderError` for options the renderer refuses; `InputError` naming `--at` for a
    ///   pixel outside the picture.
    public func pick(x: Double, y: Double, _ request: PictureRequest) throws -> Layer? {
        let options = renderOptions(for: request)
        let renderer = try Renderer(options: options)
        guard x >= 0, y >= 0, x < Double(options.size.width), y < Double(options.size.height) else {
            throw InputError(location: "--at", "\(JSONText.number(x)),\(JSONText.number(y)) is outside the \(options.size.width)x\(options.size.height) picture")
        }
        return renderer.pick(layout, x: x, y: y)?.layer
    }
}

extension Layout {
    /// Checks that `id` names a layer of this layout, for options like `--highlight`.
    public func requireLayer(_ id: String?, option: String) throws(InputError) {
        guard let id, layer(withID: id) == nil else { return }
        throw InputError(location: option, "no drawn layer has the id '\(id)'")
    }
}
