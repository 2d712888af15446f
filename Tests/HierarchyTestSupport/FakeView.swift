import HierarchyCapture
import HierarchyModel

/// A view for capture tests: every property `CapturableView` reads, set by the test. It draws
/// like a CALayer's `render(in:)`: its own fill over its bounds, then every subview that is not
/// hidden as a rectangle of that subview's fill, so a snapshot that was not drawn alone shows it.
///
/// All fake views are equal and hash alike, as an app's views may be when they override
/// `isEqual`/`hash` (FLEX #627): the capture must tell them apart by identity.
@MainActor
public final class FakeView: CapturableView, Hashable {
    public var className: String
    public var accessibilityIdentifier: String?
    public var accessibilityLabel: String?
    public var tag = 0
    public var position: Point
    public var bounds: Rect
    public var transform = Transform2D.identity
    public var anchorPoint = Point.centre
    public var clipsToBounds = false
    public var alpha = 1.0
    public var isHidden = false
    public var backgroundColor: Color?
    public var text: String?
    public var subviews: [FakeView] = []
    public var coordinatesGrowUpward = false
    public var windowLevel = 0.0
    public var screenScale = 2.0
    public var isSecureTextEntry = false
    public var viewController: ViewController?
    /// Superclasses after `className`, most derived first.
    public var superclasses: [String] = []
    public var layerClassName: String?
    public var sublayerClassNames: [String] = []
    public var hasSublayersAboveSubviews = false
    public var classChain: [String] { [className] + superclasses }
    /// Called at the start of every drawing (`drawAlone` or `drawFromScreen`): a canvas exists.
    public var drawObserver: (@MainActor () -> Void)?
    /// How many times `drawAlone` and `drawFromScreen` were called.
    public private(set) var drawCalls = 0
    public private(set) var screenDrawCalls = 0
    /// The origin and size of the last canvas `drawAlone` was given.
    public private(set) var lastCanvas: (origin: Point, width: Int, height: Int)?
    /// Capture transactions opened so far, and whether one is open now.
    public static var transactions = 0
    public static var inTransaction = false
    /// Hide or show calls made outside a capture transaction.
    public static var callsOutsideTransaction = 0
    /// What `drawAlone` paints over the bounds.
    public var fill: Color
    /// `setHiddenForSnapshot` throws (a private view that refuses `setHidden:`).
    public var refusesToHide = false
    /// `drawAlone` throws.
    public var failsToDraw = false
    /// Every `setHiddenForSnapshot` call, in order.
    public private(set) var hideCalls: [Bool] = []

    /// A view whose frame (untransformed, anchor at the centre) is `frame`.
    public init(_ className: String = "UIView", frame: Rect, fill: Color = Color(red: 200, green: 200, blue: 200), id: String? = nil) {
        self.className = className
        self.position = Point(x: frame.midX, y: frame.midY)
        self.bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        self.fill = fill
        self.accessibilityIdentifier = id
    }

    /// Adds subviews in front of the existing ones; returns self for chaining.
    @discardableResult
    public func adding(_ views: FakeView...) -> FakeView {
        subviews += views
        return self
    }

    nonisolated public static func == (a: FakeView, b: FakeView) -> Bool { true }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(0) }

    public var captureIdentity: ObjectIdentifier { ObjectIdentifier(self) }

    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    public func setHiddenForSnapshot(_ hidden: Bool) throws {
        hideCalls.append(hidden)
        if !FakeView.inTransaction { FakeView.callsOutsideTransaction += 1 }
        if refusesToHide { throw Refusal(description: "-setHidden: is unavailable on \(className)") }
        isHidden = hidden
    }

    public func drawAlone(into canvas: inout CaptureCanvas) throws {
        if failsToDraw { throw Refusal(description: "no graphics context for \(className)") }
        drawCalls += 1
        lastCanvas = (canvas.origin, canvas.width, canvas.height)
        if !FakeView.inTransaction { FakeView.callsOutsideTransaction += 1 }
        drawObserver?()
        paint(fill, over: bounds, in: &canvas)
        for subview in subviews where !subview.isHidden {
            let size = subview.bounds
            let frame = Rect(x: subview.position.x - subview.anchorPoint.x * size.width, y: subview.position.y - subview.anchorPoint.y * size.height,
                             width: size.width, height: size.height)
            paint(subview.fill, over: frame, in: &canvas)
        }
    }

    /// What the screen shows: the fill and every subview that is not hidden, as `drawAlone`
    /// draws them, hidden or not for the capture.
    public func drawFromScreen(into canvas: inout CaptureCanvas) throws {
        screenDrawCalls += 1
        if !FakeView.inTransaction { FakeView.callsOutsideTransaction += 1 }
        drawObserver?()
        paint(fill, over: bounds, in: &canvas)
        for subview in subviews {
            let size = subview.bounds
            let frame = Rect(x: subview.position.x - subview.anchorPoint.x * size.width, y: subview.position.y - subview.anchorPoint.y * size.height,
                             width: size.width, height: size.height)
            paint(subview.fill, over: frame, in: &canvas)
        }
    }

    /// Counts the transaction and marks it open while `body` runs.
    public static func withCaptureTransaction(_ body: () -> Void) {
        transactions += 1
        inTransaction = true
        defer { inTransaction = false }
        body()
    }

    /// Fills `rect` (in this view's bounds space) with `color`, premultiplied.
    private func paint(_ color: Color, over rect: Rect, in canvas: inout CaptureCanvas) {
        func px(_ value: Double, _ origin: Double, _ scale: Double, _ limit: Int) -> Int {
            min(limit, max(0, Int(saturating: ((value - origin) * scale).rounded())))
        }
        let (ox, oy) = (canvas.origin.x, canvas.origin.y)
        let x0 = px(rect.minX, ox, canvas.scaleX, canvas.width), x1 = px(rect.maxX, ox, canvas.scaleX, canvas.width)
        let y0 = px(rect.minY, oy, canvas.scaleY, canvas.height), y1 = px(rect.maxY, oy, canvas.scaleY, canvas.height)
        let a = Int(color.alpha)
        let premultiplied = [color.red, color.green, color.blue].map { UInt8((Int($0) * a + 127) / 255) } + [color.alpha]
        for y in y0..<max(y0, y1) {
            for x in x0..<max(x0, x1) {
                let i = (y * canvas.width + x) * 4
                for c in 0..<4 { canvas.pixels[i + c] = premultiplied[c] }
            }
        }
    }

    /// Empties every subview list below this view without recursion, so that a very deep chain is
    /// released one view at a time instead of by nested deinitializers.
    public func dismantle() {
        var stack = [self]
        while let view = stack.popLast() {
            stack += view.subviews
            view.subviews = []
        }
    }
}
