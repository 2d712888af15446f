import HierarchyImport
import HierarchyLayout
import HierarchyModel

/// `hierarchy find`: runs a locator over the XML Appium would serve for a screen and says, for
/// each view it finds, whether it can be seen and tapped and why not; when it finds none, the
/// nearest views. Pure apart from libxml2's in-memory document.
public enum Finder {
    /// - Parameters:
    ///   - markup: the importer's elements, for an Appium page source or a uiautomator dump (the
    ///     XML is the page source itself); nil otherwise.
    /// - Throws: `LocatorError` for a locator that does not parse or that libxml2 refuses.
    public static func find(_ locator: Locator, tree: ViewTree, layout: Layout, kind: ScreenKind, markup: MarkupTree?) throws(LocatorError) -> FindResult {
        let xml = ScreenXML.make(tree: tree, layout: layout, kind: kind, markup: markup)
        return try find(locator, in: xml, tree: tree, layout: layout, kind: kind)
    }

    /// The same over a screen's XML already made (a report runs several locators over one).
    public static func find(_ locator: Locator, in xml: ScreenXML, tree: ViewTree, layout: Layout, kind: ScreenKind) throws(LocatorError) -> FindResult {
        let engine = LocatorEngine(xml: xml, kind: kind, tree: tree)
        let found = try engine.matches(locator)
        let frames = FrameGeometry.absoluteFrames(tree)
        let diagnosis = TapDiagnosis(tree: tree, layout: layout, xml: xml, kind: kind)
        let rule = TapRule.of(locator)
        let matches = found.compactMap { element -> FindResult.Match? in
            guard let node = xml.elements[element].node else { return nil }
            return match(node, element: xml.elements[element], engine: engine, frames: frames, diagnosis: diagnosis, rule: rule)
        }
        var suggestions: [FindResult.Suggestion] = []
        if matches.isEmpty {
            let near = Suggestions(engine: engine, tree: ViewTreeAccess(ids: tree.nodes.map(\.id))).nearest(locator.wanted)
            suggestions = near.compactMap { item in
                guard let node = xml.elements[item.element].node else { return nil }
                let e = xml.elements[item.element]
                return FindResult.Suggestion(id: tree[node].id, className: engine.values.className(e), text: engine.values.texts(e).first, frame: frames[node], because: item.because)
            }
        }
        return FindResult(locator: locator, matches: matches, first: matches.first?.id, suggestions: suggestions, notes: xml.notes)
    }

    /// One match with its reasons; `rule`'s own reason, when it refuses the view, among them and
    /// making it untappable.
    static func match(_ node: Int, element: ScreenElement, engine: LocatorEngine, frames: [Rect], diagnosis: TapDiagnosis, rule: TapRule) -> FindResult.Match {
        var reasons = diagnosis.reasons(node)
        if let own = diagnosis.ruleReason(node, rule: rule, frames: frames) { reasons.append(own) }
        let unseen: Set<FindResult.Reason.Kind> = [.hidden, .transparent, .clipped, .offscreen, .zeroSize]
        let covered = reasons.contains { ($0.kind == .obscured || $0.kind == .keyboard) && ($0.share ?? 0) >= 0.999 }
        let visible = !reasons.contains { unseen.contains($0.kind) } && !covered
        let centreBlocked = diagnosis.layerOf[node].map { diagnosis.blocksCentre(node, layer: diagnosis.layout.layers[$0]) } ?? false
        let untappable: Set<FindResult.Reason.Kind> = [.disabled, .notClickable]
        let tappable = visible && !centreBlocked && !reasons.contains { untappable.contains($0.kind) || $0.kind == .rule }
        return FindResult.Match(
            id: diagnosis.tree[node].id, path: diagnosis.tree.indexPath(of: node), className: engine.values.className(element),
            text: engine.values.texts(element).first, frame: frames[node],
            visibleFrame: diagnosis.layerOf[node].map { diagnosis.layout.layers[$0].frame }, visible: visible, tappable: tappable, reasons: reasons,
            source: diagnosis.tree[node].source)
    }
}
