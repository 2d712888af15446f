// `hierarchy-bench html [--out DIR]`: the single-file viewer of every sample and of the generated
// 2,000-view screen with 3x snapshots (the render benchmark's; once as it is, whose textures repeat,
// and once with every texture made distinct): time to write each page, its size, its textures
// (stored / layers with one); then, when python3 with Selenium and Chromium are
// there, the time from opening each page to `ready` in headless Chromium and the frame times
// while the view turns a full circle (median, 95th percentile, worst), as it is and again with a
// search active (its matches outlined, the other layers dimmed).
import Foundation
import HierarchyExport
import HierarchyFormats
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import HierarchySource
import HierarchyViewer

enum HTMLBenchmark {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func run(_ arguments: [String]) throws {
        let folder = try outputFolder(arguments)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        print("html: pages in \(folder), textures at most \(HTMLViewer.defaultMaxTextureSize) px a side, PNG .small")
        var pages: [String] = []
        for name in ["settings", "photos", "sheet"] {
            let document = try LoadedDocument.load(repository.appendingPathComponent("Samples/\(name)/tree.json").path)
            let layout = try document.layout(LayoutOptions(maxTextureSize: HTMLViewer.defaultMaxTextureSize))
            let textures = document.textures(for: layout)
            pages.append(try write(name, layout, TextureClosure { layer, _ in try textures.texture(for: layer) }, into: folder))
        }
        let tree = BenchScreen.tree()
        let options = LayoutOptions(maxTextureSize: HTMLViewer.defaultMaxTextureSize)
        let layout = try Layout.compute(tree, options: options, snapshotSizes: BenchScreen.snapshotSizes(tree))
        let shared = BenchTextures(layout)
        pages.append(try write("bench-2000", layout, shared, into: folder))
        pages.append(try write("bench-2000-unique", layout, TextureClosure { layer, size in try distinct(shared.texture(for: layer, maxSize: size), layer.node) }, into: folder))
        measureInChromium(pages)
    }

    /// The worst case for de-duplication: every layer's texture made unlike any other by a tint
    /// that follows the node index (one step in each colour channel's low bits).
    private static func distinct(_ image: RGBAImage?, _ node: Int) -> RGBAImage? {
        guard var image else { return nil }
        let tint = (UInt8(node & 7), UInt8(node >> 3 & 7), UInt8(node >> 6 & 7))
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            image.pixels[i] ^= tint.0
            image.pixels[i + 1] ^= tint.1
            image.pixels[i + 2] ^= tint.2
        }
        return image
    }

    /// Writes one page and prints its figures; returns its path.
    private static func write(_ name: String, _ layout: Layout, _ textures: some TextureProvider, into folder: String) throws -> String {
        let (page, seconds) = try time { try HTMLViewer.page(for: layout, textures: textures, options: HTMLViewerOptions(title: name)) }
        let path = folder + "/" + name + ".html"
        try Data(page.utf8).write(to: URL(fileURLWithPath: path))
        let stored = storedTextures(page)
        let textured = layout.layers.filter { $0.texture != nil }.count
        print("  \(name.padding(toLength: 18, withPad: " ", startingAt: 0)) \(layout.layers.count) layers, "
              + "\(textured) textured, \(stored) distinct PNGs stored; \(megabytes(page.utf8.count)) MB; written in \(ms(seconds)) ms")
        return path
    }

    /// Runs the browser script's `measure` on the pages, when it can.
    private static func measureInChromium(_ pages: [String]) {
        let script = repository.appendingPathComponent("Tests/HierarchyViewerTests/Browser/viewer_check.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "measure", "--search", "label"] + pages
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { print("  (no python3: browser figures skipped)"); return }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { print("  (Chromium or Selenium missing: browser figures skipped)"); return }
        print("headless Chromium (software compositing), 1600×1100 window, a full turn in 120 frames:")
        for line in output.split(separator: "\n") { print("  " + summary(String(line))) }
    }

    /// One line of `measure`'s JSON as text.
    private static func summary(_ line: String) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let frames = object["frameMs"] as? [String: Double] else { return line }
        var name = URL(fileURLWithPath: object["page"] as? String ?? "").deletingPathExtension().lastPathComponent
        if let search = object["search"] as? String { name = "  '\(search)': \(object["matches"] ?? "?")" }
        let errors = (object["consoleErrors"] as? [Any])?.count ?? 0
        return "\(name.padding(toLength: 18, withPad: " ", startingAt: 0)) ready in \(object["readyMs"] ?? "?") ms; frame times "
            + "median \(frames["median"] ?? 0) ms, p95 \(frames["p95"] ?? 0) ms, worst \(frames["max"] ?? 0) ms; console errors: \(errors)"
    }

    /// The data block writes each distinct PNG on a line of its own after `"textures":[`.
    private static func storedTextures(_ page: String) -> Int {
        guard let start = page.range(of: "\"textures\":[\n"), let end = page.range(of: "]}</script>", range: start.upperBound..<page.endIndex) else { return 0 }
        let lines = page[start.upperBound..<end.lowerBound]
        return lines.isEmpty ? 0 : lines.split(separator: "\n").count
    }

    private static func outputFolder(_ arguments: [String]) throws -> String {
        switch arguments.count {
        case 0: return NSTemporaryDirectory() + "hierarchy-bench-html"
        case 2 where arguments[0] == "--out": return arguments[1]
        default: throw InputError("usage: hierarchy-bench html [--out DIR]")
        }
    }

    private static func megabytes(_ bytes: Int) -> String { String(format: "%.2f", Double(bytes) / 1e6) }
}
