import Foundation
import HierarchyTestSupport
import XCTest

/// `scripts/check-platform.sh`: only a target's `Platform.swift` may name Glibc, Musl or Darwin.
final class PlatformCheckTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("platform-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Sources/Target"), withIntermediateDirectories: true)
        try write("Sources/Target/Platform.swift", "#if canImport(Glibc)\nimport Glibc\n#elseif canImport(Darwin)\nimport Darwin\n#endif\n")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    func testTheRepositoryPasses() throws {
        let (status, output) = try check(TestPaths.repository)
        XCTAssertEqual(status, 0, output)
    }

    func testPlatformFilesMayImportTheCLibrary() throws {
        try write("Sources/Target/Other.swift", "import Foundation\nlet a = 1\n")
        let (status, output) = try check(root)
        XCTAssertEqual(status, 0, output)
    }

    func testAQualifiedNameOutsideThePlatformFileFails() throws {
        try write("Sources/Target/OutputFile.swift", "import Foundation\n\nlet count = " + "Glibc" + ".write(1, nil, 0)\n")
        let (status, output) = try check(root)
        XCTAssertEqual(status, 1)
        XCTAssertTrue(output.contains("Sources/Target/OutputFile.swift:3:"), output)
    }

    func testAnImportOutsideThePlatformFileFails() throws {
        try write("Tests/SomeTests/Helper.swift", "#if canImport(Darwin)\n@preconcurrency import Darwin\n#endif\n")
        let (status, output) = try check(root)
        XCTAssertEqual(status, 1)
        XCTAssertTrue(output.contains("Tests/SomeTests/Helper.swift:2:"), output)
    }

    func testCommentsAndStringsDoNotCount() throws {
        try write("Sources/Target/Notes.swift", "// import Glibc, then " + "Glibc" + ".write\nlet text = \"Darwin.version\"\n")
        let (status, output) = try check(root)
        XCTAssertEqual(status, 0, output)
    }

    private func write(_ relative: String, _ text: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func check(_ folder: URL) throws -> (Int32, String) {
        let script = TestPaths.repository.appendingPathComponent("scripts/check-platform.sh").path
        return try ExternalProcess.run("/bin/bash", [script, folder.path])
    }
}
