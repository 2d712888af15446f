import Foundation
import HierarchyScreen

/// What a request asks for, decided from its method and raw target alone: the server's own
/// in-memory answers, never a file. Anything else is refused with a status and a reason.
public enum ServeRoute: Hashable, Sendable {
    /// `GET /`: the live page (the frame around the viewer).
    case live
    /// `GET /screen/N`: the viewer page of screen N (the same page `export --format html` writes).
    case screen(Int)
    /// `GET /screen/N/data`: that page's data alone (the viewer's JSON), which the live page hands
    /// to the viewer already open so that it updates itself in place.
    case screenData(Int)
    /// `GET /events`: the server-sent events of new screens and of the device's state.
    case events
    /// `POST /save`: the screen shown written as a capture folder into `--save-dir`.
    case save
    /// `GET /find?screen=N&q=LOCATOR[&rule=R]`: LOCATOR read and run as `hierarchy find` runs it
    /// (with `--rule R`) over screen N: the served viewer's search box.
    case find(screen: Int, locator: String, rule: TapRule?)
    /// `GET /audit?screen=N`: screen N's audit findings, as `hierarchy audit` finds them.
    case audit(screen: Int)

    /// A request refused: its status and the one line said.
    public struct Refusal: Error, Hashable, Sendable {
        public var status: Int
        public var reason: String
        /// Said as JSON (`{"error": reason}`), not as a plain line: the request asked one of the
        /// routes that answer JSON (`answersJSON`), whose page reads every answer as JSON.
        public var json = false

        public init(status: Int, reason: String, json: Bool = false) {
            (self.status, self.reason, self.json) = (status, reason, json)
        }
    }

    /// The paths whose answers are JSON, refusals included: the search box's `/find`, the audit's
    /// `/audit` and `/save`.
    public static let jsonPaths: Set<String> = ["/find", "/audit", "/save"]

    /// Whether a request for `target` (the request line's, its query still in it) is answered in
    /// JSON, refused or not: its path is one of `jsonPaths` or a screen's data, exactly as written.
    public static func answersJSON(_ target: String) -> Bool {
        let path = String(target.prefix { $0 != "?" })
        return jsonPaths.contains(path) || (path.hasPrefix("/screen/") && screenNumber(path.dropFirst("/screen/".count))?.1 == true)
    }

    /// The route of a request to the server at `address`: first its `Host` (none but the
    /// server's own names, against DNS rebinding: 421) and, for the one request that writes
    /// (save), its `Origin` (the server's own page only, so that another site's form cannot
    /// save: 403); then `route(method:target:)`.
    /// A refusal of a route that answers JSON (`answersJSON`) is marked to be said as JSON.
    public static func check(method: String, target: String, host: String?, origin: String?, address: ServeAddress) -> Result<ServeRoute, Refusal> {
        checked(method: method, target: target, host: host, origin: origin, address: address).mapError { refusal in
            var refusal = refusal
            refusal.json = answersJSON(target)
            return refusal
        }
    }

    private static func checked(method: String, target: String, host: String?, origin: String?, address: ServeAddress) -> Result<ServeRoute, Refusal> {
        guard address.answers(host: host) else { return .failure(Refusal(status: 421, reason: "this server answers only to its own address")) }
        let routed = route(method: method, target: target)
        if case .success(.save) = routed {
            guard let origin, origin.lowercased().hasPrefix("http://"), address.answers(host: String(origin.dropFirst("http://".count))) else {
                return .failure(Refusal(status: 403, reason: "save is asked by the server's own page only"))
            }
        }
        return routed
    }

    /// The route of `method` and `target` (the request line's, as sent: percent-escapes still in it).
    ///
    /// Refused: a target that is not a path from the root (an absolute URL, `//host`), one with a
    /// `.` or `..` segment written plainly or escaped (`%2e%2e`), an escaped `/` or `\`, a
    /// backslash, NUL or control character, and any path not listed (404); a known path under
    /// another method (405).
    public static func route(method: String, target: String) -> Result<ServeRoute, Refusal> {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts.first.map(String.init) ?? ""
        if let refusal = unsafe(path) { return .failure(refusal) }
        let route: ServeRoute
        switch path {
        case "/": route = .live
        case "/events": route = .events
        case "/save": route = .save
        case "/find", "/audit":
            do {
                route = try asked(path, query: parts.count > 1 ? parts[1] : "")
            } catch {
                return .failure(error)
            }
        default:
            guard path.hasPrefix("/screen/"), let (number, data) = screenNumber(path.dropFirst("/screen/".count)) else {
                return .failure(Refusal(status: 404, reason: "no such page"))
            }
            route = data ? .screenData(number) : .screen(number)
        }
        let wanted = route == .save ? "POST" : "GET"
        guard method == wanted || (method == "HEAD" && wanted == "GET") else {
            return .failure(Refusal(status: 405, reason: "\(path) answers \(wanted) only"))
        }
        return .success(route)
    }

    /// `N` or `N/data` (after `/screen/`): the screen's number, written plainly (1, 2…, no sign
    /// or leading zero), and whether its data alone is asked; nil for anything else.
    static func screenNumber(_ rest: Substring) -> (Int, Bool)? {
        let data = rest.hasSuffix("/data")
        let digits = data ? rest.dropLast("/data".count) : rest
        guard let number = Int(digits), number > 0, String(number) == digits else { return nil }
        return (number, data)
    }

    /// The route of a read-only request with a query: `/find` (a screen, a locator, a rule) or
    /// `/audit` (a screen).
    static func asked(_ path: String, query text: Substring) throws(Refusal) -> ServeRoute {
        guard path == "/find" else { return .audit(screen: try ServeQuery.parse(text, known: ["screen"]).screen()) }
        let query = try ServeQuery.parse(text, known: ["screen", "q", "rule"])
        let screen = try query.screen()
        guard let locator = query.fields["q"], !locator.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw Refusal(status: 400, reason: "q=LOCATOR is needed: a locator as hierarchy find reads it")
        }
        let rule = try query.fields["rule"].map { (name) throws(Refusal) -> TapRule in
            guard let rule = TapRule(rawValue: name) else {
                throw Refusal(status: 400, reason: "rule: '\(name)' is none of \(TapRule.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return rule
        }
        return .find(screen: screen, locator: locator, rule: rule)
    }

    /// Why `path` is refused before it is looked up, or nil.
    static func unsafe(_ path: String) -> Refusal? {
        guard path.hasPrefix("/"), !path.hasPrefix("//") else { return Refusal(status: 400, reason: "the target must be a path from /") }
        guard let decoded = percentDecoded(path) else { return Refusal(status: 400, reason: "a malformed or forbidden escape in the path") }
        if decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) {
            return Refusal(status: 400, reason: "a control character or backslash in the path")
        }
        if decoded.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == "." || $0 == ".." }) {
            return Refusal(status: 400, reason: "a . or .. segment in the path")
        }
        return nil
    }

    /// `path` with its `%XX` escapes decoded; nil for a malformed escape, one of `/` or `\`
    /// (a hidden separator), or bytes that are not UTF-8.
    static func percentDecoded(_ path: String) -> String? {
        var bytes: [UInt8] = []
        var utf8 = Array(path.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            let digits = utf8.prefix(2)
            guard digits.count == 2, digits.allSatisfy({ UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0 || UInt8(ascii: "a")...UInt8(ascii: "f") ~= ($0 | 0x20) }),
                  let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16)
            else { return nil }
            if value == UInt8(ascii: "/") || value == UInt8(ascii: "\\") { return nil }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
