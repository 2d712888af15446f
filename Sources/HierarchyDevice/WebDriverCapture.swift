import Foundation
import HierarchyImport
import HierarchyModel

/// Takes the screen of a WebDriver session (Appium 1 and 2 with the UiAutomator2, XCUITest and
/// Espresso drivers, WebDriverAgent alone). The requests, in order (docs/capture.md):
///
///     GET URL/appium/sessions, else GET URL/sessions, else GET URL/status   (without --session)
///     GET URL/session/ID                                                    (with --session: its capabilities)
///     GET URL/session/ID/source
///     POST URL/session/ID/execute/sync                                       (a web page: its DOM, by Web/dom-capture.js)
///     GET URL/session/ID/screenshot
public struct WebDriverCapture: Sendable {
    /// The server's URL as given, without its user information and a trailing `/` (Appium 1's
    /// `/wd/hub` included): what messages and `capture.json` say.
    public var url: String
    public var session: WebDriverSession
    public var client: HTTPClient

    /// Finds the session (`id`, or the only one the server lists) on the server at `url`; a
    /// user and password in `url` go to the server as basic authentication, nowhere else. Each
    /// answer may be `answerLimit` bytes, compressed and inflated.
    public static func connect(
        url: String, session id: String?, timeout: Double, answerLimit: Int = HTTPClient.defaultAnswerLimit
    ) throws(DeviceError) -> WebDriverCapture {
        let address = WebDriverAddress(url)
        let base = address.shown
        guard Origin(base) != nil else { throw DeviceError("webdriver: '\(base)' is not an http:// URL") }
        let client = HTTPClient(timeout: timeout, answerLimit: answerLimit, credentials: address.credentials)
        if let id {
            // The capabilities say the density; a server that does not answer this route still has the session.
            let capabilities = (try? get(client, base, sessionPath(id)))?.objectValue ?? [:]
            return WebDriverCapture(url: base, session: WebDriverSession(id: id, capabilities: capabilities), client: client)
        }
        return WebDriverCapture(url: base, session: try discover(client, base), client: client)
    }

    /// `/session/ID`, the id percent-encoded: whatever a server or a user names, it stays one segment.
    static func sessionPath(_ id: String, _ rest: String = "") -> String {
        "/session/" + WebDriverAddress.pathSegment(id) + rest
    }

    /// GETs `path` under `base` and returns the reply's value.
    static func get(_ client: HTTPClient, _ base: String, _ path: String) throws(DeviceError) -> JSONValue {
        let response = try client.get(base + path)
        return try WebDriverReply.value(response.body, status: response.status, request: "GET " + base + path)
    }

    /// Appium 2's list, Appium 1's, then WebDriverAgent's status; one session, or an error that
    /// lists them or says none is open.
    static func discover(_ client: HTTPClient, _ base: String) throws(DeviceError) -> WebDriverSession {
        var tried: [String] = []
        for path in ["/appium/sessions", "/sessions"] {
            let response = try client.get(base + path)
            // A server without this route (Appium 1 has no /appium/sessions, WebDriverAgent neither): the next one.
            if let refusal = WebDriverReply.refusal(response.body, status: response.status) {
                tried.append("GET \(path): \(refusal)")
                continue
            }
            let sessions = WebDriverSession.list(try WebDriverReply.value(response.body, status: response.status, request: "GET " + base + path))
            if sessions.count == 1 { return sessions[0] }
            if sessions.count > 1 {
                throw DeviceError("webdriver: \(base) has \(sessions.count) sessions, choose one with --session: " + sessions.map(\.id).joined(separator: ", "))
            }
            tried.append("GET \(path): no session")
        }
        let response = try client.get(base + "/status")
        if let json = try? JSONValue.parse(Data(response.body), file: "status"), let session = WebDriverSession.fromStatus(json) { return session }
        tried.append("GET /status: no sessionId")
        throw DeviceError("webdriver: no open session on \(base) (\(tried.joined(separator: "; "))): start one, or name it with --session ID")
    }

    /// The page source, the screenshot and the session's capabilities. A browser's page source is
    /// HTML: the page's DOM is then read by a script in the page (`WebPage`).
    public func take(now: Date = Date()) throws(DeviceError) -> CapturedScreen {
        let id = session.id
        let sourcePath = Self.sessionPath(id, "/source")
        let source = Array(try WebDriverReply.string(try Self.get(client, url, sourcePath), request: "GET " + sourcePath).utf8)
        // A browser's page or a web view: its DOM is read by a script instead (WebPage).
        if WebPage.isHTML(source) { return try WebPage.screen(capture: self, now: now) }
        let shotPath = Self.sessionPath(id, "/screenshot")
        let screenshot = try WebDriverReply.png(try Self.get(client, url, shotPath), request: "GET " + shotPath)
        guard let format = DumpImporter.detect(source), format == .appium || format == .uiautomator else {
            throw DeviceError("webdriver: GET \(url)\(sourcePath): not an Appium, WebDriverAgent or UiAutomator2 page source")
        }
        var notes: [String] = []
        let density = session.density ?? measuredDensity(source: source, format: format, screenshot: screenshot, notes: &notes)
        var info = CaptureInfo(source: "webdriver", taken: CaptureClock.iso8601(now), density: density.value, densitySource: density.source,
                               hierarchyMethod: "GET /session/{id}/source")
        info.platform = session.platform ?? (format == .appium ? "iOS" : "Android")
        info.device = session.device
        info.app = session.app
        info.url = url
        info.session = id
        if let size = PNGSize.of(screenshot) { (info.screenWidth, info.screenHeight) = (size.width, size.height) }
        return CapturedScreen(source: source, sourceName: "page-source.xml", format: format, screenshot: screenshot, info: info, notes: notes)
    }

    /// The screenshot's width over the root element's: an iOS source in points gives its pixel
    /// ratio; an Android source is in pixels already, so the ratio is 1 and the density unknown.
    private func measuredDensity(source: [UInt8], format: DumpFormat, screenshot: [UInt8], notes: inout [String]) -> (value: Double, source: String) {
        guard let size = PNGSize.of(screenshot), let tree = try? DumpImporter.read(source, fileName: "source", format: format).tree,
              tree.root.frame.width > 0 else {
            notes.append("no density in the capabilities, nor a root element to measure: 1 pixel a point")
            return (1, "none")
        }
        let ratio = (Double(size.width) / tree.root.frame.width * 100).rounded() / 100
        if format == .uiautomator { notes.append("no deviceScreenDensity in the capabilities: pixels kept as points") }
        return (ratio, "screenshot width / root element width")
    }
}
