import HierarchyLayout
import HierarchyLoading
import HierarchyModel

/// An audit of one screen (`--audit`): its findings, each a JSON value (an object the audit
/// documents), in the audit's order. The report stores them as they are and counts them.
public protocol ScreenAudit: Sendable {
    func findings(for document: LoadedDocument, layout: Layout) throws(InputError) -> [JSONValue]
}
