import HierarchyFormats

/// The page's markup: `viewer.html` with the title, the style, the data block and the script put
/// into its slots (`{{title}}`, `{{style}}`, `{{data}}`, `{{script}}`).
///
/// The page's Content-Security-Policy is written in its head (`HTMLPageHead`): its own inline
/// style and script, images from the data it carries, and no connection of any kind.
enum HTMLViewerMarkup {
    /// A part of the template: its own text, or a slot.
    enum Piece: Equatable {
        case text(String), title, style, data, script
    }

    /// `viewer.html` cut at its slots, once: a slot's value is never searched for slots.
    static let template: [Piece] = pieces(of: ViewerFiles.html)

    /// The whole page. `data` is the JSON document of `HTMLViewerData` (already free of `<`).
    static func page(title: String, data: String) -> String {
        let name = escape(title)
        var page = ""
        page.reserveCapacity(ViewerFiles.html.utf8.count + ViewerFiles.style.utf8.count + ViewerFiles.script.utf8.count + data.utf8.count + 3 * name.utf8.count)
        for piece in template {
            switch piece {
            case .text(let text): page += text
            case .title: page += name
            case .style: page += ViewerFiles.style
            case .data: page += data
            case .script: page += ViewerFiles.script
            }
        }
        return page
    }

    /// `html` as text and slots. A `{{` that names no slot is a mistake in the template.
    static func pieces(of html: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(html)
        while let open = rest.firstRange(of: "{{") {
            guard let close = rest[open.upperBound...].firstRange(of: "}}") else { break }
            pieces.append(.text(String(rest[..<open.lowerBound])))
            switch rest[open.upperBound..<close.lowerBound] {
            case "title": pieces.append(.title)
            case "style": pieces.append(.style)
            case "data": pieces.append(.data)
            case "script": pieces.append(.script)
            case let name: preconditionFailure("viewer.html: unknown slot {{\(name)}}")
            }
            rest = rest[close.upperBound...]
        }
        pieces.append(.text(String(rest)))
        return pieces
    }

    static func escape(_ text: String) -> String { MarkupText.escape(text) }
}
