import Foundation
import HierarchyTestSupport
import XCTest

/// Every dump in `../shared/dumps`, rendered straight on without a screenshot, read back by
/// tesseract (`scripts/ocr-recall.py`, which says how words are counted). Issue 22's bar holds for
/// the Appium and uiautomator dumps: at least 65 % of their words on average and 30 % of each
/// dump's (reached: 71.6 % on average, 48.8 % at the least; 46.6 % and 25.6 % before). Over every
/// dump that holds words, recursiveDescription pastes among them, at least 55 % on average
/// (reached: 66.2 %); a recursiveDescription of two words (`hou-…`) has no floor of its own.
final class DumpOCRTests: XCTestCase {
    static let averageFloor = 0.65
    static let eachFloor = 0.30
    static let everyDumpAverageFloor = 0.55
    /// The folders the issue's bar is for; the others count in the average of every dump only.
    static let barred: Set<String> = ["uiautomator", "appium-ios"]

    func testSharedDumpsReadBackWithOCR() throws {
        let dumps = try TestPaths.shared("dumps", for: "the OCR measure of the shared dumps")
        for program in ["python3", "tesseract"] where ExternalProcess.locate(program) == nil {
            throw XCTSkip("the OCR measure skipped: \(program) is absent")
        }
        var files: [String] = []
        var folderOf: [String: String] = [:]
        for folder in ["uiautomator", "appium-ios", "recursive-description"] {
            for name in try TestPaths.contents(of: dumps.appendingPathComponent(folder)) {
                files.append(dumps.appendingPathComponent("\(folder)/\(name)").path)
                folderOf[name] = folder
            }
        }
        let script = TestPaths.repository.appendingPathComponent("scripts/ocr-recall.py").path
        // The release's binary when CI has built it (the same pictures, drawn in a tenth of the time).
        let binary = Hierarchy.releaseBinary ?? Hierarchy.productsFolder.appendingPathComponent("hierarchy").path
        // Debian's python3 (the script needs nothing else), in an environment of its own; the script gives tesseract a clean one too.
        let run = try ExternalProcess.run("/usr/bin/python3", [script, "--json", "--jobs", "2", "--hierarchy", binary] + files)
        XCTAssertEqual(run.status, 0, run.output)
        guard let line = run.output.split(separator: "\n").last(where: { $0.hasPrefix("{") }),
              let report = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let average = report["average"] as? Double, let each = report["dumps"] as? [[String: Any]] else {
            return XCTFail("no report from ocr-recall.py: \(run.output)")
        }
        XCTAssertEqual(each.count, files.count)
        XCTAssertGreaterThanOrEqual(average, DumpOCRTests.everyDumpAverageFloor, "average recall of every dump; \(run.output)")
        var barred: [Double] = []
        for dump in each {
            // A dump without words is not rendered ("recall": null).
            guard let recall = dump["recall"] as? Double, let name = dump["dump"] as? String,
                  DumpOCRTests.barred.contains(folderOf[name] ?? "") else { continue }
            barred.append(recall)
            XCTAssertGreaterThanOrEqual(recall, DumpOCRTests.eachFloor, "\(name): \(recall); missed \(dump["missed"] ?? [])")
        }
        XCTAssertEqual(barred.count, files.filter { DumpOCRTests.barred.contains(URL(fileURLWithPath: $0).deletingLastPathComponent().lastPathComponent) }.count)
        XCTAssertGreaterThanOrEqual(barred.reduce(0, +) / Double(max(1, barred.count)), DumpOCRTests.averageFloor,
                                    "average recall of the Appium and uiautomator dumps; \(run.output)")
    }
}
