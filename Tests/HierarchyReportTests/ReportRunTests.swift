import Foundation
import HierarchyImaging
import HierarchyLoading
import HierarchyModel
import HierarchyReport
import HierarchyTestSupport
import XCTest

/// Whole reports of two runs made from the fixtures: the second with a screen edited (a button
/// moved), one with a row removed, one added, one gone and one corrupt.
final class ReportRunTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-report-\(UUID().uuidString)")
        try ReportRuns.make(in: folder)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    var run0: String { folder.appendingPathComponent("run0").path }
    var run1: String { folder.appendingPathComponent("run1").path }

    func testScreensAgainstTheBaselineFolder() throws {
        let outcome = try ReportRun.run([run1], baseline: .folder(run0), options: Self.options(), output: ReportOutput(folder.appendingPathComponent("out/report.html").path))
        let statuses = Dictionary(uniqueKeysWithValues: outcome.screens.map { ($0.name, $0.status) })
        XCTAssertEqual(statuses, ["appdev": .changed, "settings-top": .changed, "clock": .unchanged, "login": .unchanged, "appium/keyboard": .unchanged,
                                  "playstore": .added, "health": .removed, "corrupt": .error])
        let appdev = try XCTUnwrap(outcome.screens.first { $0.name == "appdev" })
        guard case .object(let changes)? = appdev.changes, case .array(let changed)? = changes["changed"] else { return XCTFail("no changes: \(appdev)") }
        XCTAssertEqual(changed.count, 1)
        let corrupt = try XCTUnwrap(outcome.screens.first { $0.name == "corrupt" }?.error)
        XCTAssertTrue(corrupt.hasPrefix(run1 + "/corrupt.xml: line "), corrupt)
        // report.json beside the page, as the rows say.
        let json = try FileSystem.read(folder.appendingPathComponent("out/report.json").path)
        XCTAssertEqual(try ReportDocument.decode(json, file: "report.json"), outcome.screens)
        // The page holds every screen, and each texture once.
        let page = String(decoding: try FileSystem.read(folder.appendingPathComponent("out/report.html").path), as: UTF8.self)
        let blocks = try ReportPageBlocks(page: page, file: "report.html")
        XCTAssertEqual(blocks.screens.map(\.row), outcome.screens)
        let named = Set(blocks.screens.flatMap(\.textures))
        XCTAssertEqual(Set(blocks.textures.keys), named)
        XCTAssertEqual(page.components(separatedBy: "id=\"t-").count - 1, named.count, "a texture is stored twice")
        for screen in blocks.screens where screen.row.status != .error {
            XCTAssertNotNil(screen.front, screen.row.name)
            XCTAssertNotNil(screen.viewer.flatMap { blocks.viewers[$0] }, screen.row.name)
        }
    }

    func testShardsMergedEqualTheWholeReport() throws {
        let whole = folder.appendingPathComponent("whole/report.html").path
        _ = try ReportRun.run([run1], baseline: .folder(run0), options: Self.options(), output: ReportOutput(whole))
        var parts: [String] = []
        for index in 1...2 {
            var options = Self.options()
            options.shard = Shard(index: index, count: 2)
            let part = folder.appendingPathComponent("part\(index)/").path + "/"
            let outcome = try ReportRun.run([run1], baseline: .folder(run0), options: options, output: ReportOutput(part))
            XCTAssertEqual(outcome.screens.count, 4, "shard \(index)/2")
            parts.append(folder.appendingPathComponent("part\(index)").path)
        }
        let merged = folder.appendingPathComponent("merged.html").path
        let outcome = try ReportRun.merge(parts.reversed(), title: "hierarchy report", output: ReportOutput(merged))
        XCTAssertEqual(outcome.screens.count, 8)
        let wholeJSON = try FileSystem.read(folder.appendingPathComponent("whole/report.json").path)
        let mergedJSON = try FileSystem.read(folder.appendingPathComponent("report.json").path)
        XCTAssertEqual(String(decoding: mergedJSON, as: UTF8.self), String(decoding: wholeJSON, as: UTF8.self))
        // The pages hold the same screens, viewers and textures.
        let a = try ReportPageBlocks(page: String(decoding: try FileSystem.read(whole), as: UTF8.self), file: whole)
        let b = try ReportPageBlocks(page: String(decoding: try FileSystem.read(merged), as: UTF8.self), file: merged)
        XCTAssertEqual(a.screens, b.screens)
        XCTAssertEqual(a.viewers, b.viewers)
        XCTAssertEqual(a.textures, b.textures)
        // Merging a part twice is refused.
        XCTAssertThrowsError(try ReportRun.merge([parts[0], parts[0]], title: "t", output: ReportOutput(folder.appendingPathComponent("twice.html").path)))
    }

    func testAFolderWhenAskedHoldsTheSamePageItsDataAndEachTextureOnce() throws {
        let asked = folder.appendingPathComponent("asked").path
        let outcome = try ReportRun.run([run1], baseline: .folder(run0), options: Self.options(), output: ReportOutput(asked + "/"))
        XCTAssertNil(outcome.folder)
        XCTAssertEqual(try ReportDocument.decode(try FileSystem.read(asked + "/report.json"), file: "report.json"), outcome.screens)
        // The folder made one page again (as every single page is made): the same screens, viewers and textures.
        let single = folder.appendingPathComponent("single.html").path
        let whole = try ReportRun.merge([asked], title: "hierarchy report", output: ReportOutput(single))
        XCTAssertEqual(whole.pageSize, outcome.pageSize, "the page's size as one file")
        XCTAssertEqual(FileSystem.size(of: single), outcome.pageSize)
        // index.html holds the screens but no viewer or texture: those are data files, a texture once.
        let index = String(decoding: try FileSystem.read(asked + "/index.html"), as: UTF8.self)
        XCTAssertFalse(index.contains("id=\"t-") || index.contains("id=\"v-"))
        XCTAssertTrue(index.contains("<meta name=\"hierarchy-report-data\" content=\"data/\">"))
        let a = try ReportPageBlocks.read(single), b = try ReportPageBlocks.read(asked)
        XCTAssertEqual(a.screens, b.screens)
        XCTAssertEqual(a.screens.map(\.row), outcome.screens)
        let textures = Set(a.screens.flatMap(\.textures)), viewers = a.screens.compactMap(\.viewer)
        XCTAssertEqual(Set(a.textures.keys), textures)
        XCTAssertEqual(Set(a.viewers.keys), Set(viewers))
        let files = try FileManager.default.contentsOfDirectory(atPath: asked + "/data").sorted()
        XCTAssertEqual(files, (textures.map { "t-\($0).js" } + viewers.map { "v-\($0).js" }).sorted())
        for name in textures { XCTAssertEqual(try b.texture(name), try a.texture(name)) }
        for name in viewers { XCTAssertEqual(try b.viewer(name), try a.viewer(name)) }
        XCTAssertFalse(textures.isEmpty)
    }

    func testAPagePastTheLimitBecomesAFolderBesideALinkToIt() throws {
        var output = ReportOutput(folder.appendingPathComponent("big/report.html").path)
        output.folderLimit = 10_000
        let outcome = try ReportRun.run([run1], baseline: .folder(run0), options: Self.options(), output: output)
        let made = folder.appendingPathComponent("big/report_files").path
        XCTAssertEqual(outcome.folder, made)
        XCTAssertGreaterThan(outcome.pageSize, 10_000)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("big").path).sorted(), ["report.html", "report.json", "report_files"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: made).sorted(), ["data", "index.html"])
        let link = String(decoding: try FileSystem.read(output.page), as: UTF8.self)
        XCTAssertTrue(link.contains("url=report_files/index.html"), link)
        // Merging the link, its folder or the page gives the same screens.
        let blocks = try ReportPageBlocks.read(output.page)
        XCTAssertEqual(blocks.screens.map(\.row), outcome.screens)
        XCTAssertEqual(try ReportPageBlocks.read(made).screens, blocks.screens)
        let merged = try ReportRun.merge([output.page], title: "hierarchy report", output: ReportOutput(folder.appendingPathComponent("merged/report.html").path))
        XCTAssertNil(merged.folder)
        XCTAssertEqual(merged.pageSize, outcome.pageSize)
        XCTAssertEqual(try ReportPageBlocks.read(folder.appendingPathComponent("merged/report.html").path).textures.count, Set(blocks.screens.flatMap(\.textures)).count)
        // Within the limit, the single page replaces the link (the old folder stays, unused).
        let again = try ReportRun.merge([made], title: "hierarchy report", output: ReportOutput(output.page, replace: true))
        XCTAssertNil(again.folder)
        XCTAssertEqual(FileSystem.size(of: output.page), outcome.pageSize)
        XCTAssertEqual(try ReportPageBlocks.read(output.page).screens, blocks.screens)
    }

    func testAFolderInTheWayOfAPagePastTheLimitIsRefused() throws {
        let taken = folder.appendingPathComponent("taken/report_files")
        try FileManager.default.createDirectory(at: taken, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: taken.appendingPathComponent("notes.txt"))
        var output = ReportOutput(folder.appendingPathComponent("taken/report.html").path)
        output.folderLimit = 10_000
        XCTAssertThrowsError(try ReportRun.run([run1], baseline: .folder(run0), options: Self.options(), output: output)) { error in
            XCTAssertTrue("\(error)".hasPrefix(taken.path + ": exists and is not a report's folder"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("taken").path), ["report_files"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: taken.path), ["notes.txt"])
    }

    func testAnEarlierReportsJSONAsTheBaseline() throws {
        _ = try ReportRun.run([run0], baseline: nil, options: Self.options(), output: ReportOutput(folder.appendingPathComponent("base/").path + "/"))
        let base = folder.appendingPathComponent("base/report.json").path
        XCTAssertEqual(try ReportDocument.decode(try FileSystem.read(base), file: base).map(\.status), Array(repeating: .captured, count: 6))
        let outcome = try ReportRun.run([run1], baseline: .report(base), options: Self.options(), output: ReportOutput(folder.appendingPathComponent("out.html").path))
        let statuses = Dictionary(uniqueKeysWithValues: outcome.screens.map { ($0.name, $0.status) })
        XCTAssertEqual(statuses["playstore"], .added)
        XCTAssertEqual(statuses["health"], .removed)
        XCTAssertEqual(statuses["corrupt"], .error)
    }

    func testAFolderThatCannotBeReadIsAnError() {
        XCTAssertThrowsError(try ReportRun.run([folder.appendingPathComponent("nothing").path], baseline: nil, options: Self.options(),
                                               output: ReportOutput(folder.appendingPathComponent("o.html").path))) { error in
            XCTAssertTrue("\(error)".hasSuffix("nothing: no such folder"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("o.html").path))
    }

    static func options() -> ReportOptions {
        var options = ReportOptions()
        options.presentation.thumbnailHeight = 96
        options.screen.layout.maxTextureSize = 256
        return options
    }
}

/// Two runs of captures from the fixtures.
enum ReportRuns {
    static func make(in folder: URL) throws {
        let fixtures = TestPaths.fixtures.path, samples = TestPaths.samples.path
        let files: [(String, String)] = [
            ("run0/appdev.xml", "dumps/appium-ios/shirates-ios-appdev-375x667.xml"),
            ("run1/appdev.xml", "diff/appdev-button-moved.xml"),
            ("run0/settings-top.xml", "dumps/appium-ios/shirates-ios-settings-top.xml"),
            ("run1/settings-top.xml", "diff/settings-top-row-removed.xml"),
            ("run0/health.xml", "dumps/appium-ios/poco-ios-health-app-375x812.xml"),
            ("run1/playstore.xml", "dumps/uiautomator/shirates-appium-uia2-playstore-games.xml"),
        ] + ["run0", "run1"].flatMap { run in [
            ("\(run)/clock.xml", "dumps/uiautomator/shirates-appium-uia2-clock-alarm.xml"),
            ("\(run)/login.txt", "dumps/recursive-description/written-cycript-login-375x667.txt"),
        ] }
        for (target, source) in files { try copy(fixtures + "/" + source, to: folder.appendingPathComponent(target)) }
        // A screen with its screenshot (in a folder); the same in both runs. (Slicing a screenshot is
        // slow in a debug build: ReportThumbnailsTests has one at full size.)
        for run in ["run0", "run1"] {
            try copy(fixtures + "/dumps/appium-ios/shirates-ios-keyboard.xml", to: folder.appendingPathComponent("\(run)/appium/keyboard.xml"))
            try PNG.write(screenshot, to: folder.appendingPathComponent("\(run)/appium/keyboard.screenshot.png").path)
        }
        try Data("<hierarchy><node bounds=\n".utf8).write(to: folder.appendingPathComponent("run1/corrupt.xml"))
    }

    /// A 195×422 picture for the 390×844 point keyboard screen: bands of colour.
    static var screenshot: RGBAImage {
        var pixels = [UInt8](repeating: 255, count: 195 * 422 * 4)
        for y in 0..<422 { for x in 0..<195 { let i = (y * 195 + x) * 4; (pixels[i], pixels[i + 1], pixels[i + 2]) = (UInt8(y * 255 / 421), UInt8(x), UInt8((x + y) % 256)) } }
        return RGBAImage(width: 195, height: 422, pixels: pixels)
    }

    private static func copy(_ source: String, to target: URL) throws {
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: target.path)
    }
}
