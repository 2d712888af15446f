import Foundation
import HierarchyFormats
import HierarchyImport
import HierarchyModel

/// A browser's page, or an app's web view, as a WebDriver server gives it. Its page source is
/// HTML, which holds no boxes: the DOM is read instead by one script run in the page
/// (`Web/dom-capture.js`, through `POST /session/{id}/execute/sync`), whose "hierarchy-web-dom"
/// answer is kept as `page-dom.json` and read by the web importer; the HTML is not kept (it may
/// hold a password field's preset value).
enum WebPage {
    /// The most nodes the script keeps, in document order; past it, a note says how many the page holds.
    static let nodeLimit = 50_000
    /// The name the script's answer is kept under in the capture folder.
    static let sourceName = "page-dom.json"
    /// How capture.json says the hierarchy was taken.
    static let method = "POST /session/{id}/execute/sync (dom-capture.js)"

    /// The script as WebDriver runs it: the file's function, called with the request's arguments.
    static let script = String(decoding: PackageResources.dom_capture_js, as: UTF8.self) + "\nreturn captureDOM.apply(null, arguments);\n"

    /// Whether `source` is an HTML document (`DumpImporter.isHTML`).
    static func isHTML(_ source: [UInt8]) -> Bool {
        DumpImporter.isHTML(source)
    }

    /// The body of the execute request: the script and the node limit.
    static func executeBody(limit: Int = nodeLimit) -> [UInt8] {
        Array(OrderedJSON.object([("script", .string(script)), ("args", .array([.number(Double(limit))]))]).text().utf8)
    }

    /// The page's DOM and screenshot, the DOM read into the view tree (the density the page's
    /// `devicePixelRatio`). A script error, an answer that does not read, a session gone: an error,
    /// nothing kept.
    static func screen(capture: WebDriverCapture, now: Date) throws(DeviceError) -> CapturedScreen {
        let id = capture.session.id
        let path = WebDriverCapture.sessionPath(id, "/execute/sync")
        let request = "POST " + capture.url + path
        let response = try capture.client.post(capture.url + path, json: executeBody())
        let dom = Array(try WebDriverReply.string(try WebDriverReply.value(response.body, status: response.status, request: request), request: request).utf8)
        let shotPath = WebDriverCapture.sessionPath(id, "/screenshot")
        let screenshot = try WebDriverReply.png(try WebDriverCapture.get(capture.client, capture.url, shotPath), request: "GET " + shotPath)
        let imported: ImportResult
        do throws(InputError) {
            imported = try DumpImporter.read(dom, fileName: sourceName, format: .webDOM)
        } catch {
            throw DeviceError("webdriver: \(request): the script's answer does not read (\(error.message))")
        }
        var info = CaptureInfo(source: "webdriver", taken: CaptureClock.iso8601(now), density: imported.tree.screenScale,
                               densitySource: "window.devicePixelRatio", hierarchyMethod: method)
        info.platform = "Web"
        info.device = capture.session.capability("browserName").flatMap { if case .string(let name) = $0 { name } else { nil } }
        info.app = imported.tree.root.attributes["url"]
        info.url = capture.url
        info.session = id
        if let size = PNGSize.of(screenshot) { (info.screenWidth, info.screenHeight) = (size.width, size.height) }
        return CapturedScreen(source: dom, sourceName: sourceName, format: .webDOM, screenshot: screenshot, info: info,
                              notes: imported.warnings, tree: imported.tree)
    }
}
