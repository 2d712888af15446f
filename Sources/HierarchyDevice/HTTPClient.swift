import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix

/// HTTP/1.1 requests through swift-server's AsyncHTTPClient, made synchronously: GET, and POST
/// with a JSON body. Each is bounded in time (connection to last byte), in size (the answer as
/// sent and as inflated from gzip or deflate), and kept to the server's origin: a redirect to
/// another scheme, host or port is refused, never followed. A server that stalls, closes the
/// connection, cannot be reached or answers too much is a `DeviceError`, never a hang.
///
/// AsyncHTTPClient reads HTTP/1.1 as servers write it: chromedriver's `Content-Length:311`
/// (no space after the colon), which Foundation's URLSession on Linux refuses (docs/capture.md).
public struct HTTPClient: Sendable {
    /// Seconds a request may take, connection to last byte.
    public var timeout: Double
    /// Bytes an answer may hold, after inflating: a WebDriver screenshot of a large tablet is about
    /// 15 MB of base64, a page source rarely more than a few.
    public var answerLimit: Int
    /// Sent as HTTP basic authentication with every request; never shown.
    public var credentials: WebDriverAddress.Credentials?

    /// The answer limit unless one is given: 100 MB.
    public static let defaultAnswerLimit = 100_000_000
    /// Redirects followed within one origin, at most.
    static let redirectLimit = 5

    public init(timeout: Double = 30, answerLimit: Int = HTTPClient.defaultAnswerLimit, credentials: WebDriverAddress.Credentials? = nil) {
        self.timeout = timeout
        self.answerLimit = answerLimit
        self.credentials = credentials
    }

    /// What the server answered.
    public struct Response: Sendable {
        public var status: Int
        public var body: [UInt8]
    }

    public func get(_ url: String) throws(DeviceError) -> Response {
        try request("GET", url, body: nil)
    }

    /// POSTs `json` (a JSON document's bytes) as `application/json`.
    public func post(_ url: String, json: [UInt8]) throws(DeviceError) -> Response {
        try request("POST", url, body: json)
    }

    /// Sends the request, following redirects within the origin of `url`.
    func request(_ method: String, _ url: String, body: [UInt8]?) throws(DeviceError) -> Response {
        let said = "\(method) \(WebDriverAddress(url).shown)"
        guard let origin = Origin(url) else { throw DeviceError("webdriver: '\(WebDriverAddress(url).shown)' is not an http:// URL") }
        let client = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        defer { try? client.syncShutdown() }
        let deadline = NIODeadline.now() + .nanoseconds(Int64(timeout * 1e9))
        var address = url
        for _ in 0...Self.redirectLimit {
            let answer = try send(client, method, address, body: body, deadline: deadline, said: said)
            guard (300..<400).contains(answer.status), let location = answer.location else {
                return Response(status: answer.status, body: answer.body)
            }
            guard let next = origin.resolve(location), Origin(next) == origin else {
                throw DeviceError("webdriver: \(said): HTTP \(answer.status) redirects to another origin (\(WebDriverAddress(location).shown)), which is not followed")
            }
            address = next
        }
        throw DeviceError("webdriver: \(said): more than \(Self.redirectLimit) redirects")
    }

    /// AsyncHTTPClient's settings: no redirect followed by it (`request` decides), answers
    /// inflated up to the limit, a failed connection said at once rather than retried.
    private var configuration: AsyncHTTPClient.HTTPClient.Configuration {
        let amount = TimeAmount.nanoseconds(Int64(timeout * 1e9))
        var configuration = AsyncHTTPClient.HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: amount, read: amount), ignoreUncleanSSLShutdown: false,
            decompression: .enabled(limit: .size(answerLimit)))
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.httpVersion = .http1Only
        return configuration
    }

    private struct Answer {
        var status: Int
        var body: [UInt8]
        var location: String?
    }

    private func send(_ client: AsyncHTTPClient.HTTPClient, _ method: String, _ url: String, body: [UInt8]?, deadline: NIODeadline, said: String) throws(DeviceError) -> Answer {
        do {
            let address = WebDriverAddress(url).shown
            var request = try AsyncHTTPClient.HTTPClient.Request(url: address, method: HTTPMethod(rawValue: method), body: body.map { .bytes($0) })
            request.headers.add(name: "Accept", value: "application/json")
            if body != nil { request.headers.add(name: "Content-Type", value: "application/json; charset=utf-8") }
            if let credentials { request.setBasicAuth(username: credentials.user, password: credentials.password) }
            let delegate = ResponseAccumulator(request: request, maxBodySize: answerLimit)
            let response = try client.execute(request: request, delegate: delegate, deadline: deadline).wait()
            let bytes = response.body.map { Array($0.readableBytesView) } ?? []
            return Answer(status: Int(response.status.code), body: bytes, location: response.headers.first(name: "Location"))
        } catch let error as DeviceError {
            throw error
        } catch {
            throw DeviceError("webdriver: \(said): \(describe(error))")
        }
    }

    /// A failure as one phrase a user can act on.
    private func describe(_ error: Error) -> String {
        let limit = "\(answerLimit / 1_000_000) MB"
        switch error {
        case is ResponseAccumulator.ResponseTooBigError: return "the answer passes \(limit), which is not read (--max-answer-size MB raises it)"
        case let error as NIOHTTPDecompression.DecompressionError:
            return error == .limit ? "the answer inflates past \(limit), which is not read (--max-answer-size MB raises it)" : "the answer's compressed body does not inflate"
        case let error as HTTPClientError:
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout: return "no answer within \(Self.seconds(timeout))"
            case .remoteConnectionClosed, .bodyLengthMismatch: return "the server closed the connection without an answer"
            default: return "\(error)"
            }
        case let error as NIOConnectionError:
            return error.connectionErrors.isEmpty && (error.dnsAError != nil || error.dnsAAAAError != nil)
                ? "no such host" : "cannot connect (is the server running, and on this port?)"
        case let error as IOError where error.errnoCode == ECONNREFUSED:
            return "cannot connect (is the server running, and on this port?)"
        case is HTTPParserError: return "not an HTTP answer"
        default: return "\(error)"
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

/// The scheme, host and port of a URL: what a redirect may not leave.
struct Origin: Hashable {
    var scheme: String
    var host: String
    var port: Int

    init?(_ url: String) {
        guard let parts = URLComponents(string: WebDriverAddress(url).shown), let scheme = parts.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = parts.host?.lowercased(), !host.isEmpty else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = parts.port ?? (scheme == "https" ? 443 : 80)
    }

    /// `location` (absolute, or relative to this origin) as an absolute URL.
    func resolve(_ location: String) -> String? {
        if location.contains("://") { return location }
        guard location.hasPrefix("/"), !location.hasPrefix("//") else { return nil }
        return "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)\(location)"
    }
}
