import HierarchySnapshotTesting
import XCTest

/// Golden-image tests of a screen: the exploded picture of its capture (tree.json and a snapshot
/// per view, as HierarchyCapture writes it) and of a dump, and the layout as text. The goldens
/// are in __Snapshots__/LoginScreenTests; set `record: .all` (or SNAPSHOT_TESTING_RECORD=all) to
/// write them again.
final class LoginScreenTests: XCTestCase {
    static let captures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Captures")

    func testLoginCapture() throws {
        let document = try LoadedDocument.load(Self.captures.appendingPathComponent("login/tree.json").path)
        assertSnapshot(of: document, as: .exploded(spacing: 50, yaw: -35, pitch: 20, size: PixelSize(width: 800, height: 600)))
        assertSnapshot(of: document, as: .layout)
    }

    func testMailInboxDump() throws {
        // A recursiveDescription dump (a copy of the project's Tests/Fixtures/dumps/recursive-description/
        // written-lldb-mail-inbox-390x844.txt): views without pictures are outlines and background colours.
        let document = try LoadedDocument.load(Self.captures.appendingPathComponent("mail-inbox.txt").path)
        assertSnapshot(of: document, as: .exploded(yaw: -30, pitch: 15, size: PixelSize(width: 800, height: 600)))
    }
}
