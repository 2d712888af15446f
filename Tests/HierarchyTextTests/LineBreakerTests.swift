import XCTest
@testable import HierarchyText

final class LineBreakerTests: XCTestCase {
    /// "aa bb cc" with every letter 1 wide and spaces 1 wide.
    private func words(_ text: String) -> [LineBreaker.Item] {
        var items: [LineBreaker.Item] = []
        var afterSpace = false
        for character in text {
            switch character {
            case " ": items.append(.init(advance: 1, kind: .space)); afterSpace = true
            case "\n": items.append(.init(advance: 0, kind: .newline)); afterSpace = true
            default: items.append(.init(advance: 1, breakBefore: afterSpace)); afterSpace = false
            }
        }
        return items
    }

    func testWrapsAtSpacesWithTrailingSpacesHanging() {
        let items = words("aa bb cc")
        // "aa bb" is 5 wide: it fits 5 exactly; the space after it hangs.
        let result = LineBreaker.lines(items, width: 5)
        XCTAssertEqual(result.lines, [0..<6, 6..<8])
        XCTAssertFalse(result.cutWords)
        XCTAssertEqual(LineBreaker.width(items, 0..<6), 5)
    }

    func testEveryWordOnItsOwnLineWhenNarrow() {
        let result = LineBreaker.lines(words("aa bb cc"), width: 3)
        XCTAssertEqual(result.lines, [0..<3, 3..<6, 6..<8])
        XCTAssertFalse(result.cutWords)
    }

    func testCutsAWordWiderThanTheLine() {
        let result = LineBreaker.lines(words("abcdefg hi"), width: 3)
        XCTAssertEqual(result.lines, [0..<3, 3..<6, 6..<8, 8..<10])
        XCTAssertTrue(result.cutWords)
    }

    func testLeavesAWordWiderThanTheLineWholeWhenAsked() {
        let result = LineBreaker.lines(words("ab cdefg hi"), width: 3, cutWords: false)
        XCTAssertEqual(result.lines, [0..<3, 3..<9, 9..<11])
        XCTAssertTrue(result.cutWords)
    }

    func testNeverCutsInsideACluster() {
        var items = words("abcd")
        items[1].clusterStart = false   // "ab" is one cluster
        let result = LineBreaker.lines(items, width: 1)
        XCTAssertEqual(result.lines, [0..<2, 2..<3, 3..<4])
    }

    func testHardBreaks() {
        let result = LineBreaker.lines(words("a\nb"), width: 100)
        XCTAssertEqual(result.lines, [0..<2, 2..<3])
    }

    func testEmptyTextHasNoLine() {
        XCTAssertEqual(LineBreaker.lines([], width: 10).lines, [])
    }
}
