import Foundation
import HierarchyImport
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// Where samples are read from: the dumps carried in `Tests/Fixtures/dumps`, or the larger shared
/// corpus `../shared/dumps` beside the repository.
enum Corpus {
    case fixtures, shared
}

/// The sample dumps, by path relative to a corpus ("appium-ios/….xml").
enum Samples {
    static let fixtures = TestPaths.fixture("dumps")

    /// The corpus's folder; for the shared one, skips the test when it is absent (fails under CI=true).
    static func folder(_ corpus: Corpus) throws -> URL {
        switch corpus {
        case .fixtures: fixtures
        case .shared: try TestPaths.shared("dumps", for: "the shared dump corpus")
        }
    }

    /// The bytes of `path`: the carried fixture when there is one, else the shared corpus's file
    /// (skipping the test when the corpus is absent, failing under CI=true).
    static func bytes(_ path: String) throws -> [UInt8] {
        let carried = fixtures.appendingPathComponent(path)
        let url = FileManager.default.fileExists(atPath: carried.path)
            ? carried : try TestPaths.shared("dumps/\(path)", for: "the shared dump \(path)")
        return Array(try Data(contentsOf: url))
    }

    /// The files of one subfolder of `corpus`, sorted; fails the test when there are none.
    static func paths(in subfolder: String, corpus: Corpus = .fixtures, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let folder = try folder(corpus).appendingPathComponent(subfolder)
        let names = (try? TestPaths.contents(of: folder)) ?? []
        if names.isEmpty { XCTFail("no samples in \(folder.path)", file: file, line: line) }
        return names.map { "\(subfolder)/\($0)" }
    }

    /// The bytes of a sample of `corpus` (the shared corpus's own copy, not the fixture's).
    static func bytes(_ path: String, in corpus: Corpus) throws -> [UInt8] {
        Array(try Data(contentsOf: try folder(corpus).appendingPathComponent(path)))
    }

    /// Reads a sample with the importer: from `corpus`, or when nil as `bytes(_:)` finds it.
    static func read(_ path: String, in corpus: Corpus? = nil, format: DumpFormat? = nil, options: ImportOptions = .init()) throws -> ImportResult {
        let data = try corpus.map { try Samples.bytes(path, in: $0) } ?? Samples.bytes(path)
        return try DumpImporter.read(data, fileName: path, format: format, options: options)
    }
}

extension Samples {
    /// A sample of the importer tests: `folder/name`, which must read as `format`.
    static func read(_ name: String, in folder: String, as format: DumpFormat, options: ImportOptions = .init(),
                     file: StaticString = #filePath, line: UInt = #line) throws -> ImportResult {
        let result = try read("\(folder)/\(name)", options: options)
        XCTAssertEqual(result.format, format, file: file, line: line)
        return result
    }
}

extension ViewTree {
    /// The index of the view named `name`; the test fails when there is none.
    func named(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        try XCTUnwrap(index(named: name), "no view named \(name)", file: file, line: line)
    }

    /// The node's frame in the root's bounds space: frame origins accumulated down the chain, each
    /// ancestor below the root adding its frame origin minus its bounds origin.
    func rootFrame(of index: Int) -> Rect {
        var frame = self[index].frame
        var ancestor = self[index].parent
        while let current = ancestor, let above = self[current].parent {
            frame = frame.offsetBy(dx: self[current].frame.x - self[current].bounds.x, dy: self[current].frame.y - self[current].bounds.y)
            ancestor = above
        }
        return frame
    }

    /// The node's frame on the screen: `rootFrame(of:)` moved by the root's own origin (a dump whose
    /// root does not start at the screen's corner, as a Compose root below the status bar).
    func screenFrame(of index: Int) -> Rect {
        index == 0 ? root.frame : rootFrame(of: index).offsetBy(dx: root.frame.x, dy: root.frame.y)
    }

    /// The number of ancestors of the node.
    func level(of index: Int) -> Int {
        var level = 0
        var ancestor = self[index].parent
        while let current = ancestor { level += 1; ancestor = self[current].parent }
        return level
    }

    /// The index of the first node (in node order) whose name is `name`.
    func index(named name: String) -> Int? {
        nodes.firstIndex { $0.name == name }
    }
}

/// Reads `text` as a dump of `format` (detected when nil).
func importText(_ text: String, format: DumpFormat? = nil, options: ImportOptions = .init()) throws -> ImportResult {
    try DumpImporter.read(Array(text.utf8), fileName: "dump.txt", format: format, options: options)
}

/// The error reading `text` throws, or a failure when it reads.
func importError(_ text: String, format: DumpFormat? = nil, file: StaticString = #filePath, line: UInt = #line) -> InputError? {
    do {
        _ = try importText(text, format: format)
        XCTFail("expected an error", file: file, line: line)
    } catch let error as InputError {
        return error
    } catch {
        XCTFail("unexpected \(error)", file: file, line: line)
    }
    return nil
}

/// Asserts two rectangles equal to within a rounding error (pixels divided by a density).
func XCTAssertClose(_ a: Rect, _ b: Rect, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    let close = [(a.x, b.x), (a.y, b.y), (a.width, b.width), (a.height, b.height)].allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($1)) }
    XCTAssertTrue(close, "\(a) is not \(b) \(message)", file: file, line: line)
}
