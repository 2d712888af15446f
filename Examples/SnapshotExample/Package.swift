// swift-tools-version:6.0
import PackageDescription

// An app's test package as a user would write it: golden-image tests of its screens' captures
// and dumps with HierarchySnapshotTesting, depending on hierarchy by path.
let package = Package(
    name: "SnapshotExample",
    platforms: [.macOS(.v13), .iOS(.v15)],
    dependencies: [
        .package(name: "hierarchy", path: "../.."),
    ],
    targets: [
        .testTarget(
            name: "LoginTests",
            dependencies: [.product(name: "HierarchySnapshotTesting", package: "hierarchy")],
            exclude: ["Captures", "__Snapshots__"]),
    ]
)
