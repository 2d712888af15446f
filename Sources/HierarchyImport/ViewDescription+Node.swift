import HierarchyModel

extension ViewDescription {
    /// The view this line describes, and notes on what was approximated (without the line number).
    ///
    /// `frame` is in the superview's bounds space; a scroll view's `contentOffset: {x, y}` is its
    /// bounds origin, so that its subviews' frames stay in content space.
    /// - Throws: `InputError` (message only) when the frame does not parse.
    func makeNode() throws(InputError) -> (node: ViewNode, notes: [String]) {
        let frame = try DescriptionValue.frame(field("frame") ?? "")
        var node = ViewNode(id: address, className: className, frame: frame)
        var notes: [String] = []
        for field in fields {
            if let note = apply(field, to: &node) { notes.append(note) }
        }
        if let ivar { node.extras["ivar"] = .string(ivar) }
        return (node, notes)
    }

    /// Reads one field into `node`; a note when its value had to be ignored or approximated.
    private func apply(_ field: Field, to node: inout ViewNode) -> String? {
        switch field.key {
        case "hidden": node.isHidden = field.value == "YES"
        case "clipsToBounds": node.clipsToBounds = field.value == "YES"
        case "alpha":
            guard let alpha = DescriptionValue.numbers(field.value), alpha.count == 1 else { return ignored(field) }
            node.alpha = min(max(alpha[0], 0), 1)
        case "tag":
            guard let tag = Int(field.value) else { return ignored(field) }
            node.tag = tag
        case "text", "name", "title":
            let text = DescriptionValue.text(field.value)
            guard !text.allSatisfy(\.isWhitespace) else { break }
            if node.name == nil { node.name = text }
            // A label's or field's `text`, else a title where the class prints one.
            if field.key == "text" || (field.key == "title" && node.text == nil) { node.text = text }
        case "contentOffset":
            guard let offset = DescriptionValue.numbers(field.value), offset.count == 2 else { return ignored(field) }
            node.bounds.x = offset[0]
            node.bounds.y = offset[1]
        case "transform": return keepTransform(field.value, in: &node)
        case "backgroundColor": node.backgroundColor = DescriptionValue.color(field.value)
        case "baseClass": node.extras["baseClass"] = .string(field.value)
        default: break
        }
        return nil
    }

    /// Reads `transform = [a, b, c, d, tx, ty]`. recursiveDescription prints the transformed
    /// bounding box as `frame`; the untransformed frame is recovered from it (see `untransformedFrame`).
    private func keepTransform(_ value: String, in node: inout ViewNode) -> String? {
        guard let numbers = DescriptionValue.numbers(value), numbers.count == 6, numbers.allSatisfy(\.isFinite) else {
            node.extras["unappliedTransform"] = .string(value)
            return "transform '\(value)' is not six numbers; kept as text, the view is drawn as its frame"
        }
        let transform = Transform2D(numbers)
        guard !transform.isIdentity else { return nil }
        guard let frame = ViewDescription.untransformedFrame(box: node.frame, transform) else {
            node.extras["unappliedTransform"] = .array(numbers.map(JSONValue.number))
            return ViewDescription.unsolvedTransformNote
        }
        node.frame = frame
        node.bounds.width = frame.width
        node.bounds.height = frame.height
        node.transform = transform
        return nil
    }

    /// The note for a transform whose bounding box does not determine the view's size.
    static let unsolvedTransformNote =
        "the transform's bounding box does not determine the view's size (|a·d| = |b·c|); the view is drawn as its frame, the box, with the transform kept in extras as unappliedTransform"

    /// The frame a view with the default anchor point has without `transform`, given the bounding box
    /// UIKit reports with it: its centre is the box's centre minus (tx, ty), and its size (w, h) solves
    /// box.width = |a|·w + |c|·h, box.height = |b|·w + |d|·h. Nil when that system is singular or
    /// gives a negative size. Values are rounded to the six significant digits the dump prints.
    static func untransformedFrame(box: Rect, _ m: Transform2D) -> Rect? {
        let (a, b, c, d) = (abs(m.a), abs(m.b), abs(m.c), abs(m.d))
        let det = a * d - b * c
        guard abs(det) > 1e-9 * max(a * d, b * c, 1e-300) else { return nil }
        let w = (d * box.width - c * box.height) / det, h = (a * box.height - b * box.width) / det
        let step = printStep(max(abs(box.x), abs(box.y), box.width, box.height))
        func tidy(_ v: Double) -> Double { step > 0 ? (v / step).rounded() * step : v }
        // A size a rounding error below zero is zero.
        guard w > -step, h > -step else { return nil }
        let (width, height) = (max(0, tidy(w)), max(0, tidy(h)))
        let centre = (box.midX - m.tx, box.midY - m.ty)
        return Rect(x: tidy(centre.0 - width / 2), y: tidy(centre.1 - height / 2), width: width, height: height)
    }

    /// The last digit `%g` keeps (six significant digits) for numbers up to `magnitude`.
    private static func printStep(_ magnitude: Double) -> Double {
        guard magnitude > 0, magnitude.isFinite else { return 0 }
        var step = 1e-5
        while step * 1e5 * 10 <= magnitude { step *= 10 }
        while step * 1e5 > magnitude && step > 1e-12 { step /= 10 }
        return step
    }

    private func ignored(_ field: Field) -> String {
        "\(field.key) '\(field.value)' does not parse; ignored"
    }
}
