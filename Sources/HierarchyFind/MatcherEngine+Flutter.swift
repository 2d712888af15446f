import Foundation
import HierarchyModel

/// flutter_test's finders that read widgets (`find.byKey`, `find.byType`) or semantics
/// (`find.bySemanticsLabel`, `find.byTooltip`), on the tree that can answer them; a tree that
/// cannot is bad input naming what it lacks.
extension MatcherEngine {
    func widget(_ field: Matcher.WidgetField, _ value: String, _ scope: Scope) throws(LocatorError) -> [Int] {
        switch (dump, field) {
        case (.flutterRender, .type):
            try requireCreators("find.byType")
            return outermost(scope) { chain in chain.contains { Self.widgetName($0) == value } }
        case (.flutterRender, _):
            throw lacking("a Flutter render tree holds no semantics labels or tooltips: find.bySemanticsLabel and find.byTooltip need the semantics tree (debugDumpSemanticsTree())")
        case (.flutterSemantics, .type):
            throw lacking("a Flutter semantics tree holds no widgets, so no keys and no widget types: find.byKey and find.byType need the render tree with its `creator:` lines (debugDumpRenderTree())")
        case (.flutterSemantics, .semanticsLabel):
            return try evaluate(.attribute(["label"], TextTest(kind: .equal, value: value)), scope)
        case (_, .tooltip):
            return try evaluate(.attribute(["tooltip"], TextTest(kind: .equal, value: value)), scope)
        case (_, .type): return try evaluate(.locator(Locator(using: .className, value: value)), scope)
        case (_, .semanticsLabel): return try evaluate(.locator(Locator(using: .accessibilityID, value: value)), scope)
        }
    }

    /// `find.byKey`: on a render tree, the outermost render objects a widget carrying the key made;
    /// elsewhere a value key is the test id, and other keys, which only creator chains print, are
    /// refused.
    func flutterKey(_ key: FlutterKey, _ scope: Scope) throws(LocatorError) -> [Int] {
        switch dump {
        case .flutterRender:
            try requireCreators("find.byKey")
            return outermost(scope) { chain in chain.contains(where: key.isCarried) }
        case .flutterSemantics:
            throw lacking("a Flutter semantics tree holds no widgets, so no keys and no widget types: find.byKey and find.byType need the render tree with its `creator:` lines (debugDumpRenderTree())")
        default:
            guard case .value(let value, _, _) = key.kind else {
                throw lacking("this dump holds no Flutter widgets: a GlobalKey or an ObjectKey prints only in a render tree's `creator:` lines (debugDumpRenderTree())")
            }
            return try evaluate(.locator(Locator(using: .id, value: value)), scope)
        }
    }

    /// Refuses a render tree dumped without `creator:` lines: it names no widgets and no keys.
    func requireCreators(_ finder: String) throws(LocatorError) {
        guard let tree, tree.nodes.contains(where: { creator($0) != nil }) else {
            throw lacking("this Flutter render tree was dumped without its `creator:` lines, so it names no widgets and no keys: \(finder) cannot be answered from it (a debug build's debugDumpRenderTree() prints them)")
        }
    }

    func lacking(_ message: String) -> LocatorError { LocatorError(using: .matcher, text, column: nil, message) }

    /// The render objects whose creator chain holds a widget that passes, the outermost of each
    /// run: a widget's render object is the first one it (or a widget it built) created.
    func outermost(_ scope: Scope, _ passes: ([String]) -> Bool) -> [Int] {
        guard let tree else { return [] }
        let elements = engine.xml.elements
        var hit = [Bool](repeating: false, count: elements.count)
        for view in scope.views {
            if let node = elements[view].node, node < tree.count, let chain = creator(tree[node]) { hit[view] = passes(chain) }
        }
        return scope.views.filter { view in hit[view] && !ancestors(of: view, scope).contains { hit[$0] } }
    }

    /// The widgets of a render object's `creator:` chain, innermost first (`Text ← Padding-[<'a'>] ← …`).
    func creator(_ node: ViewNode) -> [String]? {
        guard case .string(let chain)? = node.extras["creator"] else { return nil }
        return chain.split(separator: "←").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The widget's class: `Padding` of `Padding-[<'a'>]`, `Text` of `Text`.
    static func widgetName(_ widget: String) -> String {
        String(widget.prefix { $0 != "-" && $0 != "(" && $0 != " " })
    }
}
