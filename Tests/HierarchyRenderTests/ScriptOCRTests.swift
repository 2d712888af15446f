import Foundation
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import HierarchySource
import HierarchyTestSupport
import HierarchyText
import XCTest

/// Text in nine scripts, drawn in text views of a dump without a screenshot (one render of
/// `Goldens/dumps/scripts-and-emoji.xml`, straight on at 2 px a point), reads back with tesseract
/// in its own language as what was written; the emoji are in colour.
final class ScriptOCRTests: XCTestCase {
    /// Each row's title (the cell's first text view, 30 pt tall at y = 34 + 60 × row) and the
    /// tesseract model that reads it.
    static let rows: [(text: String, language: String)] = [
        ("Settings and privacy", "eng"),
        ("الإعدادات والخصوصية", "ara"),
        ("הגדרות ופרטיות", "heb"),
        ("設定とプライバシー", "jpn"),
        ("설정 및 개인정보", "kor"),
        ("การตั้งค่าและความเป็นส่วนตัว", "tha"),
        ("सेटिंग्स और गोपनीयता", "hin"),
        ("அமைப்புகள் மற்றும் தனியுரிமை", "tam"),
        ("সেটিংস এবং গোপনীয়তা", "ben"),
    ]
    /// The share of the text's characters that must read back right (1 − edit distance / length,
    /// white space left out): a word or two of a line may be misread, the script never.
    static let similarityFloor = 0.7
    static let density = 2.0

    func testNineScriptsReadBackInTheirLanguages() throws {
        guard ExternalProcess.locate("tesseract") != nil else { throw XCTSkip("the scripts' OCR test skipped: tesseract is absent") }
        let installed = Set(try ExternalProcess.run("tesseract", ["--list-langs"]).output.split(separator: "\n").map(String.init))
        let missing = Self.rows.map(\.language).filter { !installed.contains($0) }
        guard missing.isEmpty else { throw XCTSkip("the scripts' OCR test skipped: no tesseract model for \(missing.joined(separator: ", "))") }

        let image = try render()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-scripts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = Results(count: Self.rows.count)
        DispatchQueue.concurrentPerform(iterations: Self.rows.count) { row in
            // The title line with a little of the cell around it.
            let top = Int((34 + 60 * Double(row) - 4) * Self.density), height = Int(38 * Self.density)
            let line = image.cropped(to: PixelRect(x: 0, y: top, width: image.width, height: height))
            let png = folder.appendingPathComponent("\(row).png").path
            let text = (try? PNG.write(line, to: png)).flatMap { _ -> String? in
                let base = folder.appendingPathComponent("\(row)").path
                guard let run = try? ExternalProcess.run("tesseract", [png, base, "-l", Self.rows[row].language, "--psm", "7"]), run.status == 0 else { return nil }
                return try? String(contentsOfFile: base + ".txt", encoding: .utf8)
            } ?? ""
            results.set(row, text)
        }
        let read = results.texts
        for (row, expected) in Self.rows.enumerated() {
            let similarity = Self.similarity(expected.text, read[row])
            XCTAssertGreaterThanOrEqual(similarity, Self.similarityFloor,
                                        "\(expected.language): wrote '\(expected.text)', tesseract read '\(read[row].trimmingCharacters(in: .whitespacesAndNewlines))'")
        }
        // The emoji row (y 574...604 pt) is in colour: strongly saturated pixels, which no text ink or fill has.
        var saturated = 0
        for y in Int(574 * Self.density)..<Int(604 * Self.density) {
            for x in 0..<image.width {
                let c = image[x, y]
                if Int(max(c.red, c.green, c.blue)) - Int(min(c.red, c.green, c.blue)) > 120 { saturated += 1 }
            }
        }
        XCTAssertGreaterThan(saturated, 400, "colour emoji")
    }

    func testSimilarityCountsEditsWithoutWhiteSpace() {
        XCTAssertEqual(Self.similarity("ab cd", "abcd\n"), 1)
        XCTAssertEqual(Self.similarity("abcd", "abxd"), 0.75)
        XCTAssertEqual(Self.similarity("abcd", ""), 0)
    }

    /// The dump straight on at `density` pixels a point, as `render --yaw 0 --pitch 0` draws it.
    private func render() throws -> RGBAImage {
        let dump = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/dumps/scripts-and-emoji.xml")
        var document = try LoadedDocument.load(dump.path)
        document.synthesizeTextures(fonts: try FontLibrary.system())
        let layout = try document.layout(LayoutOptions())
        var options = RenderOptions()
        options.yaw = 0
        options.pitch = 0
        options.projection = .orthographic
        options.margin = 0
        options.size = PixelSize(width: Int(390 * Self.density), height: Int(640 * Self.density))
        let textures = document.textures(for: layout)
        return try Renderer(options: options).render(layout, textures: TextureClosure { try textures.texture(for: $0, maxSize: $1) }).image
    }

    /// What tesseract read of each row, filled by concurrent workers.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [String]
        init(count: Int) { values = [String](repeating: "", count: count) }
        func set(_ index: Int, _ text: String) { lock.lock(); values[index] = text; lock.unlock() }
        var texts: [String] { lock.lock(); defer { lock.unlock() }; return values }
    }

    /// 1 − (edit distance between the two texts' characters, white space left out) / the expected length.
    static func similarity(_ expected: String, _ read: String) -> Double {
        let a = Array(expected.unicodeScalars.filter { !$0.properties.isWhitespace })
        let b = Array(read.unicodeScalars.filter { !$0.properties.isWhitespace })
        guard !a.isEmpty else { return b.isEmpty ? 1 : 0 }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return max(0, 1 - Double(previous[b.count]) / Double(a.count))
    }
}
