import HierarchyModel

/// How depths are given to layers.
public enum DepthMode: String, CaseIterable, Hashable, Sendable {
    /// Layers that overlap on screen never share a depth; the later one is in front; as few levels as possible.
    case overlap
    /// The algorithm of the article this project started from, reproduced exactly.
    case seed
    /// The view's level in the tree, as FLEX and InAppViewDebugger do.
    case nesting
}

/// What the user chose about which views become layers and how.
public struct LayoutOptions: Hashable, Sendable {
    public var depthMode: DepthMode
    /// Views with these tags are left out with their subtrees (an in-app debugger's own overlay).
    public var excludedTags: Set<Int>
    public var excludedClasses: Set<String>
    public var excludedIDs: Set<String>
    /// Turns all clipping off: the visible frame of every view is its full frame.
    public var showClipped: Bool
    /// The largest texture side in pixels; larger crops are planned smaller, keeping the aspect ratio.
    public var maxTextureSize: Int
    /// Only this view's subtree, depths counted from it (Xcode's "focus on view").
    public var focusID: String?

    public init(
        depthMode: DepthMode = .overlap, excludedTags: Set<Int> = [], excludedClasses: Set<String> = [],
        excludedIDs: Set<String> = [], showClipped: Bool = false, maxTextureSize: Int = LayoutOptions.defaultMaxTextureSize,
        focusID: String? = nil
    ) {
        self.depthMode = depthMode
        self.excludedTags = excludedTags
        self.excludedClasses = excludedClasses
        self.excludedIDs = excludedIDs
        self.showClipped = showClipped
        self.maxTextureSize = maxTextureSize
        self.focusID = focusID
    }

    /// The Metal limit that crashed the in-app debuggers.
    public static let defaultMaxTextureSize = 8192
    /// The texture sides `--max-texture` accepts.
    public static let maxTextureSizeRange = 1...65536
}
