/// Which views show content that the render server draws and `CALayer.render(in:)` cannot (it
/// comes out blank): video, Metal and OpenGL surfaces, web content drawn by another process, maps,
/// SceneKit and SpriteKit views, the backdrop of visual effect views. Such a view is drawn from
/// the screen (``CapturableView/drawFromScreen(into:)``): what the screen shows in its bounds.
///
/// The screen's pixels include the view's subviews, and hiding them for the drawing would have to
/// reach the screen first (a visible flicker, a layout pass): so a content view is written as a
/// leaf, its subviews drawn into its picture and not walked (the count is in its notes). A visual
/// effect view keeps its subviews (the app's content in `contentView`): its picture is the
/// screen's, backdrop and blur included, and its subviews show in it too (noted) as well as in
/// their own pictures in front of it.
public enum RenderServerContent {
    /// How a view is drawn.
    public enum Method: Equatable, Sendable {
        /// `drawAlone`: the view's layer rendered with its subviews hidden.
        case alone
        /// `drawFromScreen`, the view written as a leaf (its subviews merged into its picture).
        case screenLeaf
        /// `drawFromScreen`, the view's subviews walked and written as usual.
        case screenBackdrop
    }

    /// View classes whose content the render server draws (a subclass is found through its
    /// class chain): written as leaves drawn from the screen.
    public static let leafViewClasses: Set<String> = [
        "WKWebView", "UIWebView", "MKMapView", "SCNView", "ARSCNView", "ARView", "MTKView", "GLKView",
        "SKView", "AVPlayerView", "PKCanvasView",
    ]
    /// Layer classes whose content the render server draws: the views backed by them are written
    /// as leaves drawn from the screen.
    public static let leafLayerClasses: Set<String> = [
        "AVPlayerLayer", "AVSampleBufferDisplayLayer", "AVCaptureVideoPreviewLayer", "CAMetalLayer", "CAEAGLLayer", "CALayerHost",
    ]
    /// Visual effect views: drawn from the screen for their backdrop, their subviews walked.
    public static let backdropViewClasses: Set<String> = ["UIVisualEffectView", "NSVisualEffectView"]

    /// How a view of `classChain` backed by a layer of `layerClass`, with its own sublayers of
    /// `sublayerClasses` (a player layer added with `addSublayer`, the usual way), is drawn.
    public static func method(classChain: [String], layerClass: String?, sublayerClasses: [String] = []) -> Method {
        if let layerClass, leafLayerClasses.contains(layerClass) { return .screenLeaf }
        if sublayerClasses.contains(where: leafLayerClasses.contains) { return .screenLeaf }
        if classChain.contains(where: leafViewClasses.contains) { return .screenLeaf }
        if classChain.contains(where: backdropViewClasses.contains) { return .screenBackdrop }
        return .alone
    }
}
