import Foundation
import HierarchyFormats
import HierarchyImport
import HierarchyLayout
import HierarchyModel
import XCTest

/// Importing a dump, writing tree.json and reading it back gives the same tree, for every sample.
final class RoundTripTests: XCTestCase {
    func testEverySampleRoundTripsThroughTheDocument() throws { try Self.checkEverySample(in: .fixtures, atLeast: 18) }


    static func checkEverySample(in corpus: Corpus, atLeast minimum: Int) throws {
        let all = try ["recursive-description", "appium-ios", "uiautomator"].flatMap { try Samples.paths(in: $0, corpus: corpus) }
        XCTAssertGreaterThanOrEqual(all.count, minimum)
        for path in all {
            let tree = try Samples.read(path, in: corpus).tree
            let again = try TreeDocument.decode(Data(TreeDocument.encode(tree).utf8), file: path + ".json")
            XCTAssertEqual(again.count, tree.count, path)
            for index in tree.nodes.indices where again.nodes.indices.contains(index) && again[index] != tree[index] {
                XCTFail("\(path): node \(index) differs: \(String(describing: tree[index]).prefix(300)) became \(String(describing: again[index]).prefix(300))")
                break
            }
            XCTAssertEqual(again.screenScale, tree.screenScale, path)
            XCTAssertTrue(try Layout.compute(again) == Layout.compute(tree), path)
        }
    }
}
