import Foundation
import XCTest

/// The AppleSurface packages compile the real adapter: a copy of it broken on purpose must not
/// compile against the stand-ins. Each check type-checks HierarchyCapture's sources — the real
/// ones, then with a copy of AppKitView.swift altered — with `swiftc -typecheck` against the
/// modules this package's build has made (stand-ins, model, layout, formats): seconds, not a build.
final class AdapterBuildTests: XCTestCase {
    /// This package's root (Tests/AppleSurface/AppKit).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testTheRealSourcesTypeCheck() throws {
        let result = try Self.typeCheck(alteringAdapter: { $0 })
        XCTAssertEqual(result.status, 0, result.output)
    }

    func testCallingTheWindowServersObsoletedImageFailsAsWithTheMacOS15SDK() throws {
        let result = try Self.typeCheck(alteringAdapter: {
            $0.replacingOccurrences(
                of: "        try cacheDisplay(into: &canvas)\n    }",
                with: "        _ = CGWindowListCreateImage(.zero, .optionIncludingWindow, 0, [.boundsIgnoreFraming])\n    }")
        })
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.output.contains("obsoleted in macOS 15.0"), result.output)
    }

    func testAUIKitNameOnAnNSViewFails() throws {
        // `alpha` is UIView's; NSView has `alphaValue`.
        let result = try Self.typeCheck(alteringAdapter: { $0.replacingOccurrences(of: "Double(view.alphaValue)", with: "Double(view.alpha)") })
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.output.contains("has no member 'alpha'"), result.output)
    }

    func testReadingAnOptionalLayerWithoutUnwrappingFails() throws {
        // NSView's `layer` is optional (UIView's is not).
        let result = try Self.typeCheck(alteringAdapter: { $0.replacingOccurrences(of: "guard let layer = view.layer else { return try cacheDisplay(into: &canvas) }", with: "let layer: CALayer = view.layer") })
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.output.contains("must be unwrapped"), result.output)
    }

    /// `swiftc -typecheck` of HierarchyCapture's sources with AppKitView.swift replaced by
    /// `alter` of it, in a temporary folder; its exit status and output. At most two minutes.
    static func typeCheck(alteringAdapter alter: (String) -> String) throws -> (status: Int32, output: String) {
        let sources = packageRoot.appendingPathComponent("Linked/HierarchyCapture").resolvingSymlinksInPath()
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertTrue(files.contains("Platforms/AppKitView.swift"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apple-surface-break-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let modules = try modules()
        var arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-module-name", "HierarchyCapture", "-I", modules.path]
        // HierarchyModel imports the C target CBuildStamp: its module map is the build's, beside Modules.
        let stamp = modules.deletingLastPathComponent().appendingPathComponent("CBuildStamp.build/module.modulemap")
        arguments += ["-Xcc", "-fmodule-map-file=" + stamp.path]
        for file in files {
            var path = sources.appendingPathComponent(file).path
            if file == "Platforms/AppKitView.swift" {
                let original = try String(contentsOfFile: path, encoding: .utf8)
                let altered = alter(original)
                path = folder.appendingPathComponent("AppKitView.swift").path
                try altered.write(toFile: path, atomically: true, encoding: .utf8)
            }
            arguments.append(path)
        }
        return try run(arguments)
    }

    /// The build's Modules folder, beside this test bundle.
    static func modules() throws -> URL {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = binary.deletingLastPathComponent()
        for _ in 0..<3 where !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Modules/AppKit.swiftmodule").path) {
            folder = folder.deletingLastPathComponent()
        }
        let modules = folder.appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("AppKit.swiftmodule").path) else {
            throw XCTSkip("no Modules folder with AppKit.swiftmodule near \(binary.path)")
        }
        return modules
    }

    /// Runs `arguments` through env, killed after 120 seconds.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let deadline = DispatchTime.now() + 120
        let timer = DispatchSource.makeTimerSource()
        timer.schedule(deadline: deadline)
        timer.setEventHandler { process.terminate() }
        timer.resume()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        timer.cancel()
        return (process.terminationStatus, output)
    }
}
