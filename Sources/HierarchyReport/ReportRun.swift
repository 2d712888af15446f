import Dispatch
import Foundation
import HierarchyImaging
import HierarchyModel

/// Where a report goes: `REPORT.html` with `report.json` beside it, or a folder holding
/// `index.html`, its `data/` and `report.json`. A page that would pass `folderLimit` bytes is
/// written as the folder `REPORT_files/` instead, `REPORT.html` a link to it.
public struct ReportOutput: Hashable, Sendable {
    /// The largest page written as one file: 50 MB.
    public static let defaultFolderLimit = 50_000_000

    /// The page's path.
    public var page: String
    /// `report.json`'s path (beside the page).
    public var json: String
    /// Whether the report is a folder (`-o REPORT/`).
    public var isFolder: Bool
    /// Whether a page, folder and `report.json` that exist may be replaced (`--force`); inputs never are.
    public var replace: Bool
    /// The size past which a page is written as a folder.
    public var folderLimit = ReportOutput.defaultFolderLimit

    /// `path` ending with `/` or naming an existing folder is a folder; otherwise a page.
    public init(_ path: String, replace: Bool = false) {
        self.replace = replace
        isFolder = path.hasSuffix("/") || FileSystem.isFolder(path)
        if isFolder {
            let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
            page = (folder.isEmpty ? "/" : folder + "/") + "index.html"
        } else {
            page = path
        }
        let parent = (page as NSString).deletingLastPathComponent
        json = parent.isEmpty ? "report.json" : parent + "/report.json"
    }

    /// The name of the folder beside the page that a page passing `folderLimit` becomes:
    /// `REPORT_files` for `REPORT.html`.
    public var overflowName: String {
        let name = (page as NSString).lastPathComponent
        let stem = ["html", "htm"].contains((name as NSString).pathExtension.lowercased()) ? (name as NSString).deletingPathExtension : name
        return stem + "_files"
    }

    /// The path of that folder.
    public var overflowFolder: String {
        let parent = (page as NSString).deletingLastPathComponent
        return (parent.isEmpty ? "" : parent + "/") + overflowName
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

        /// What `--baseline PATH` names: a `.json` file is an earlier report, anything else
        /// (a folder, even one named `….json`) an earlier run's folder.
        public init(path: String) {
            self = path.lowercased().hasSuffix(".json") && !FileSystem.isFolder(path) ? .report(path) : .folder(path)
        }
    }

    /// What a run found and reported.
    public struct Outcome: Sendable {
        /// The shard's rows in name order.
        public var screens: [ReportScreen]
        /// Screens found in the run's folders and the baseline, before sharding.
        public var found: Int
        /// The page's size in bytes (as one file, whatever its form).
        public var pageSize: Int
        /// The folder written in place of a page that would have passed the output's folder limit.
        public var folder: String?
        /// What the folders held that is not a regular file and was not read, one note each.
        public var skipped: [String] = []
    }

    /// Reports the screens of `folders` against `baseline` and writes the page and `report.json`
    /// (replacing them; never an input). `progress(done, total)` is called after each screen.
    /// - Throws: `InputError` for a folder or baseline that cannot be read and an output that
    ///   cannot be written; a screen that cannot be read is a row, not an error.
    public static func run(
        _ folders: [String], baseline: Baseline?, options: ReportOptions, output: ReportOutput,
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) throws(InputError) -> Outcome {
        var skipped: [String] = []
        let current = try sources(folders, skipped: &skipped)
        let before = try baselineItems(baseline, skipped: &skipped)
        let pairs = ScreenPair.pairs(current: current, baseline: before, currentName: \.name, baselineName: \.name)
        let chosen = Set(options.shard.select(pairs.map(\.name)))
        let mine = pairs.filter { chosen.contains($0.name) }
        let reporter = ScreenReporter(options: options, hasBaseline: baseline != nil)
        let inputs = folders + [baseline?.path].compactMap { $0 } + options.otherInputs
        let written = try write(title: options.title, output: output, protecting: inputs) { (writer) throws(InputError) in
            try each(mine, jobs: options.jobs, progress: progress) { pair in
                reporter.report(pair.name, current: pair.current?.source, baseline: pair.baseline?.item)
            } write: { (screen) throws(InputError) in
                try writer.write(screen)
            }
        }
        return Outcome(screens: written.rows, found: pairs.count, pageSize: written.size, folder: written.folder, skipped: skipped)
    }

    /// Joins the pages of a run's shards into one page and `report.json`.
    /// - Throws: `InputError` for a part that is not a report's page, two parts that report one
    ///   screen, and an output that cannot be written.
    public static func merge(_ parts: [String], title: String, output: ReportOutput) throws(InputError) -> Outcome {
        var blocks: [ReportPageBlocks] = []
        for part in parts { blocks.append(try ReportPageBlocks.read(part)) }
        let rows = try ReportMerge.merge(blocks.map { $0.screens.map(\.row) }, names: parts)
        var owner: [String: (part: Int, block: ScreenBlock)] = [:]
        for (i, part) in blocks.enumerated() { for block in part.screens { owner[block.row.name] = (i, block) } }
        let written = try write(title: title, output: output, protecting: parts) { (writer) throws(InputError) in
            for row in rows {
                let (part, block) = owner[row.name]!
                try writer.write(block, from: blocks[part])
            }
        }
        return Outcome(screens: written.rows, found: rows.count, pageSize: written.size, folder: written.folder)
    }

    // MARK: - Parts

    /// A capture of the run and the folder it came from.
    struct Found: Hashable, Sendable {
        var name: String
        var source: ScreenSource
    }

    /// The captures of every folder; a name two folders share is kept for the first, the later
    /// ones named by their folder too.
    static func sources(_ folders: [String], skipped: inout [String]) throws(InputError) -> [Found] {
        var found: [String: Found] = [:]
        for folder in folders {
            for source in try ReportInput.screens(in: folder, skipped: &skipped) {
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

    static func baselineItems(_ baseline: Baseline?, skipped: inout [String]) throws(InputError) -> [Before] {
        switch baseline {
        case nil: return []
        case .folder(let folder): return try ReportInput.screens(in: folder, skipped: &skipped).map { Before(name: $0.name, item: .capture($0)) }
        case .report(let file):
            // A screen an earlier report lists as removed or could not read was not in its run.
            return try ReportDocument.decode(try FileSystem.read(file, limit: .document), file: file)
                .filter { $0.status != .removed }.map { Before(name: $0.name, item: .row($0)) }
        }
    }

    /// Runs `make` for each pair, `jobs` at a time, and hands the results to `write` in order.
    /// A screen starts as soon as one is done (a slow screen does not hold the other cores back
    /// until a whole batch is done); at most `jobs` screens are being made and at most `2 × jobs`
    /// made ones wait for their turn to be written.
    static func each(
        _ pairs: [Pair], jobs: Int, progress: @escaping @Sendable (Int, Int) -> Void,
        make: @escaping @Sendable (Pair) -> ReportedScreen, write: (ReportedScreen) throws(InputError) -> Void
    ) throws(InputError) {
        let jobs = max(1, jobs)
        let results = Results(count: pairs.count)
        let (running, waiting) = (DispatchSemaphore(value: jobs), DispatchSemaphore(value: 2 * jobs))
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            for i in pairs.indices {
                waiting.wait()
                running.wait()
                // Stopped: the permits go back (a semaphore must end with all of its own).
                guard !results.stopped else { running.signal(); waiting.signal(); return }
                DispatchQueue.global().async(group: group) {
                    let screen = make(pairs[i])
                    running.signal()
                    progress(results.store(screen, at: i), pairs.count)
                }
            }
        }
        defer {
            // On an error: no screen starts any more, and those under way finish before returning.
            results.stop()
            for _ in 0..<2 * jobs { waiting.signal() }
            group.wait()
        }
        for i in pairs.indices {
            try write(results.take(i))
            waiting.signal()
        }
    }

    /// What `write` wrote: the rows in name order, the page's size as one file, and the folder
    /// written in place of a page that would have passed the folder limit.
    struct Written {
        var rows: [ReportScreen]
        var size: Int
        var folder: String?
    }

    /// Writes the report through `body` as a folder, then `report.json`, staged and moved into
    /// place: the folder itself when one was asked for, else the single page when it is within
    /// the limit, else the folder `REPORT_files` beside a page that links to it.
    static func write(
        title: String, output: ReportOutput, protecting inputs: [String], _ body: (ReportWriter) throws(InputError) -> Void
    ) throws(InputError) -> Written {
        let data = String(ReportPage.dataFolder.dropLast())
        try ExportDestination(path: output.page, companions: ["report.json"] + (output.isFolder ? [data] : []), replace: output.replace).check(protecting: inputs)
        let overflow = output.overflowName
        let destination = ExportDestination(path: output.page, companions: ["report.json", output.isFolder ? data : overflow], replace: output.replace)
        var written = Written(rows: [], size: 0)
        try destination.write { (staging) throws(InputError) in
            let root = output.isFolder ? staging.path : staging.path(overflow)
            let index = root + "/index.html"
            var parts: (head: Int, data: [String]) = (0, [])
            try FileSystem.write(to: index) { (file) throws(InputError) in
                let writer = try ReportWriter(root: root, file: file, title: title)
                try body(writer)
                try writer.finish()
                written.rows = writer.rows.sorted { $0.name < $1.name }
                written.size = writer.size
                parts = (writer.headSize, writer.data)
            }
            if !output.isFolder && written.size <= output.folderLimit {
                try ReportAssembly.page(of: root, headSize: parts.head, data: parts.data, title: title, to: staging.path(destination.name))
                FileSystem.removeTree(root)
            } else if !output.isFolder {
                try checkOverflow(output, protecting: inputs)
                try staging.write(Array(ReportPage.redirect(to: overflow, title: title).utf8), to: destination.name)
                written.folder = output.overflowFolder
            }
            try staging.write(Array(ReportDocument.encode(written.rows).utf8), to: "report.json")
        }
        return written
    }

    /// Throws unless the output's overflow folder is free or an earlier report's folder that is none of the inputs.
    static func checkOverflow(_ output: ReportOutput, protecting inputs: [String]) throws(InputError) {
        let folder = output.overflowFolder, limit = "\(output.folderLimit / 1_000_000) MB"
        guard FileSystem.exists(folder) else { return }
        if let real = FileSystem.realPath(folder), inputs.compactMap(FileSystem.realPath).contains(where: { $0 == real || $0.hasPrefix(real + "/") }) {
            throw InputError(file: folder, "is the input or holds its files, and the page passes \(limit) and must become this folder; choose another output")
        }
        guard ReportAssembly.isReportFolder(folder) else {
            throw InputError(file: folder, "exists and is not a report's folder, and the page passes \(limit) and must become this folder; move it or choose another output")
        }
        guard output.replace else { throw InputError(file: folder, "already exists, and the page passes \(limit) and must become this folder (use --force to replace it)") }
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

/// The screens made and not yet written, by place, behind one condition.
private final class Results: @unchecked Sendable {
    private let condition = NSCondition()
    private var stored: [ReportedScreen?]
    private var count = 0
    private var isStopped = false

    init(count: Int) { stored = Array(repeating: nil, count: count) }

    /// Stores a screen; returns how many are done.
    func store(_ screen: ReportedScreen, at i: Int) -> Int {
        condition.withLock {
            stored[i] = screen
            count += 1
            condition.broadcast()
            return count
        }
    }

    /// Waits for the screen at `i` and hands it over.
    func take(_ i: Int) -> ReportedScreen {
        condition.withLock {
            while stored[i] == nil { condition.wait() }
            defer { stored[i] = nil }
            return stored[i]!
        }
    }

    var stopped: Bool { condition.withLock { isStopped } }
    func stop() { condition.withLock { isStopped = true } }
}
