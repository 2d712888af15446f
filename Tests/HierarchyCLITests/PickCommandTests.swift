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
