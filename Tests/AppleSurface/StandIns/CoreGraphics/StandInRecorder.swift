import Foundation

/// Not Apple's: what the stand-ins drew, for the tests. Every string a stand-in view draws as
/// text (a label's, a text field's as it shows it) is recorded with the context it went into,
/// so that a test can tell which characters ever left a view.
@_spi(StandIn) public enum StandInRecorder {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var strings: [String] = []

    /// Records `text` as drawn.
    public static func recordText(_ text: String) {
        lock.lock(); defer { lock.unlock() }
        strings.append(text)
    }
    /// Every string drawn since the last `reset()`.
    public static var drawnText: [String] {
        lock.lock(); defer { lock.unlock() }
        return strings
    }
    public static func reset() {
        lock.lock(); defer { lock.unlock() }
        strings = []
    }
}

extension CGContext {
    /// Not Apple's: text drawn as the stand-ins draw it, one dark box a character across `rect`,
    /// recorded (Core Text's drawing is not stood in for).
    @_spi(StandIn) public func standInDrawText(_ text: String, in rect: CGRect) {
        StandInRecorder.recordText(text)
        guard !text.isEmpty else { return }
        let step = rect.width / CGFloat(text.count)
        saveGState()
        setFillColor(CGColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1))
        for i in 0..<text.count {
            fill(CGRect(x: rect.minX + CGFloat(i) * step + step * 0.2, y: rect.minY + rect.height * 0.3, width: step * 0.6, height: rect.height * 0.4))
        }
        restoreGState()
    }
}
