import HierarchyImport
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// Whatever the bytes, reading gives a valid tree or an `InputError`, never a crash.
final class DumpImporterTests: XCTestCase {
    /// Bytes that matter to the grammars.
    private let syntax = Array("<>;'\"|=()[]{},:/.-0123456789 \n\tx?!&`…".utf8)

    private func mutate(_ bytes: [UInt8], using random: inout SplitMix) -> [UInt8] {
        var bytes = bytes
        switch Int.random(in: 0..<5, using: &random) {
        case 0: bytes.removeLast(Int.random(in: 0...bytes.count, using: &random))
        case 1 where !bytes.isEmpty: bytes[Int.random(in: bytes.indices, using: &random)] = syntax.randomElement(using: &random)!
        case 2: bytes.insert(syntax.randomElement(using: &random)!, at: Int.random(in: 0...bytes.count, using: &random))
        case 3 where !bytes.isEmpty: bytes.remove(at: Int.random(in: bytes.indices, using: &random))
        default:
            // A run of bytes copied elsewhere: repeated lines, depth jumps, repeated addresses.
            guard !bytes.isEmpty else { break }
            let start = Int.random(in: bytes.indices, using: &random)
            let run = bytes[start..<min(bytes.count, start + Int.random(in: 1...200, using: &random))]
            bytes.insert(contentsOf: run, at: Int.random(in: 0...bytes.count, using: &random))
        }
        return bytes
    }

    /// A read tree's promises: unique ids, finite frames, sizes not negative, alphas in [0, 1].
    private func assertValid(_ tree: ViewTree, _ context: String) {
        XCTAssertEqual(Set(tree.nodes.map(\.id)).count, tree.count, context)
        for node in tree.nodes {
            let numbers = [node.frame.x, node.frame.y, node.frame.width, node.frame.height, node.bounds.x, node.bounds.y]
            XCTAssertTrue(numbers.allSatisfy(\.isFinite), context)
            XCTAssertTrue(node.frame.width >= 0 && node.frame.height >= 0, context)
            XCTAssertTrue((0...1).contains(node.alpha), context)
        }
    }

    func testMutatedSamplesGiveATreeOrAnError() throws {
        var random = SplitMix(seed: 2026)
        let paths = try ["recursive-description", "appium-ios", "uiautomator"].flatMap { try Samples.paths(in: $0) }
        var (read, refused) = (0, 0)
        for path in paths {
            var bytes = try Samples.bytes(path)
            for round in 0..<60 {
                // Mutations accumulate within a sample, with a fresh copy every 10 rounds.
                if round % 10 == 0 { bytes = try Samples.bytes(path) }
                bytes = mutate(bytes, using: &random)
                for format in [nil] + DumpFormat.allCases.map(Optional.some) {
                    do {
                        let result = try DumpImporter.read(bytes, fileName: path, format: format)
                        assertValid(result.tree, "\(path) round \(round)")
                        XCTAssertTrue(result.warnings.allSatisfy { $0.hasPrefix("line ") && !$0.contains("\n") })
                        read += 1
                    } catch {
                        XCTAssertEqual(error.file, path)
                        XCTAssertFalse(error.description.contains("\n"))
                        refused += 1
                    }
                }
            }
        }
        // Both outcomes occur: the fuzzing reaches the parsers, not only the detector.
        XCTAssertGreaterThan(read, 100)
        XCTAssertGreaterThan(refused, 100)
    }

    func testEveryTruncationOfASmallSampleReadsOrFails() throws {
        let bytes = try Samples.bytes("recursive-description/sentry-cocoa-uislider-ios26.txt")
        for end in 0...bytes.count {
            if let tree = try? DumpImporter.read(Array(bytes[..<end]), fileName: "cut.txt").tree { assertValid(tree, "cut at \(end)") }
        }
        let xml = try Samples.bytes("appium-ios/shirates-ios-appdev-375x667.xml")
        for end in stride(from: 0, through: xml.count, by: 7) {
            XCTAssertThrowsError(try DumpImporter.read(Array(xml[..<end]), fileName: "cut.xml"), "cut at \(end)")
        }
    }

    func testDeepTreesAreReadWithoutRecursion() throws {
        let depth = 1000
        var lines = ["<UIView: 0x0; frame = (0 0; 100 100); layer = <CALayer: 0x1>>"]
        for level in 1..<depth {
            lines.append("   " + String(repeating: "|    ", count: level - 1) + "| <UIView: 0x\(level + 1); frame = (0 0; 100 100)>")
        }
        let tree = try importText(lines.joined(separator: "\n")).tree
        XCTAssertEqual(tree.count, depth)
        XCTAssertEqual(tree.level(of: depth - 1), depth - 1)

        // libxml2 refuses documents nested deeper than it allows; that is an error, not a crash.
        let open = String(repeating: "<node bounds=\"[0,0][1,1]\">", count: 1000)
        let closeTags = String(repeating: "</node>", count: 1000)
        if let tree = try? importText("<hierarchy>" + open + closeTags + "</hierarchy>").tree {
            XCTAssertEqual(tree.count, 1001)
        }
    }
}
