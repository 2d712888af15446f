import Foundation
import HierarchyTestSupport
import XCTest

/// Package.swift declares every Apple platform the UIKit adapter is built for, no lower than the
/// APIs the adapter calls (issue 43): an undeclared platform gets SwiftPM's default (tvOS 12),
/// where `UIWindowScene` does not exist, and the package does not build there.
final class ApplePlatformsTests: XCTestCase {
    /// The first version of each platform with every UIKit API `UIKitView.swift` calls that is
    /// newer than the rest: `UIWindowScene`, `UIApplication.connectedScenes`,
    /// `UIScene.activationState`, `UICoordinateSpace` of a scene and `UIColor.resolvedColor(with:)`
    /// are iOS 13.0, tvOS 13.0, Mac Catalyst 13.1, visionOS 1.0 (Apple's documentation pages,
    /// developer.apple.com/documentation/uikit/uiwindowscene and the others, "Availability").
    private static let needed = ["iOS": 13, "tvOS": 13, "visionOS": 1]
    /// The calls the table above stands for: if the adapter stops calling one, the table is reread.
    private static let calls = ["UIWindowScene", "connectedScenes", "activationState", "coordinateSpace", "resolvedColor"]

    func testEveryPlatformOfTheUIKitAdapterIsDeclaredAtAVersionThatHasItsAPIs() throws {
        let repository = TestPaths.repository
        let adapter = try String(contentsOf: repository.appendingPathComponent("Sources/HierarchyCapture/Platforms/UIKitView.swift"), encoding: .utf8)
        for call in Self.calls { XCTAssertTrue(adapter.contains(call), "UIKitView.swift calls \(call)") }
        XCTAssertTrue(adapter.contains("built for iOS, iPadOS, Mac Catalyst, tvOS and visionOS"), "the platforms the adapter says it is built for")
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("| UIKit adapter (iOS, tvOS, Catalyst, visionOS; not watchOS) |"), "the platforms the README claims")
        let declared = try Self.declaredPlatforms(repository.appendingPathComponent("Package.swift"))
        for (platform, version) in Self.needed.sorted(by: { $0.key < $1.key }) {
            guard let major = declared[platform] else {
                XCTFail("Package.swift declares no \(platform): SwiftPM's default is older than \(platform) \(version)")
                continue
            }
            XCTAssertGreaterThanOrEqual(major, version, "\(platform) declared at \(major), the adapter needs \(version)")
        }
        XCTAssertNotNil(declared["macOS"], "the AppKit adapter's platform")
    }

    func testTheManifestsPlatformsAreReadAsDeclared() throws {
        let manifest = FileManager.default.temporaryDirectory.appendingPathComponent("platforms-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: manifest) }
        try Data("    platforms: [.iOS(.v15), .macOS(.v13)],\n".utf8).write(to: manifest)
        XCTAssertEqual(try Self.declaredPlatforms(manifest), ["iOS": 15, "macOS": 13])
    }

    /// The major version of each platform in the manifest's `platforms:` line (`.tvOS(.v15)`).
    private static func declaredPlatforms(_ manifest: URL) throws -> [String: Int] {
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("platforms:") })
        var declared: [String: Int] = [:]
        for entry in line.split(separator: "[").last!.split(separator: ",") {
            // ".tvOS(.v15)" or ".macOS(.v13)" → ("tvOS", 15)
            let parts = entry.trimmingCharacters(in: CharacterSet(charactersIn: " ]),.")).split(separator: "(")
            guard parts.count == 2, let major = Int(parts[1].drop { !$0.isNumber }.prefix { $0.isNumber }) else { continue }
            declared[String(parts[0])] = major
        }
        return declared
    }
}
