// `hierarchy-bench audit [DIR]`: the render benchmark's 2,000-view screen written to DIR (a
// temporary folder by default) as tree.json with 3x snapshots, and a screenshot of it, then
// audited with every rule: the rules alone in memory (pixels given), and everything `hierarchy
// audit --format json` does, from the snapshots (read, lay out, composite, audit, encode) and from
// a page source's worth of screenshot (read, decode the PNG, audit). From the snapshots, side by
// side: as the command was before (the whole screen composited a pixel at a time), the whole
// screen with today's compositor, and as the command does now (only the pixels under the views
// the contrast rules judge). The three must give the same report. 7 runs each, medians.
import Foundation
import HierarchyAudit
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import HierarchyScreen
import HierarchySource

enum AuditBenchmark {
    enum PixelPath: CaseIterable { case before, whole, regions }

    static func run(_ arguments: [String]) throws {
        guard arguments.count <= 1 else { throw InputError("usage: hierarchy-bench audit [DIR]") }
        let folder = arguments.first ?? FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-bench-audit").path
        // A 3x screen, as its snapshots are: the command composites them at the capture's scale.
        var tree = BenchScreen.tree()
        tree.screenScale = 3
        try DiffBenchmark.write(tree, to: folder)
        let document = try LoadedDocument.load(folder + "/tree.json")
        let layout = try document.layout(LayoutOptions())
        let pixels = try composite(document, layout, .whole)
        try PNG.write(RGBAImage(width: pixels.width, height: pixels.height, pixels: pixels.rgba), to: folder + "/screenshot.png")
        let report = Audit.run(tree: tree, layout: layout, pixels: pixels)
        print("audit: \(tree.count) views in \(folder); \(report.count(.error)) errors, \(report.count(.warning)) warnings, "
              + "\(report.count(.info)) info; pixels \(pixels.width)×\(pixels.height)")
        // The same findings whichever way the pixels were made.
        let reports = try PixelPath.allCases.map { try wholeCommand(folder, screenshot: nil, $0) }
        guard reports.allSatisfy({ $0 == reports[0] }), AuditJSON.encode(report) == reports[0] else {
            for (path, json) in zip(PixelPath.allCases, reports) { try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/audit-\(path).json")) }
            try Data(AuditJSON.encode(report).utf8).write(to: URL(fileURLWithPath: folder + "/audit-memory.json"))
            throw InputError("the audit differs between the ways of making its pixels (audit-*.json in \(folder))")
        }
        let regions = Audit.pixelFrames(tree: tree, layout: layout).compactMap { AuditPixels.region(of: $0, scale: 3, width: pixels.width, height: pixels.height) }
        print("  the contrast rules read \(regions.count) regions, \(PixelCount.covered(regions, width: pixels.width, height: pixels.height) * 100 / (pixels.width * pixels.height))% of the screen")
        var rules: [Double] = [], screenshot: [Double] = []
        var snapshots: [PixelPath: [Double]] = [:], cpu: [PixelPath: [Double]] = [:], screenshotCPU: [Double] = []
        for _ in 0..<7 {
            rules.append(time { _ = Audit.run(tree: tree, layout: layout, pixels: pixels) }.1)
            for path in PixelPath.allCases {
                let start = HolesBenchmark.processCPUSeconds()
                snapshots[path, default: []].append(try time { _ = try wholeCommand(folder, screenshot: nil, path) }.1)
                cpu[path, default: []].append(HolesBenchmark.processCPUSeconds() - start)
            }
            let start = HolesBenchmark.processCPUSeconds()
            screenshot.append(try time { _ = try wholeCommand(folder, screenshot: folder + "/screenshot.png", .regions) }.1)
            screenshotCPU.append(HolesBenchmark.processCPUSeconds() - start)
        }
        print("  rules alone (every rule, pixels in memory): median \(ms(DiffBenchmark.median(rules))) ms")
        let each = AuditRule.allCases.map { rule in
            let runs = (0..<5).map { _ in time { _ = Audit.run(tree: tree, layout: layout, pixels: pixels, options: AuditOptions(rules: [rule])) }.1 }
            return "\(rule.rawValue) \(ms(DiffBenchmark.median(runs)))"
        }
        print("  each rule alone (with the facts every rule shares), ms: " + each.joined(separator: ", "))
        func figures(_ wall: [Double], _ cpu: [Double]) -> String {
            "\(ms(DiffBenchmark.median(wall))) ms (CPU \(ms(DiffBenchmark.median(cpu))) ms)"
        }
        print("  whole command from the snapshots (read, lay out, composite at 3x, audit, JSON), medians, wall clock (process CPU time):")
        print("    before (the whole screen, a pixel at a time): \(figures(snapshots[.before]!, cpu[.before]!))")
        print("    the whole screen, today's compositor: \(figures(snapshots[.whole]!, cpu[.whole]!))")
        print("    now (only the pixels the contrast rules read, as the command does): \(figures(snapshots[.regions]!, cpu[.regions]!))")
        print("  whole command with --screenshot (read, decode, lay out, audit, JSON): median \(figures(screenshot, screenshotCPU))")
        print("  load average while measuring: \((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "unknown") on \(ProcessInfo.processInfo.activeProcessorCount) cores")
        print("  peak resident memory: \(PeakMemory.megabytes()) MB (VmHWM)")
    }

    /// What `hierarchy audit tree.json --format json [--screenshot PNG]` does; its JSON.
    static func wholeCommand(_ folder: String, screenshot: String?, _ path: PixelPath) throws -> String {
        let screen = try Screen.open(folder + "/tree.json", options: ScreenOptions(reading: LoadOptions(screenshot: screenshot)))
        if path == .regions || screen.document.screenshot != nil {
            return AuditJSON.encode(try screen.audit().report)
        }
        let pixels = try composite(screen.document, screen.layout, path)
        return AuditJSON.encode(Audit.run(tree: screen.document.tree, layout: screen.layout, pixels: pixels))
    }

    /// The snapshots composited flat at 3x over white, the whole screen.
    static func composite(_ document: LoadedDocument, _ layout: Layout, _ path: PixelPath) throws -> AuditPixels {
        let white = Color(red: 255, green: 255, blue: 255)
        let image = path == .before
            ? try PixelAtATime.composite(layout, scale: 3, background: white, textures: document.textures(for: layout))
            : try FlatCompositor.composite(layout, scale: 3, background: white, textures: document.textures(for: layout))
        return AuditPixels(width: image.width, height: image.height, rgba: image.pixels, scale: 3)
    }
}

enum PixelCount {
    static func covered(_ regions: [PixelRect], width: Int, height: Int) -> Int {
        var inside = [Bool](repeating: false, count: width * height)
        for r in regions { for y in r.y..<(r.y + r.height) { for x in r.x..<(r.x + r.width) { inside[y * width + x] = true } } }
        return inside.filter { $0 }.count
    }
}

/// FlatCompositor's loop over untransformed layers as it was before the audit needed it faster
/// (commit dacf696): every pixel's share, texel and colour worked out afresh, through `RGBAImage`'s
/// subscript. Kept here only as the benchmark's "before"; the screen has no transformed layer.
enum PixelAtATime {
    static func composite(_ layout: Layout, scale: Double, background: Color, textures: some TextureProvider) throws -> RGBAImage {
        let width = Int((layout.screen.width * scale).rounded()), height = Int((layout.screen.height * scale).rounded())
        var canvas = [SIMD4<Float>](repeating: premultiplied(background), count: width * height)
        for layer in layout.layers {
            precondition(layer.outline == nil && layer.isUntransformed, "the benchmark's screen has no transformed layer")
            let x0 = (layer.frame.minX - layout.screen.minX) * scale, x1 = (layer.frame.maxX - layout.screen.minX) * scale
            let y0 = (layer.frame.minY - layout.screen.minY) * scale, y1 = (layer.frame.maxY - layout.screen.minY) * scale
            var texture: RGBAImage?
            if let plan = layer.texture, plan.width > 0, plan.height > 0 {
                let w = max(1, min(plan.width, Int((x1 - x0).rounded()))), h = max(1, min(plan.height, Int((y1 - y0).rounded())))
                texture = try textures.texture(for: layer, maxSize: PixelSize(width: w, height: h)).map {
                    $0.premultiplied().resampled(width: min(w, $0.width), height: min(h, $0.height))
                }
            }
            guard texture != nil || layer.backgroundColor != nil else { continue }
            let solid = premultiplied(layer.backgroundColor ?? Color(red: 0, green: 0, blue: 0, alpha: 0))
            let (lowY, highY) = (max(0, Int(y0.rounded(.down))), min(height, Int(y1.rounded(.up))))
            let (lowX, highX) = (max(0, Int(x0.rounded(.down))), min(width, Int(x1.rounded(.up))))
            guard lowY < highY, lowX < highX else { continue }
            for y in lowY..<highY {
                let cover = min(Double(y + 1), y1) - max(Double(y), y0)
                for x in lowX..<highX {
                    let coverage = Float(cover * (min(Double(x + 1), x1) - max(Double(x), x0)))
                    guard coverage > 0 else { continue }
                    var colour = solid
                    if let texture {
                        let tx = Int((Double(x) + 0.5 - x0) / (x1 - x0) * Double(texture.width))
                        let ty = Int((Double(y) + 0.5 - y0) / (y1 - y0) * Double(texture.height))
                        let c = texture[min(max(tx, 0), texture.width - 1), min(max(ty, 0), texture.height - 1)]
                        colour = SIMD4(Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha)) / 255
                    }
                    let src = colour * Float(layer.alpha) * coverage
                    canvas[y * width + x] = src + canvas[y * width + x] * (1 - src.w)
                }
            }
        }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in canvas.indices {
            let c = canvas[i], a = min(max(c.w, 0), 1), alpha = UInt8(a * 255 + 0.5)
            guard alpha > 0 else { continue }
            let rgb = c * (255 / a) + 0.5
            bytes[4 * i] = UInt8(min(max(rgb.x, 0), 255))
            bytes[4 * i + 1] = UInt8(min(max(rgb.y, 0), 255))
            bytes[4 * i + 2] = UInt8(min(max(rgb.z, 0), 255))
            bytes[4 * i + 3] = alpha
        }
        return RGBAImage(width: width, height: height, pixels: bytes, alpha: .straight)
    }

    static func premultiplied(_ c: Color) -> SIMD4<Float> {
        let a = Float(c.alpha) / 255
        return SIMD4(Float(c.red) / 255 * a, Float(c.green) / 255 * a, Float(c.blue) / 255 * a, a)
    }
}
