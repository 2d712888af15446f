import Foundation
import HierarchyModel

/// A browser's page, as a WebDriver server gives it: its source is HTML, which no importer reads
/// yet (the DOM's boxes need a script run in the page). Until then the screen is its screenshot
/// alone, one view the size of the viewport, with a note that says so; the HTML is kept beside it.
enum WebPage {
    /// What every capture of such a page says, on standard error and in `capture.json`'s notes.
    static let note = "a web page's source is HTML, which is not read yet: the screen is its screenshot alone, as one view (page-source.html kept)"

    /// Whether `source` is an HTML document: `<!DOCTYPE html` or `<html` first, after blanks, a
    /// byte-order mark and comments.
    static func isHTML(_ source: [UInt8]) -> Bool {
        var text = Substring(String(decoding: source.prefix(4096), as: UTF8.self))
        while true {
            text = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
            guard text.hasPrefix("<!--"), let end = text.range(of: "-->") else { break }
            text = text[end.upperBound...]
        }
        let head = text.prefix(15).lowercased()
        for opening in ["<!doctype html", "<html"] where head.hasPrefix(opening) {
            // `<html>`, `<html lang=…>`, `<!DOCTYPE html>`: not `<htmlish>`.
            guard let next = head.dropFirst(opening.count).first else { return true }
            return next == ">" || next.isWhitespace
        }
        return false
    }

    /// The screen of a page: the screenshot as one view, in pixels (no density is known without
    /// the page's `devicePixelRatio`).
    static func screen(source: [UInt8], screenshot: [UInt8], capture: WebDriverCapture, now: Date) throws(DeviceError) -> CapturedScreen {
        guard let size = PNGSize.of(screenshot), size.width > 0, size.height > 0 else {
            throw DeviceError("webdriver: GET \(capture.url)\(WebDriverCapture.sessionPath(capture.session.id, "/screenshot")): the screenshot has no size")
        }
        var info = CaptureInfo(source: "webdriver", taken: CaptureClock.iso8601(now), density: 1, densitySource: "none",
                               hierarchyMethod: "GET /session/{id}/source")
        info.platform = "Web"
        info.device = capture.session.capability("browserName").flatMap { if case .string(let name) = $0 { name } else { nil } }
        info.url = capture.url
        info.session = capture.session.id
        (info.screenWidth, info.screenHeight) = (size.width, size.height)
        let page = ViewNode(id: "page", className: "WebPage", frame: Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)))
        return CapturedScreen(source: source, sourceName: "page-source.html", format: .appium, screenshot: screenshot, info: info,
                              notes: [note], tree: ViewTree(root: page))
    }
}
