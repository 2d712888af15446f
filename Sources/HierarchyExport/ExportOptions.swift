import HierarchyModel
import HierarchyRender

/// How a layout becomes a 3D scene: the render options give the depth spacing, the depth range
/// and the camera (so the exported camera sees what `render` draws), `metresPerPoint` the size.
public struct ExportOptions: Hashable, Sendable {
    /// Spacing, depth range, orbit, projection, field of view, zoom, margin and picture size.
    public var render = RenderOptions()
    /// The length of one point in the scene. 0.5 mm makes a phone screen (about 850 pt tall)
    /// about 0.4 m tall: a desk-sized object in Blender, whose default unit is the metre.
    public var metresPerPoint = ExportOptions.defaultMetresPerPoint
    /// The name of the scene and of its root node.
    public var sceneName = "hierarchy"
    /// `asset.generator`.
    public var generator = HierarchyVersion.current.generator

    public init() {}

    public static let defaultMetresPerPoint = 0.0005

    /// Throws for a render option out of range (see `RenderOptions.validate()`) or a scale that is
    /// not a finite number > 0.
    public func validate() throws(RenderError) {
        try render.validate()
        guard metresPerPoint.isFinite, metresPerPoint > 0 else {
            throw .invalidOption(name: "units", value: metresPerPoint, expected: "a finite number of metres per point > 0")
        }
    }
}
