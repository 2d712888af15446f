// swift-tools-version:6.0
import PackageDescription

// The targets follow the pipeline: model → layout → imaging → render / export, with file
// formats and the command line at the edges. Only HierarchyFormats, HierarchyImaging's PNG
// codec and the command line touch the file system.
/// The pure modules use only the standard library; on Linux its rounding functions live in libm.
let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
    name: "hierarchy",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "hierarchy", targets: ["hierarchy"]),
        .library(name: "HierarchyKit", targets: [
            "HierarchyModel", "HierarchyLayout", "HierarchyImaging", "HierarchyFormats",
            "HierarchyImport", "HierarchyRender", "HierarchyExport",
        ]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Pure value types: the view tree, geometry, colours, input errors.
        .target(name: "HierarchyModel", linkerSettings: libm),
        // Pure algorithms: which views are shown, visible frames, depths, texture plans.
        .target(name: "HierarchyLayout", dependencies: ["HierarchyModel"], linkerSettings: libm),
        // libpng, reached through pkg-config; the C shim owns every setjmp.
        .systemLibrary(
            name: "CLibPNG", path: "Sources/CLibPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .target(name: "CPNG", dependencies: ["CLibPNG"]),
        // RGBA images, PNG codec, crop, area-averaging reducer, mip levels.
        .target(name: "HierarchyImaging", dependencies: ["HierarchyModel", "HierarchyLayout", "CPNG"]),
        // tree.json (view-hierarchy version 1) and the layout JSON document.
        .target(name: "HierarchyFormats", dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyImaging", "HierarchyImport"]),
        // recursiveDescription, Appium/WebDriverAgent XML, Android uiautomator XML.
        .target(name: "HierarchyImport", dependencies: ["HierarchyModel"]),
        // The software rasterizer: camera, textured planes, compositing, picking.
        .target(name: "HierarchyRender", dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyImaging"]),
        // glTF 2.0 / GLB, JSON with textures, the single-file HTML viewer.
        .target(name: "HierarchyExport", dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyImaging", "HierarchyRender", "HierarchyFormats"]),
        // The subcommands; a library so that tests can drive it in-process.
        .target(name: "HierarchyCLI", dependencies: [
            "HierarchyModel", "HierarchyLayout", "HierarchyImaging", "HierarchyFormats",
            "HierarchyImport", "HierarchyRender", "HierarchyExport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "hierarchy", dependencies: ["HierarchyCLI"]),
        // `swift run -c release hierarchy-bench`: the speed and memory figures.
        .executableTarget(name: "hierarchy-bench", dependencies: [
            "HierarchyModel", "HierarchyLayout", "HierarchyImaging", "HierarchyFormats",
            "HierarchyRender", "HierarchyExport",
        ]),

        // Helpers shared by the test targets (a seeded random generator).
        .target(name: "HierarchyTestSupport", path: "Tests/HierarchyTestSupport"),
        .testTarget(name: "HierarchyModelTests", dependencies: ["HierarchyModel"]),
        .testTarget(name: "HierarchyLayoutTests", dependencies: ["HierarchyTestSupport", "HierarchyModel", "HierarchyLayout"]),
        .testTarget(name: "HierarchyImagingTests", dependencies: ["HierarchyImaging", "HierarchyLayout"]),
        .testTarget(name: "HierarchyFormatsTests", dependencies: ["HierarchyFormats"]),
        .testTarget(name: "HierarchyImportTests", dependencies: ["HierarchyTestSupport", "HierarchyImport", "HierarchyFormats", "HierarchyLayout"]),
        .testTarget(name: "HierarchyRenderTests", dependencies: ["HierarchyTestSupport", "HierarchyRender", "HierarchyFormats"], exclude: ["Goldens"]),
        .testTarget(name: "HierarchyExportTests", dependencies: ["HierarchyTestSupport", "HierarchyExport", "HierarchyFormats", "HierarchyCLI"], exclude: ["Blender", "Browser"]),
        .testTarget(name: "HierarchyCLITests", dependencies: ["HierarchyCLI", "hierarchy", "HierarchyImaging", "HierarchyFormats", "HierarchyModel"]),
    ]
)
