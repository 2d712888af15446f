import HierarchyModel
import XCTest

final class HierarchyVersionTests: XCTestCase {
    /// The tests run a development build: no commit, so documents (and goldens) name the same
    /// version on every commit.
    func testADevelopmentBuildNamesNoCommit() {
        let current = HierarchyVersion.current
        XCTAssertNil(current.commit)
        XCTAssertFalse(current.tagged)
        XCTAssertEqual(current.text, HierarchyVersion.number + "-dev")
        XCTAssertEqual(current.generator, "hierarchy \(HierarchyVersion.number)-dev")
        XCTAssertTrue(current.banner.contains("development build"), current.banner)
        XCTAssertNotNil(HierarchyVersion.number.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+/), "semantic versioning")
    }

    /// What scripts/release.sh stamps: a tagged release is the number alone, another commit is a
    /// dev version with the commit as build metadata, a tree with changes says so.
    func testAReleaseScriptsStamp() {
        let commit = "0123456789abcdef0123456789abcdef01234567"
        let tagged = HierarchyVersion(number: "1.2.3", commit: commit, tagged: true)
        XCTAssertEqual(tagged.text, "1.2.3")
        XCTAssertEqual(tagged.banner, "hierarchy 1.2.3 (commit \(commit))")
        let untagged = HierarchyVersion(number: "1.2.3", commit: commit, tagged: false)
        XCTAssertEqual(untagged.text, "1.2.3-dev+0123456789ab")
        XCTAssertEqual(untagged.banner, "hierarchy 1.2.3-dev+0123456789ab (commit \(commit), not a tagged release)")
        XCTAssertEqual(HierarchyVersion(number: "1.2.3", commit: commit + "-dirty", tagged: false).text, "1.2.3-dev+0123456789ab.dirty")
        XCTAssertEqual(HierarchyVersion(number: "1.2.3", commit: "", tagged: true), HierarchyVersion(number: "1.2.3", commit: nil, tagged: false),
                       "no commit is a development build, whatever the tag flag says")
    }
}
