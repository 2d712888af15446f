/// The ids of a capture's views: a view's accessibility identifier when no other view has the
/// same one and it is not the index path of any view, else its index path ("0", "0.2", "0.2.1").
/// Ids are therefore unique: identifiers used are unique and never look like a used index path.
enum CaptureIDs {
    /// An id for each record, indexed like `views`. `identifiers` are the accessibility
    /// identifiers (nil or empty for none), also indexed like `views`.
    static func assign(_ views: [CapturedView], identifiers: [String?]) -> [String] {
        let paths = indexPaths(views)
        let pathSet = Set(paths)
        var counts: [String: Int] = [:]
        for case let identifier? in identifiers where !identifier.isEmpty { counts[identifier, default: 0] += 1 }
        return views.indices.map { index in
            guard let identifier = identifiers[index], counts[identifier] == 1, !pathSet.contains(identifier) else { return paths[index] }
            return identifier
        }
    }

    /// The index path of every record; records come in pre-order, so a parent precedes its children.
    static func indexPaths(_ views: [CapturedView]) -> [String] {
        var paths = [String](repeating: "0", count: views.count)
        for index in views.indices {
            if let parent = views[index].parent { paths[index] = paths[parent] + "." + String(views[index].position) }
        }
        return paths
    }
}
