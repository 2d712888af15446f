import HierarchyAudit
import HierarchyImport
import HierarchyLayout
import HierarchyModel
import XCTest

/// Small made dumps of the three kinds, and the audit of them.
enum AuditFixture {
    /// A uiautomator dump of a 1080×1920 screen (density 1: pixels are dp) holding `nodes` in one window.
    static func android(_ nodes: String, width: Int = 1080, height: Int = 1920) -> String {
        """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
        <hierarchy rotation="0" width="\(width)" height="\(height)">
          <node index="0" class="android.widget.FrameLayout" package="com.example" bounds="[0,0][\(width),\(height)]">
        \(nodes)
          </node>
        </hierarchy>
        """
    }

    /// One uiautomator node; `attributes` as written (`clickable="true" content-desc="Play"`).
    static func node(_ className: String, _ l: Int, _ t: Int, _ r: Int, _ b: Int, _ attributes: String = "", children: String? = nil) -> String {
        let open = "<node class=\"\(className)\" package=\"com.example\" bounds=\"[\(l),\(t)][\(r),\(b)]\" \(attributes)"
        guard let children else { return open + " />" }
        return open + ">\n" + children + "\n</node>"
    }

    /// An Appium page source of a 390×844 iPhone screen holding `elements`.
    static func appium(_ elements: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <AppiumAUT>
          <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Example" label="Example" enabled="true" visible="true" accessible="false" x="0" y="0" width="390" height="844">
            <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" accessible="false" x="0" y="0" width="390" height="844">
        \(elements)
            </XCUIElementTypeWindow>
          </XCUIElementTypeApplication>
        </AppiumAUT>
        """
    }

    static func element(_ type: String, _ x: Int, _ y: Int, _ w: Int, _ h: Int, _ attributes: String = "") -> String {
        "<XCUIElementType\(type) type=\"XCUIElementType\(type)\" enabled=\"true\" visible=\"true\" x=\"\(x)\" y=\"\(y)\" width=\"\(w)\" height=\"\(h)\" \(attributes)/>"
    }

    /// A recursiveDescription of a 390×844 window holding `lines` (each already indented with `   | `).
    static func description(_ lines: [String]) -> String {
        (["<UIWindow: 0x7f01; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x6001>>"] + lines).joined(separator: "\n") + "\n"
    }

    /// A web page's DOM as `capture webdriver`'s script writes it ("hierarchy-web-dom"): a 400×300
    /// CSS px viewport at a device pixel ratio of 4 (boxes snap to quarters of a CSS px, as the
    /// browser paints them), an html and a body element filling it, then `nodes` (each one line of JSON
    /// whose `parent` counts from the html element: 1 is the body).
    static func web(_ nodes: [String]) -> String {
        let head = #"{"hierarchy-web-dom":1,"url":"http://example.test/","title":"Made","viewport":[400,300],"devicePixelRatio":4,"scroll":[0,0],"limit":50000,"notes":[], "nodes": ["#
        let page = [#"{"parent":-1,"tag":"html","box":[0,0,400,300]}"#, #"{"parent":0,"tag":"body","box":[0,0,400,300]}"#]
        return head + "\n" + (page + nodes).joined(separator: ",\n") + "\n]}\n"
    }

    /// A web button at `x, y` of `w × h` CSS px named `name`, in the body (or `parent`).
    static func webButton(_ name: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, parent: Int = 1, extra: String = "") -> String {
        #"{"parent":\#(parent),"tag":"button","box":[\#(x),\#(y),\#(w),\#(h)],"attrs":{"id":"\#(name)"\#(extra)},"role":"button","label":"\#(name)"}"#
    }

    /// A box of a made screenshot: its place in layout units, its ink and paper colours (0xRRGGBB).
    typealias Box = (x: Int, y: Int, w: Int, h: Int, ink: UInt32, paper: UInt32)

    /// A 400×200 white screen at `scale` pixels a unit, with stripes of `ink` (every third column)
    /// inside each of `boxes`, over `paper` there.
    static func pixels(scale: Int = 1, boxes: [Box]) -> AuditPixels {
        let width = 400 * scale, height = 200 * scale
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for box in boxes {
            for y in box.y * scale..<(box.y + box.h) * scale {
                for x in box.x * scale..<(box.x + box.w) * scale {
                    // Ink in a third of the columns of the box's middle half: the paper stays the most frequent.
                    let inside = y >= (box.y + box.h / 4) * scale && y < (box.y + 3 * box.h / 4) * scale && x % 3 == 0
                    let c = inside ? box.ink : box.paper
                    let i = (y * width + x) * 4
                    (rgba[i], rgba[i + 1], rgba[i + 2]) = (UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF))
                }
            }
        }
        return AuditPixels(width: width, height: height, rgba: rgba, scale: Double(scale))
    }

    /// The audit of a dump's text.
    static func audit(_ text: String, rules: [AuditRule]? = nil, pixels: AuditPixels? = nil, options: AuditOptions = AuditOptions(),
                      file: StaticString = #filePath, line: UInt = #line) throws -> AuditReport {
        let result = try DumpImporter.read(Array(text.utf8), fileName: "made")
        let layout = try Layout.compute(result.tree)
        var options = options
        if let rules { options.rules = Set(rules) }
        if options.platform == nil { options.platform = result.format == .uiautomator ? .android : result.format == .webDOM ? .web : .iOS }
        return Audit.run(tree: result.tree, layout: layout, pixels: pixels, options: options)
    }
}

extension AuditReport {
    /// The findings of one rule.
    func of(_ rule: AuditRule) -> [Finding] { findings.filter { $0.rule == rule } }
}

extension Finding {
    func number(_ key: String) -> Double? {
        if case .number(let n)? = value(key) { return n }
        return nil
    }
}
