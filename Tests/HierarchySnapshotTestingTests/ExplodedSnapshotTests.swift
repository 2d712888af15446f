import Foundation
import HierarchyGolden
import HierarchyImaging
import HierarchyLoading
import HierarchySnapshotTesting
import HierarchyTestSupport
import SnapshotTesting
import XCTest

/// The strategies through the snapshot library's own `verifySnapshot`, which returns the failure
/// message `assertSnapshot` would report: recording, matching, mismatches and the tolerance.
final class ExplodedSnapshotTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-snapshot-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private var snapshots: String { folder.appendingPathComponent("__Snapshots__").path }

    /// The capture of `screen`, written afresh into the same folder each time.
    private func capture(_ screen: LoginScreen) throws -> LoadedDocument {
        let captureFolder = folder.appendingPathComponent("capture")
        try? FileManager.default.removeItem(at: captureFolder)
        return try LoadedDocument.load(screen.write(to: captureFolder))
    }

    private func verify(_ document: LoadedDocument, _ strategy: Snapshotting<LoadedDocument, Golden> = .exploded(size: PixelSize(width: 240, height: 180)),
                        record: SnapshotTestingConfiguration.Record = .never, name: String = "login") -> String? {
        verifySnapshot(of: document, as: strategy, named: name, record: record, snapshotDirectory: snapshots, testName: "login")
    }

    /// The paths a failure message lists (its indented lines).
    private func pictures(in message: String) -> [String] {
        message.split(separator: "\n").filter { $0.hasPrefix("  /") }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    func testRecordingWritesAPNGWithTheTreeAndTheNextRunMatches() throws {
        let document = try capture(LoginScreen())
        let first = try XCTUnwrap(verify(document, record: .missing))
        XCTAssertTrue(first.contains("No reference was found on disk"), first)
        let file = snapshots + "/login.login.png"
        let golden = try Golden.read(file)
        XCTAssertEqual(golden.image.width, 240)
        XCTAssertEqual(golden.image.height, 180)
        XCTAssertEqual(golden.tree?.count, 4)
        XCTAssertEqual(golden.tree.flatMap { $0.index(ofID: "login") }.map { golden.tree![$0].className }, "UIButton")
        XCTAssertNil(verify(document))
        XCTAssertNil(verify(try capture(LoginScreen())), "a capture written again with the same pixels matches")
    }

    func testMovingAViewTwoPointsFailsNamingItWithThreePictures() throws {
        XCTAssertNotNil(verify(try capture(LoginScreen()), record: .all))
        var moved = LoginScreen()
        moved.buttonY += 2
        let message = try XCTUnwrap(verify(try capture(moved)))
        XCTAssertTrue(message.contains("UIButton login \"Log in\" moved"), message)
        XCTAssertFalse(message.contains("UILabel title"), message)
        let written = pictures(in: message)
        XCTAssertTrue(written.allSatisfy { $0.contains("/ExplodedSnapshotTests/") }, message)
        XCTAssertEqual(written.count, 3, message)
        for (path, suffix) in zip(written, ["expected", "actual", "difference"]) {
            XCTAssertTrue(path.hasSuffix(".\(suffix).png"), path)
            let image = try PNG.decode(file: path)
            XCTAssertEqual(image.width, 240)
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    func testHidingAViewFailsNamingIt() throws {
        XCTAssertNotNil(verify(try capture(LoginScreen()), record: .all))
        var hidden = LoginScreen()
        hidden.buttonHidden = true
        let message = try XCTUnwrap(verify(try capture(hidden)))
        XCTAssertTrue(message.contains("of pixels differ"), message)
        XCTAssertTrue(message.contains("UIButton login \"Log in\" hidden"), message)
        pictures(in: message).forEach { try? FileManager.default.removeItem(atPath: $0) }
    }

    func testARenamedSnapshotFileWithTheSamePixelsPasses() throws {
        let original = try capture(LoginScreen())
        XCTAssertNotNil(verify(original, record: .all))
        XCTAssertNotNil(verifySnapshot(of: original, as: .layout, named: "login", record: .all, snapshotDirectory: snapshots, testName: "layout"))
        var renamed = LoginScreen()
        renamed.buttonSnapshot = "snapshots/renamed/primary-button.png"
        XCTAssertNil(verify(try capture(renamed)))
        XCTAssertNil(verifySnapshot(of: try capture(renamed), as: .layout, named: "login", record: .never, snapshotDirectory: snapshots, testName: "layout"))
    }

    func testChangedPixelsFailAtTheDefaultToleranceAndPassWhenItAllowsThem() throws {
        XCTAssertNotNil(verify(try capture(LoginScreen()), record: .all))
        var recoloured = LoginScreen()
        recoloured.buttonColor = (0xFF, 0x3B, 0x30)
        let message = try XCTUnwrap(verify(try capture(recoloured)))
        XCTAssertTrue(message.contains("no view moved or changed its properties"), message)
        pictures(in: message).forEach { try? FileManager.default.removeItem(atPath: $0) }
        let lenient = Snapshotting<LoadedDocument, Golden>.exploded(size: PixelSize(width: 240, height: 180), tolerance: PixelTolerance(share: 0.5))
        XCTAssertNil(verify(try capture(recoloured), lenient))
    }

    func testASmallShadeIsWithinTheDefaultToleranceButNotAnExactOne() throws {
        XCTAssertNotNil(verify(try capture(LoginScreen()), record: .all))
        var shaded = LoginScreen()
        shaded.titleShade = 12
        XCTAssertNil(verify(try capture(shaded)))
        let exact = Snapshotting<LoadedDocument, Golden>.exploded(size: PixelSize(width: 240, height: 180), tolerance: .exact)
        let message = try XCTUnwrap(verify(try capture(shaded), exact))
        XCTAssertTrue(message.contains("0% allowed, each channel within 0"), message)
        pictures(in: message).forEach { try? FileManager.default.removeItem(atPath: $0) }
    }

    func testPixelsOnlyLetsAMoveWithinTheTolerancePass() throws {
        XCTAssertNotNil(verify(try capture(LoginScreen()), record: .all))
        var moved = LoginScreen()
        moved.buttonX += 1
        let pixelsOnly = Snapshotting<LoadedDocument, Golden>.exploded(size: PixelSize(width: 240, height: 180), tolerance: PixelTolerance(share: 0.05), treeChangesFail: false)
        XCTAssertNil(verify(try capture(moved), pixelsOnly))
        let message = try XCTUnwrap(verify(try capture(moved), .exploded(size: PixelSize(width: 240, height: 180), tolerance: PixelTolerance(share: 0.05))))
        XCTAssertTrue(message.contains("the views changed"), message)
        pictures(in: message).forEach { try? FileManager.default.removeItem(atPath: $0) }
    }

    func testRecordFailedRewritesTheReference() throws {
        XCTAssertNotNil(verify(try capture(LoginScreen()), record: .all))
        var hidden = LoginScreen()
        hidden.buttonHidden = true
        let message = try XCTUnwrap(verify(try capture(hidden), record: .failed))
        XCTAssertTrue(message.contains("A new snapshot was automatically recorded"), message)
        pictures(in: message).forEach { try? FileManager.default.removeItem(atPath: $0) }
        XCTAssertNil(verify(try capture(hidden)))
        let tree = try XCTUnwrap(Golden.read(snapshots + "/login.login.png").tree)
        XCTAssertEqual(tree.index(ofID: "login").map { tree[$0].isHidden }, true)
    }

    func testADifferentPictureSizeFails() throws {
        XCTAssertNotNil(verify(try capture(LoginScreen()), record: .all))
        let message = try XCTUnwrap(verify(try capture(LoginScreen()), .exploded(size: PixelSize(width: 180, height: 180))))
        XCTAssertTrue(message.contains("the picture is 180×180, the golden 240×180"), message)
        pictures(in: message).forEach { try? FileManager.default.removeItem(atPath: $0) }
    }

    func testADamagedReferenceFailsSayingWhy() throws {
        try FileManager.default.createDirectory(atPath: snapshots, withIntermediateDirectories: true)
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: snapshots + "/login.login.png"))
        let message = try XCTUnwrap(verify(try capture(LoginScreen())))
        XCTAssertTrue(message.contains("the reference"), message)
    }

    func testADumpRecordsAndMatchesAndItsLayoutTextToo() throws {
        let dump = TestPaths.fixture("dumps/recursive-description/written-cycript-login-375x667.txt").path
        let document = try LoadedDocument.load(dump)
        XCTAssertNotNil(verify(document, record: .all, name: "dump"))
        XCTAssertNil(verify(try LoadedDocument.load(dump), name: "dump"))
        XCTAssertNotNil(verifySnapshot(of: document, as: .layout, named: "dump", record: .all, snapshotDirectory: snapshots, testName: "layout"))
        let text = try String(contentsOfFile: snapshots + "/layout.dump.txt", encoding: .utf8)
        XCTAssertTrue(text.contains("depth = "), text)
        XCTAssertNil(verifySnapshot(of: try LoadedDocument.load(dump), as: .layout, named: "dump", record: .never, snapshotDirectory: snapshots, testName: "layout"))
    }

    func testASynthesizedDumpIsAnotherPicture() throws {
        let dump = try LoadedDocument.load(TestPaths.fixture("dumps/recursive-description/written-cycript-login-375x667.txt").path)
        XCTAssertNotNil(verify(dump, record: .all, name: "dump"))
        let synthesized = Snapshotting<LoadedDocument, Golden>.exploded(size: PixelSize(width: 240, height: 180), synthesize: true)
        let message = try XCTUnwrap(verify(dump, synthesized, name: "dump"))
        XCTAssertTrue(message.contains("no view moved or changed its properties"), message)
        pictures(in: message).forEach { try? FileManager.default.removeItem(atPath: $0) }
    }

    func testTheLayoutTextNamesAHiddenView() throws {
        XCTAssertNotNil(verifySnapshot(of: try capture(LoginScreen()), as: .layout, named: "login", record: .all, snapshotDirectory: snapshots, testName: "layout"))
        var hidden = LoginScreen()
        hidden.buttonHidden = true
        let message = try XCTUnwrap(verifySnapshot(of: try capture(hidden), as: .layout, named: "login", record: .never, snapshotDirectory: snapshots, testName: "layout"))
        XCTAssertTrue(message.contains("+   | <UIButton: login; text = 'Log in'> not drawn: hidden"), message)
    }
}
