import HierarchyFormats
import HierarchyScreen

/// The live page `GET /` answers: a bar (the device's state, Freeze, Save) over the viewer page
/// of the screen shown (`GET /screen/N`, the export's page unchanged) in a frame. A next screen of
/// the same size is handed to that viewer, which updates itself in place (`GET /screen/N/data`,
/// `hierarchyViewer.update`); another size is loaded in a frame of its own and swapped in once
/// ready. Either way the view (angle, zoom, pan, spacing, style, depth), the selection (by the
/// view's id, or the id the diff paired it with) and the search are carried over, and the page
/// never reloads. Its script (`Web/live.html`) reads the event stream; `window.hierarchyViewer` is
/// the shown viewer's interface and `window.hierarchyServe` the live page's (docs/serve.md).
public enum ServePage {
    /// `live.html` as written, its `{{title}}` slot still in it.
    static let template = String(decoding: PackageResources.live_html, as: UTF8.self)

    /// The page, titled by the input as the command line named it, its tap-rule menu listing
    /// `find --rule`'s choices.
    public static func page(title: String) -> String {
        template.replacingOccurrences(of: "{{title}}", with: MarkupText.escape(title))
            .replacingOccurrences(of: "{{rules}}", with: ruleOptions)
    }

    /// The tap rules' `<option>`s after the first (find's own choice by the locator's framework).
    static var ruleOptions: String {
        TapRule.allCases.map { #"<option value="\#($0.rawValue)">\#($0.rawValue)</option>"# }.joined()
    }
}
