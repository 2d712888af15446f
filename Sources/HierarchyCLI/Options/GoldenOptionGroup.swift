import ArgumentParser
import Foundation
import HierarchyImaging
import HierarchyModel
import HierarchyScreen

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

    /// Throws when an output may not be written: the golden and what a comparison leaves beside
    /// it (GOLDEN.actual.png, GOLDEN.diff.png) are this command's own files, replaced without
    /// `--force` but never over an input; -o follows `rule` and is not the golden.
    func checkOutputs(expect: String, output: String?, rule: OutputRule) throws(InputError) {
        let (actualPath, diffPath) = request(expect).companions
        let own = OutputRule(replace: true, inputs: rule.inputs)
        for path in [expect, actualPath, diffPath] { try own.check(path) }
        if let output, real(output) == real(expect) { throw InputError(file: output, "is the golden; choose another output") }
        if let output { try rule.check(output) }
    }

    /// What `--expect` asks of the golden at `expect`.
    func request(_ expect: String) -> GoldenRequest {
        GoldenRequest(path: expect, record: record, tolerance: pixelTolerance, treeChangesFail: !pixelsOnly)
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
