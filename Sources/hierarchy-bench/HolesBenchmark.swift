// `hierarchy-bench holes [--runs N]`: a generated 1179×2556 screenshot (393×852 points at 3x) sliced
// onto 301 views — status bar, navigation bar, six cards of nine cells (icon, label, detail, chevron),
// a tab bar — with the holes kept and filled, alternated, N runs each (7 by default), medians.
// Filling costs the difference; the slices are the planned crops of every layer, as render makes them.
import Foundation
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel

enum HolesBenchmark {
    static func run(_ arguments: [String]) throws {
        let runs = try parseRuns(arguments)
        let layout = try Layout.compute(HolesScreen.tree())
        let screenshot = HolesScreen.screenshot(layout)
        print("holes: \(layout.layers.count) layers on a \(screenshot.width)×\(screenshot.height) screenshot; keep and fill alternated, \(runs) runs each, medians")
        var times: [ScreenshotSlicer.Holes: [Double]] = [.keep: [], .fill: []]
        var cpu: [ScreenshotSlicer.Holes: [Double]] = [.keep: [], .fill: []]
        var filledPixels = 0
        for _ in 0..<runs {
            for holes in [ScreenshotSlicer.Holes.keep, .fill] {
                let start = ContinuousClock.now, startCPU = processCPUSeconds()
                let slicer = ScreenshotSlicer(screenshot: screenshot, scale: 3, layout: layout, holes: holes)
                var opaque = 0
                for layer in layout.layers { opaque += countOpaque(slicer.slice(layer, snapshotSize: size(of: layer), crop: crop(of: layer))) }
                times[holes]!.append(seconds(since: start))
                cpu[holes]!.append(processCPUSeconds() - startCPU)
                if holes == .fill { filledPixels = opaque } else { filledPixels -= opaque }
            }
        }
        let (keep, fill) = (median(times[.keep]!), median(times[.fill]!))
        let (keepCPU, fillCPU) = (median(cpu[.keep]!), median(cpu[.fill]!))
        print("  (wall clock / the process's CPU time on all cores; large layers are filled on two)")
        print("  slice, holes kept:    \(ms(keep)) ms / \(ms(keepCPU)) ms")
        print("  slice, holes filled:  \(ms(fill)) ms / \(ms(fillCPU)) ms")
        print("  filling:              \(ms(fill - keep)) ms / \(ms(fillCPU - keepCPU)) ms (\(filledPixels) pixels filled)")
    }

    /// A layer's whole snapshot at 3x, and its visible part.
    static func size(of layer: Layer) -> PixelSize {
        PixelSize(width: max(1, Int((layer.fullFrame.width * 3).rounded())), height: max(1, Int((layer.fullFrame.height * 3).rounded())))
    }

    static func crop(of layer: Layer) -> PixelRect {
        let x = Int(((layer.frame.minX - layer.fullFrame.minX) * 3).rounded(.down)), y = Int(((layer.frame.minY - layer.fullFrame.minY) * 3).rounded(.down))
        let s = size(of: layer)
        return PixelRect(x: x, y: y, width: min(s.width - x, Int((layer.frame.width * 3).rounded(.up))), height: min(s.height - y, Int((layer.frame.height * 3).rounded(.up))))
    }

    /// Counted so that the slices are used (and to report the filled pixels).
    static func countOpaque(_ image: RGBAImage) -> Int {
        stride(from: 3, to: image.pixels.count, by: 4).reduce(0) { $0 + (image.pixels[$1] != 0 ? 1 : 0) }
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    /// CPU time the process has run on all its threads, in seconds.
    static func processCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    static func ms(_ s: Double) -> String { String(format: "%.1f", s * 1000) }

    private static func parseRuns(_ arguments: [String]) throws -> Int {
        switch arguments.count {
        case 0: return 7
        case 2 where arguments[0] == "--runs": if let n = Int(arguments[1]), n > 0 { return n }
        default: break
        }
        throw InputError("usage: hierarchy-bench holes [--runs N]")
    }
}

/// The benchmark's screen: a settings-like page of 301 views, and its screenshot painted view by
/// view in painter's order (backgrounds, vertical gradients, text-like strokes). Deterministic.
enum HolesScreen {
    static func tree() -> ViewTree {
        var tree = ViewTree(root: ViewNode(id: "screen", className: "UIWindow", frame: Rect(x: 0, y: 0, width: 393, height: 852)))
        let status = tree.append(ViewNode(className: "StatusBar", frame: Rect(x: 0, y: 0, width: 393, height: 54)), to: 0)
        for x in [30.0, 300, 340] { tree.append(ViewNode(className: "UILabel", frame: Rect(x: x, y: 18, width: 40, height: 18)), to: status) }
        let bar = tree.append(ViewNode(className: "UINavigationBar", frame: Rect(x: 0, y: 54, width: 393, height: 96)), to: 0)
        tree.append(ViewNode(className: "UIButton", frame: Rect(x: 8, y: 6, width: 90, height: 32)), to: bar)
        tree.append(ViewNode(className: "UILabel", frame: Rect(x: 16, y: 50, width: 250, height: 36)), to: bar)
        let scroll = tree.append(ViewNode(className: "UIScrollView", frame: Rect(x: 0, y: 150, width: 393, height: 619)), to: 0)
        for card in 0..<6 {
            let frame = Rect(x: 8 + Double(card % 2) * 193, y: 6 + Double(card / 2) * 204, width: 184, height: 198)
            let c = tree.append(ViewNode(className: "UIView", frame: frame), to: scroll)
            for row in 0..<9 {
                let cell = tree.append(ViewNode(className: "UITableViewCell", frame: Rect(x: 4, y: 4 + Double(row) * 21.5, width: 176, height: 20)), to: c)
                tree.append(ViewNode(className: "UIImageView", frame: Rect(x: 4, y: 2, width: 16, height: 16)), to: cell)
                tree.append(ViewNode(className: "UILabel", frame: Rect(x: 26, y: 3, width: 90, height: 14)), to: cell)
                tree.append(ViewNode(className: "UILabel", frame: Rect(x: 120, y: 3, width: 40, height: 14)), to: cell)
                tree.append(ViewNode(className: "UIImageView", frame: Rect(x: 166, y: 5, width: 6, height: 10)), to: cell)
            }
        }
        let tabs = tree.append(ViewNode(className: "UITabBar", frame: Rect(x: 0, y: 769, width: 393, height: 83)), to: 0)
        for i in 0..<5 {
            let button = tree.append(ViewNode(className: "UITabBarButton", frame: Rect(x: 4 + Double(i) * 77, y: 4, width: 73, height: 50)), to: tabs)
            tree.append(ViewNode(className: "UIImageView", frame: Rect(x: 24, y: 4, width: 25, height: 25)), to: button)
            tree.append(ViewNode(className: "UILabel", frame: Rect(x: 6, y: 32, width: 61, height: 14)), to: button)
        }
        return tree
    }

    /// Each layer painted over its visible frame, back to front.
    static func screenshot(_ layout: Layout) -> RGBAImage {
        let (width, height) = (1179, 2556)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for (n, layer) in layout.layers.enumerated() {
            let x0 = Int(layer.frame.minX * 3), x1 = min(width, Int(layer.frame.maxX * 3))
            let y0 = Int(layer.frame.minY * 3), y1 = min(height, Int(layer.frame.maxY * 3))
            let isText = layer.className == "UILabel"
            let base = [UInt8(200 + n % 50), UInt8(180 + (n * 7) % 70), UInt8(150 + (n * 13) % 100)]
            for y in y0..<max(y0, y1) {
                // A vertical gradient down each view, one level every few rows.
                let shade = UInt8(min(255, (y - y0) / 6))
                for x in x0..<max(x0, x1) {
                    if isText && !((x / 2 + y) % 5 == 0 || x % 7 == 0) { continue }
                    let i = (y * width + x) * 4
                    pixels[i] = isText ? 20 : base[0] &- shade / 4
                    pixels[i + 1] = isText ? 20 : base[1] &- shade / 3
                    pixels[i + 2] = isText ? 30 : base[2] &- shade / 2
                    pixels[i + 3] = 255
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
