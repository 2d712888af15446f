// swift-tools-version:6.0
import PackageDescription

// The targets follow the pipeline: model → layout → imaging → render / viewer / export, with file
// formats, loading, devices and the command line at the edges. HierarchyImaging holds the file
// helpers (FileSystem, ExportDestination, OutputRule) the edges use; the pure targets (model,
// layout, formats, import, diff, audit, find) touch no file. docs/architecture.md says where
// file access happens.
/// The pure modules use only the standard library; on Linux its rounding functions live in libm.
let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
    name: "hierarchy",
    platforms: [.iOS(.v15), .macOS(.v13), .tvOS(.v15), .visionOS(.v1)],
    products: [
        .executable(name: "hierarchy", targets: ["hierarchy"]),
        .library(name: "HierarchyKit", targets: [
            "HierarchyModel", "HierarchyLayout", "HierarchyImaging", "HierarchyFormats", "HierarchySource", "HierarchyLoading",
            "HierarchyImport", "HierarchyRender", "HierarchyViewer", "HierarchyExport", "HierarchyDiff", "HierarchyCompare", "HierarchyAudit", "HierarchyGolden", "HierarchyScreen", "HierarchyReport",
            "HierarchyFind",
        ]),
        // Golden-image tests of exploded pictures in pointfreeco/swift-snapshot-testing: its own
        // product, so that nothing else builds the snapshot library.
        .library(name: "HierarchySnapshotTesting", targets: ["HierarchySnapshotTesting"]),
        // In-app capture for iOS and macOS apps: only the pure model and layout, no libpng.
        .library(name: "HierarchyCapture", targets: ["HierarchyCapture"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Only its SnapshotTesting product (no swift-syntax), for HierarchySnapshotTesting alone.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.0"),
        // HTTP/1.1 for WebDriver as servers write it (chromedriver's `Content-Length:311`, which
        // Foundation's libcurl-based URLSession on Linux refuses); docs/capture.md says why.
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // Its own dependencies, named for the types the WebDriver client's errors and options use.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        // The HTTP server of `hierarchy serve` (HierarchyServe), on the same SwiftNIO; docs/serve.md says why.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Hummingbird's logger, silenced: `serve` says what it has to say itself.
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // Its request and response types (HTTPField names for the headers serve sends).
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    ],
    targets: [
        // The commit scripts/release.sh stamps into a release (-Xcc -D…); empty in a development build.
        .target(name: "CBuildStamp"),
        // Pure value types: the view tree, geometry, colours, input errors, the program's version.
        .target(name: "HierarchyModel", dependencies: ["CBuildStamp"], linkerSettings: libm),
        // Pure algorithms: which views are shown, visible frames, depths, texture plans.
        .target(name: "HierarchyLayout", dependencies: ["HierarchyModel"], linkerSettings: libm),
        // Pure algorithms: pairing the views of two captures and what changed between them, and its
        // text and JSON documents (written with the formats' JSON writer, as the audit's are).
        .target(name: "HierarchyDiff", dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyFormats"]),
        // Pure apart from libxml2's in-memory XML (FoundationXML): a UI test's locator run over the XML
        // Appium would serve for a screen (a page source's from the importer's elements), and why each
        // view it finds can or cannot be tapped.
        .target(name: "HierarchyFind", dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyImport", "HierarchyFormats", "CXPath"]),
        // libxml2, reached through pkg-config (FoundationXML is built on it too).
        .systemLibrary(
            name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        // libxml2's XPath run over a screen's XML with its errors caught, never printed (FoundationXML crashes).
        .target(name: "CXPath", dependencies: ["CLibXML2"]),
        // Pure rules: the accessibility audit of a laid-out tree (and its pixels), its text, JSON, JUnit and SARIF.
        .target(name: "HierarchyAudit", dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyFormats"]),
        // libpng, reached through pkg-config; the C shim owns every setjmp.
        .systemLibrary(
            name: "CLibPNG", path: "Sources/CLibPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        // zlib directly too: the fast encoder deflates pieces of rows on all cores itself, and the
        // rows of 8-bit RGB(A) images are inflated and unfiltered by its fast path (libpng checks the rest).
        .target(name: "CPNG", dependencies: ["CLibPNG"], linkerSettings: [.linkedLibrary("z")]),
        // FreeType: rasterizing glyphs (outlines, and the colour bitmaps of emoji), through pkg-config.
        .systemLibrary(
            name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        // HarfBuzz: shaping text into positioned glyphs (Arabic, Indic and Thai need it).
        .systemLibrary(
            name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
        // fontconfig: finding the fonts for a script, and the fallbacks for what one font lacks.
        .systemLibrary(
            name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]),
        // The C side of text: fontconfig's sorted font list and FreeType's glyph rendering.
        .target(name: "CText", dependencies: ["CFreeType", "CFontconfig"]),
        // RGBA images, the PNG codec, crop, the area-averaging resampler, hole filling, the file-system helpers.
        .target(name: "HierarchyImaging", dependencies: ["HierarchyModel", "CPNG"]),
        // Typesetting: fonts found and fallen back by fontconfig, shaped by HarfBuzz, drawn by FreeType.
        .target(name: "HierarchyText", dependencies: ["HierarchyModel", "HierarchyImaging", "CText", "CFreeType", "CHarfBuzz"]),
        // Pure codecs: JSON, tree.json (view-hierarchy version 1), markup text.
        .target(name: "HierarchyFormats", dependencies: ["HierarchyModel"]),
        // What loading hands on, as protocols: a captured screen's tree and files (CaptureSource)
        // and where each layer's texture comes from (TextureProvider), for render, export and diff.
        .target(name: "HierarchySource", dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyImaging"]),
        // Loading the input: a document or dump (importer by content), its snapshots checked, textures
        // decoded or sliced from a screenshot, for the renderer's texture provider.
        .target(name: "HierarchyLoading", dependencies: [
            "HierarchyModel", "HierarchyLayout", "HierarchyImaging", "HierarchyImport", "HierarchyFormats", "HierarchyText",
            "HierarchySource",
        ]),
        // recursiveDescription, Appium/WebDriverAgent XML, Android uiautomator XML, XCUITest debugDescription, Espresso, Maestro and Sentry hierarchies (also inside logs and JUnit reports).
        .target(name: "HierarchyImport", dependencies: ["HierarchyModel"]),
        // The software rasterizer: camera, textured planes (from a texture provider, reduced through mip
        // levels), compositing, picking, and the tags drawn over a picture.
        .target(name: "HierarchyRender", dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyImaging", "HierarchySource", "HierarchyText"]),
        // The single-file HTML viewer: the page (HTMLViewer), its data, its textures de-duplicated, and
        // `export --format html`; the diff, audit and find pages add their keys to its data. Its web
        // files (Web/) are compiled into the binary, so there is no bundle at run time.
        .target(
            name: "HierarchyViewer",
            dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyImaging", "HierarchySource", "HierarchyRender", "HierarchyFormats"],
            resources: ["viewer.html", "viewer.css", "stack.js", "picking.js", "labels.js", "input.js", "panels.js", "search.js", "measure.js", "overlay.js", "link.js", "diff.js", "audit.js", "predicate.js", "locate.js", "find.js", "interface.js"].map {
                .embedInCode("Web/" + $0)
            }),
        // glTF 2.0 / GLB, JSON with textures, the layout's text and JSON documents, and the HTML
        // viewer's page through HierarchyViewer: every format of `export`.
        .target(
            name: "HierarchyExport",
            dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyImaging", "HierarchySource", "HierarchyRender", "HierarchyFormats", "HierarchyViewer"]),
        // Comparing two captures: their views paired, the paired views' pictures compared, what changed,
        // and its picture and page through the viewer (diff's colours from HierarchyDiff).
        .target(name: "HierarchyCompare", dependencies: [
            "HierarchyDiff", "HierarchyModel", "HierarchyLayout", "HierarchyImaging", "HierarchySource", "HierarchyRender", "HierarchyViewer",
            "HierarchyFormats",
        ]),
        // `hierarchy report`: every screen of a run in one page, against a baseline; its web files
        // (Page/) are compiled into the binary.
        .target(
            name: "HierarchyReport",
            dependencies: ["HierarchyScreen", "HierarchyModel", "HierarchyImaging", "HierarchyFormats"],
            resources: ["report.html", "report.css", "report.js"].map { .embedInCode("Page/" + $0) }),
        // Making a capture inside an app: a platform-neutral core over a view protocol, tree.json
        // through the formats' writer (pure Swift), its own store-only PNG writer, UIKit/AppKit
        // adapters and ImageIO where they exist.
        .target(name: "HierarchyCapture", dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyFormats"], linkerSettings: libm),
        // Goldens: an exploded rendering with its view tree kept in the PNG, compared with a
        // perceptual tolerance and the views that changed named (render --expect, the strategy).
        .target(name: "HierarchyGolden", dependencies: ["HierarchyModel", "HierarchyLayout", "HierarchyImaging", "HierarchyFormats", "HierarchyDiff"]),
        // The use cases, between the libraries and the front ends: a screen read and laid out
        // (`Screen`), and what each front end asks of it (a picture by the straight-on rule, the
        // audit, a comparison, an export, a golden, a locator found), each ending in an outcome with its exit status.
        .target(name: "HierarchyScreen", dependencies: [
            "HierarchyModel", "HierarchyLayout", "HierarchyImaging", "HierarchyFormats", "HierarchySource", "HierarchyLoading", "HierarchyText",
            "HierarchyRender", "HierarchyExport", "HierarchyAudit", "HierarchyDiff", "HierarchyCompare", "HierarchyGolden", "HierarchyImport",
            "HierarchyFind", "HierarchyViewer",
        ]),
        // assertSnapshot(of: document, as: .exploded(...)) and .layout; a live UIView on iOS.
        .target(name: "HierarchySnapshotTesting", dependencies: [
            "HierarchyScreen", "HierarchyModel", "HierarchyImaging", "HierarchyCapture",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        // Taking a screen from a running device or test session: adb (uiautomator dump, dumpsys,
        // screencap, wm) and WebDriver (page source, screenshot) over HTTP (AsyncHTTPClient), each answer read
        // by a pure function; the capture folder written whole. A web page's DOM is read by one script
        // (Web/dom-capture.js), compiled into the binary.
        .target(
            name: "HierarchyDevice",
            dependencies: [
                "HierarchyModel", "HierarchyImport", "HierarchyFormats", "HierarchyImaging",
                .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ],
            resources: [.embedInCode("Web/dom-capture.js")]),
        // `hierarchy serve`: a live screen in the browser. The decisions (which screen is shown, whether
        // to poll, which requests are answered, save names) are pure values; the HTTP server
        // (Hummingbird) and the capture loop are a thin edge around them.
        .target(
            name: "HierarchyServe",
            dependencies: [
                "HierarchyDevice", "HierarchyScreen", "HierarchyLoading", "HierarchyDiff", "HierarchyModel", "HierarchyImaging", "HierarchyFormats",
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "NIOCore", package: "swift-nio"),
                // NIOThreadPool: the bounded pool the blocking work (captures, finds, audits) runs on.
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            resources: [.embedInCode("Web/live.html")]),
        // The subcommands; a library so that tests can drive it in-process.
        .target(name: "HierarchyCLI", dependencies: [
            "HierarchyScreen", "HierarchyReport", "HierarchyDevice", "HierarchyServe", "HierarchyModel", "HierarchyImaging", "HierarchyFormats",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The executable: tunes the allocator and runs the command line.
        .executableTarget(name: "hierarchy", dependencies: ["HierarchyCLI"]),
        // `swift run -c release hierarchy-bench`: the speed and memory figures.
        .executableTarget(name: "hierarchy-bench", dependencies: [
            "HierarchyCapture", "HierarchyModel", "HierarchyLayout", "HierarchyImaging", "HierarchyFormats", "HierarchyLoading",
            "HierarchySource", "HierarchyRender", "HierarchyExport", "HierarchyDiff", "HierarchyText", "HierarchyAudit", "HierarchyReport", "HierarchyCompare",
            "HierarchyScreen", "HierarchyFind", "HierarchyViewer", "HierarchyDevice", "HierarchyImport", "HierarchyServe",
        ]),

        // Helpers shared by the test targets: paths to fixtures and the shared corpus, a seeded random generator.
        .target(name: "HierarchyTestSupport", dependencies: ["HierarchyCapture", "HierarchyModel", "CTestSanitizerOptions"], path: "Tests/HierarchyTestSupport"),
        // AddressSanitizer's options for the test process (leak checking stays on in the commands it runs).
        .target(name: "CTestSanitizerOptions", path: "Tests/CTestSanitizerOptions"),
        .testTarget(name: "HierarchyModelTests", dependencies: ["HierarchyModel"]),
        .testTarget(name: "HierarchyLayoutTests", dependencies: ["HierarchyTestSupport", "HierarchyModel", "HierarchyLayout"]),
        .testTarget(name: "HierarchyTextTests", dependencies: ["HierarchyText", "HierarchyImaging"]),
        .testTarget(name: "HierarchyDiffTests", dependencies: ["HierarchyTestSupport", "HierarchyDiff", "HierarchyModel", "HierarchyLayout"]),
        .testTarget(name: "HierarchyImagingTests", dependencies: ["HierarchyTestSupport", "HierarchyImaging"]),
        .testTarget(name: "HierarchyFormatsTests", dependencies: ["HierarchyFormats"]),
        .testTarget(name: "HierarchyLoadingTests", dependencies: ["HierarchyTestSupport", "HierarchyLoading", "HierarchySource", "HierarchyLayout", "HierarchyRender", "HierarchyText", "HierarchyImaging", "HierarchyModel"]),
        .testTarget(name: "HierarchyImportTests", dependencies: ["HierarchyTestSupport", "HierarchyImport", "HierarchyFormats", "HierarchyLayout", "HierarchyImaging", "HierarchyLoading"]),
        .testTarget(name: "HierarchyRenderTests", dependencies: ["HierarchyTestSupport", "HierarchyRender", "HierarchySource", "HierarchyFormats", "HierarchyLoading", "HierarchyText"], exclude: ["Goldens"]),
        .testTarget(name: "HierarchyExportTests", dependencies: ["HierarchyTestSupport", "HierarchyExport", "HierarchySource", "HierarchyFormats", "HierarchyLoading", "HierarchyRender", "HierarchyLayout", "HierarchyModel"], exclude: ["Blender", "Readers"]),
        .testTarget(name: "HierarchyViewerTests", dependencies: [
            "HierarchyTestSupport", "HierarchyViewer", "HierarchyExport", "HierarchySource", "HierarchyFormats", "HierarchyLoading", "HierarchyRender",
            "HierarchyDiff", "HierarchyCompare", "HierarchyLayout", "HierarchyAudit", "HierarchyScreen", "HierarchyImaging", "HierarchyModel",
        ], exclude: ["Browser"]),
        .testTarget(name: "HierarchyCompareTests", dependencies: [
            "HierarchyTestSupport", "HierarchyCompare", "HierarchyDiff", "HierarchyLoading", "HierarchyRender", "HierarchyImaging", "HierarchyLayout", "HierarchyModel",
        ]),
        .testTarget(name: "HierarchyDeviceTests", dependencies: ["HierarchyDevice", "HierarchyModel", "HierarchyImport"]),
        .testTarget(name: "HierarchyServeTests", dependencies: ["HierarchyTestSupport", "HierarchyServe", "HierarchyDevice", "HierarchyModel"]),
        .testTarget(name: "HierarchyFindTests", dependencies: [
            "HierarchyTestSupport", "HierarchyFind", "HierarchyLoading", "HierarchyImport", "HierarchyLayout", "HierarchyModel", "HierarchyFormats",
            "HierarchyScreen",
        ], exclude: ["Browser"]),
        .testTarget(name: "HierarchyCLITests", dependencies: [
            "HierarchyTestSupport", "HierarchyDevice", "HierarchyCLI", "hierarchy", "HierarchyImaging", "HierarchyFormats", "HierarchyLoading", "HierarchyModel", "HierarchyCapture",
            "HierarchyAudit",
            "HierarchyLayout", "HierarchyExport",
        ]),
        .testTarget(name: "HierarchySnapshotTestingTests", dependencies: [
            "HierarchySnapshotTesting", "HierarchyGolden", "HierarchyTestSupport", "HierarchyLoading", "HierarchyImaging", "HierarchyModel",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        .testTarget(name: "HierarchyScreenTests", dependencies: [
            "HierarchyTestSupport", "HierarchyScreen", "HierarchyAudit", "HierarchyExport", "HierarchyImaging", "HierarchyLayout", "HierarchyLoading",
            "HierarchyModel", "HierarchyRender", "HierarchyCompare", "HierarchyDiff", "HierarchyViewer",
        ], exclude: ["Goldens"]),
        .testTarget(name: "HierarchyReportTests", dependencies: [
            "HierarchyTestSupport", "HierarchyReport", "HierarchyScreen", "HierarchyModel", "HierarchyImaging", "HierarchyRender", "HierarchyLoading",
            "HierarchyLayout", "HierarchyAudit",
        ], exclude: ["Browser"]),
        // The repository's own rules: the platform check, the prerequisites the README names.
        .testTarget(name: "RepositoryTests", dependencies: ["HierarchyTestSupport"]),
        .testTarget(name: "HierarchyAuditTests", dependencies: ["HierarchyTestSupport", "HierarchyAudit", "HierarchyModel", "HierarchyLayout", "HierarchyImport", "HierarchyFormats"]),
        .testTarget(name: "HierarchyCaptureTests", dependencies: [
            "HierarchyTestSupport", "HierarchyCapture", "HierarchyModel", "HierarchyLayout", "HierarchyFormats", "HierarchyLoading",
            "HierarchyImaging",
        ]),
    ]
)
