import HierarchyLoading
import HierarchyModel
import HierarchyRender

/// The straight-on rule, in one place for `render`, `pick`, `--expect`, the report's thumbnails
/// and the snapshot strategy: looking straight at the screen (yaw 0, pitch 0, orthographic), a
/// picture shows it as the app did.
extension Screen {
    /// The render options that draw `request`:
    /// - its size: `request.size`, or straight on the drawn layers at
    ///   `RenderOptions.straightOnDensity` pixels a point (at most `straightOnLongestSide` a side),
    ///   or else `request.options.size`;
    /// - its margin: `request.margin`, or 0 straight on for a screen without pictures (a dump's
    ///   picture is then its screen edge to edge, as a screenshot: a dark frame round a light page
    ///   hides the page's words from a reader such as OCR), or else `request.options.margin`;
    /// - straight on, the synthesized text layers of a screen without pictures drawn without an
    ///   outline, as the app draws a label (a box tight round words reads as letters).
    public func renderOptions(for request: PictureRequest) -> RenderOptions {
        var options = request.options
        let straightOn = options.isStraightOn
        if let margin = request.margin {
            options.margin = margin
        } else if straightOn && document.hasNoPictures {
            options.margin = 0
        }
        if let size = request.size {
            options.size = size
        } else if straightOn {
            options.size = options.straightOnSize(for: layout, unitsPerPoint: document.unitsPerPoint)
        }
        if straightOn && request.unboxedText {
            for index in document.unboxedTextLayers(in: layout) { options.layerStyles[index] = Screen.unboxed }
        }
        return options
    }

    /// A layer drawn without its outline.
    static let unboxed = LayerStyle(outlineColor: RenderOptions.transparent)
}
