import HierarchyLayout
import HierarchyLoading

/// How a screen is read and laid out: what every command's reading and layout options say.
public struct ScreenOptions: Hashable, Sendable {
    /// How the input is read: its format, density, screenshot, snapshot paths.
    public var reading: LoadOptions
    /// Which views become layers and how.
    public var layout: LayoutOptions
    /// Whether views with neither a snapshot nor a background colour get a synthesized texture
    /// (a fill tinted by their role, with their text) when the input has no pictures, as `render`,
    /// `textures` and `export` draw by default. The audit and the diff read the input as it is.
    public var synthesize: Bool

    public init(reading: LoadOptions = LoadOptions(), layout: LayoutOptions = LayoutOptions(), synthesize: Bool = false) {
        self.reading = reading
        self.layout = layout
        self.synthesize = synthesize
    }
}
