import Foundation
import HierarchyAudit
import HierarchyExport
import HierarchyImaging
import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyRender
import HierarchyScreen
import HierarchyTestSupport
import HierarchyViewer
import XCTest

/// The use cases on a screen: the straight-on rule every picture follows, and the outcomes'
/// verdicts as exit statuses.
final class ScreenTests: XCTestCase {
    private let dump = TestPaths.fixture("dumps/recursive-description/written-cycript-login-375x667.txt").path
    private let sample = TestPaths.sample("settings").path

    func testStraightOnADumpWithoutPicturesIsItsScreenEdgeToEdgeWithTextUnboxed() throws {
        let screen = try Screen.open(dump, options: ScreenOptions(synthesize: true))
        let options = screen.renderOptions(for: .straightOn(RenderOptions()))
        XCTAssertEqual(options.margin, 0)
        XCTAssertEqual(options.size, PixelSize(width: 1125, height: 2001))
        let unboxed = screen.document.unboxedTextLayers(in: screen.layout)
        XCTAssertFalse(unboxed.isEmpty)
        for index in unboxed { XCTAssertEqual(options.layerStyles[index]?.outlineColor, RenderOptions.transparent) }
        // Asked for text in boxes, a strategy keeps every outline.
        var boxed = PictureRequest.straightOn(RenderOptions())
        boxed.unboxedText = false
        XCTAssertTrue(screen.renderOptions(for: boxed).layerStyles.isEmpty)
    }

    func testWhatIsGivenWinsAndAnExplodedPictureKeepsTheDefaults() throws {
        let screen = try Screen.open(dump, options: ScreenOptions(synthesize: true))
        var request = PictureRequest.straightOn(RenderOptions())
        (request.size, request.margin) = (PixelSize(width: 300, height: 200), 0.1)
        let given = screen.renderOptions(for: request)
        XCTAssertEqual(given.size, PixelSize(width: 300, height: 200))
        XCTAssertEqual(given.margin, 0.1)
        let exploded = screen.renderOptions(for: PictureRequest())
        XCTAssertEqual(exploded.size, RenderOptions().size)
        XCTAssertEqual(exploded.margin, RenderOptions().margin)
        XCTAssertTrue(exploded.layerStyles.isEmpty)
    }

    func testACaptureWithPicturesKeepsItsMarginStraightOn() throws {
        let screen = try Screen.open(sample)
        XCTAssertFalse(screen.document.hasNoPictures)
        let options = screen.renderOptions(for: .straightOn(RenderOptions()))
        XCTAssertEqual(options.margin, RenderOptions().margin)
        XCTAssertTrue(options.layerStyles.isEmpty)
    }

    func testTheAuditsVerdictFollowsFailOn() throws {
        let screen = try Screen.open(dump)
        let strict = try screen.audit(AuditRequest(failOn: .info))
        XCTAssertFalse(strict.report.findings.isEmpty)
        XCTAssertEqual(strict.status, .no)
        XCTAssertEqual(try screen.audit(AuditRequest(failOn: nil)).status, .success)
        // Every finding known already: nothing is reported, whatever the threshold.
        let known = strict.report.findings.map { BaselineEntry(rule: $0.rule.rawValue, id: $0.id) }
        XCTAssertEqual(try screen.audit(AuditRequest(failOn: .info, baseline: known)).status, .success)
        XCTAssertEqual(strict.findingDocuments.count, strict.report.findings.count)
    }

    func testAComparisonIsSameOrDifferent() throws {
        let before = try Screen.open(sample)
        XCTAssertEqual(try before.compare(with: Screen.open(sample)).status, .success)
        var moved = before.document
        moved.tree.update(1) { $0.frame.x += 40 }
        let after = try Screen(moved)
        let outcome = try before.compare(with: after)
        XCTAssertEqual(outcome.status, .no)
        XCTAssertFalse(outcome.diff.isEmpty)
    }

    func testTroubleIsTwoOnlyWhereOneIsAnAnswer() {
        XCTAssertEqual(ExitStatus.trouble(verdict: true).rawValue, 2)
        XCTAssertEqual(ExitStatus.trouble(verdict: false).rawValue, 1)
    }

    func testExportFormatsAreOneListReadFromFileNames() throws {
        XCTAssertEqual(ExportFormat.allCases.map(\.rawValue), ["gltf", "glb", "json", "html"])
        XCTAssertEqual(ExportFormat(fileName: "scene.GLB"), .glb)
        XCTAssertNil(ExportFormat(fileName: "scene.obj"))
        XCTAssertEqual(ExportFormat.html.defaultMaxTextureSize, HTMLViewer.defaultMaxTextureSize)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-screen-export-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let screen = try Screen.open(sample)
        for format in ExportFormat.allCases {
            // A folder each: gltf and json both put a textures folder beside their file.
            let outcome = try screen.export(as: format, to: "\(folder)/\(format)/out.\(format.rawValue)", options: ExportOptions(), replace: false)
            XCTAssertFalse(outcome.isEmpty)
            XCTAssertTrue(FileManager.default.fileExists(atPath: outcome.path), format.rawValue)
        }
    }
}
