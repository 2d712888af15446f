import Foundation
import HierarchyImport
import HierarchyModel
import XCTest

/// The shared corpus of real dumps, `../shared/dumps` beside the repository.
enum Samples {
    /// The corpus folder, found from this file: Tests/HierarchyImportTests → repository → ../shared/dumps.
    static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/dumps")

    /// The bytes of `path` (relative to the corpus); fails the test when the corpus is missing.
    static func bytes(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
        let url = folder.appendingPathComponent(path)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            XCTFail("missing sample \(url.path): the shared dump corpus must sit at ../shared/dumps", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        return Array(data)
    }

    /// The corpus files of one subfolder, sorted; fails the test when there are none.
    static func paths(in subfolder: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(subfolder).path)) ?? []
        if names.isEmpty { XCTFail("no samples in \(folder.path)/\(subfolder)", file: file, line: line) }
        return names.sorted().map { "\(subfolder)/\($0)" }
    }

    /// Reads a sample with the importer.
    static func read(_ path: String, format: DumpFormat? = nil, options: ImportOptions = .init()) throws -> ImportResult {
        try DumpImporter.read(try bytes(path), fileName: path, format: format, options: options)
    }
}

extension ViewTree {
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
