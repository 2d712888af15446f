import Foundation
import HierarchyDevice
import HierarchyDiff
import HierarchyImaging
import HierarchyModel
import HierarchyLoading
import HierarchyScreen

/// The one capture loop every open page shares: it carries out `LiveState`'s decisions (take a
/// screen, wait, tell the pages) and keeps the pages of the last screens in memory, which are the
/// only files the server serves.
actor LiveFeed {
    /// A screen shown: the screen read, what it was read from, its page.
    private struct Shown: Sendable {
        var screen: Screen
        var taken: ScreenTaker.Taken
    }

    private var state: LiveState
    private let taker: ScreenTaker
    private let blocking: Blocking
    /// The textures' encodings from screen to screen: a texture already sent is not encoded again.
    private let encodings = PNGMemo(maxBytes: 32 << 20)
    private let title: String
    private let log: @Sendable (String) -> Void
    private var shown: Shown?
    /// The last two screens made (their pages, carries, screens and capture ends), by number: a
    /// page still loading the one before gets it; the search box's locators and the audit run
    /// over their screens.
    private var kept: [Int: Kept] = [:]
    private var streams: [Int: AsyncStream<String>.Continuation] = [:]
    private var nextStream = 0
    private var loop: Task<Void, Never>?
    private var lastBegan: Date?
    private var stopped = false
    private var passedOver = false

    init(taker: ScreenTaker, every: Double, blocking: Blocking, log: @escaping @Sendable (String) -> Void) {
        self.taker = taker
        self.blocking = blocking
        self.state = LiveState(every: every)
        self.title = taker.input.shown
        self.log = log
    }

    /// A page's event stream: what it is told first, then every event until it closes.
    func subscribe() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(32))
        guard !stopped else { continuation.finish(); return stream }
        let id = nextStream
        nextStream += 1
        streams[id] = continuation
        // A strong reference, released when the stream ends (the page closes, or `stop` finishes
        // it): a weak one keeps a side table whose address the object's header holds encoded,
        // which LeakSanitizer cannot see and reports as leaked when the process exits.
        continuation.onTermination = { _ in Task { await self.unsubscribe(id) } }
        state.opened()
        for event in state.greeting { continuation.yield(text(event)) }
        if loop == nil { loop = Task { await run() } }
        return stream
    }

    private func unsubscribe(_ id: Int) {
        guard streams.removeValue(forKey: id) != nil else { return }
        state.closed()
    }

    /// The page of screen `number`, if it is one of the last two.
    func page(_ number: Int) -> String? { kept[number]?.page.page }

    /// The data of screen `number`'s page, if it is one of the last two.
    func data(_ number: Int) -> String? { kept[number]?.page.data }

    /// Screen `number` as read, if it is one of the last two.
    func screen(_ number: Int) -> Screen? { kept[number]?.screen }

    /// Ends every stream and the loop (Ctrl-C).
    func stop() {
        stopped = true
        loop?.cancel()
        for continuation in streams.values { continuation.finish() }
        streams = [:]
    }

    /// Writes the screen shown into `folder` as a new capture folder named by the time; its name
    /// (nil while no screen is shown).
    func save(into folder: String, now: Date = Date()) throws -> String? {
        guard let shown else { return nil }
        if !FileSystem.exists(folder) { try FileSystem.createFolder(folder) }
        let name = SaveName.name(at: now, taken: Set(FileSystem.names(in: folder) ?? []))
        let path = folder + "/" + name
        if let captured = shown.taken.captured {
            try CaptureFolder.write(captured, to: path, rule: OutputRule(replace: false))
        } else {
            // A watched folder's screen, its files as they are: a capture folder's, or a dump and
            // the screenshot beside it.
            let file = shown.taken.file, parent = FileSystem.folder(of: file)
            let isCapture = URL(fileURLWithPath: file).lastPathComponent == CaptureFolder.tree && CaptureFolder.contents(of: parent) != nil
            try FileSystem.createFolder(path)
            let files = isCapture ? (FileSystem.names(in: parent) ?? []).map { parent + "/" + $0 } : [file] + (shown.taken.screenshot.map { [$0] } ?? [])
            for file in files where !FileSystem.isFolder(file) {
                try FileSystem.write(try FileSystem.read(file), to: path + "/" + URL(fileURLWithPath: file).lastPathComponent)
            }
        }
        return name
    }

    // MARK: - The loop

    private func run() async {
        while !Task.isCancelled {
            switch state.next(elapsed: lastBegan.map { Date().timeIntervalSince($0) }) {
            case .idle:
                loop = nil
                return
            case .wait(let seconds):
                // A comment on every stream at least each second: a closed page is noticed by its
                // failed write, so that the loop stops when the last one goes.
                broadcast(ServeEvent.keepAlive)
                try? await Task.sleep(nanoseconds: UInt64(min(seconds, 1) * 1e9))
            case .capture:
                state.began()
                lastBegan = Date()
                let outcome = await capture()
                for event in state.ended(outcome.result) {
                    if case .screen(let number) = event, let made = outcome.made {
                        kept[number] = Kept(page: made.page, screen: made.shown.screen, ended: made.ended)
                        kept = kept.filter { $0.key >= number - 1 }
                    }
                    say(event)
                    broadcast(text(event))
                }
            }
        }
    }

    /// What is kept of each of the last screens (not the bytes taken, which only the screen shown
    /// needs, to tell a change).
    private struct Kept {
        var page: LivePage
        var screen: Screen
        var ended: Double
    }

    /// What a capture made: the page, the views carried, the screen now shown.
    private struct Made: Sendable {
        var page: LivePage
        var shown: Shown
        /// When the capture ended, before the screen was read and its page built.
        var ended: Double
    }

    /// Takes a screen off the actor (adb and HTTP calls block) and, when its bytes (hierarchy or
    /// screenshot) differ from the screen shown, reads it and builds its page.
    private func capture() async -> (result: LiveState.Outcome, made: Made?) {
        let previous = shown, taker = taker, title = title, encodings = encodings
        let work: @Sendable () -> (LiveState.Outcome, Made?, String?) = {
            let taken: ScreenTaker.Taken, ended: Double
            do {
                taken = try taker.take()
                ended = Date().timeIntervalSince1970
            } catch {
                return (.failed((error as? DeviceError)?.description ?? DeviceError.printable(String(describing: error))), nil, nil)
            }
            if let previous, previous.taken.bytes == taken.bytes {
                if let folder = taken.folder { FileSystem.removeTree(folder) }
                return (.same, nil, nil)
            }
            do {
                var reading = LoadOptions()
                reading.screenshot = taken.screenshot
                let screen = try Screen.open(taken.file, options: ScreenOptions(reading: reading)).synthesized()
                let live = try screen.livePage(since: previous?.screen, title: title, source: title, memo: encodings)
                return (.changed, Made(page: live, shown: Shown(screen: screen, taken: taken), ended: ended), nil)
            } catch {
                if let folder = taken.folder { FileSystem.removeTree(folder) }
                return (.unreadable, nil, DeviceError.printable(String(describing: error)))
            }
        }
        // Nil: the pool stopped (Ctrl-C) before the capture began; nothing was taken.
        guard let (result, made, problem) = await blocking.run(work) else { return (.same, nil) }
        // A screen that does not read is said once, until one reads again.
        if let problem, !passedOver { log("serve: a screen that does not read was passed over (the last one stays): " + problem) }
        passedOver = problem != nil
        if let made {
            if let folder = shown?.taken.folder, folder != made.shown.taken.folder { FileSystem.removeTree(folder) }
            shown = made.shown
        }
        return (result, made)
    }

    private func text(_ event: LiveState.Event) -> String {
        guard case .screen(let number) = event else { return ServeEvent.text(event) }
        return ServeEvent.text(event, carry: kept[number]?.page.carry ?? [], colors: DiffColors.byKind.map { ($0.kind, $0.color.hex) }, ended: kept[number]?.ended)
    }

    private func broadcast(_ text: String) {
        for continuation in streams.values { continuation.yield(text) }
    }

    /// The device's comings and goings on standard error.
    private func say(_ event: LiveState.Event) {
        switch event {
        case .gone(let reason): log("serve: \(reason); the page keeps the last screen and asks again every \(Int(state.retryPace)) s")
        case .back: log("serve: \(title) answers again")
        case .screen: break
        }
    }
}
