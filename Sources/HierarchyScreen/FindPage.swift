import HierarchyExport
import HierarchyFind
import HierarchyFormats
import HierarchyLayout
import HierarchyModel

/// What the viewer's data carries for `find`: `"locators"` on every viewer page a screen makes
/// (the search box's `xpath:`, `id:`, `predicate:`…), and `"find"` on the page `find -o PAGE.html`
/// writes (the answer, `find.js`).
///
/// `"locators"`: `{"kind": "appium"|"uiautomator"|"viewTree", "xml": the XML `find --print-xml`
/// shows (compact), "views": [for each element in document order, the id of its view or null]}`.
/// `"find"`: `{"lines": the text's first lines, "search": the locator as the search box takes it
/// or null, "first", "matches": [{"id", "tappable", "visible", "lines", "by": [ids]}],
/// "suggestions": [{"id", "line"}], "answered": for a test framework's matcher, `{"text", "using",
/// "matches": [ids]}`, the answer the search box gives for that text, else null}`. Every string is
/// data the script sets as text.
public enum FindPage {
    /// The `"locators"` entry of `xml`, the XML of a screen of `tree`.
    public static func locators(_ xml: ScreenXML, tree: ViewTree, kind: ScreenKind) -> (String, OrderedJSON) {
        entry(kind: kind, xml: xml.serialized, views: xml.viewIDs(tree: tree, kind: kind))
    }

    /// The `"locators"` entry of a view tree's screen, from its XML's text (no document parsed).
    public static func locators(viewTree tree: ViewTree, layout: Layout) -> (String, OrderedJSON) {
        let (text, views) = ScreenXML.viewTreeLocators(tree, layout: layout)
        return entry(kind: .viewTree, xml: text, views: views)
    }

    private static func entry(kind: ScreenKind, xml: String, views: [String?]) -> (String, OrderedJSON) {
        ("locators", .object([("kind", .string(kind.rawValue)), ("xml", .string(xml)), ("views", .array(views.map { $0.map(OrderedJSON.string) ?? .null }))]))
    }

    /// The `"find"` entry of `result`.
    public static func answer(_ result: FindResult) -> (String, OrderedJSON) {
        let matches = result.matches.map { match -> OrderedJSON in
            .object([
                ("id", .string(match.id)), ("tappable", .bool(match.tappable)), ("visible", .bool(match.visible)),
                ("lines", .array(match.lines.map(OrderedJSON.string))), ("by", .array(match.reasons.compactMap(\.by).map(OrderedJSON.string))),
            ])
        }
        let suggestions = result.suggestions.map { OrderedJSON.object([("id", .string($0.id)), ("line", .string($0.line))]) }
        let carried = answeredText(result.locator)
        let answered: OrderedJSON = carried.map { text in
            .object([("text", .string(text)), ("using", .string(result.locator.using.rawValue)), ("matches", .array(result.matches.map { .string($0.id) }))])
        } ?? .null
        return ("find", .object([
            ("lines", .array(result.headerLines.map(OrderedJSON.string))), ("search", (searchText(result.locator) ?? carried).map(OrderedJSON.string) ?? .null),
            ("first", result.first.map(OrderedJSON.string) ?? .null), ("matches", .array(matches)), ("suggestions", .array(suggestions)),
            ("answered", answered),
        ]))
    }

    /// The answer the served viewer's search box gets (`hierarchy serve`'s `GET /find`): find's
    /// JSON document (`--format json`: the locator, each match with its reasons as data, `first`,
    /// the nearest views, the notes) with the text `find` prints beside the data: `"lines"` (the
    /// text's first lines), each match's `"lines"` (its line, frames, verdict and a line per
    /// reason) and `"by"` (the views responsible), each nearest view's `"line"`.
    public static func searchAnswer(_ result: FindResult) -> OrderedJSON {
        guard case .object(let keys) = result.json else { return result.json }
        let said = keys.map { key, value -> (String, OrderedJSON) in
            switch (key, value) {
            case ("matches", .array(let items)):
                return (key, .array(zip(items, result.matches).map { item, match in
                    adding([("lines", .array(match.lines.map(OrderedJSON.string))), ("by", .array(match.reasons.compactMap(\.by).map(OrderedJSON.string)))], to: item)
                }))
            case ("suggestions", .array(let items)):
                return (key, .array(zip(items, result.suggestions).map { adding([("line", .string($1.line))], to: $0) }))
            default:
                return (key, value)
            }
        }
        return .object([("lines", .array(result.headerLines.map(OrderedJSON.string)))] + said)
    }

    private static func adding(_ extra: [(String, OrderedJSON)], to item: OrderedJSON) -> OrderedJSON {
        guard case .object(let keys) = item else { return item }
        return .object(keys + extra)
    }

    /// A test framework's matcher (or the strategy its single matcher became) as the search box
    /// takes it: the page carries find's answer for it (`locate.js` runs no matcher itself).
    static func answeredText(_ locator: Locator) -> String? {
        switch locator.using {
        case .matcher: locator.value
        case .textMatching: "text-matching:" + locator.value
        case .idMatching: "id-matching:" + locator.value
        default: nil
        }
    }

    /// The strategies the page's search box runs, by their prefix (`locate.js`).
    static let searchPrefixes: [Locator.Strategy: String] = [
        .xpath: "xpath:", .id: "id:", .accessibilityID: "accessibility-id:", .className: "class-name:", .predicate: "predicate:",
    ]

    /// `locator` as the search box takes it (`xpath://…`), or nil for a strategy it cannot run.
    static func searchText(_ locator: Locator) -> String? {
        searchPrefixes[locator.using].map { $0 + locator.value }
    }
}
