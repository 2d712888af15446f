// `hierarchy-bench find [DIR]`: one locator on the render benchmark's 2,000-view screen, written to
// DIR (a temporary folder by default) as tree.json with its snapshots, run the whole way `hierarchy
// find tree.json --xpath … --format json` runs it: read, lay out, build the XML, evaluate with
// libxml2, diagnose each match, suggest when none, write the JSON. An XPath that matches one
// view (near the end of the document, by text or id), one that matches none (suggestions over
// every view), and the same with --text or --id. 9 runs each, medians.
import Foundation
import HierarchyFind
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyScreen

enum FindBenchmark {
    static func run(_ arguments: [String]) throws {
        guard arguments.count <= 1 else { throw InputError("usage: hierarchy-bench find [DIR]") }
        let folder = arguments.first ?? FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-bench-find").path
        let file = folder + "/tree.json"
        if arguments.isEmpty || !FileManager.default.fileExists(atPath: file) {
            try DiffBenchmark.write(BenchScreen.tree(), to: folder)
        }
        let document = try LoadedDocument.load(file)
        // A view near the end of the document, by its text when views have texts, else by id:
        // the XPath walks every view before it; the one that matches nothing makes suggestions.
        let (attribute, target) = try target(document.tree)
        let locators = [
            Locator(using: .xpath, value: "//*[@\(attribute)='\(target)']"),
            Locator(using: .xpath, value: "//*[@\(attribute)='\(target)x']"),
            Locator(using: attribute == "text" ? .text : .id, value: target),
        ]
        print("find: \(document.tree.count) views in \(file)")
        for locator in locators {
            var result: FindResult?
            var runs: [Double] = [], cpu: [Double] = []
            for _ in 0..<9 {
                let start = HolesBenchmark.processCPUSeconds()
                runs.append(try time { result = try wholeCommand(file, locator) }.1)
                cpu.append(HolesBenchmark.processCPUSeconds() - start)
            }
            let answer = result.map { "\($0.matches.count) matches, \($0.suggestions.count) suggestions" } ?? "-"
            print("  \(locator.using.rawValue) \(locator.value): \(answer); whole command median \(ms(DiffBenchmark.median(runs))) ms (CPU \(ms(DiffBenchmark.median(cpu))) ms)")
        }
        let layout = try document.layout(LayoutOptions())
        let xmlRuns = (0..<9).map { _ in time { _ = ScreenXML.make(tree: document.tree, layout: layout, kind: .viewTree, markup: nil) }.1 }
        print("  of which building the XML: median \(ms(DiffBenchmark.median(xmlRuns))) ms")
        print("  load average while measuring: \((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "unknown") on \(ProcessInfo.processInfo.activeProcessorCount) cores")
    }

    /// What `hierarchy find FILE --xpath … --format json` does, to its JSON text.
    static func wholeCommand(_ file: String, _ locator: Locator) throws -> FindResult {
        let screen = try Screen.open(file)
        let result = try screen.find(locator, in: try screen.findXML()).result
        _ = result.json.text(pretty: true)
        return result
    }

    static func target(_ tree: ViewTree) throws -> (attribute: String, value: String) {
        if let node = tree.nodes.last(where: { ($0.text ?? "").count > 2 && !($0.text ?? "").contains("'") }), let text = node.text {
            return ("text", text)
        }
        guard let node = tree.nodes.last(where: { !$0.id.contains("'") }) else { throw InputError("the benchmark screen has no view to find") }
        return ("id", node.id)
    }
}
