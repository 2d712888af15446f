import HierarchyFormats

/// The server-sent events the live page reads (`text/event-stream`): each one `event:` line, one
/// `data:` line of JSON, and a blank line.
///
/// - `screen`: `{"screen": N, "url": "/screen/N", "carry": {old id: new id}, "colors": {...},
///   "ended": T}`: the page loads screen N, keeping the view; `carry` names the views whose
///   identity moved (the diff paired them under other ids), so that the selection follows them;
///   `ended` is when its capture ended (milliseconds since 1970, this machine's clock), from which
///   the page times the screen drawn (`hierarchyServe.timing()`).
/// - `gone`: `{"message": "..."}`: the device went away, the last screen stays.
/// - `back`: `{}`: it answers again.
public enum ServeEvent {
    /// The text of `event` for the stream.
    public static func text(_ event: LiveState.Event, carry: [(String, String)] = [], colors: [(String, String)] = [], ended: Double? = nil) -> String {
        switch event {
        case .screen(let number):
            let body = OrderedJSON.object([
                ("screen", .number(Double(number))), ("url", .string("/screen/\(number)")),
                ("carry", .object(carry.map { ($0.0, .string($0.1)) })), ("colors", .object(colors.map { ($0.0, .string($0.1)) })),
            ] + (ended.map { [("ended", .number(($0 * 1000).rounded()))] } ?? []))
            return frame("screen", body)
        case .gone(let message):
            return frame("gone", .object([("message", .string(message))]))
        case .back:
            return frame("back", .object([]))
        }
    }

    /// A comment line, which keeps the connection open and tells a gone page at once.
    public static let keepAlive = ": keep-alive\n\n"

    private static func frame(_ name: String, _ body: OrderedJSON) -> String {
        // The writer escapes line breaks inside strings, so the JSON is one line.
        "event: \(name)\ndata: \(body.text())\n\n"
    }
}
