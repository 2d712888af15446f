#if canImport(CoreGraphics)
import CoreGraphics
import HierarchyModel

extension Rect {
    /// A Core Graphics rectangle in the model's terms.
    init(_ r: CGRect) {
        self.init(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height))
    }
}
#endif
