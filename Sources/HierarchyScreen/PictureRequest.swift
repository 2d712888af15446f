import HierarchyModel
import HierarchyRender

/// What picture of a screen is asked for: the camera and looks, with the two things that the
/// straight-on rule (`Screen.renderOptions(for:)`) fills in when they are not given.
public struct PictureRequest: Hashable, Sendable {
    /// The camera, style, background and layer styles. Its `size` and `margin` are used only
    /// where `size` and `margin` below are given.
    public var options: RenderOptions
    /// The picture's size; nil: straight on, the screen at `RenderOptions.straightOnDensity`
    /// pixels a point; otherwise `options.size`.
    public var size: PixelSize?
    /// The empty border; nil: none straight on for a screen without pictures (a dump drawn as its
    /// screen, edge to edge), otherwise `options.margin`.
    public var margin: Double?
    /// Straight on, draw the synthesized text layers of a screen without pictures without their
    /// outlines, as the app draws a label (`render` does; a strategy that wants every box keeps
    /// them by setting this false).
    public var unboxedText: Bool
    /// The small tags drawn over the layers (in the wireframe and both styles).
    public var labels: LabelContent

    public init(options: RenderOptions = RenderOptions(), size: PixelSize? = nil, margin: Double? = nil,
                unboxedText: Bool = true, labels: LabelContent = .none) {
        self.options = options
        self.size = size
        self.margin = margin
        self.unboxedText = unboxedText
        self.labels = labels
    }

    /// Whether the camera looks straight at the screen: yaw 0, pitch 0, orthographic.
    public var isStraightOn: Bool { options.isStraightOn }

    /// The request for render's default picture (its camera and size), `height` pixels high.
    public static func exploded(_ options: RenderOptions, height: Int) -> PictureRequest {
        var request = PictureRequest(options: options)
        let side = RenderOptions().size
        request.size = PixelSize(width: max(1, (height * side.width + side.height / 2) / side.height), height: height)
        return request
    }

    /// The request for the straight-on picture with the camera's other settings (`options`' style
    /// and background): yaw 0, pitch 0, orthographic, the size and margin by the rule.
    public static func straightOn(_ options: RenderOptions) -> PictureRequest {
        var straight = options
        (straight.yaw, straight.pitch, straight.projection, straight.zoom) = (0, 0, .orthographic, 1)
        return PictureRequest(options: straight)
    }
}

extension RenderOptions {
    /// Yaw 0, pitch 0, orthographic: every layer lies over the views it covers in the app.
    public var isStraightOn: Bool { yaw == 0 && pitch == 0 && projection == .orthographic }

    /// The projection when none is asked for, part of the straight-on rule: orthographic looking
    /// straight at the screen (yaw 0, pitch 0), so that every layer lies over the views it covers
    /// in the app; perspective from any other angle.
    public static func defaultProjection(yaw: Double, pitch: Double) -> Projection {
        yaw == 0 && pitch == 0 ? .orthographic : .perspective
    }
}
