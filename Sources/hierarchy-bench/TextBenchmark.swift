// `hierarchy-bench text [--write PATH]`: what text on synthesized textures adds to a render. A
// generated 300-view settings screen (a dump without snapshots: bars, cells with icons, titles,
// details and switches, Latin, Japanese, Chinese, Arabic and Hebrew labels) is rendered at
// 1600×1200 with the default options, three ways, each first in turn, nine rounds: synthesized
// textures with text (fonts found afresh each time, caches cold, as one `hierarchy render`
// run), the same textures without text, and outlines only (--synthesize none). Medians.
import Foundation
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import HierarchySource
import HierarchyText

enum TextBenchmark {
    static func run(_ arguments: [String]) throws {
        guard arguments.isEmpty || (arguments.count == 2 && arguments[0] == "--write") else {
            throw InputError("usage: hierarchy-bench text [--write PATH]")
        }
        let tree = screen()
        let renderer = try Renderer()
        let texts = tree.nodes.filter { $0.text != nil }.count
        print("text: \(tree.count) views, \(texts) with text, \(renderer.options.size.width)×\(renderer.options.size.height), default options")
        var withText: [Double] = [], withoutText: [Double] = [], outlines: [Double] = [], fontSetUp: [Double] = []
        for round in 0..<9 {
            // The three ways take turns at going first, so that none is always the one that runs
            // after a pause or on caches the others warmed.
            var ways: [() throws -> Void] = [
                {
                    let (fonts, found) = try time { try FontLibrary() }
                    fontSetUp.append(found)
                    let (image, text) = try time { try render(tree, renderer, synthesize: true, fonts: fonts) }
                    withText.append(text + found)
                    if round == 0 && arguments.count == 2 { try PNG.write(image, to: arguments[1]) }
                },
                { withoutText.append(try time { try render(tree, renderer, synthesize: true, fonts: nil) }.1) },
                { outlines.append(try time { try render(tree, renderer, synthesize: false, fonts: nil) }.1) },
            ]
            ways = Array(ways[(round % 3)...] + ways[..<(round % 3)])
            for way in ways { try way() }
        }
        let added = median(withText) - median(withoutText)
        print("  outlines only (--synthesize none): \(ms(median(outlines))) ms")
        print("  synthesized, no text:              \(ms(median(withoutText))) ms")
        print("  synthesized with text (cold fonts): \(ms(median(withText))) ms, of which finding the fonts \(ms(median(fontSetUp))) ms")
        print("  text adds \(ms(added)) ms (median with text − median without; target < 50 ms)")
    }

    private static func render(_ tree: ViewTree, _ renderer: Renderer, synthesize: Bool, fonts: FontLibrary?) throws -> RGBAImage {
        var document = LoadedDocument(tree: tree, file: "bench", folder: "/")
        if synthesize { document.synthesizeTextures(fonts: fonts) }
        let layout = try document.layout(LayoutOptions())
        let textures = document.textures(for: layout)
        return try renderer.render(layout, textures: TextureClosure { try textures.texture(for: $0, maxSize: $1) }).image
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// A 390×844 settings screen of exactly 300 views.
    static func screen() -> ViewTree {
        var tree = ViewTree(root: ViewNode(id: "root", className: "UIWindow", frame: Rect(x: 0, y: 0, width: 390, height: 844)))
        let bar = tree.append(ViewNode(id: "nav", className: "UINavigationBar", frame: Rect(x: 0, y: 47, width: 390, height: 96)), to: 0)
        tree.append(ViewNode(id: "title", className: "UILabel", text: "Settings 設定", frame: Rect(x: 16, y: 50, width: 300, height: 41)), to: bar)
        let table = tree.append(ViewNode(id: "table", className: "UITableView", frame: Rect(x: 0, y: 143, width: 390, height: 618), clipsToBounds: true), to: 0)
        let words = ["Wi-Fi", "Bluetooth", "Mobile Data", "Personal Hotspot", "Notifications", "画面表示と明るさ", "显示与亮度",
                     "الشبكة والإنترنت", "שלום עולם", "Privacy & Security settings for location services and analytics"]
        var index = 0
        // 4 views at the top level and in the bar; each cell adds 6; the tab bar the rest.
        while tree.count + 6 <= 296 {
            let y = Double(index) * 44
            let cell = tree.append(ViewNode(id: "cell\(index)", className: "UITableViewCell", frame: Rect(x: 0, y: y, width: 390, height: 44)), to: table)
            let content = tree.append(ViewNode(id: "content\(index)", className: "UITableViewCellContentView", frame: Rect(x: 0, y: 0, width: 390, height: 44)), to: cell)
            tree.append(ViewNode(id: "icon\(index)", className: "UIImageView", frame: Rect(x: 16, y: 7, width: 30, height: 30)), to: content)
            tree.append(ViewNode(id: "label\(index)", className: "UILabel", text: words[index % words.count], frame: Rect(x: 58, y: 11, width: 200, height: 22)), to: content)
            tree.append(ViewNode(id: "detail\(index)", className: "UILabel", text: "Detail \(index)", frame: Rect(x: 262, y: 11, width: 60, height: 22)), to: content)
            tree.append(ViewNode(id: "switch\(index)", className: "UISwitch", frame: Rect(x: 323, y: 6, width: 51, height: 31)), to: content)
            index += 1
        }
        let tabs = tree.append(ViewNode(id: "tabs", className: "UITabBar", frame: Rect(x: 0, y: 761, width: 390, height: 83)), to: 0)
        var tab = 0
        while tree.count < 300 {
            tree.append(ViewNode(id: "tab\(tab)", className: "UITabBarButton", text: ["Favourites", "Recents", "Contacts"][tab % 3],
                                 frame: Rect(x: Double(tab % 3) * 130, y: 1, width: 130, height: 48)), to: tabs)
            tab += 1
        }
        return tree
    }
}
