// swift-tools-version:6.0
import PackageDescription

// The AppKit side of HierarchyCapture compiled and tested on Linux: the real files of
// ../../../Sources (linked by path under Linked/, never copied) against stand-in modules named as
// Apple's (../StandIns), so that `#if canImport(AppKit)` holds here. A package of its own, apart
// from the UIKit one (../UIKit): with both stand-ins in one build, both adapters would land in one
// module, which no Apple platform does (Mac Catalyst is left out). See ../README.md.
let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
    name: "AppleSurfaceAppKit",
    platforms: [.macOS(.v13)],
    targets: [
        // Stand-ins for Apple's frameworks.
        .target(name: "CoreGraphics", path: "Linked/CoreGraphics"),
        .target(name: "QuartzCore", dependencies: ["CoreGraphics"], path: "Linked/QuartzCore"),
        .target(name: "AppKit", dependencies: ["CoreGraphics", "QuartzCore"], path: "Linked/AppKit"),
        // The project's own targets, their real sources.
        .target(name: "CBuildStamp", path: "Linked/CBuildStamp"),
        .target(name: "HierarchyModel", dependencies: ["CBuildStamp"], path: "Linked/HierarchyModel", linkerSettings: libm),
        .target(name: "HierarchyLayout", dependencies: ["HierarchyModel"], path: "Linked/HierarchyLayout", linkerSettings: libm),
        .target(name: "HierarchyFormats", dependencies: ["HierarchyModel"], path: "Linked/HierarchyFormats"),
        .target(
            name: "HierarchyCapture",
            dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyFormats", "AppKit", "QuartzCore", "CoreGraphics"],
            path: "Linked/HierarchyCapture", linkerSettings: libm),
        .testTarget(name: "AppKitAdapterTests", dependencies: ["HierarchyCapture", "HierarchyModel", "AppKit", "QuartzCore", "CoreGraphics"]),
    ]
)
