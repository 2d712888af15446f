import XCTest

final class PickCommandTests: XCTestCase {
    let front = ["--yaw", "0", "--pitch", "0", "--projection", "orthographic", "--margin", "0", "--size", "100x200"]

    func testPickNamesTheFrontmostLayer() throws {
        let ws = try Workspace()
        try ws.smallCapture()
        let hit = try Hierarchy.run(["pick", "tree.json", "--at", "50,80", "--format", "json"] + front, in: ws.url)
        XCTAssertEqual(hit.status, 0, hit.stderr)
        XCTAssertEqual(hit.stdout, #"{"hit":{"id":"cell1","class":"View","depth":2,"frame":{"x":0,"y":60,"width":100,"height":50}}}"# + "\n")
        let label = try Hierarchy.run(["pick", "tree.json", "--at", "50,20"] + front, in: ws.url)
        XCTAssertEqual(label.stdout, "<UILabel: header; name = 'Title'; depth = 1; frame = (10 10; 80 20)>\n")
    }

    func testPickAndLayoutNameTheViewControllerAViewBelongsTo() throws {
        let ws = try Workspace()
        try ws.smallCapture(smallTree.replacingOccurrences(
            of: #""class": "UITableView","#, with: #""class": "UITableView", "viewController": {"class": "ListViewController", "title": "Inbox"},"#))
        let hit = try Hierarchy.run(["pick", "tree.json", "--at", "50,80"] + front, in: ws.url)
        XCTAssertEqual(hit.status, 0, hit.stderr)
        XCTAssertEqual(hit.stdout, "<View: cell1; viewController = ListViewController \"Inbox\"; depth = 2; frame = (0 60; 100 50)>\n", "a subview belongs to its ancestor's controller")
        let json = try Hierarchy.run(["pick", "tree.json", "--at", "50,80", "--format", "json"] + front, in: ws.url)
        XCTAssertTrue(json.stdout.contains(#""viewController":{"class":"ListViewController","title":"Inbox"}"#), json.stdout)
        let text = try Hierarchy.run(["layout", "tree.json"], in: ws.url)
        XCTAssertTrue(text.stdout.contains(#"<UITableView: list; viewController = ListViewController "Inbox"; depth"#), text.stdout)
        let layout = try Hierarchy.run(["layout", "tree.json", "--format", "json"], in: ws.url)
        XCTAssertEqual(layout.status, 0, layout.stderr)
        XCTAssertEqual(layout.stdout.components(separatedBy: #""viewController":{"class":"ListViewController","title":"Inbox"}"#).count - 1, 2, "the list and its cell")
        let header = try Hierarchy.run(["pick", "tree.json", "--at", "50,20"] + front, in: ws.url)
        XCTAssertFalse(header.stdout.contains("viewController"), "a view outside the controller's tree has none")
    }

    func testPickOnNothingAndOutsideThePicture() throws {
        let ws = try Workspace()
        try ws.smallCapture()
        let miss = try Hierarchy.run(["pick", "tree.json", "--at", "5,5", "--format", "json", "--yaw", "0", "--pitch", "0", "--size", "400x400"], in: ws.url)
        XCTAssertEqual(miss.stdout, #"{"hit":null}"# + "\n")
        let outside = try Hierarchy.run(["pick", "tree.json", "--at", "100,10"] + front, in: ws.url)
        XCTAssertEqual(outside.status, 1)
        XCTAssertEqual(outside.stderr, "error: --at: 100,10 is outside the 100x200 picture\n")
    }
}
