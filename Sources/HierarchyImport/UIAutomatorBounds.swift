import HierarchyModel

/// uiautomator's `bounds="[left,top][right,bottom]"`: absolute pixels, edges not sizes.
enum UIAutomatorBounds {
    /// The element's bounds in points (pixels divided by `density`).
    /// - Throws: `InputError` at the element's line when the attribute is missing, does not parse,
    ///   or has its right edge left of its left edge (or bottom above top).
    static func rect(_ element: MarkupTree.Element, fileName: String, density: Double) throws(InputError) -> Rect {
        guard let text = element.attributes["bounds"] else { throw element.error(fileName, "<\(element.name)> has no 'bounds' attribute") }
        guard let edges = edges(text) else {
            throw element.error(fileName, "bounds '\(text)' do not parse: expected [left,top][right,bottom]")
        }
        guard edges[2] >= edges[0], edges[3] >= edges[1] else {
            throw element.error(fileName, "bounds '\(text)': expected right >= left and bottom >= top")
        }
        return Rect(x: edges[0] / density, y: edges[1] / density,
                    width: (edges[2] - edges[0]) / density, height: (edges[3] - edges[1]) / density)
    }

    /// left, top, right, bottom; nil unless the text is exactly two bracketed pairs of finite numbers.
    static func edges(_ text: String) -> [Double]? {
        let trimmed = text.trimmingSpaces
        guard trimmed.hasPrefix("["), trimmed.hasSuffix("]") else { return nil }
        let pairs = trimmed.dropFirst().dropLast().split(separator: "][", omittingEmptySubsequences: false)
        guard pairs.count == 2 else { return nil }
        var values: [Double] = []
        for pair in pairs {
            let parts = pair.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            for part in parts {
                guard let value = Double(part.trimmingSpaces), value.isFinite, !part.contains("x") else { return nil }
                values.append(value)
            }
        }
        return values
    }
}
