import HierarchyAudit
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import HierarchyText

/// The picture of an audit: the exploded stack (straight on with yaw 0, pitch 0, by the
/// straight-on rule), each finding's view outlined in its severity's colour and tagged with the
/// findings' numbers, the numbers of the text report; the other views dimmed.
public enum AuditPicture {
    static let colours: [Severity: Color] = [
        .error: Color(red: 0xFF, green: 0x3B, blue: 0x30),
        .warning: Color(red: 0xFF, green: 0xA5, blue: 0x00),
        .info: Color(red: 0x2E, green: 0x8F, blue: 0xFF),
    ]

    /// Draws `report`'s findings over `screen` as `request` looks at it.
    /// - Throws: `RenderError` for options the renderer refuses; `InputError` for a texture that
    ///   cannot be read; `TextError` when the numbers have no font.
    public static func draw(_ report: AuditReport, screen: Screen, request: PictureRequest) throws -> RGBAImage {
        let layout = screen.layout
        let marks = numbers(report, layout: layout)
        var options = screen.renderOptions(for: request)
        for index in layout.layers.indices {
            if let mark = marks[index] {
                options.layerStyles[index] = LayerStyle(outlineColor: colours[mark.severity], outlineScale: 3)
            } else {
                options.layerStyles[index] = LayerStyle(opacity: 0.45, outlineColor: RenderOptions().outlineColor.withAlpha(0x30))
            }
        }
        let rendering = try Renderer(options: options).render(layout, textures: screen.document.textures(for: layout))
        var image = rendering.image
        let tags = rendering.labelAnchors(layout, spacing: options.spacing).compactMap { anchor in
            marks[anchor.layer].map { (text: $0.numbers.map(String.init).joined(separator: ","), x: anchor.x, y: anchor.y) }
        }
        if !tags.isEmpty {
            let size = max(10, 13 * Double(min(image.width, image.height)) / 1200)
            LayerTags.draw(tags, onto: &image, fonts: try FontLibrary.system(), pixelSize: size, maxWidth: size * 12)
        }
        return image
    }

    /// For each layer with findings, their numbers and the most severe of them.
    static func numbers(_ report: AuditReport, layout: Layout) -> [Int: (numbers: [Int], severity: Severity)] {
        var marks: [Int: (numbers: [Int], severity: Severity)] = [:]
        for (n, finding) in report.findings.enumerated() {
            guard case .layer(let layer) = layout.status[finding.node] else { continue }
            let old = marks[layer]
            marks[layer] = ((old?.numbers ?? []) + [n + 1], min(old?.severity ?? finding.severity, finding.severity))
        }
        return marks
    }
}
