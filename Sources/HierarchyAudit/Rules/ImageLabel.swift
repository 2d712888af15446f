import HierarchyLayout
import HierarchyModel

extension AuditRule {
    /// axe's ImageViewName: an image that is drawn has a description. On iOS only images that
    /// are accessibility elements (Appium's `accessible`) are judged; on the web, images (`<img>`,
    /// role `img`) need a text alternative (WCAG 2.2 SC 1.1.1, axe's image-alt).
    public static let imageLabel = AuditRule(
        "image-label", severity: .warning,
        summary: "An image that is not decorative has a description (on the web, a text alternative: alt, or alt=\"\" when decorative).",
        reference: "axe-android ImageViewName; WCAG 2.2 SC 1.1.1 (axe image-alt, role-img-alt)",
        check: { $0.imageLabel() })
}

extension RuleContext {
    fileprivate mutating func imageLabel() {
        for i in order where e.isVisible(i) {
            let node = e.tree.nodes[i]
            let name = e.names[i]
            if e.platform == .web {
                // `alt=""` makes an <img> presentation, decorative: its role is not img then.
                guard e.roles[i] == .image, !e.accessibilityHidden[i] else { continue }
            } else if e.platform == .android {
                guard name.has("imageview") || name.has("imagebutton") else { continue }
            } else {
                guard e.roles[i] == .image, node.attributes["accessible"] == "true" || !AuditElements.isAppium(node) && e.focused[i] else { continue }
            }
            judged(.imageLabel, i)
            guard e.description[i] == nil else { continue }
            if e.platform == .web {
                let what = node.className == "img" ? "an <img> with no alt attribute (nor aria-label or title)" : "an image (role img) with no accessible name"
                report(.imageLabel, i, values: [], message: "\(what): give it a text alternative, or alt=\"\" if it is decorative")
                continue
            }
            let what = e.platform == .android ? "content description" : "accessibility label"
            report(.imageLabel, i, values: [], message: "an image with no \(what) (mark it unimportant for accessibility if it is decorative)")
        }
    }
}
