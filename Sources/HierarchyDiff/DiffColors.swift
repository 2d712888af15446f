import HierarchyModel

/// The colours of what changed, the one definition: the diff picture draws with them, and the
/// diff page reads them from the viewer's data (`"diff"."colors"`), so its stylesheet names none.
public enum DiffColors {
    /// A view that appeared.
    public static let added = Color(red: 0x34, green: 0xC7, blue: 0x59)
    /// A view that changed, and where a moved or resized one was.
    public static let changed = Color(red: 0xFF, green: 0xB0, blue: 0x20)
    /// A view that went.
    public static let removed = Color(red: 0xFF, green: 0x45, blue: 0x3A)

    /// The colour of each kind of change, by the names the page uses.
    public static let byKind: [(kind: String, color: Color)] = [("added", added), ("changed", changed), ("removed", removed)]
}
