import HierarchyImaging

/// The name a report gives a texture: the 128 bits of its PNG bytes' `ContentHash`, in hex.
/// Screens that show the same picture share the name, so the page stores it once.
public enum TextureName {
    public static func of(_ bytes: [UInt8]) -> String { ContentHash(bytes).hex }
}
