// `hierarchy-bench imaging [--height N]`: PNG decode and encode, and crop + reduce, on a generated
// long screenshot (1170 pixels wide, 30,000 tall by default: a scroll view captured whole).
import Foundation
import HierarchyImaging
import HierarchyLayout
import HierarchyModel

enum ImagingBenchmark {
    static func run(_ arguments: [String]) throws {
        let height = try parseHeight(arguments)
        let width = 1170
        let megapixels = Double(width * height) / 1e6
        print("imaging: a generated \(width)×\(height) RGBA page, \(format(megapixels, 1)) megapixels; best of 3 runs (.small: 1)")
        let folder = NSTemporaryDirectory() + "hierarchy-bench-imaging-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/page.png"
        try inMemory(width: width, height: height, megapixels: megapixels, file: file)
        try fromFile(file, width: width, height: height, megapixels: megapixels)
        print("peak resident memory over the whole run: \(PeakMemory.megabytes()) MB (VmHWM)")
    }

    /// Encodes, decodes and reduces with the whole page in memory.
    private static func inMemory(width: Int, height: Int, megapixels: Double, file: String) throws {
        PeakMemory.reset()
        let page = ImagingPage.make(width: width, height: height)
        let (fast, fastTime) = try timed { try PNG.encode(page, compression: .fast) }
        report("encode .fast", fastTime, megapixels, "\(format(Double(fast.count) / 1e6, 1)) MB")
        let (small, smallTime) = try timed(runs: 1) { try PNG.encode(page, compression: .small) }
        report("encode .small", smallTime, megapixels, "\(format(Double(small.count) / 1e6, 1)) MB")
        let (decoded, decodeTime) = try timed { try PNG.decode(fast, name: "page.png") }
        guard decoded == page else { throw InputError("the decoded page differs from the encoded one") }
        report("decode", decodeTime, megapixels, "")
        let size = pageTextureSize(width: width, height: height)
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        let (texture, reduceTime) = timed { decoded.cropped(to: whole).resampled(width: size.width, height: size.height) }
        report("crop+reduce", reduceTime, megapixels, "→ \(texture.width)×\(texture.height)")
        let (_, writeTime) = try timed { try PNG.write(page, to: file) }
        report("write .fast", writeTime, megapixels, "")
        print("  peak resident memory, page in memory: \(PeakMemory.megabytes()) MB")
    }

    /// Makes textures from the file as the loader does: only the crop's pixels are kept (the rows
    /// above it are decoded and dropped, the rows below never read), then reduced in memory.
    private static func fromFile(_ file: String, width: Int, height: Int, megapixels: Double) throws {
        PeakMemory.reset()
        let screen = PixelRect(x: 0, y: height / 3, width: width, height: min(2532, height - height / 3))
        let (crop, cropTime) = try timed { try PNG.decode(file: file, crop: screen) }
        report("file → screen crop", cropTime, megapixels, "\(crop.width)×\(crop.height) at y = \(screen.y)")
        let size = pageTextureSize(width: width, height: height)
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        let (texture, pageTime) = try timed {
            try PNG.decode(file: file, crop: whole).resampled(width: size.width, height: size.height)
        }
        report("file → page texture", pageTime, megapixels, "→ \(texture.width)×\(texture.height)")
        print("  peak resident memory, from the file: \(PeakMemory.megabytes()) MB")
    }

    /// The whole page's texture size at the default 8192-pixel limit (1170×30000 → 319×8192).
    private static func pageTextureSize(width: Int, height: Int) -> PixelSize {
        TexturePlanner.reducedSize(width: width, height: height, max: LayoutOptions.defaultMaxTextureSize)
    }

    private static func parseHeight(_ arguments: [String]) throws -> Int {
        switch arguments.count {
        case 0: return 30_000
        case 2 where arguments[0] == "--height": if let h = Int(arguments[1]), h > 0 { return h }
        default: break
        }
        throw InputError("usage: hierarchy-bench imaging [--height PIXELS]")
    }

    /// The result and the best time of `runs` runs: the machine is shared, the minimum is the least disturbed.
    private static func timed<T>(runs: Int = 3, _ body: () throws -> T) rethrows -> (T, Double) {
        var best = Double.infinity
        var result: T?
        for _ in 0..<runs {
            result = nil // frees the previous result before the next run
            let start = ContinuousClock.now
            result = try body()
            let elapsed = ContinuousClock.now - start
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        return (result!, best)
    }

    /// One line: the step, seconds, megapixels of the page per second, and a note.
    private static func report(_ step: String, _ seconds: Double, _ megapixels: Double, _ note: String) {
        let name = step.padding(toLength: 22, withPad: " ", startingAt: 0)
        print("  \(name)\(format(seconds, 3)) s  \(format(megapixels / seconds, 1)) MP/s  \(note)")
    }

    private static func format(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}

/// Linux's record of the largest resident set (VmHWM), which can be reset between steps.
enum PeakMemory {
    /// VmHWM in megabytes, or 0 where /proc is missing.
    static func megabytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes / 1024
    }

    /// Writing 5 to clear_refs resets VmHWM to the current resident size (Linux 4.0 and later).
    static func reset() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }
}

/// A long page like a captured scroll view: cards with gradient headers, lines of text-like
/// strokes, anti-aliased edges, a transparent gutter and a translucent shadow. Deterministic.
enum ImagingPage {
    static func make(width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                for x in 0..<width {
                    let c = color(x: x, y: y, width: width)
                    let i = (y * width + x) * 4
                    p[i] = c.0; p[i + 1] = c.1; p[i + 2] = c.2; p[i + 3] = c.3
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The pixel at (x, y): the layout repeats every 900 rows (one card) with varying content.
    private static func color(x: Int, y: Int, width: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let card = y / 900, row = y % 900
        if x < 24 || x >= width - 24 { return (0, 0, 0, 0) }
        if x < 32 || x >= width - 32 || row >= 880 { return (0, 0, 0, 60) }
        if row < 160 {
            // A header gradient whose hue changes from card to card.
            let t = row * 255 / 160, hue = card * 47
            return (UInt8((hue + t) & 0xFF), UInt8((200 - t / 2 + hue / 3) & 0xFF), UInt8((120 + x / 10) & 0xFF), 255)
        }
        if card % 3 == 1 && row >= 200 && row < 700 && x >= 100 && x < width - 100 { return photo(x: x, y: y) }
        return text(x: x - 48, line: (row - 160) / 40, y: (row - 160) % 40, card: card)
    }

    /// A photo-like block: smooth colour fields with a little noise, which compresses poorly.
    private static func photo(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let noise = Int(hash(y &* 4099 &+ x) % 6)
        let r = 90 + (x * 3 + y) % 120 + noise, g = 60 + (x + y * 2) % 140 + noise / 2, b = 80 + (x ^ y) % 90 + noise
        return (UInt8(min(255, r)), UInt8(min(255, g)), UInt8(min(255, b)), 255)
    }

    /// Text lines 40 rows apart: words of stroke-like glyphs on white, edges half-tone.
    private static func text(x: Int, line: Int, y: Int, card: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        guard x >= 0, y >= 10, y < 30 else { return (255, 255, 255, 255) }
        let word = hash(card * 1000 + line * 50 + x / 90)
        let lineLength = 600 + Int(hash(card * 7 + line) % 474)
        guard x < lineLength, x % 90 < 40 + Int(word % 45) else { return (255, 255, 255, 255) }
        let glyph = hash(card &* 31 &+ line &* 997 &+ x / 11)
        let column = x % 11, stroke = Int(glyph % 7)
        let ink = column == stroke || column == stroke + 1 || (y == 10 + Int(glyph % 19)) ? 30 : (column == stroke + 2 ? 150 : 255)
        return (UInt8(ink), UInt8(ink), UInt8(min(255, ink + 10)), 255)
    }

    /// SplitMix64's finaliser: a well-mixed 64-bit value from an integer.
    private static func hash(_ n: Int) -> UInt64 {
        var z = UInt64(bitPattern: Int64(n)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
