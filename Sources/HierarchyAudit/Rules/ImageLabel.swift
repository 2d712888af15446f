import HierarchyLayout
import HierarchyModel

extension AuditRule {
    /// axe's ImageViewName: an image that is drawn has a description. On iOS only images that
    /// are accessibility elements (Appium's `accessible`) are judged.
    public static let imageLabel = AuditRule(
        "image-label", severity: .warning,
        summary: "An image that is not decorative has a description.",
        reference: "axe-android ImageViewName",
        check: { $0.imageLabel() })
}

extension RuleContext {
    fileprivate mutating func imageLabel() {
        for i in order where e.isVisible(i) {
            let node = e.tree.nodes[i]
            let name = e.names[i]
            if e.platform == .android {
                guard name.has("imageview") || name.has("imagebutton") else { continue }
            } else {
                guard e.roles[i] == .image, node.attributes["accessible"] == "true" || !AuditElements.isAppium(node) && e.focused[i] else { continue }
            }
            judged(.imageLabel, i)
            guard e.description[i] == nil else { continue }
            let what = e.platform == .android ? "content description" : "accessibility label"
            report(.imageLabel, i, values: [], message: "an image with no \(what) (mark it unimportant for accessibility if it is decorative)")
        }
    }
}
