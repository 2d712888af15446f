import HierarchyImport
import HierarchyModel

extension InputError {
    /// Whether the input is an HTML page, refused because only a live session (or a CDP snapshot)
    /// holds its boxes: the command line exits 2 for it in every command, as for a session that
    /// cannot be reached (docs/capture.md).
    public var needsSession: Bool { DumpImporter.isHTMLRefusal(self) }
}
