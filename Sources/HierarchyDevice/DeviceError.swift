import HierarchyModel

/// A device or a test session that could not be reached or read: adb missing, no device, an
/// unauthorized one, a WebDriver server's error, a timeout. One line; the command exits 2.
public struct DeviceError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    /// The message on one line, control characters shown as `\u{…}` escapes, never raw.
    public var description: String { DeviceError.printable(message) }

    /// `text` made safe for one line of a terminal: its lines joined with a space, other control
    /// characters escaped, cut at 600 characters.
    public static func printable(_ text: String) -> String {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmed(of: " \t\r") }.filter { !$0.isEmpty }
        let out = TerminalText.line(lines.joined(separator: " "))
        return out.count > 600 ? String(out.prefix(599)) + "…" : out
    }
}

extension Substring {
    fileprivate func trimmed(of set: String) -> Substring {
        var text = self
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return text
    }
}
