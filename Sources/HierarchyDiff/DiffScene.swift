import HierarchyLayout
import HierarchyModel

/// The exploded AFTER stack with what changed marked on it, for a picture: every layer of AFTER
/// with its mark, and ghost layers (no texture) where removed views were and where moved or resized
/// views were before, at their BEFORE depths.
public struct DiffScene: Hashable, Sendable {
    /// How a layer of the scene relates to the diff.
    public enum Mark: Hashable, Sendable {
        case unchanged
        case added
        case changed
        /// A ghost of a view that went: where it was in BEFORE.
        case removed
        /// A ghost of a moved or resized view: where it was in BEFORE.
        case formerPlace
    }

    /// AFTER's layout with the ghosts appended after its own layers.
    public var layout: Layout
    /// One mark per layer of `layout`.
    public var marks: [Mark]

    /// The scene of `diff` over the two layouts (laid out with the same options).
    public init(_ diff: TreeDiff, before: Layout, after: Layout) {
        let changed = Dictionary(diff.changed.map { ($0.after, $0) }, uniquingKeysWith: { a, _ in a })
        layout = after
        marks = after.layers.map { layer in
            if diff.matching.beforeOf[layer.node] == nil { return .added }
            return changed[layer.node] == nil ? .unchanged : .changed
        }
        for layer in before.layers {
            if let partner = diff.matching.afterOf[layer.node] {
                guard let change = changed[partner], change.changes.contains(.moved) || change.changes.contains(.resized) else { continue }
                addGhost(of: layer, mark: .formerPlace)
            } else {
                addGhost(of: layer, mark: .removed)
            }
        }
    }

    /// A ghost keeps the BEFORE layer's frame and depth, and nothing else of it that would draw.
    private mutating func addGhost(of layer: Layer, mark: Mark) {
        var ghost = layer
        ghost.id = "before:" + layer.id
        ghost.texture = nil
        ghost.backgroundColor = nil
        ghost.alpha = 1
        ghost.parentLayer = nil
        layout.layers.append(ghost)
        marks.append(mark)
    }
}
