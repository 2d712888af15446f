import Foundation
import HierarchyImaging
import HierarchyModel
import HierarchyScreen
import SnapshotTesting

/// What the exploded strategy pictures: a capture or dump read (`LoadedDocument`), or on iOS a
/// live `UIView`, captured first (`UIView+Exploded.swift`).
public protocol ExplodedSnapshottable {
    /// The golden `picture` draws of this value's document, or one that says why there is none
    /// (a strategy cannot throw).
    func picturing(_ picture: (LoadedDocument) -> Golden) -> Golden
}

extension LoadedDocument: ExplodedSnapshottable {
    public func picturing(_ picture: (LoadedDocument) -> Golden) -> Golden { picture(self) }
}

extension Snapshotting where Value: ExplodedSnapshottable, Format == Golden {
    /// The exploded picture at the defaults (800×600, seen from the right and a little above).
    public static var exploded: Snapshotting { exploded() }

    /// The exploded picture of a capture or dump (`LoadedDocument.load(path)` reads any input
    /// `hierarchy` reads), or of a live view on iOS, kept as a PNG with the view tree inside it. It matches its reference
    /// when the pixels are within `tolerance` (by default `hierarchy diff`'s perceptual one) and,
    /// with `treeChangesFail`, no view moved, resized, hid or changed otherwise. A mismatch says
    /// which views changed and attaches the reference, the failure and their difference; the
    /// three are also written to `SNAPSHOT_ARTIFACTS` (or the temporary folder), under the test
    /// file's name, as `TEST.lineN.{expected,actual,difference}.png`.
    ///
    /// - Parameters:
    ///   - spacing, yaw, pitch, size, projection, style, background: as `hierarchy render`'s options.
    ///   - layout: the layout options (depth mode, excluded tags and classes).
    ///   - synthesize: draw views with neither a snapshot nor a background colour as `render`
    ///     does by default (a tinted fill with their text); off by default, because text pixels
    ///     depend on the machine's fonts. Without it they are outlines.
    ///   - file, testName, line: where the artifacts go; leave them to their defaults.
    public static func exploded(
        spacing: Double = RenderOptions().spacing, yaw: Double = RenderOptions().yaw, pitch: Double = RenderOptions().pitch,
        size: PixelSize = PixelSize(width: 800, height: 600), projection: Projection = .perspective,
        style: RenderStyle = .both, background: Color = RenderOptions.canvas, layout: LayoutOptions = LayoutOptions(),
        synthesize: Bool = false, tolerance: PixelTolerance = .noticeable, treeChangesFail: Bool = true,
        file: StaticString = #filePath, testName: String = #function, line: UInt = #line
    ) -> Snapshotting {
        var options = RenderOptions()
        (options.spacing, options.yaw, options.pitch) = (spacing, yaw, pitch)
        (options.projection, options.style, options.background) = (projection, style, background)
        let artifacts = Artifacts(file: "\(file)", testName: testName, line: line)
        return Snapshotting(
            pathExtension: "png",
            diffing: .golden(tolerance: tolerance, treeChangesFail: treeChangesFail, artifacts: artifacts),
            snapshot: { value in
                value.picturing { document in
                    do {
                        // `render`'s picture with an explicit size: straight on, the straight-on rule
                        // still sets the margin and draws text without boxes.
                        return try Screen(document, options: ScreenOptions(layout: layout, synthesize: synthesize))
                            .golden(PictureRequest(options: options, size: size))
                    } catch {
                        return .failure("\(document.file): \(error)")
                    }
                }
            })
    }
}

extension Snapshotting where Value == LoadedDocument, Format == String {
    /// The `hierarchy layout` text (which views are drawn, at what depth and where, and why the
    /// others are not), compared as text.
    public static var layout: Snapshotting { layout() }

    public static func layout(_ options: LayoutOptions = LayoutOptions()) -> Snapshotting {
        SimplySnapshotting.lines.pullback { (document: LoadedDocument) in
            do {
                return LayoutText.render(try Screen(document, options: ScreenOptions(layout: options)).layout, tree: document.tree)
            } catch {
                return "error: \(error)\n"
            }
        }
    }
}

extension Diffing where Value == Golden {
    /// Goldens compared as `hierarchy render --expect` compares them (`Golden.compared(with:)`).
    static func golden(tolerance: PixelTolerance, treeChangesFail: Bool, artifacts: Artifacts) -> Diffing {
        .diff(
            toData: { golden in
                (try? golden.encoded()).map { Data($0) } ?? Data()
            },
            fromData: { data in
                do {
                    return try Golden.decode([UInt8](data), name: "the reference")
                } catch {
                    return .failure("\(error)")
                }
            },
            diffV2: { expected, actual in
                if let problem = actual.problem ?? expected.problem { return (problem, []) }
                let comparison = actual.compared(with: expected, tolerance: tolerance, treeChangesFail: treeChangesFail)
                guard !comparison.matches else { return nil }
                let pictures: [(String, String, RGBAImage?)] = [
                    ("reference", "expected", expected.image), ("failure", "actual", actual.image),
                    ("difference", "difference", comparison.difference),
                ]
                var attachments: [DiffAttachment] = [], written: [String] = []
                for (name, suffix, image) in pictures {
                    guard let image, image.width > 0, image.height > 0, let png = try? PNG.encode(image) else { continue }
                    attachments.append(.data(Data(png), name: name))
                    if let path = artifacts.write(png, suffix: suffix) { written.append(path) }
                }
                var message = "Exploded picture " + comparison.summary
                if !written.isEmpty { message += "\n" + written.map { "  " + $0 }.joined(separator: "\n") }
                return (message, attachments)
            })
    }
}

extension Golden {
    /// A picture that is none, saying why: what a strategy, which cannot throw, gives for an
    /// input it cannot read or draw. Its comparison fails with `problem`.
    static func failure(_ problem: String) -> Golden {
        Golden(image: RGBAImage(width: 0, height: 0), tree: nil, problem: problem)
    }
}

/// Where a failure's three pictures are written: `SNAPSHOT_ARTIFACTS` (as the snapshot library
/// writes its failed snapshots) or the temporary folder, in a folder named after the test file.
struct Artifacts: Sendable {
    let folder: URL
    let prefix: String

    init(file: String, testName: String, line: UInt) {
        let base = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
        let fileName = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        folder = URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent(fileName)
        let name = testName.replacingOccurrences(of: "\\W+", with: "-", options: .regularExpression)
            .replacingOccurrences(of: "^-|-$", with: "", options: .regularExpression)
        prefix = "\(name).line\(line)"
    }

    /// Writes `png` as `PREFIX.SUFFIX.png`; the path, or nil when it could not be written.
    func write(_ png: [UInt8], suffix: String) -> String? {
        let url = folder.appendingPathComponent("\(prefix).\(suffix).png")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(png).write(to: url, options: .atomic)
            return url.path
        } catch {
            return nil
        }
    }
}
