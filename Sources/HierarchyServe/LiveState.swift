/// The capture loop's decisions, as a value: whether to take a screen now, how long to wait,
/// what a finished capture means for the open pages. The loop (`LiveFeed`) only carries them out.
///
/// - Screens are taken only while at least one page is open (its event stream), never two at once;
///   every open page is sent the same screens.
/// - A screen that is the same as the one shown (the same hierarchy and screenshot bytes) is
///   sent to nobody.
/// - While the device is away (a capture failed), the pages are told once, the last screen stays,
///   and the loop asks at `retryPace` until a capture works again.
public struct LiveState: Hashable, Sendable {
    /// Seconds between screens while the device answers (`--every`).
    public let every: Double
    /// Event streams open now.
    public private(set) var pages = 0
    /// Whether a capture is under way.
    public private(set) var capturing = false
    /// Why the device is away (the last capture's error), nil while it answers.
    public private(set) var gone: String?
    /// The number of the screen shown (0: none yet); each new screen gets the next.
    public private(set) var screen = 0

    public init(every: Double) {
        self.every = every
    }

    /// What the loop does next.
    public enum Step: Hashable, Sendable {
        /// Nothing until a page opens or the capture under way ends.
        case idle
        /// Take a screen now.
        case capture
        /// Wait this many seconds, then ask again.
        case wait(Double)
    }

    /// What a capture gave.
    public enum Outcome: Hashable, Sendable {
        /// A screen that differs from the one shown (or the first).
        case changed
        /// The same screen as the one shown.
        case same
        /// The device or session did not answer: the one-line reason.
        case failed(String)
        /// It answered, but what it gave does not read (a dump and a screenshot taken across a
        /// change of screen disagree): the last screen stays and the next is asked at the usual pace.
        case unreadable
    }

    /// What the open pages are told.
    public enum Event: Hashable, Sendable {
        /// Screen N is there to show.
        case screen(Int)
        /// The device went away: the reason; the last screen stays.
        case gone(String)
        /// The device answers again (a new screen may follow).
        case back
    }

    /// The pace while the device is away: five times `every`, at least 5 s and at most 30 s.
    public var retryPace: Double { min(30, max(5, every * 5)) }

    /// The next step, `elapsed` seconds after the last capture began (nil: none began yet).
    public func next(elapsed: Double?) -> Step {
        guard pages > 0, !capturing else { return .idle }
        guard let elapsed else { return .capture }
        let pace = gone == nil ? every : retryPace
        return elapsed >= pace ? .capture : .wait(pace - elapsed)
    }

    /// A page's event stream opened.
    public mutating func opened() { pages += 1 }

    /// A page's event stream closed.
    public mutating func closed() { pages = max(0, pages - 1) }

    /// A capture began (the loop took `.capture`).
    public mutating func began() { capturing = true }

    /// A capture ended: what the pages are told, in order.
    public mutating func ended(_ outcome: Outcome) -> [Event] {
        capturing = false
        var events: [Event] = []
        switch outcome {
        case .failed(let reason):
            // Said once for each absence (a message that changes, naming a new folder, is not news).
            if gone == nil { events.append(.gone(reason)) }
            gone = reason
            return events
        case .unreadable:
            return events
        case .changed, .same:
            if gone != nil { events.append(.back) }
            gone = nil
        }
        if outcome == .changed || screen == 0 {
            screen += 1
            events.append(.screen(screen))
        }
        return events
    }

    /// What a page that opens now is told first: the screen shown and whether the device is away.
    public var greeting: [Event] {
        (screen > 0 ? [.screen(screen)] : []) + (gone.map { [.gone($0)] } ?? [])
    }
}
