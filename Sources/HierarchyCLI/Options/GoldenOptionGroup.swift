import ArgumentParser
import Foundation
import HierarchyGolden
import HierarchyImaging
import HierarchyModel
import HierarchyRender
import HierarchyText

/// `render --expect GOLDEN.png`: the picture compared with a golden (`GoldenComparison`, as the
/// snapshot strategy compares), or written as one with `--record`.
struct GoldenOptionGroup: ParsableArguments {
    @Option(help: ArgumentHelp("Compare the picture with this golden PNG: exit status 0 when it matches, 1 when not (GOLDEN.actual.png and GOLDEN.diff.png are written beside it), 2 for bad input.", valueName: "golden.png"))
    var expect: String?

    @Flag(help: "With --expect: write the golden (the picture with the view tree inside it) instead of comparing.")
    var record = false

    @Option(help: ArgumentHelp("With --expect: the share of pixels that may differ, a fraction (0.002) or a percentage (0.2%).", valueName: "share"))
    var tolerance: Share = Share(PixelTolerance.noticeableShare)

    @Option(help: ArgumentHelp("With --expect: how far a colour channel (0-255) may be off before its pixel differs.", valueName: "levels"))
    var channelTolerance: Int = PixelTolerance.noticeableChannelDifference

    @Flag(help: "With --expect: compare the pixels only, so that a view that moved or changed without changing more pixels than the tolerance passes.")
    var pixelsOnly = false

    func validate() throws {
        guard let expect else {
            if record { throw ValidationError("--record writes the golden that --expect names; give --expect GOLDEN.png") }
            if pixelsOnly || tolerance.value != PixelTolerance.noticeableShare || channelTolerance != PixelTolerance.noticeableChannelDifference {
                throw ValidationError("--tolerance, --channel-tolerance and --pixels-only apply to --expect; give --expect GOLDEN.png")
            }
            return
        }
        guard expect.lowercased().hasSuffix(".png"), expect.count > 4 else { throw ValidationError("--expect must name a .png file, got '\(expect)'") }
        do { try pixelTolerance.validate() } catch { throw ValidationError(error.message.replacingOccurrences(of: "the share of pixels", with: "--tolerance").replacingOccurrences(of: "the channel difference", with: "--channel-tolerance")) }
    }

    var pixelTolerance: PixelTolerance { PixelTolerance(channel: channelTolerance, share: tolerance.value) }

    /// `login.png` → `login.actual.png`, `login.diff.png`.
    static func companions(of golden: String) -> (actual: String, diff: String) {
        let stem = String(golden.dropLast(4))
        return (stem + ".actual.png", stem + ".diff.png")
    }

    /// Throws when an output may not be written: the golden and what a comparison leaves beside
    /// it (GOLDEN.actual.png, GOLDEN.diff.png) are this command's own files, replaced without
    /// `--force` but never over an input; -o follows `rule` and is not the golden.
    func checkOutputs(expect: String, output: String?, rule: OutputRule) throws(InputError) {
        let (actualPath, diffPath) = GoldenOptionGroup.companions(of: expect)
        let own = OutputRule(replace: true, inputs: rule.inputs)
        for path in [expect, actualPath, diffPath] { try own.check(path) }
        if let output, real(output) == real(expect) { throw InputError(file: output, "is the golden; choose another output") }
        if let output { try rule.check(output) }
    }

    /// Renders (through `render`, which calls `checkOutputs` once it has read the input), then
    /// records or compares; every failure to read or draw is status 2, a mismatch 1.
    func run(expect: String, output: String?, compression: PNGCompression, render: () throws -> Golden) throws {
        let matches: Bool
        do {
            let (actualPath, diffPath) = GoldenOptionGroup.companions(of: expect)
            let actual = try render()
            if let output { try PNG.write(actual.image, to: output, compression: compression) }
            if record {
                try actual.write(to: expect)
                Console.out("\(expect): recorded (\(actual.image.width)×\(actual.image.height), \(actual.tree?.count ?? 0) views)")
                return
            }
            guard FileSystem.exists(expect) else { throw InputError(file: expect, "no such golden; write it first with --record") }
            let comparison = GoldenComparison(expected: try Golden.read(expect), actual: actual, tolerance: pixelTolerance, treeChangesFail: !pixelsOnly)
            matches = comparison.matches
            if matches {
                // What an earlier failure left beside the golden no longer says anything true.
                for stale in [actualPath, diffPath] where FileSystem.exists(stale) { try? FileManager.default.removeItem(atPath: stale) }
            } else {
                // The actual picture keeps its tree too: renamed to the golden's name, it is the new golden.
                try actual.write(to: actualPath)
                if let difference = comparison.difference { try PNG.write(difference, to: diffPath) }
            }
            Console.out("\(expect): \(comparison.summary)")
        } catch let error as InputError {
            Console.error("error: \(error)")
            throw ExitCode(2)
        } catch let error as RenderError {
            Console.error("error: \(error)")
            throw ExitCode(2)
        } catch let error as TextError {
            Console.error("error: \(error)")
            throw ExitCode(2)
        }
        if !matches { throw ExitCode(1) }
    }

    private func real(_ path: String) -> String { URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path }
}

/// `--tolerance`: a fraction, or a percentage with `%`.
struct Share: ExpressibleByArgument {
    var value: Double

    init(_ value: Double) { self.value = value }

    init?(argument: String) {
        let percent = argument.hasSuffix("%")
        guard let number = Double(percent ? String(argument.dropLast()) : argument), number.isFinite else { return nil }
        value = percent ? number / 100 : number
    }

    var defaultValueDescription: String { "\(value)" }
}
