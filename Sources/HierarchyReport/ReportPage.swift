import HierarchyExport
import HierarchyFormats
import HierarchyModel

/// The report's page: `report.html` with its style and script, and between them the data as
/// blocks, each a `<script type="application/json">` element the browser does not run:
///
/// - `id="hr-template"`: the viewer page (`HTMLViewer.template`) as a JSON string, stored once;
/// - `class="hr-screen"`: a screen's `ScreenBlock`, in name order (the grid);
/// - `id="v-NAME"`: a screen's viewer data, its `"textures"` naming textures;
/// - `id="t-NAME"`: a texture, a base64 PNG as a JSON string, once for the whole page.
///
/// A screen's viewer is built only when it is opened: the template filled with its data and its
/// textures, in a frame. Every block's JSON is free of `<`, so no `</script>` can end it early.
public enum ReportPage {
    /// The generator line that marks a report's page, for `--merge`.
    public static let generator = "<meta name=\"generator\" content=\"hierarchy report\">"

    /// Everything before the blocks.
    public static func head(title: String) -> String {
        let parts = html.components(separatedBy: "{{blocks}}")
        return fill(parts[0], title: title) + block(id: "hr-template", json: OrderedJSON.string(HTMLViewer.template).text().escapingLessThanForScript())
    }

    /// Everything after the blocks.
    public static var tail: String { fill(html.components(separatedBy: "{{blocks}}")[1], title: "") }

    public static func screenBlock(_ screen: ScreenBlock) -> String { block(className: "hr-screen", json: screen.encode()) }
    public static func viewerBlock(name: String, data: String) -> String { block(id: "v-" + name, json: data) }
    public static func textureBlock(name: String, base64: String) -> String { block(id: "t-" + name, json: "\"" + base64 + "\"") }

    /// Whether `text` can name a block: letters, digits, `-` and `_`.
    public static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 122) }
    }

    private static func block(id: String? = nil, className: String? = nil, json: String) -> String {
        var open = "<script type=\"application/json\""
        if let id { open += " id=\"\(id)\"" }
        if let className { open += " class=\"\(className)\"" }
        return open + ">" + json + "</script>\n"
    }

    private static func fill(_ text: String, title: String) -> String {
        text.replacingOccurrences(of: "{{title}}", with: escape(title))
            .replacingOccurrences(of: "{{style}}", with: ReportFiles.style)
            .replacingOccurrences(of: "{{script}}", with: ReportFiles.script)
    }

    static var html: String { ReportFiles.html }

    static func escape(_ text: String) -> String { MarkupText.escape(text) }
}

/// The blocks of a page `ReportPage` wrote, read back for `--merge`.
public struct ReportPageBlocks: Sendable {
    public var screens: [ScreenBlock] = []
    /// Viewer data by block name (without `v-`).
    public var viewers: [String: Substring] = [:]
    /// Base64 textures by name (without `t-`).
    public var textures: [String: Substring] = [:]

    /// Reads the blocks of `text`, the page `file`.
    /// - Throws: `InputError` when the file is not a report's page or a block is malformed.
    public init(page text: String, file: String) throws(InputError) {
        guard text.contains(ReportPage.generator) else { throw InputError(file: file, "is not a page 'hierarchy report' wrote") }
        let opening = "<script type=\"application/json\" "
        var rest = text[...]
        var index = 0
        while let start = rest.range(of: opening) {
            guard let close = rest[start.upperBound...].firstIndex(of: ">"),
                  let end = rest[close...].range(of: "</script>") else { throw InputError(file: file, "a data block is cut short") }
            let attributes = rest[start.upperBound..<close], content = rest[rest.index(after: close)..<end.lowerBound]
            if attributes == "class=\"hr-screen\"" {
                screens.append(try ScreenBlock.decode(String(content), file: file, path: "screen block \(index)"))
                index += 1
            } else if let name = Self.id(attributes, prefix: "v-") {
                viewers[name] = content
            } else if let name = Self.id(attributes, prefix: "t-") {
                guard content.count >= 2, content.first == "\"", content.last == "\"" else { throw InputError(file: file, "texture \(name) is not a string") }
                textures[name] = content.dropFirst().dropLast()
            }
            rest = rest[end.upperBound...]
        }
    }

    private static func id(_ attributes: Substring, prefix: String) -> String? {
        let head = "id=\"" + prefix
        guard attributes.hasPrefix(head), attributes.hasSuffix("\"") else { return nil }
        let name = String(attributes.dropFirst(head.count).dropLast())
        return ReportPage.isName(name) ? name : nil
    }
}
