/// A WebDriver server's URL split into what may be shown and what may not: the address without
/// its user information (`http://user:secret@host:4444/wd/hub` is shown and written as
/// `http://host:4444/wd/hub`), and the user and password, which only the `Authorization` header
/// of each request carries (HTTP basic authentication, as cloud grids take it).
public struct WebDriverAddress: Hashable, Sendable {
    /// The URL without user information and without a trailing `/`: what messages and
    /// `capture.json` name.
    public var shown: String
    /// The user and password, percent-decoded; nil when the URL has none.
    public var credentials: Credentials?

    public struct Credentials: Hashable, Sendable {
        public var user: String
        public var password: String
    }

    /// Splits `url` as given on the command line. Only the authority's `user[:password]@` is taken
    /// out; the rest is kept as written.
    public init(_ url: String) {
        var text = url
        var credentials: Credentials?
        if let scheme = text.range(of: "://") {
            let authorityEnd = text[scheme.upperBound...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? text.endIndex
            if let at = text[scheme.upperBound..<authorityEnd].lastIndex(of: "@") {
                let info = text[scheme.upperBound..<at]
                let colon = info.firstIndex(of: ":")
                credentials = Credentials(user: Self.percentDecoded(String(info[..<(colon ?? info.endIndex)])),
                                          password: colon.map { Self.percentDecoded(String(info[info.index(after: $0)...])) } ?? "")
                text.removeSubrange(scheme.upperBound...at)
            }
        }
        while text.hasSuffix("/") { text.removeLast() }
        self.shown = text
        self.credentials = credentials
    }

    /// `text` with every byte but the unreserved ones (RFC 3986: letters, digits, `-._~`)
    /// percent-encoded: a session id put into a path stays one segment whatever it holds.
    public static func pathSegment(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        // "." and ".." alone would name the folder or its parent.
        return out == "." || out == ".." ? out.replacingDots() : out
    }

    /// `%XX` sequences decoded (a user or password may be written encoded); kept as written when
    /// they do not make UTF-8.
    static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? text
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }

    fileprivate func replacingDots() -> String {
        String(repeating: "%2E", count: count)
    }
}
