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
    /// hidden names and a capture still being written (`….partial`); nil when there is none.
    public static func latest(_ entries: [(name: String, kind: Kind)]) -> String? {
        entries.filter { $0.kind != .other && !$0.name.hasPrefix(".") && !$0.name.hasSuffix(".partial") && !$0.name.contains(".partial.") }
            .map(\.name).max(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }
}
