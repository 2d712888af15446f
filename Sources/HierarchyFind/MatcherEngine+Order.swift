import HierarchyModel

/// The orders frameworks count several matches in (`Matcher.Order`): `index:`, `atIndex`, `.at(n)`.
extension MatcherEngine {
    func ordered(_ views: [Int], _ order: Matcher.Order) -> [Int] {
        switch order {
        case .document: views
        case .position: sortedByPosition(views)
        case .detox: detoxOrder(views)
        }
    }

    /// Detox's order for `atIndex`, by the platform of the dump:
    /// - Android: `ViewAtIndexMatcher` (wix/Detox 48ba4b52, `detox/android/detox/src/full/java/com/
    ///   wix/detox/espresso/matcher/ViewAtIndexMatcher.kt:12-21`) counts the matches in the order
    ///   Espresso asks it, and Espresso's `ViewFinderImpl` (android/android-test 0f5c49a3,
    ///   `espresso/base/ViewFinderImpl.java:65`) walks the views breadth first.
    /// - iOS: `dtx_findViewsInWindows` (`detox/ios/Detox/Matchers/UIView+DetoxMatchers.m:103-128,
    ///   155-167`) collects them depth first, then sorts them by their accessibility frame's top,
    ///   then its left: `sortedByPosition`, ties in the walk's order.
    func detoxOrder(_ views: [Int]) -> [Int] {
        isAndroid ? breadthFirst(views) : sortedByPosition(views)
    }

    /// Breadth first over the whole screen: shallower views first, a level in document order
    /// (which is the order a breadth-first walk visits a level in).
    func breadthFirst(_ views: [Int]) -> [Int] {
        let elements = engine.xml.elements
        let depth = { (view: Int) -> Int in
            var (count, current) = (0, elements[view].parent)
            while let index = current { count += 1; current = elements[index].parent }
            return count
        }
        return views.map { (depth($0), $0) }.sorted { $0 < $1 }.map(\.1)
    }

    /// Whether the screen is an Android app's: a uiautomator dump, a tree whose root names an
    /// Android rendering system (Detox's, Sentry's, Compose's), or Android's classes.
    var isAndroid: Bool {
        if engine.values.kind.isAndroid { return true }
        guard let tree else { return false }
        if case .string(let system)? = tree.root.extras["rendering_system"] {
            return ["android_view_system", "compose"].contains(system.lowercased())
        }
        return tree.nodes.contains { node in
            ["android.", "androidx.", "com.facebook.react."].contains { node.className.hasPrefix($0) }
        }
    }
}
