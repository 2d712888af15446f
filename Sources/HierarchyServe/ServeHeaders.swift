/// The headers of every answer: what the page may load (Content-Security-Policy), and nothing
/// cached or sniffed.
public enum ServeHeaders {
    /// The viewer page's policy, as its own `<meta>` says it (`HTMLPageHead`): its inline style
    /// and script, images from its data, no connection; it may be framed by its own live page only.
    public static let viewerPolicy = "default-src 'none'; img-src data: blob:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; frame-ancestors 'self'"

    /// The live page's policy: its inline style and script, its icon (a `data:` URL), the event
    /// stream and save on its own origin, the viewer pages in frames of its own origin; nothing else.
    public static let livePolicy = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; frame-src 'self'; frame-ancestors 'none'; form-action 'none'"

    /// The headers for an answer of `contentType` under `policy` (nil: a plain answer).
    public static func headers(contentType: String, policy: String?) -> [(String, String)] {
        var headers = [("Content-Type", contentType), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer")]
        if let policy { headers.append(("Content-Security-Policy", policy)) }
        return headers
    }
}
