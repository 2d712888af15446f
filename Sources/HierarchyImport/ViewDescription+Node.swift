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
        case "text", "name":
            let text = DescriptionValue.text(field.value)
            if node.name == nil, !text.allSatisfy(\.isWhitespace) { node.name = text }
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

    private func keepTransform(_ value: String, in node: inout ViewNode) -> String {
        guard let numbers = DescriptionValue.numbers(value), !numbers.isEmpty else {
            node.extras["transform"] = .string(value)
            return "transform '\(value)' is not a list of numbers; kept as text, the view is drawn as its frame"
        }
        node.extras["transform"] = .array(numbers.map(JSONValue.number))
        return "transform kept in extras; the view is drawn as its frame, the transform's bounding box"
    }

    private func ignored(_ field: Field) -> String {
        "\(field.key) '\(field.value)' does not parse; ignored"
    }
}
