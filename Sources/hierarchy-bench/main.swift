// `swift run -c release hierarchy-bench NAME [options]`: the speed and memory figures the issues ask for.
// Each benchmark lives in its own file and is registered here by name.
import Foundation

let benchmarks: [(name: String, summary: String, run: ([String]) throws -> Void)] = [
    ("layout", "lay out generated trees (100,000 views; a 100,000-level chain)", LayoutBenchmark.run),
    ("imaging", "PNG decode/encode and crop+reduce of a 1170×30000 screenshot", ImagingBenchmark.run),
    ("render", "render a generated 2,000-view screen with 3x textures at 1600×1200", RenderBenchmark.run),
    ("document", "write a flat N-view tree.json to FILE and time reading it (MB/s)", DocumentBenchmark.run),
    ("capture", "write the render benchmark's 2,000-view screen (or about VIEWS views) to DIR as tree.json and 3x PNGs (--file-per-view: a file per view, as the in-app capture writes)", CaptureBenchmark.run),
    ("app-capture", "the in-app capture library on that 2,000-view screen at 3x: reading and drawing, then encoding and writing", AppCaptureBenchmark.run),
    ("capture-memory", "peak memory of the in-app capture of that screen at 3x: every canvas kept, then at most 1, 3, 6 in flight", CaptureMemoryBenchmark.run),
    ("html", "the single-file viewer of the samples and a 2,000-view screen: size, time to ready, frame times", HTMLBenchmark.run),
    ("export", "export a generated 2,000-view screen as glTF, GLB and JSON", ExportBenchmark.run),
    ("holes", "slice a generated 1179×2556 screenshot onto 301 views with the holes kept and filled", HolesBenchmark.run),
    ("diff", "compare two captures of the 2,000-view screen (one edited): in memory and as the command does", DiffBenchmark.run),
    ("report", "report 100 screens of 301 views with 1179×2556 screenshots against a baseline: time, peak memory, page size, ready in Chromium", ReportBenchmark.run),
    ("text", "what text on synthesized textures adds to rendering a 300-view dump at 1600×1200", TextBenchmark.run),
    ("find", "one locator (XPath or text) on the 2,000-view screen, as `hierarchy find --format json` runs it", FindBenchmark.run),
    ("serve", "`hierarchy serve` on a folder: from the end of a capture of the 2,000-view screen to the new screen drawn in an open page, in headless Chromium", ServeBenchmark.run),
    ("audit", "the accessibility audit of the 2,000-view screen with its pixels: the rules alone, and as the command does", AuditBenchmark.run),
    ("web", "a 5,000-element page: capture webdriver against Selenium reading every box and the screenshot (chromedriver, headless Chromium); its CDP snapshot's import against tree.json", WebBenchmark.run),
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let benchmark = benchmarks.first(where: { $0.name == name }) else {
    print("usage: hierarchy-bench NAME [options]\n")
    for b in benchmarks { print("  \(b.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(b.summary)") }
    exit(2)
}
do {
    try benchmark.run(Array(arguments.dropFirst()))
} catch {
    print("hierarchy-bench \(name): \(error)")
    exit(1)
}
