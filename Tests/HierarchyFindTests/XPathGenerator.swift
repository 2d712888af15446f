import HierarchyFind
import HierarchyTestSupport

/// Random XPath 1.0 expressions over a document's own names and values: every axis, name and
/// wildcard tests, predicates with positions, comparisons and the string, number and boolean
/// functions, unions and filtered groups.
struct XPathGenerator {
    let names: [String]
    let attributes: [(key: String, value: String)]

    init(elements: [ScreenElement]) {
        names = Array(Set(elements.map(\.name))).sorted()
        attributes = elements.flatMap { e in e.attributes.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) } }
            .filter { !$0.value.contains("'") }
    }

    static let axes = ["child", "descendant", "descendant-or-self", "parent", "ancestor", "ancestor-or-self",
                       "following-sibling", "preceding-sibling", "following", "preceding", "self"]

    func expressions(count: Int, using random: inout SplitMix) -> [String] {
        (0..<count).map { _ in expression(&random) }
    }

    func expression(_ random: inout SplitMix) -> String {
        switch pick(6, &random) {
        case 0: return "(\(path(&random)))[\(1 + pick(3, &random))]"
        case 1: return "\(path(&random)) | \(path(&random))"
        case 2: return "(\(path(&random)))[last()]"
        default: return path(&random)
        }
    }

    func path(_ random: inout SplitMix) -> String {
        var text = pick(4, &random) == 0 ? "/*" : "//" + test(&random) + predicate(&random)
        for _ in 0..<pick(3, &random) {
            let axis = Self.axes[pick(Self.axes.count, &random)]
            text += "/\(axis)::\(test(&random))\(predicate(&random))"
        }
        return text
    }

    func test(_ random: inout SplitMix) -> String {
        pick(3, &random) == 0 || names.isEmpty ? "*" : names[pick(names.count, &random)]
    }

    func predicate(_ random: inout SplitMix) -> String {
        guard !attributes.isEmpty else { return pick(2, &random) == 0 ? "" : "[\(1 + pick(3, &random))]" }
        let (key, value) = attributes[pick(attributes.count, &random)]
        let part = String(value.prefix(1 + pick(max(value.count, 1), &random)))
        let choices = [
            "", "", "[\(1 + pick(4, &random))]", "[last()]", "[position() < 3]", "[@\(key)='\(value)']",
            "[contains(@\(key), '\(part)')]", "[starts-with(@\(key), '\(part)')]", "[not(@\(key))]",
            "[count(*) > \(pick(3, &random))]", "[string-length(@\(key)) > \(pick(8, &random))]",
            "[@\(key)='\(value)' or position() = 1]", "[@\(key) and not(*)]", "[normalize-space(@\(key)) = '\(value)']",
            "[translate(@\(key), 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') = '\(value.uppercased())']",
            "[substring(@\(key), 1, 2) = '\(value.prefix(2))']", "[number(@\(key)) > \(pick(400, &random))]",
            "[@\(key)][\(1 + pick(2, &random))]", "[../@\(key)]", "[name() = '\(names.isEmpty ? "x" : names[pick(names.count, &random)])']",
            "[sum(*/@\(key)) >= 0]", "[boolean(following-sibling::*)]", "[concat(@\(key), 'x') != 'x']", "[last() > 1]",
            "[local-name(..) != '']", "[@*[. = '\(value)']]",
        ]
        return choices[pick(choices.count, &random)]
    }

    func pick(_ n: Int, _ random: inout SplitMix) -> Int { Int(random.next() % UInt64(max(n, 1))) }
}
