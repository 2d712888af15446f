import Foundation
import HierarchyFind
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// A dump loaded as `hierarchy find` loads it: the tree, its layout, its kind and its XML.
struct LoadedScreen {
    var path: String
    var document: LoadedDocument
    var layout: Layout
    var kind: ScreenKind
    var xml: ScreenXML

    init(_ path: String) throws {
        self.path = path
        document = try LoadedDocument.load(path)
        layout = try document.layout(LayoutOptions())
        kind = switch document.format {
        case .appium: .appium
        case .uiautomator: .uiautomator
        default: .viewTree
        }
        xml = ScreenXML.make(tree: document.tree, layout: layout, kind: kind, markup: document.markup)
    }

    init(fixture relative: String) throws {
        try self.init(TestPaths.fixture("dumps/" + relative).path)
    }

    func find(_ locator: Locator) throws -> FindResult {
        try Finder.find(locator, in: xml, tree: document.tree, layout: layout, kind: kind)
    }

    func find(_ using: Locator.Strategy, _ value: String) throws -> FindResult {
        try find(Locator(using: using, value: value))
    }

    /// Real outputs carried to be refused: cut off before any view (DumpsysImporterTests holds
    /// each to its one-line error).
    static let unreadable: Set<String> = ["dumpsys/prevcol-top-activity-head-powershell-utf16.txt"]

    /// Every dump of the fixtures (all formats) and of `../shared/dumps` when present.
    static func allDumps() throws -> [String] {
        var paths: [String] = []
        let roots = [TestPaths.fixture("dumps")] + (FileManager.default.fileExists(atPath: TestPaths.shared.appendingPathComponent("dumps").path) ? [TestPaths.shared.appendingPathComponent("dumps")] : [])
        for root in roots {
            for folder in try TestPaths.contents(of: root) where TestPaths.isFolder(root.appendingPathComponent(folder)) {
                for name in try TestPaths.contents(of: root.appendingPathComponent(folder))
                where !name.hasSuffix(".md") && !name.hasSuffix(".png") && !unreadable.contains(folder + "/" + name) {
                    paths.append(root.appendingPathComponent(folder).appendingPathComponent(name).path)
                }
            }
        }
        return paths
    }
}

extension TestPaths {
    static func isFolder(_ url: URL) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &folder) && folder.boolValue
    }
}
