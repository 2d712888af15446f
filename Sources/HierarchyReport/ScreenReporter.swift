import Foundation
import HierarchyFormats
import HierarchyModel
import HierarchyScreen

/// Where the baseline's side of a pair comes from: a capture of an earlier run's folder, or a row
/// of an earlier report's JSON (which has no tree to compare with).
public enum BaselineItem: Hashable, Sendable {
    case capture(ScreenSource)
    case row(ReportScreen)

    public var name: String {
        switch self {
        case .capture(let source): source.name
        case .row(let row): row.name
        }
    }
}

/// Reports one screen: reads its capture (and its baseline's) and has the screen present itself
/// (`Screen.presented`: compared, audited, its thumbnails and viewer drawn). Nothing it meets is
/// thrown: a screen that cannot be read becomes an error row with the one line that says why.
public struct ScreenReporter: Sendable {
    public var options: ReportOptions
    /// Whether the run has a baseline (a screen without a pair is then `added`, not `captured`).
    public var hasBaseline: Bool
    /// What the screens share: regions of their screenshots filled, textures encoded.
    let memo = PresentationMemo()

    public init(options: ReportOptions, hasBaseline: Bool) {
        self.options = options
        self.hasBaseline = hasBaseline
    }

    /// The screen `name`: the run's capture, the baseline's item, either possibly absent.
    public func report(_ name: String, current: ScreenSource?, baseline: BaselineItem?) -> ReportedScreen {
        do {
            return try reportOrThrow(name, current: current, baseline: baseline)
        } catch let error as InputError {
            return .row(ReportScreen(name: name, status: .error, error: error.description))
        } catch {
            return .row(ReportScreen(name: name, status: .error, error: "\(error)"))
        }
    }

    private func reportOrThrow(_ name: String, current: ScreenSource?, baseline: BaselineItem?) throws -> ReportedScreen {
        switch (current, baseline) {
        case (let current?, .capture(let before)?):
            let before = try open(before)
            let after = try open(current, sameScreenshotAs: before)
            let shown = try after.presented(against: before, options.presentation, memo: memo)
            var row = ReportScreen(name: name, status: shown.changed == true ? .changed : .unchanged)
            if let changes = shown.changes { row.changes = try JSONValue.parse(Data(changes.utf8), file: after.file) }
            row.failures = try failures(of: name, after)
            return try reported(row, after, shown)
        case (let current?, let row):
            let screen = try open(current)
            // An earlier report's row: only whether the screen is new can be told.
            let status: ReportScreen.Status = row == nil ? (hasBaseline ? .added : .captured) : .unchanged
            let failures = try failures(of: name, screen)
            return try reported(ReportScreen(name: name, status: status, failures: failures), screen, screen.presented(options.presentation, memo: memo))
        case (nil, .capture(let before)?):
            let screen = try open(before)
            return try reported(ReportScreen(name: name, status: .removed), screen, screen.presented(options.presentation, memo: memo, audited: false))
        case (nil, .row?), (nil, nil):
            return .row(ReportScreen(name: name, status: .removed))
        }
    }

    /// The answers for the failed tests that saved the screen `name`; nil when none did.
    private func failures(of name: String, _ screen: Screen) throws(InputError) -> [JSONValue]? {
        let answers = try screen.answers(options.failedTests, screenName: name)
        guard !answers.isEmpty else { return nil }
        return try answers.map { (answer) throws(InputError) in try JSONValue.parse(Data(answer.json.utf8), file: screen.file) }
    }

    /// A capture read with its own screenshot (`Screen.open(_:screenshot:…)`).
    private func open(_ source: ScreenSource, sameScreenshotAs other: Screen? = nil) throws -> Screen {
        try Screen.open(source.capture, screenshot: source.screenshot, options: options.screen, memo: memo, sameScreenshotAs: other)
    }

    /// The row with its findings, and the block with the thumbnails and the viewer.
    private func reported(_ row: ReportScreen, _ screen: Screen, _ shown: ScreenPresentation) throws(InputError) -> ReportedScreen {
        var row = row
        row.findings = try shown.findings?.map { (json) throws(InputError) in try JSONValue.parse(Data(json.utf8), file: screen.file) }
        var reported = ReportedScreen(block: ScreenBlock(
            row: row, title: (screen.file as NSString).lastPathComponent,
            front: Base64.encode(shown.front), exploded: Base64.encode(shown.exploded)))
        reported.attach(viewer: shown.viewer, textures: shown.textures)
        return reported
    }
}
