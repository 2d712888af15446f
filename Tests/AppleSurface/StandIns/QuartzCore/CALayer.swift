// Stand-in for Apple's QuartzCore (Core Animation), for compiling HierarchyCapture's adapters on Linux.
@_exported import CoreGraphics
@_spi(StandIn) import CoreGraphics
import Foundation

/// Source: https://developer.apple.com/documentation/quartzcore/calayer (`open class CALayer :
/// NSObject`, not isolated to an actor; `var bounds: CGRect`, `var position: CGPoint`,
/// `var anchorPoint: CGPoint`, `var opacity: Float`, `var isHidden: Bool`,
/// `var masksToBounds: Bool`, `var backgroundColor: CGColor?`, `var sublayers: [CALayer]?`,
/// `var superlayer: CALayer? { get }`, `func addSublayer(_:)`, `func removeFromSuperlayer()`,
/// `func affineTransform() -> CGAffineTransform`, `func setAffineTransform(_:)`,
/// `func render(in ctx: CGContext)`).
///
/// `render(in:)` draws the layer and its shown sublayers in the layer's own coordinate space:
/// background, then what its owner draws, then sublayers at their position, anchor point and
/// transform, clipped with `masksToBounds`, each at its opacity. Content the render server draws
/// (video, Metal; ``standInScreenContent``) is not drawn by it: it comes out blank, as on a device.
open class CALayer: NSObject {
    open var bounds: CGRect = .zero
    open var position: CGPoint = .zero
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    open var opacity: Float = 1
    open var isHidden = false
    open var masksToBounds = false
    open var backgroundColor: CGColor?
    open var sublayers: [CALayer]?
    open private(set) weak var superlayer: CALayer?
    private var transform = CGAffineTransform.identity

    public required override init() { super.init() }

    open func affineTransform() -> CGAffineTransform { transform }
    open func setAffineTransform(_ m: CGAffineTransform) { transform = m }

    open var frame: CGRect {
        let size = bounds.size
        return CGRect(x: position.x - anchorPoint.x * size.width, y: position.y - anchorPoint.y * size.height,
                      width: size.width, height: size.height)
    }

    open func addSublayer(_ layer: CALayer) {
        layer.removeFromSuperlayer()
        sublayers = (sublayers ?? []) + [layer]
        layer.superlayer = self
    }

    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        layer.removeFromSuperlayer()
        var list = sublayers ?? []
        list.insert(layer, at: min(Int(idx), list.count))
        sublayers = list
        layer.superlayer = self
    }

    open func removeFromSuperlayer() {
        superlayer?.sublayers?.removeAll { $0 === self }
        superlayer = nil
    }

    open func render(in ctx: CGContext) {
        draw(into: ctx, onScreen: false)
    }

    /// Not Apple's: what the owner (a view) draws into the layer, in the layer's space.
    @_spi(StandIn) public var standInDrawContent: ((CGContext) -> Void)?
    /// Not Apple's: rectangles (layer space) and colours the render server shows on screen for
    /// this layer (a video frame, a Metal drawable, a web page): absent from `render(in:)`.
    @_spi(StandIn) public var standInScreenContent: [(CGRect, CGColor)] = []

    /// Not Apple's: the layer tree as the screen shows it, render-server content included (what
    /// UIKit's `drawHierarchy` and the window server have).
    @_spi(StandIn) public func standInRenderAsOnScreen(in ctx: CGContext) {
        draw(into: ctx, onScreen: true)
    }

    private func draw(into ctx: CGContext, onScreen: Bool) {
        ctx.saveGState()
        defer { ctx.restoreGState() }
        if masksToBounds { ctx.clip(to: bounds) }
        if let backgroundColor {
            ctx.setFillColor(backgroundColor)
            ctx.fill(bounds)
        }
        standInDrawContent?(ctx)
        if onScreen {
            for (rect, color) in standInScreenContent {
                ctx.setFillColor(color)
                ctx.fill(rect)
            }
        }
        for sublayer in sublayers ?? [] where !sublayer.isHidden && sublayer.opacity > 0 {
            ctx.saveGState()
            // Sublayer space → this layer's: about the anchor point, then to the position.
            let size = sublayer.bounds.size
            let anchor = CGPoint(x: sublayer.bounds.minX + sublayer.anchorPoint.x * size.width,
                                 y: sublayer.bounds.minY + sublayer.anchorPoint.y * size.height)
            ctx.translateBy(x: sublayer.position.x, y: sublayer.position.y)
            ctx.concatenate(sublayer.transform)
            ctx.translateBy(x: -anchor.x, y: -anchor.y)
            ctx.setAlpha(ctx.standInAlpha * CGFloat(sublayer.opacity))
            sublayer.draw(into: ctx, onScreen: onScreen)
            ctx.restoreGState()
        }
    }
}

/// Source: https://developer.apple.com/documentation/quartzcore/catransaction (`open class
/// CATransaction : NSObject`; `class func begin()`, `class func commit()`,
/// `class func setDisableActions(_ flag: Bool)`).
open class CATransaction: NSObject {
    nonisolated(unsafe) private static var depth = 0
    nonisolated(unsafe) private static var actionsDisabled = [Bool]()
    nonisolated(unsafe) private static var commits = 0

    open class func begin() { depth += 1; actionsDisabled.append(false) }
    open class func commit() {
        depth -= 1
        _ = actionsDisabled.popLast()
        if depth == 0 { commits += 1 }
    }
    open class func setDisableActions(_ flag: Bool) {
        if !actionsDisabled.isEmpty { actionsDisabled[actionsDisabled.count - 1] = flag }
    }

    /// Not Apple's: whether a transaction with actions disabled is open now.
    @_spi(StandIn) public static var standInInsideQuietTransaction: Bool { depth > 0 && actionsDisabled.last == true }
    /// Not Apple's: outermost transactions committed so far.
    @_spi(StandIn) public static var standInCommits: Int { commits }
}
