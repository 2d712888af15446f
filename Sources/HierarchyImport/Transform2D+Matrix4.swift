import HierarchyModel

extension Transform2D {
    /// The 2D part of a `Matrix4` as Flutter's semantics tree prints it after `with transform `:
    /// its four rows `[[m00,m01,m02,m03]; [m10,…]; [m20,…]; [m30,…]]` (vector_math's rows, column
    /// vectors): x' = m00·x + m01·y + m03, y' = m10·x + m11·y + m13.
    /// - Throws: `InputError` at `line` when there are not four rows of four finite numbers.
    static func matrix4Rows(_ text: String, line: Int, fileName: String) throws(InputError) -> Transform2D {
        let rows = text.split(separator: ";").map { $0.filter { $0 != "[" && $0 != "]" && $0 != " " } }
        let numbers = rows.map { $0.split(separator: ",").compactMap { Double($0) } }
        guard rows.count == 4, numbers.allSatisfy({ $0.count == 4 && $0.allSatisfy(\.isFinite) }) else {
            let shown = text.count > 60 ? String(text.prefix(57)) + "..." : text
            throw InputError(file: fileName, location: "line \(line)", "transform '\(shown)': expected four rows of four finite numbers")
        }
        return Transform2D(a: numbers[0][0], b: numbers[1][0], c: numbers[0][1], d: numbers[1][1], tx: numbers[0][3], ty: numbers[1][3])
    }

    /// Whether the map rotates or skews (more than rounding does).
    var rotatesOrSkews: Bool { abs(b) > 1e-9 || abs(c) > 1e-9 }

    /// The smallest axis-aligned rectangle holding the image of `rect`.
    func boundingBox(of rect: Rect) -> Rect {
        let corners = [Point(x: rect.x, y: rect.y), Point(x: rect.x + rect.width, y: rect.y),
                       Point(x: rect.x, y: rect.y + rect.height), Point(x: rect.x + rect.width, y: rect.y + rect.height)].map(apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
