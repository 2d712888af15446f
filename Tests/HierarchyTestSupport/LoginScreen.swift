import Foundation
import HierarchyCapture

/// A small login screen written as a capture (tree.json and a snapshot file per view, at 1 pixel
/// a point, small so that debug builds render it quickly) for golden-image tests: each field can be changed to make the edit a test expects
/// a golden to catch or to let pass.
public struct LoginScreen {
    /// The button's origin in the window, in points.
    public var buttonX: Double = 40
    public var buttonY: Double = 300
    public var buttonHidden = false
    /// Where the button's snapshot is written, relative to the document.
    public var buttonSnapshot = "snapshots/button.png"
    /// The button's colour, opaque RGB.
    public var buttonColor: (UInt8, UInt8, UInt8) = (0x2E, 0x8F, 0xFF)
    /// Added to every channel of the title's picture (a small shift stays within a tolerance).
    public var titleShade: Int = 0

    public init() {}

    /// Writes `tree.json` and its snapshots into `folder`; gives the document's path.
    @discardableResult
    public func write(to folder: URL) throws -> String {
        let snapshots = folder.appendingPathComponent("snapshots")
        try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
        try picture(320, 480) { _, _ in (0xF2, 0xF2, 0xF7) }.write(to: snapshots.appendingPathComponent("window.png"))
        try picture(240, 40) { x, y in
            let ink = (x / 3 + y / 4) % 3 == 0
            let v = ink ? 0x22 : 0xF2
            let s = UInt8(max(0, min(255, v + titleShade)))
            return (s, s, s)
        }.write(to: snapshots.appendingPathComponent("title.png"))
        try picture(240, 44) { x, y in x < 1 || y < 1 || x >= 239 || y >= 43 ? (0xC7, 0xC7, 0xCC) : (0xFF, 0xFF, 0xFF) }
            .write(to: snapshots.appendingPathComponent("field.png"))
        let button = folder.appendingPathComponent(buttonSnapshot)
        try FileManager.default.createDirectory(at: button.deletingLastPathComponent(), withIntermediateDirectories: true)
        try picture(240, 50) { x, y in (x / 10 + y / 10) % 5 == 0 ? (0xFF, 0xFF, 0xFF) : buttonColor }.write(to: button)
        let json = """
            {
              "version": 1, "screenScale": 1,
              "root": {
                "id": "window", "class": "UIWindow", "frame": {"x": 0, "y": 0, "width": 320, "height": 480},
                "snapshot": "snapshots/window.png",
                "children": [
                  {"id": "title", "class": "UILabel", "text": "Sign in", "frame": {"x": 40, "y": 80, "width": 240, "height": 40},
                   "snapshot": "snapshots/title.png"},
                  {"id": "email", "class": "UITextField", "name": "Email", "frame": {"x": 40, "y": 160, "width": 240, "height": 44},
                   "snapshot": "snapshots/field.png"},
                  {"id": "login", "class": "UIButton", "text": "Log in", "frame": {"x": \(buttonX), "y": \(buttonY), "width": 240, "height": 50},
                   "hidden": \(buttonHidden), "snapshot": "\(buttonSnapshot)"}
                ]
              }
            }
            """
        let path = folder.appendingPathComponent("tree.json")
        try Data(json.utf8).write(to: path)
        return path.path
    }

    /// A picture of `width`×`height` points at 1 pixel a point, coloured pixel by pixel.
    private func picture(_ width: Int, _ height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)) -> StoredPicture {
        let (w, h) = (width, height)
        var rgba = [UInt8](repeating: 0xFF, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let (r, g, b) = color(x, y)
                let i = (y * w + x) * 4
                (rgba[i], rgba[i + 1], rgba[i + 2]) = (r, g, b)
            }
        }
        return StoredPicture(width: w, height: h, rgba: rgba)
    }
}

/// Opaque pixels written as a PNG by the capture's own encoder.
private struct StoredPicture {
    let width: Int, height: Int, rgba: [UInt8]

    func write(to url: URL) throws {
        var canvas = CaptureCanvas(width: width, height: height, scaleX: 1, scaleY: 1)
        canvas.pixels = rgba
        try Data(StoredPNGEncoder().encode(canvas)).write(to: url)
    }
}
