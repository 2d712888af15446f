// `hierarchy-bench audit [DIR]`: the render benchmark's 2,000-view screen written to DIR (a
// temporary folder by default) as tree.json with 3x snapshots, and a screenshot of it, then
// audited with every rule: the rules alone in memory (pixels given), and everything `hierarchy
// audit --format json` does, from the snapshots (read, lay out, composite the screen at 3x, audit,
// encode) and from a page source's worth of screenshot (read, decode the PNG, audit). 7 runs each, medians.
import Foundation
import HierarchyAudit
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender

enum AuditBenchmark {
    static func run(_ arguments: [String]) throws {
        guard arguments.count <= 1 else { throw InputError("usage: hierarchy-bench audit [DIR]") }
        let folder = arguments.first ?? FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-bench-audit").path
        let tree = BenchScreen.tree()
        try DiffBenchmark.write(tree, to: folder)
        let document = try LoadedDocument.load(folder + "/tree.json")
        let layout = try document.layout(LayoutOptions())
        let pixels = try composite(document, layout)
        try PNG.write(RGBAImage(width: pixels.width, height: pixels.height, pixels: pixels.rgba), to: folder + "/screenshot.png")
        let report = Audit.run(tree: tree, layout: layout, pixels: pixels)
        print("audit: \(tree.count) views in \(folder); \(report.count(.error)) errors, \(report.count(.warning)) warnings, "
              + "\(report.count(.info)) info; pixels \(pixels.width)×\(pixels.height)")
        var rules: [Double] = [], snapshots: [Double] = [], screenshot: [Double] = []
        for _ in 0..<7 {
            rules.append(time { _ = Audit.run(tree: tree, layout: layout, pixels: pixels) }.1)
            snapshots.append(try time { try wholeCommand(folder, screenshot: nil) }.1)
            screenshot.append(try time { try wholeCommand(folder, screenshot: folder + "/screenshot.png") }.1)
        }
        print("  rules alone (every rule, pixels in memory): median \(ms(DiffBenchmark.median(rules))) ms")
        let each = AuditRule.allCases.map { rule in
            let runs = (0..<5).map { _ in time { _ = Audit.run(tree: tree, layout: layout, pixels: pixels, options: AuditOptions(rules: [rule])) }.1 }
            return "\(rule.rawValue) \(ms(DiffBenchmark.median(runs)))"
        }
        print("  each rule alone (with the facts every rule shares), ms: " + each.joined(separator: ", "))
        print("  whole command from the snapshots (read, lay out, composite at 3x, audit, JSON): median \(ms(DiffBenchmark.median(snapshots))) ms")
        print("  whole command with --screenshot (read, decode, lay out, audit, JSON): median \(ms(DiffBenchmark.median(screenshot))) ms")
        print("  peak resident memory: \(PeakMemory.megabytes()) MB (VmHWM)")
    }

    /// What `hierarchy audit tree.json --format json [--screenshot PNG]` does.
    static func wholeCommand(_ folder: String, screenshot: String?) throws {
        let document = try LoadedDocument.load(folder + "/tree.json", options: LoadOptions(screenshot: screenshot))
        let layout = try document.layout(LayoutOptions())
        let pixels: AuditPixels
        if let shot = document.screenshot {
            pixels = AuditPixels(width: shot.width, height: shot.height, rgba: shot.pixels, scale: document.screenshotScale)
        } else {
            pixels = try composite(document, layout)
        }
        let report = Audit.run(tree: document.tree, layout: layout, pixels: pixels)
        precondition(!AuditJSON.encode(report).isEmpty)
    }

    /// The snapshots composited flat at 3x over white, as the command does without a screenshot.
    static func composite(_ document: LoadedDocument, _ layout: Layout) throws -> AuditPixels {
        let image = try FlatCompositor.composite(layout, scale: 3, background: Color(red: 255, green: 255, blue: 255),
                                                 textures: document.textures(for: layout))
        return AuditPixels(width: image.width, height: image.height, rgba: image.pixels, scale: 3)
    }
}
