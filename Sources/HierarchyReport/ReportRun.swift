import Dispatch
import Foundation
import HierarchyExport
import HierarchyImaging
import HierarchyModel

/// Where a report goes: `REPORT.html` with `report.json` beside it, or a folder holding
/// `index.html` and `report.json`.
public struct ReportOutput: Hashable, Sendable {
    /// The page's path.
    public var page: String
    /// `report.json`'s path (beside the page).
    public var json: String
    /// Whether a page and `report.json` that exist may be replaced (`--force`); inputs never are.
    public var replace: Bool

    /// `path` ending with `/` or naming an existing folder is a folder; otherwise a page.
    public init(_ path: String, replace: Bool = false) {
        self.replace = replace
        if path.hasSuffix("/") || FileSystem.isFolder(path) {
            let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
            page = (folder.isEmpty ? "/" : folder + "/") + "index.html"
        } else {
            page = path
        }
        let parent = (page as NSString).deletingLastPathComponent
        json = parent.isEmpty ? "report.json" : parent + "/report.json"
    }
}

/// A whole report: the captures of the run's folders, paired with the baseline's, the shard's
/// part of them reported a few at a time, written to the page and `report.json`.
public enum ReportRun {
    /// The run's baseline.
    public enum Baseline: Hashable, Sendable {
        /// An earlier run's folder.
        case folder(String)
        /// An earlier report's `report.json`.
        case report(String)
    }

    /// What a run found and reported.
    public struct Outcome: Sendable {
        /// The shard's rows in name order.
        public var screens: [ReportScreen]
        /// Screens found in the run's folders and the baseline, before sharding.
        public var found: Int
        /// The page's size in bytes.
        public var pageSize: Int
    }

    /// Reports the screens of `folders` against `baseline` and writes the page and `report.json`
    /// (replacing them; never an input). `progress(done, total)` is called after each screen.
    /// - Throws: `InputError` for a folder or baseline that cannot be read and an output that
    ///   cannot be written; a screen that cannot be read is a row, not an error.
    public static func run(
        _ folders: [String], baseline: Baseline?, options: ReportOptions, output: ReportOutput,
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) throws(InputError) -> Outcome {
        let current = try sources(folders)
        let before = try baselineItems(baseline)
        let pairs = ScreenPair.pairs(current: current, baseline: before, currentName: \.name, baselineName: \.name)
        let chosen = Set(options.shard.select(pairs.map(\.name)))
        let mine = pairs.filter { chosen.contains($0.name) }
        let reporter = ScreenReporter(options: options, hasBaseline: baseline != nil)
        let inputs = folders + [baseline?.path].compactMap { $0 }
        var pageSize = 0
        let rows = try write(title: options.title, output: output, protecting: inputs) { (writer) throws(InputError) in
            try each(mine, jobs: options.jobs, progress: progress) { pair in
                reporter.report(pair.name, current: pair.current?.source, baseline: pair.baseline?.item)
            } write: { (screen) throws(InputError) in
                try writer.write(screen)
            }
            pageSize = writer.size
        }
        return Outcome(screens: rows, found: pairs.count, pageSize: pageSize)
    }

    /// Joins the pages of a run's shards into one page and `report.json`.
    /// - Throws: `InputError` for a part that is not a report's page, two parts that report one
    ///   screen, and an output that cannot be written.
    public static func merge(_ parts: [String], title: String, output: ReportOutput) throws(InputError) -> Outcome {
        var blocks: [ReportPageBlocks] = []
        for part in parts {
            let page = FileSystem.isFolder(part) ? part + "/index.html" : part
            blocks.append(try ReportPageBlocks(page: String(decoding: try FileSystem.read(page), as: UTF8.self), file: page))
        }
        let rows = try ReportMerge.merge(blocks.map { $0.screens.map(\.row) }, names: parts)
        var owner: [String: (part: Int, block: ScreenBlock)] = [:]
        for (i, part) in blocks.enumerated() { for block in part.screens { owner[block.row.name] = (i, block) } }
        var pageSize = 0
        let written = try write(title: title, output: output, protecting: parts) { (writer) throws(InputError) in
            for row in rows {
                let (part, block) = owner[row.name]!
                try writer.write(block, from: blocks[part])
            }
            pageSize = writer.size
        }
        return Outcome(screens: written, found: rows.count, pageSize: pageSize)
    }

    // MARK: - Parts

    /// A capture of the run and the folder it came from.
    struct Found: Hashable, Sendable {
        var name: String
        var source: ScreenSource
    }

    /// The captures of every folder; a name two folders share is kept for the first, the later
    /// ones named by their folder too.
    static func sources(_ folders: [String]) throws(InputError) -> [Found] {
        var found: [String: Found] = [:]
        for folder in folders {
            for source in try ReportInput.screens(in: folder) {
                let name = found[source.name] == nil ? source.name : folder + "/" + source.name
                var renamed = source
                renamed.name = name
                found[name] = Found(name: name, source: renamed)
            }
        }
        return found.values.sorted { $0.name < $1.name }
    }

    struct Before: Hashable, Sendable {
        var name: String
        var item: BaselineItem
    }

    static func baselineItems(_ baseline: Baseline?) throws(InputError) -> [Before] {
        switch baseline {
        case nil: return []
        case .folder(let folder): return try ReportInput.screens(in: folder).map { Before(name: $0.name, item: .capture($0)) }
        case .report(let file):
            // A screen an earlier report lists as removed or could not read was not in its run.
            return try ReportDocument.decode(try FileSystem.read(file), file: file)
                .filter { $0.status != .removed }.map { Before(name: $0.name, item: .row($0)) }
        }
    }

    /// Runs `make` for each pair, `jobs` at a time, and hands the results to `write` in order:
    /// at most `jobs` screens are held at once.
    static func each(
        _ pairs: [Pair], jobs: Int, progress: @escaping @Sendable (Int, Int) -> Void,
        make: @escaping @Sendable (Pair) -> ReportedScreen, write: (ReportedScreen) throws(InputError) -> Void
    ) throws(InputError) {
        let step = max(1, jobs)
        var start = 0
        while start < pairs.count {
            let batch = Array(pairs[start..<min(start + step, pairs.count)])
            let results = Results(count: batch.count)
            let done = start
            DispatchQueue.concurrentPerform(iterations: batch.count) { i in
                results.store(make(batch[i]), at: i)
                progress(done + results.finished(), pairs.count)
            }
            for screen in results.take() { try write(screen) }
            start += batch.count
        }
    }

    /// Writes the page through `body` and then `report.json`, staged and moved into place.
    static func write(
        title: String, output: ReportOutput, protecting inputs: [String], _ body: (ReportWriter) throws(InputError) -> Void
    ) throws(InputError) -> [ReportScreen] {
        let destination = ExportDestination(path: output.page, companions: ["report.json"], replace: output.replace)
        try destination.check(protecting: inputs)
        var rows: [ReportScreen] = []
        try destination.write { (staging) throws(InputError) in
            try FileSystem.write(to: staging.path(destination.name)) { (file) throws(InputError) in
                let writer = try ReportWriter(file: file, title: title)
                try body(writer)
                try writer.finish()
                rows = writer.rows
            }
            try staging.write(Array(ReportDocument.encode(rows).utf8), to: "report.json")
        }
        return rows.sorted { $0.name < $1.name }
    }
}

extension ReportRun {
    /// A pair of the run's capture and the baseline's item.
    typealias Pair = ScreenPair<Found, Before>
}

extension ReportRun.Baseline {
    /// The folder or file.
    public var path: String {
        switch self {
        case .folder(let path), .report(let path): path
        }
    }
}

/// The results of a batch, behind one lock.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [ReportedScreen?]
    private var count = 0

    init(count: Int) { stored = Array(repeating: nil, count: count) }

    func store(_ screen: ReportedScreen, at i: Int) { lock.withLock { stored[i] = screen; count += 1 } }
    func finished() -> Int { lock.withLock { count } }
    func take() -> [ReportedScreen] { lock.withLock { stored.compactMap { $0 } } }
}
