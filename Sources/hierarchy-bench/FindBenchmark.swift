// `hierarchy-bench find [DIR]`: one locator on the render benchmark's 2,000-view screen, written to
// DIR (a temporary folder by default) as tree.json with its snapshots, run the whole way `hierarchy
// find tree.json --xpath … --format json` runs it: read, lay out, build the XML, evaluate with
// libxml2, diagnose each match, suggest when none, write the JSON. An XPath that matches one
// view (near the end of the document, by text or id), one that matches none (suggestions over
// every view), the same with --text or --id, and test frameworks' matchers (Espresso's
// combination with an ancestor and a position, Maestro's relative selector). Beside them, the
// median of `hierarchy layout tree.json --format json` on the same file, read the same way: the
// issue wants find within twice layout's time. 9 runs each, medians.
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
        ] + matchers(document.tree, attribute: attribute, target: target)
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
            print("  \(locator.using.rawValue) \(locator.value.replacing("\n", with: " ⏎ ")): \(answer); whole command median \(ms(DiffBenchmark.median(runs))) ms (CPU \(ms(DiffBenchmark.median(cpu))) ms)")
        }
        var layoutRuns: [Double] = [], layoutCPU: [Double] = []
        for _ in 0..<9 {
            let start = HolesBenchmark.processCPUSeconds()
            layoutRuns.append(try time { try wholeLayoutCommand(file) }.1)
            layoutCPU.append(HolesBenchmark.processCPUSeconds() - start)
        }
        print("  layout, the whole command (`hierarchy layout FILE --format json`): median \(ms(DiffBenchmark.median(layoutRuns))) ms (CPU \(ms(DiffBenchmark.median(layoutCPU))) ms); find may take twice that")
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

    /// What `hierarchy layout FILE --format json` does, to its JSON bytes.
    static func wholeLayoutCommand(_ file: String) throws {
        let screen = try Screen.open(file)
        _ = LayoutDocument.encodedBytes(screen.layout)
    }

    /// Test frameworks' matchers for the target: Espresso's `allOf` with its text (or resource
    /// name), an ancestor of the root's class and `isDisplayed()`; Maestro's text (or id) below
    /// the root's first child, at index 0.
    static func matchers(_ tree: ViewTree, attribute: String, target: String) -> [Locator] {
        let literal = target.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        let anchor = tree.nodes.count > 1 ? tree[tree.root.children.first ?? 0].id : tree.root.id
        let regex = { (s: String) in NSRegularExpression.escapedPattern(for: s).replacing("\\", with: "\\\\") }
        let espresso = "onView(allOf(\(attribute == "text" ? "withText" : "withResourceName")(\"\(literal)\"), isDescendantOfA(withClassName(is(\"\(tree.root.className)\"))), isDisplayed()))"
        let key = attribute == "text" ? "text" : "id"
        let maestro = "- tapOn:\n    \(key): \"\(regex(target))\"\n    below: {id: \"\(regex(anchor))\"}\n    index: 0"
        return [espresso, maestro].compactMap { TestMatcher.locator($0) }
    }

    static func target(_ tree: ViewTree) throws -> (attribute: String, value: String) {
        if let node = tree.nodes.last(where: { ($0.text ?? "").count > 2 && !($0.text ?? "").contains("'") }), let text = node.text {
            return ("text", text)
        }
        guard let node = tree.nodes.last(where: { !$0.id.contains("'") }) else { throw InputError("the benchmark screen has no view to find") }
        return ("id", node.id)
    }
}
