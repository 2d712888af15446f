import Foundation
import HierarchyFormats
import HierarchyImaging
import HierarchyModel
import HierarchyScreen

/// The report's page: `report.html` with its style and script, and between them the data as
/// blocks, each a `<script type="application/json">` element the browser does not run:
///
/// - `id="hr-template"`: the viewer page (`HTMLViewer.template`) as a JSON string, stored once;
/// - `class="hr-screen"`: a screen's `ScreenBlock`, in name order (the grid);
/// - `id="v-NAME"`: a screen's viewer data, its `"textures"` naming textures;
/// - `id="t-NAME"`: a texture, a base64 PNG as a JSON string, once for the whole page.
///
/// A report written as a folder has the same page as `index.html`, but its `v-` and `t-` blocks
/// are files of `data/` (`data/v-NAME.js`, `data/t-NAME.js`, see `dataFile`), loaded by the page
/// when a screen is opened.
///
/// A screen's viewer is built only when it is opened: the template filled with its data and its
/// textures, in a frame. Every block's JSON is free of `<`, so no `</script>` can end it early.
public enum ReportPage {
    /// The generator line that marks a report's page, for `--merge`.
    public static let generator = "<meta name=\"generator\" content=\"hierarchy report\">"

    /// The folder of a report folder's data files, relative to its `index.html`.
    public static let dataFolder = "data/"

    /// Everything before the blocks; `data` names the folder of the data files ("" for one file).
    public static func head(title: String, data: String = "") -> String {
        let parts = html.components(separatedBy: "{{blocks}}")
        var filled = fill(parts[0], title: title)
        if !data.isEmpty {
            // A folder's page also runs its data files (scripts of its own folder) and says where they are.
            filled = filled.replacingOccurrences(of: "script-src 'unsafe-inline'", with: "script-src 'unsafe-inline' 'self'")
                .replacingOccurrences(of: generator, with: generator + "\n<meta name=\"hierarchy-report-data\" content=\"" + escape(data) + "\">")
        }
        return filled + block(id: "hr-template", json: OrderedJSON.string(Screen.viewerTemplate).text().escapingLessThanForScript())
    }

    /// A data file of a report folder: a script handing the block `id`'s JSON to the page.
    public static func dataFile(id: String, json: String) -> String {
        dataOpening + "\"" + id + "\"," + json + dataClosing
    }

    /// The JSON of a data file `dataFile(id:json:)` wrote; nil when `text` is not one for `id`.
    public static func json(ofDataFile text: Substring, id: String) -> Substring? {
        let head = dataOpening + "\"" + id + "\","
        guard text.hasPrefix(head), text.hasSuffix(dataClosing) else { return nil }
        return text.dropFirst(head.count).dropLast(dataClosing.count)
    }

    private static let dataOpening = "hierarchyReportData("
    private static let dataClosing = ");\n"

    /// The page left at `REPORT.html` when the report became the folder `folder` (relative to it):
    /// a link that opens the folder's `index.html` at once.
    public static func redirect(to folder: String, title: String) -> String {
        let target = escape((folder + "/index.html").addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? folder + "/index.html")
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            \(generator)
            <meta name="hierarchy-report-folder" content="\(escape(folder))">
            <meta http-equiv="refresh" content="0; url=\(target)">
            <title>\(escape(title)) — hierarchy report</title></head>
            <body><p>The report is the folder <a href="\(target)">\(escape(folder))/</a>.</p></body></html>

            """
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

    static func block(id: String? = nil, className: String? = nil, json: String) -> String {
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
    /// A report folder's `data/` folder, holding the viewers and textures not in the page.
    public var dataFolder: String?

    /// The blocks of a report: its page, its folder (`index.html` and `data/`), or the page a
    /// report left when it became a folder.
    /// - Throws: `InputError` when it cannot be read or is not a report.
    public static func read(_ part: String) throws(InputError) -> ReportPageBlocks {
        let folder = FileSystem.isFolder(part) ? part : nil
        let page = folder.map { $0 + "/index.html" } ?? part
        let text = String(decoding: try FileSystem.read(page, limit: .document), as: UTF8.self)
        if folder == nil, let moved = Self.meta(text, name: "hierarchy-report-folder"), !moved.isEmpty {
            return try read(FileSystem.folder(of: part).isEmpty ? moved : FileSystem.folder(of: part) + "/" + moved)
        }
        var blocks = try ReportPageBlocks(page: text, file: page)
        if let data = Self.meta(text, name: "hierarchy-report-data"), !data.isEmpty {
            blocks.dataFolder = FileSystem.folder(of: page) + "/" + data
        }
        return blocks
    }

    /// The viewer data named `name`: from the page, or from its data file.
    public func viewer(_ name: String) throws(InputError) -> String? {
        if let inline = viewers[name] { return String(inline) }
        return try dataFile("v-" + name).map(String.init)
    }

    /// The base64 texture named `name` (without its quotes): from the page, or from its data file.
    public func texture(_ name: String) throws(InputError) -> String? {
        if let inline = textures[name] { return String(inline) }
        guard let json = try dataFile("t-" + name) else { return nil }
        guard json.count >= 2, json.first == "\"", json.last == "\"" else { throw InputError(file: dataPath("t-" + name), "is not a texture") }
        return String(json.dropFirst().dropLast())
    }

    private func dataPath(_ id: String) -> String { (dataFolder ?? "") + id + ".js" }

    private func dataFile(_ id: String) throws(InputError) -> Substring? {
        guard dataFolder != nil, FileSystem.exists(dataPath(id)) else { return nil }
        let text = String(decoding: try FileSystem.read(dataPath(id), limit: .document), as: UTF8.self)
        guard let json = ReportPage.json(ofDataFile: text[...], id: id) else { throw InputError(file: dataPath(id), "is not a data file 'hierarchy report' wrote") }
        return json
    }

    /// The content of the `<meta name="NAME">` element in the head of `text`, unescaped.
    private static func meta(_ text: String, name: String) -> String? {
        let head = text.prefix(4096)
        guard let start = head.range(of: "<meta name=\"\(name)\" content=\""), let end = head[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(head[start.upperBound..<end]).replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

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
