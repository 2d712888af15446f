import HierarchyModel

/// A whole-pixel rectangle inside an image.
public struct PixelRect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// An image's size in pixels.
public struct PixelSize: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// What to cut from a layer's snapshot and how large the texture ends up.
public struct TexturePlan: Hashable, Sendable {
    /// The snapshot's path as the document gives it.
    public var path: String
    /// The whole snapshot's size.
    public var source: PixelSize
    /// The part of the snapshot that shows: the visible frame in snapshot pixels, rounded outward.
    public var crop: PixelRect
    /// The final texture size: the crop's, or smaller so that neither side exceeds the maximum.
    public var width: Int
    public var height: Int

    public init(path: String, source: PixelSize, crop: PixelRect, width: Int, height: Int) {
        self.path = path
        self.source = source
        self.crop = crop
        self.width = width
        self.height = height
    }

    /// True when the crop is drawn at a smaller size than it was captured.
    public var isReduced: Bool { width != crop.width || height != crop.height }
}

/// A view that is drawn: a plane at `depth`, the size of its visible frame.
public struct Layer: Hashable, Sendable {
    /// Index of the view in the tree's `nodes`.
    public var node: Int
    public var id: String
    public var className: String
    public var name: String?
    public var tag: Int
    public var depth: Int
    /// The part of the view that shows after its ancestors' clipping and the screen's, in the root's bounds space.
    public var frame: Rect
    /// The whole view in the same space.
    public var fullFrame: Rect
    /// The product of the alphas from the root down to the view.
    public var alpha: Double
    public var backgroundColor: Color?
    public var texture: TexturePlan?
    /// Index in the layout's `layers` of the nearest ancestor that is a layer.
    public var parentLayer: Int?

    public init(
        node: Int, id: String, className: String, name: String? = nil, tag: Int = 0, depth: Int = 0,
        frame: Rect, fullFrame: Rect, alpha: Double = 1, backgroundColor: Color? = nil,
        texture: TexturePlan? = nil, parentLayer: Int? = nil
    ) {
        self.node = node
        self.id = id
        self.className = className
        self.name = name
        self.tag = tag
        self.depth = depth
        self.frame = frame
        self.fullFrame = fullFrame
        self.alpha = alpha
        self.backgroundColor = backgroundColor
        self.texture = texture
        self.parentLayer = parentLayer
    }

    /// Whether clipping took part of the view away.
    public var isClipped: Bool { frame != fullFrame }
}

/// Why a view is not a layer.
public enum Omission: Hashable, Sendable {
    case hidden
    /// Its alpha is below 0.01.
    case transparent(alpha: Double)
    case excludedTag(Int)
    case excludedClass(String)
    case excludedID
    /// An ancestor is hidden, transparent or excluded: the whole subtree is left out with it.
    case insideOmitted(ancestor: Int)
    /// Clipped away by the ancestor at this node index (it clips to its bounds).
    case clippedOut(by: Int)
    /// Entirely outside the root's bounds.
    case offScreen
    /// Its frame has no area.
    case empty
    /// Outside the focused subtree.
    case outsideFocus

    /// Omissions that leave out the whole subtree with the view.
    public var hidesSubtree: Bool {
        switch self {
        case .hidden, .transparent, .excludedTag, .excludedClass, .excludedID, .insideOmitted, .outsideFocus: true
        case .clippedOut, .offScreen, .empty: false
        }
    }
}
