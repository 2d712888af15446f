import HierarchyLayout
import HierarchyModel

extension AuditRule {
    /// ATF's ImageContrastCheck on the screenshot: an image's foreground needs 3.0.
    public static let imageContrast: AuditRule = .contrast(
        "image-contrast", summary: "An image's foreground stands out from its background: a contrast ratio of 3.0.",
        reference: "ATF ImageContrastCheck; WCAG 2.x 1.4.11", rule: { .imageContrast },
        of: AuditElements.isImageContrastSubject, needs: "3.0", borderline: false)
}

extension AuditElements {
    /// Images (not image buttons).
    fileprivate static func isImageContrastSubject(_ e: AuditElements, _ i: Int) -> Bool {
        e.platform == .android ? e.names[i].has("imageview") : e.roles[i] == .image
    }
}
