import Foundation
import HierarchyDiff
import HierarchyModel
import XCTest

/// The diff's JSON and text documents, now beside the comparison: read back by Foundation's JSON
/// parser (not ours) and held against the `TreeDiff` they were written from.
final class DiffDocumentTests: XCTestCase {
    /// A screen whose third row went, whose title says something else, with a banner that came:
    /// one of each kind of entry, with a quote and a newline in the new text.
    private func diff() -> (TreeDiff, before: ViewTree, after: ViewTree) {
        let before = DiffScreens.screen(seed: 3)
        var after = before.removing(before.nodes.firstIndex { $0.id == "row2" }!)
        after.update(after.nodes.firstIndex { $0.id == "title" }!) { $0.text = "Mail \"all\"\nboxes" }
        after.append(DiffScreens.node("banner", "UILabel", 0, 100, 390, 30, text: "Offline"), to: 0)
        return (TreeDiff.compute(before, after), before, after)
    }

    func testTheJSONDocumentIsJSONAndSaysWhatTheDiffSays() throws {
        let (diff, _, _) = diff()
        XCTAssertEqual(diff.added.map(\.id), ["banner"])
        XCTAssertEqual(diff.removed.map(\.id), ["row2"])
        let text = DiffDocument.encode(diff)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(object["version"] as? Int, 1)
        XCTAssertEqual(object["unchanged"] as? Int, diff.unchanged)
        let added = try XCTUnwrap(object["added"] as? [[String: Any]])
        XCTAssertEqual(added.map { $0["id"] as? String }, ["banner"])
        XCTAssertEqual(added.first?["subtree"] as? Int, 1)
        let removed = try XCTUnwrap(object["removed"] as? [[String: Any]])
        XCTAssertEqual(removed.map { "\($0["class"] ?? "") \($0["id"] ?? "") \($0["subtree"] ?? "")" }, ["UITableViewCell row2 4"])
        let changed = try XCTUnwrap(object["changed"] as? [[String: Any]])
        XCTAssertEqual(changed.map { $0["after"] as? String }, diff.changed.map(\.afterID))
        XCTAssertEqual(changed.map { $0["changes"] as? [String] ?? [] }, diff.changed.map { $0.changes.map(\.rawValue) })
        XCTAssertTrue(diff.changed.contains { $0.afterID == "title" && $0.changes.contains(.text) })
        // One entry a line, in the captures' order: the document diffs well under version control.
        XCTAssertEqual(text.split(separator: "\n").count, 12 + diff.changed.count)
    }

    func testTheTextSaysEachViewOnItsLineThenTheSummary() {
        let (diff, before, after) = diff()
        let lines = DiffText.render(diff, before: before, after: after).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 1 + 1 + diff.changed.count + 1)
        XCTAssertTrue(lines[0].hasPrefix("- UITableViewCell row2"), lines[0])
        XCTAssertTrue(lines[0].hasSuffix("(4 views)"), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("+ UILabel banner \"Offline\""), lines[1])
        XCTAssertTrue(lines.contains { $0.hasPrefix("~ UILabel title \"Mail \"all\"\"") && $0.contains("text") }, "\(lines)")
        XCTAssertEqual(lines.last, DiffText.summary(diff))
        XCTAssertEqual(DiffText.summary(diff), "\(diff.changed.count) changed, 1 added (1 view), 1 removed (4 views), \(diff.unchanged) unchanged")
        XCTAssertEqual(DiffText.summary(TreeDiff.compute(before, before)), "no changes (\(before.count) views)")
    }
}
