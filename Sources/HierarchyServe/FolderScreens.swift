/// Which screen of a watched folder is shown: its newest entry by name, as a capture run numbers
/// its screens (`0001`, `0002`…) and as time-stamped names sort.
public enum FolderScreens {
    /// What an entry of the folder is.
    public enum Kind: Hashable, Sendable {
        /// A folder with a tree.json (`hierarchy capture -o DIR`).
        case captureFolder
        /// A file: a document or a dump.
        case file
        /// Anything else (another folder, a link to nowhere): not a screen.
        case other
    }

    /// The entry shown among `entries` (name and kind): the last screen by name, leaving out
    /// hidden names, a capture still being written (`….partial`) and pictures (a dump's
    /// screenshot beside it, `screen-005.png` by `screen-005.json`, as `report` pairs them); nil
    /// when there is none.
    public static func latest(_ entries: [(name: String, kind: Kind)]) -> String? {
        entries.filter { $0.kind != .other && !$0.name.hasPrefix(".") && !$0.name.hasSuffix(".partial") && !$0.name.contains(".partial.") }
            .filter { $0.kind != .file || !isPicture($0.name) }
            .map(\.name).max(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    /// The screenshot of a loose dump `name` among the folder's `names`: the picture of the same
    /// stem (`screen-005.png` for `screen-005.xml`), else nil.
    public static func screenshot(of name: String, among names: [String]) -> String? {
        guard let stem = stem(of: name) else { return nil }
        return names.filter { isPicture($0) && Self.stem(of: $0) == stem }.min(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    /// A picture by its name's extension: a screenshot, never a screen.
    static func isPicture(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return ["png", "jpg", "jpeg"].contains(name[name.index(after: dot)...].lowercased())
    }

    /// The name before its last dot (`screen-005` of `screen-005.xml`); nil without one.
    static func stem(of name: String) -> Substring? {
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return nil }
        return name[..<dot]
    }
}
