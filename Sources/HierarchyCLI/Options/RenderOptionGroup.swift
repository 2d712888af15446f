import ArgumentParser
import HierarchyModel
import HierarchyScreen

extension Projection: ExpressibleByArgument {}
extension RenderStyle: ExpressibleByArgument {}

/// The camera and the depth range: what `render`, `pick` and `export` share.
struct CameraOptionGroup: ParsableArguments {
    @Option(help: ArgumentHelp("Points between two depth levels (0 to \(Int(RenderOptions.maximumSpacing))).", valueName: "points"))
    var spacing: Double = RenderOptions().spacing

    @Option(help: "Draw only layers at this depth or deeper.")
    var minDepth: Int?

    @Option(help: "Draw only layers at this depth or shallower.")
    var maxDepth: Int?

    // Unconditional: negative angles (`--yaw -30`) are values, not options.
    @Option(parsing: .unconditional, help: "Orbit angle about the vertical axis, in degrees; 0 looks straight at the screen, 180 from behind.")
    var yaw: Double = RenderOptions().yaw

    @Option(parsing: .unconditional, help: "Orbit angle above the stack, in degrees; 0 looks level.")
    var pitch: Double = RenderOptions().pitch

    @Option(help: "perspective or orthographic (the default with --yaw 0 --pitch 0, which look straight at the screen, so that every layer lies over the views it covers in the app; perspective otherwise).")
    var projection: Projection?

    @Option(help: "Vertical field of view of the perspective camera, in degrees.")
    var fov: Double = RenderOptions().fov

    @Option(help: "Magnification over the fitted camera (2 shows the middle half).")
    var zoom: Double = 1

    @Option(help: ArgumentHelp("""
        Empty border around everything drawn, as a fraction of the picture's smaller side (default \(RenderOptions().margin); \
        0 straight on (--yaw 0 --pitch 0, orthographic) for a dump without pictures, whose picture is then its screen edge to edge, as a screenshot).
        """, valueName: "margin"))
    var margin: Double?

    @Option(help: ArgumentHelp("""
        The picture size, WIDTHxHEIGHT in pixels (at most \(RenderOptions.maxSide) a side; default \(PictureSize(RenderOptions().size).defaultValueDescription), \
        or for render and pick straight on (--yaw 0 --pitch 0, orthographic) the screen at \(Int(RenderOptions.straightOnDensity)) pixels a point, \
        at most \(RenderOptions.straightOnLongestSide) a side).
        """, valueName: "size"))
    var size: PictureSize?

    /// The camera as render options, checked by the renderer's own rules
    /// (`RenderOptions.validate()`): `export --format json` and `diff` without a picture refuse
    /// `--yaw nan` as `render` does, although they draw nothing.
    func checkedOptions() throws(RenderError) -> RenderOptions {
        var options = RenderOptions()
        apply(to: &options)
        try options.validate()
        return options
    }

    func apply(to options: inout RenderOptions) {
        options.spacing = spacing
        options.minDepth = minDepth
        options.maxDepth = maxDepth
        options.yaw = yaw
        options.pitch = pitch
        options.projection = projection ?? RenderOptions.defaultProjection(yaw: yaw, pitch: pitch)
        options.fov = fov
        options.zoom = zoom
        options.margin = margin ?? RenderOptions().margin
        options.size = size?.pixels ?? RenderOptions().size
    }

    /// The picture asked for: the camera, with `--size` and `--margin` left to the straight-on
    /// rule (`Screen.renderOptions(for:)`) when they were not given; `look` adds the style,
    /// highlight, background and labels.
    func request(look: LookOptionGroup? = nil) -> PictureRequest {
        var options = RenderOptions()
        apply(to: &options)
        look?.apply(to: &options)
        return PictureRequest(options: options, size: size?.pixels, margin: margin, labels: look?.labels ?? .none)
    }
}

/// The looks: style, highlight and background.
struct LookOptionGroup: ParsableArguments {
    @Option(help: "contents (textures only), wireframe (outlines only) or both (textures with thin outlines, as Xcode shows).")
    var style: RenderStyle = .both

    @Option(help: "A small tag on each plane in the wireframe and both styles: none, class, name (accessibility identifier or label) or id.")
    var labels: LabelContent = .none

    @Option(help: "Draw this layer's outline in an accent colour.")
    var highlight: String?

    @Option(help: "The canvas: '#RRGGBB', '#RRGGBBAA' or 'transparent'.")
    var background: Background = Background(color: RenderOptions.canvas)

    func apply(to options: inout RenderOptions) {
        options.style = style
        options.highlightID = highlight
        options.background = background.color
    }
}

/// `WIDTHxHEIGHT`.
struct PictureSize: ExpressibleByArgument {
    var pixels: PixelSize

    init(_ pixels: PixelSize) { self.pixels = pixels }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return nil }
        pixels = PixelSize(width: w, height: h)
    }

    var defaultValueDescription: String { "\(pixels.width)x\(pixels.height)" }
}

/// A colour or `transparent`.
struct Background: ExpressibleByArgument {
    var color: Color

    init(color: Color) { self.color = color }

    init?(argument: String) {
        if argument == "transparent" {
            color = RenderOptions.transparent
        } else if let parsed = Color(hex: argument) {
            color = parsed
        } else {
            return nil
        }
    }

    var defaultValueDescription: String { color.hex }
}

extension LabelContent: ExpressibleByArgument {}
