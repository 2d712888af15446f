// swift-tools-version:6.0
import PackageDescription

// The UIKit side of HierarchyCapture and HierarchySnapshotTesting compiled and tested on Linux:
// the real files of ../../../Sources (linked by path under Linked/, never copied) against
// stand-in modules named as Apple's (../StandIns), so that `#if canImport(UIKit)` holds here.
// The AppKit side is a package of its own (../AppKit): with both stand-ins in one build, both
// adapters would land in one module, which no Apple platform does (Mac Catalyst is left out).
// See ../README.md.
let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
    name: "AppleSurfaceUIKit",
    platforms: [.iOS(.v15), .macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.0"),
    ],
    targets: [
        // Stand-ins for Apple's frameworks.
        .target(name: "CoreGraphics", path: "Linked/CoreGraphics"),
        .target(name: "QuartzCore", dependencies: ["CoreGraphics"], path: "Linked/QuartzCore"),
        .target(name: "ImageIO", dependencies: ["CoreGraphics"], path: "Linked/ImageIO"),
        .target(name: "UIKit", dependencies: ["CoreGraphics", "QuartzCore"], path: "Linked/UIKit"),
        // The project's own targets, their real sources.
        .target(name: "CBuildStamp", path: "Linked/CBuildStamp"),
        .target(name: "HierarchyModel", dependencies: ["CBuildStamp"], path: "Linked/HierarchyModel", linkerSettings: libm),
        .target(name: "HierarchyLayout", dependencies: ["HierarchyModel"], path: "Linked/HierarchyLayout", linkerSettings: libm),
        .target(name: "HierarchyFormats", dependencies: ["HierarchyModel"], path: "Linked/HierarchyFormats"),
        .target(name: "HierarchyDiff", dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyFormats"], path: "Linked/HierarchyDiff"),
        .target(
            name: "HierarchyCapture",
            dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyFormats", "UIKit", "QuartzCore", "CoreGraphics", "ImageIO"],
            path: "Linked/HierarchyCapture", linkerSettings: libm),
        .systemLibrary(name: "CLibPNG", path: "Linked/CLibPNG", pkgConfig: "libpng"),
        .target(name: "CPNG", dependencies: ["CLibPNG"], path: "Linked/CPNG", linkerSettings: [.linkedLibrary("z")]),
        .systemLibrary(name: "CFreeType", path: "Linked/CFreeType", pkgConfig: "freetype2"),
        .systemLibrary(name: "CHarfBuzz", path: "Linked/CHarfBuzz", pkgConfig: "harfbuzz"),
        .systemLibrary(name: "CFontconfig", path: "Linked/CFontconfig", pkgConfig: "fontconfig"),
        .target(name: "CText", dependencies: ["CFreeType", "CFontconfig"], path: "Linked/CText"),
        .target(name: "HierarchyImaging", dependencies: ["HierarchyModel", "CPNG"], path: "Linked/HierarchyImaging"),
        .target(name: "HierarchyText", dependencies: ["HierarchyModel", "HierarchyImaging", "CText", "CFreeType", "CHarfBuzz"], path: "Linked/HierarchyText"),
        .target(name: "HierarchySource", dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyImaging"], path: "Linked/HierarchySource"),
        .target(name: "HierarchyImport", dependencies: ["HierarchyModel", "HierarchyFormats"], path: "Linked/HierarchyImport"),
        .target(name: "HierarchyLoading", dependencies: [
            "HierarchyModel", "HierarchyLayout", "HierarchyImaging", "HierarchyImport", "HierarchyFormats", "HierarchyText", "HierarchySource",
        ], path: "Linked/HierarchyLoading"),
        .target(name: "HierarchyRender", dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyImaging", "HierarchySource", "HierarchyText"], path: "Linked/HierarchyRender"),
        .target(name: "HierarchyGolden", dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyImaging", "HierarchyFormats", "HierarchyDiff"], path: "Linked/HierarchyGolden"),
        .target(name: "HierarchyAudit", dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyFormats"], path: "Linked/HierarchyAudit"),
        .target(
            name: "HierarchyViewer",
            dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyImaging", "HierarchySource", "HierarchyRender", "HierarchyFormats"],
            path: "Linked/HierarchyViewer",
            resources: ["viewer.html", "viewer.css", "stack.js", "picking.js", "labels.js", "input.js", "panels.js", "search.js", "measure.js", "overlay.js", "link.js", "diff.js", "audit.js", "predicate.js", "locate.js", "find.js", "interface.js"].map {
                .embedInCode("Web/" + $0)
            }),
        .target(
            name: "HierarchyExport",
            dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyImaging", "HierarchySource", "HierarchyRender", "HierarchyFormats", "HierarchyViewer"],
            path: "Linked/HierarchyExport"),
        .target(name: "HierarchyCompare", dependencies: [
            "HierarchyDiff", "HierarchyModel", "HierarchyLayout", "HierarchyImaging", "HierarchySource", "HierarchyRender", "HierarchyViewer", "HierarchyFormats",
        ], path: "Linked/HierarchyCompare"),
        .systemLibrary(name: "CLibXML2", path: "Linked/CLibXML2", pkgConfig: "libxml-2.0"),
        .target(name: "CXPath", dependencies: ["CLibXML2"], path: "Linked/CXPath"),
        .target(name: "HierarchyFind", dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyFormats", "HierarchyImport", "CXPath"], path: "Linked/HierarchyFind"),
        .target(name: "HierarchyScreen", dependencies: [
            "HierarchyModel", "HierarchyLayout", "HierarchyImaging", "HierarchyFormats", "HierarchySource", "HierarchyLoading", "HierarchyText",
            "HierarchyRender", "HierarchyExport", "HierarchyAudit", "HierarchyDiff", "HierarchyCompare", "HierarchyGolden", "HierarchyFind",
            "HierarchyViewer", "HierarchyImport",
        ], path: "Linked/HierarchyScreen"),
        .target(name: "HierarchySnapshotTesting", dependencies: [
            "HierarchyScreen", "HierarchyModel", "HierarchyImaging", "HierarchyCapture", "UIKit",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], path: "Linked/HierarchySnapshotTesting"),
        .testTarget(name: "UIKitAdapterTests", dependencies: [
            "HierarchyCapture", "HierarchySnapshotTesting", "HierarchyScreen", "HierarchyGolden", "HierarchyLoading", "HierarchyRender", "HierarchyImaging", "HierarchyModel",
            "UIKit", "QuartzCore", "CoreGraphics", "ImageIO",
        ]),
    ]
)
