/// Where the server listens and the names a browser may call it by: the `Host` headers it answers.
///
/// A page on another site can make a browser send requests to 127.0.0.1 under its own name (DNS
/// rebinding: `evil.example` resolved to 127.0.0.1); such requests carry `Host: evil.example`,
/// so only the server's own addresses are answered.
public struct ServeAddress: Hashable, Sendable {
    /// The address bound, as `--host` gave it (`127.0.0.1`, `::1`, `0.0.0.0`, `192.168.1.20`).
    public var host: String
    /// The port bound (the one picked when `--port 0` asked for any).
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Whether `host` is a loopback address or name: nothing off this machine reaches it.
    public static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased()
        if name == "localhost" || name == "::1" || name == "[::1]" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// `host` as a URL writes it: an IPv6 address in brackets.
    public static func bracketed(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[" + host + "]" : host
    }

    /// The page's address as printed: `http://127.0.0.1:8642/` (for a wildcard bind, loopback's).
    public var url: String {
        let shown = host == "0.0.0.0" ? "127.0.0.1" : host == "::" ? "::1" : host
        return "http://\(Self.bracketed(shown)):\(port)/"
    }

    /// The `Host` values answered: the bound address and loopback's names, each with the port
    /// (and without it on port 80, where browsers leave it out); compared without case.
    public var allowedHosts: Set<String> {
        var names: Set<String> = ["127.0.0.1", "localhost", "[::1]", Self.bracketed(host).lowercased()]
        if host == "0.0.0.0" || host == "::" { names.remove(Self.bracketed(host)) }
        var allowed = Set(names.map { "\($0):\(port)" })
        if port == 80 { allowed.formUnion(names) }
        return allowed
    }

    /// Whether a request's `Host` header names this server.
    public func answers(host header: String?) -> Bool {
        guard let header else { return false }
        return allowedHosts.contains(header.lowercased())
    }

    /// The warning for a host other than loopback: the page and the device's screens are then
    /// open to the network.
    public var warning: String? {
        Self.isLoopback(host) ? nil
            : "serve: listening on \(host), not only this machine: anyone who reaches port \(port) sees the device's screens and can save them"
    }
}
