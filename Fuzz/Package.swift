// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for hierarchy's input readers: a package of its own beside the main one, so
// that the main package's normal build and `swift test` never see these executables (libFuzzer
// supplies their `main`; they link only with `-sanitize=fuzzer`). `scripts/fuzz.sh` builds and
// runs them; see the README's development section.
//
// Each target is one file whose `LLVMFuzzerTestOneInput` feeds the bytes to one reader through
// the library's public API, as the command line does, then lays the result out. Any crash,
// sanitizer report, leak or time-out is a finding; a thrown `InputError` is the expected answer
// to bad input.
let library: [Target.Dependency] = [.product(name: "HierarchyKit", package: "hierarchy")]
// Sources without a `main.swift`: libFuzzer's own `main` calls the entry point.
let asLibrary: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "hierarchy-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "hierarchy", path: "..")],
    targets: [
        .executableTarget(name: "FuzzTreeJSON", dependencies: library, swiftSettings: asLibrary),
        .executableTarget(name: "FuzzRecursiveDescription", dependencies: library, swiftSettings: asLibrary),
        .executableTarget(name: "FuzzAppium", dependencies: library, swiftSettings: asLibrary),
        .executableTarget(name: "FuzzUIAutomator", dependencies: library, swiftSettings: asLibrary),
        .executableTarget(name: "FuzzPNG", dependencies: library, swiftSettings: asLibrary),
        .executableTarget(name: "FuzzSlicer", dependencies: library, swiftSettings: asLibrary),
        .executableTarget(name: "FuzzXCUITest", dependencies: library, swiftSettings: asLibrary),
        .executableTarget(name: "FuzzEspresso", dependencies: library, swiftSettings: asLibrary),
        .executableTarget(name: "FuzzDumpsys", dependencies: library, swiftSettings: asLibrary),
        .executableTarget(name: "FuzzMaestro", dependencies: library, swiftSettings: asLibrary),
        .executableTarget(name: "FuzzSentry", dependencies: library, swiftSettings: asLibrary),
        .executableTarget(name: "FuzzCompose", dependencies: library, swiftSettings: asLibrary),
        .executableTarget(name: "FuzzFlutterSemantics", dependencies: library, swiftSettings: asLibrary),
        .executableTarget(name: "FuzzFlutterRender", dependencies: library, swiftSettings: asLibrary),
        .executableTarget(name: "FuzzDetox", dependencies: library, swiftSettings: asLibrary),
        .executableTarget(name: "FuzzCDPSnapshot", dependencies: library, swiftSettings: asLibrary),
        .executableTarget(name: "FuzzJUnit", dependencies: library, swiftSettings: asLibrary),
        // A screen of each kind that the locator targets run their fuzzed locators over.
        .target(name: "FuzzSupport", dependencies: library),
        .executableTarget(name: "FuzzXPath", dependencies: library + ["FuzzSupport"], swiftSettings: asLibrary),
        .executableTarget(name: "FuzzLocators", dependencies: library + ["FuzzSupport"], swiftSettings: asLibrary),
    ]
)
