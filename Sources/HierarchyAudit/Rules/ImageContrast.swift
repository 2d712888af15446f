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
    /// Images (not image buttons); on the web, the images of controls (an icon in a button or a
    /// link: WCAG's 1.4.11 asks it of user interface components, not of photographs).
    fileprivate static func isImageContrastSubject(_ e: AuditElements, _ i: Int) -> Bool {
        switch e.platform {
        case .android: e.names[i].has("imageview")
        case .iOS: e.roles[i] == .image
        case .web: e.roles[i] == .image && (e.interactive[i] || e.tree.nodes[i].parent.map { e.interactive[$0] } == true)
        }
    }
}
