/// The views nearest to what a locator that matched nothing asked for, best first, and what
/// differs: the same text in another case or with a typo, the id under another package, the
/// text on a child of the clickable view, a view of that class with another label.
struct Suggestions {
    let engine: LocatorEngine
    let tree: ViewTreeAccess

    /// What the locator asked for: fields (`id`, `text`, `class`) and values.
    struct Wanted: Hashable { var field: String; var value: String }

    func nearest(_ wanted: [Wanted], limit: Int = 5) -> [(element: Int, score: Int, because: String)] {
        var best: [Int: (score: Int, because: String)] = [:]
        func offer(_ element: Int, _ score: Int, _ because: String) {
            if score > best[element]?.score ?? 0 { best[element] = (score, because) }
        }
        for element in engine.views {
            for want in wanted {
                if let (score, because) = compare(want, element) {
                    offer(element, score, because)
                    if want.field == "text", let (clickable, score2, because2) = clickableRelative(of: element, want: want, score: score) {
                        offer(clickable, score2, because2)
                    }
                }
            }
        }
        return best.map { (element: $0.key, score: $0.value.score, because: $0.value.because) }
            .sorted { ($0.score, -$0.element) > ($1.score, -$1.element) }.prefix(limit).map { $0 }
    }

    private func compare(_ want: Wanted, _ element: Int) -> (Int, String)? {
        let e = engine.xml.elements[element]
        let values = engine.values
        switch want.field {
        case "class":
            guard values.className(e) == want.value else { return nil }
            return (30, "the same class, " + (values.texts(e).first.map { "labelled '\($0)'" } ?? "without a label"))
        case "id":
            let ids = values.ids(e) + values.accessibilityIDs(e)
            if let other = ids.first(where: { Self.localID($0) == Self.localID(want.value) && $0 != want.value }) {
                return (95, "the id under another package: '\(other)'")
            }
            return closeness(want.value, to: ids, what: "id")
        default:
            return closeness(want.value, to: values.texts(e) + values.ids(e), what: "text")
        }
    }

    /// How near `wanted` is to one of `candidates`: the same, in another case, a typo, or a part.
    private func closeness(_ wanted: String, to candidates: [String], what: String) -> (Int, String)? {
        var best: (Int, String)?
        for candidate in candidates {
            var found: (Int, String)?
            if candidate == wanted {
                found = (70, "has this \(what), but not what else the locator asks")
            } else if candidate.lowercased() == wanted.lowercased() {
                found = (90, "the same \(what) in another case: '\(candidate)'")
            } else if let d = EditDistance.distance(candidate.lowercased(), wanted.lowercased(), limit: max(1, wanted.count / 4)) {
                found = (80 - 5 * d, "\(what) '\(candidate)' differs by \(d) character\(d == 1 ? "" : "s") (a typo?)")
            } else if wanted.count >= 3, candidate.lowercased().contains(wanted.lowercased()) {
                found = (50, "\(what) '\(candidate)' contains '\(wanted)'")
            }
            if let found, found.0 > best?.0 ?? 0 { best = found }
        }
        return best
    }

    /// The clickable view whose child (or parent) holds the text, when the holder itself takes no clicks.
    private func clickableRelative(of element: Int, want: Wanted, score: Int) -> (Int, Int, String)? {
        let elements = engine.xml.elements
        guard elements[element].attributes["clickable"] == "false" else { return nil }
        var current = elements[element].parent
        for _ in 0..<3 {
            guard let index = current else { return nil }
            if elements[index].attributes["clickable"] == "true", engine.views.contains(index) {
                let holder = elements[element].node.map { tree.id($0) } ?? "?"
                let text = engine.values.texts(elements[element]).first ?? want.value
                return (index, score - 1, "takes the taps; the text '\(text)' is on its child \(holder)")
            }
            current = elements[index].parent
        }
        return nil
    }

    /// The part of an Android id after `:id/`.
    static func localID(_ id: String) -> String {
        id.range(of: ":id/").map { String(id[$0.upperBound...]) } ?? id
    }
}

/// The view ids the suggestions name.
struct ViewTreeAccess {
    let ids: [String]
    func id(_ node: Int) -> String { ids[node] }
}
