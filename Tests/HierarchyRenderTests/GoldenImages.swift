import HierarchyImaging
import HierarchyModel
import XCTest

/// Compares `image` with `Tests/HierarchyRenderTests/Goldens/<name>.png` as decoded pixels: every
/// channel (premultiplied, so the colour of transparency does not count) within `tolerance`.
///
/// With `HIERARCHY_RECORD_GOLDENS=1` in the environment it writes the golden instead and fails,
/// saying so. On a mismatch it writes `<name>.actual.png` and `<name>.diff.png` (differing pixels
/// in red over a dimmed copy of the golden) beside the golden and names them.
func assertMatchesGolden(_ image: RGBAImage, named name: String, tolerance: Int = 2, file: StaticString = #filePath, line: UInt = #line) {
    let folder = String(describing: file).split(separator: "/").dropLast().joined(separator: "/")
    let base = "/" + folder + "/Goldens/" + name
    do {
        if ProcessInfoEnvironment.recording {
            try PNG.write(image, to: base + ".png")
            XCTFail("recorded the golden \(base).png; run again without HIERARCHY_RECORD_GOLDENS to compare", file: file, line: line)
            return
        }
        let golden = try PNG.decode(file: base + ".png")
        guard golden.width == image.width, golden.height == image.height else {
            try PNG.write(image, to: base + ".actual.png")
            XCTFail("\(name): size \(image.width)×\(image.height) differs from the golden's \(golden.width)×\(golden.height); wrote \(base).actual.png", file: file, line: line)
            return
        }
        let worst = image.largestDifference(from: golden)
        guard worst.value > tolerance else { return }
        try PNG.write(image, to: base + ".actual.png")
        try PNG.write(diff(image, golden, tolerance: tolerance), to: base + ".diff.png")
        XCTFail("""
            \(name): pixel (\(worst.x), \(worst.y)) differs by \(worst.value) > \(tolerance) \
            (got \(image[worst.x, worst.y]), golden \(golden[worst.x, worst.y])); wrote \(base).actual.png and \(base).diff.png
            """, file: file, line: line)
    } catch {
        XCTFail("\(name): \(error) (record goldens with HIERARCHY_RECORD_GOLDENS=1)", file: file, line: line)
    }
}

/// Differing pixels in red over the golden at a third of its brightness.
private func diff(_ image: RGBAImage, _ golden: RGBAImage, tolerance: Int) -> RGBAImage {
    var pixels = [UInt8](repeating: 255, count: image.width * image.height * 4)
    for y in 0..<image.height {
        for x in 0..<image.width {
            let d = image.premultipliedPixel(x, y) &- golden.premultipliedPixel(x, y)
            let bad = max(abs(d.x), abs(d.y), abs(d.z), abs(d.w)) > tolerance
            let g = golden.premultipliedPixel(x, y) / 3
            let i = (y * image.width + x) * 4
            (pixels[i], pixels[i + 1], pixels[i + 2]) = bad ? (255, 0, 0) : (UInt8(g.x), UInt8(g.y), UInt8(g.z))
        }
    }
    return RGBAImage(width: image.width, height: image.height, pixels: pixels)
}

enum ProcessInfoEnvironment {
    static var recording: Bool { ProcessInfo.processInfo.environment["HIERARCHY_RECORD_GOLDENS"] == "1" }
}
