import Foundation

/// What the locators read of an element, per kind of screen: Appium's meanings of `id`,
/// `accessibility id`, `class name`, the text a person sees, and a predicate's key paths.
struct ElementValues {
    let kind: ScreenKind

    /// The key a matcher's attribute test uses for the class (`className(_:)`).
    static let classKey = "@class"

    /// The ids `--id` compares: Android's `resource-id` (also its part after `:id/`), iOS's `name`,
    /// a view tree's `id` and `name`.
    func ids(_ e: ScreenElement) -> [String] {
        switch kind {
        case .uiautomator: e["resource-id"].map { id in [id] + (id.range(of: ":id/").map { [String(id[$0.upperBound...])] } ?? []) } ?? []
        case .appium: e["name"].map { [$0] } ?? []
        case .viewTree: [e["resource-id"], e["id"], e["name"]].compactMap { $0 }
        }
    }

    /// What `accessibility id` compares: `content-desc` on Android, `name` on iOS.
    func accessibilityIDs(_ e: ScreenElement) -> [String] {
        switch kind {
        case .uiautomator: e["content-desc"].map { [$0] } ?? []
        case .appium: e["name"].map { [$0] } ?? []
        case .viewTree: [e["content-desc"], e["name"]].compactMap { $0 }
        }
    }

    /// The class as the input names it: Android's `class`, iOS's `type`, else the element's name.
    func className(_ e: ScreenElement) -> String {
        switch kind {
        case .uiautomator: e["class"] ?? e.name
        case .appium: e["type"] ?? e.name
        case .viewTree: e.name
        }
    }

    /// The words the element shows, first the one a person reads.
    func texts(_ e: ScreenElement) -> [String] {
        switch kind {
        case .uiautomator: [e["text"], e["content-desc"]].compactMap { $0 }
        case .appium: [e["label"], e["value"], e["name"]].compactMap { $0 }
        case .viewTree: [e["text"], e["label"], e["value"], e["name"], e["content-desc"]].compactMap { $0 }
        }
    }

    /// The element's frame in the XML's units: `bounds` on Android, `x y width height` elsewhere.
    func rect(_ e: ScreenElement) -> (x: Double, y: Double, width: Double, height: Double)? {
        if let bounds = e["bounds"] {
            let numbers = bounds.split { !($0.isNumber || $0 == "-" || $0 == ".") }.compactMap { Double($0) }
            guard numbers.count == 4 else { return nil }
            return (numbers[0], numbers[1], numbers[2] - numbers[0], numbers[3] - numbers[1])
        }
        guard let x = e["x"].flatMap(Double.init), let y = e["y"].flatMap(Double.init),
              let w = e["width"].flatMap(Double.init), let h = e["height"].flatMap(Double.init) else { return nil }
        return (x, y, w, h)
    }

    /// A predicate's key path: `type`/`elementType`, `identifier`, `name`, `label`, `value`,
    /// `enabled`, `visible`, `rect.x`… (`wdName` and the like are read as `name`).
    func key(_ path: String, of e: ScreenElement) -> String? {
        var key = path
        if key.hasPrefix("wd"), key.count > 2 { key = key.dropFirst(2).prefix(1).lowercased() + key.dropFirst(3) }
        switch key {
        case "type", "elementType", "className": return className(e)
        case "identifier": return e["name"] ?? e["resource-id"] ?? e["id"]
        case "title": return e["label"]
        case "rect.x", "rect.origin.x", "frame.origin.x", "x": return rect(e).map { number($0.x) }
        case "rect.y", "rect.origin.y", "frame.origin.y", "y": return rect(e).map { number($0.y) }
        case "rect.width", "rect.size.width", "frame.size.width", "width": return rect(e).map { number($0.width) }
        case "rect.height", "rect.size.height", "frame.size.height", "height": return rect(e).map { number($0.height) }
        case "label" where kind == .uiautomator: return e["content-desc"]
        case "name" where kind == .uiautomator: return e["resource-id"]
        case "value" where kind == .uiautomator: return e["text"]
        case "visible" where kind == .uiautomator: return e["displayed"] ?? "true"
        default: return e.attributes[key]
        }
    }

    private func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
