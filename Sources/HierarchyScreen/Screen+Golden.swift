import HierarchyGolden
import HierarchyImaging
import HierarchyModel

/// What `render --expect` is asked: the golden to compare with (or record), and how closely.
public struct GoldenRequest: Sendable {
    /// The golden PNG.
    public var path: String
    /// Write the golden instead of comparing.
    public var record: Bool
    public var tolerance: PixelTolerance
    /// Whether a view that moved or changed fails even within the pixel tolerance.
    public var treeChangesFail: Bool

    public init(path: String, record: Bool = false, tolerance: PixelTolerance = .noticeable, treeChangesFail: Bool = true) {
        self.path = path
        self.record = record
        self.tolerance = tolerance
        self.treeChangesFail = treeChangesFail
    }

    /// `login.png` → `login.actual.png`, `login.diff.png`: what a comparison leaves beside the golden.
    public var companions: (actual: String, diff: String) {
        let stem = String(path.dropLast(4))
        return (stem + ".actual.png", stem + ".diff.png")
    }
}

/// A picture recorded as a golden or compared with one: what to say, and the verdict.
public struct GoldenOutcome: Outcome, Sendable {
    /// One line: "recorded (W×H, N views)" or the comparison's summary.
    public let summary: String
    public let matches: Bool

    public var status: ExitStatus { matches ? .success : .no }
}

extension Screen {
    /// The picture `request` draws, with the screen's tree kept inside it: a golden.
    public func golden(_ request: PictureRequest) throws -> Golden {
        Golden(image: try picture(request).image, tree: document.tree)
    }
}

extension Golden {
    /// This picture against the golden `expected`: the pixels within `tolerance` and, with
    /// `treeChangesFail`, no view moved or changed; the verdict, its one-line summary and the
    /// difference image. What `check(_:)` and the snapshot strategy compare by.
    public func compared(with expected: Golden, tolerance: PixelTolerance, treeChangesFail: Bool) -> GoldenComparison {
        GoldenComparison(expected: expected, actual: self, tolerance: tolerance, treeChangesFail: treeChangesFail)
    }

    /// Records this picture as `request`'s golden, or compares it with the golden there: on a
    /// mismatch the picture (with its tree, so that renamed it is the new golden) and the
    /// difference are written beside the golden; on a match, what an earlier failure left there goes.
    /// - Throws: `InputError` for a golden that is missing or unreadable, or a file that cannot be written.
    public func check(_ request: GoldenRequest) throws(InputError) -> GoldenOutcome {
        if request.record {
            try write(to: request.path)
            return GoldenOutcome(summary: "recorded (\(image.width)×\(image.height), \(tree?.count ?? 0) views)", matches: true)
        }
        guard FileSystem.exists(request.path) else { throw InputError(file: request.path, "no such golden; write it first with --record") }
        let comparison = compared(with: try Golden.read(request.path), tolerance: request.tolerance, treeChangesFail: request.treeChangesFail)
        let (actualPath, diffPath) = request.companions
        if comparison.matches {
            // What an earlier failure left beside the golden no longer says anything true.
            for stale in [actualPath, diffPath] where FileSystem.exists(stale) { FileSystem.removeTree(stale) }
        } else {
            try write(to: actualPath)
            if let difference = comparison.difference { try PNG.write(difference, to: diffPath) }
        }
        return GoldenOutcome(summary: comparison.summary, matches: comparison.matches)
    }
}
