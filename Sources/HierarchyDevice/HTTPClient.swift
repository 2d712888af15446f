import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Plain HTTP GETs through Foundation, each bounded in time: a server that stalls, closes the
/// connection or cannot be reached is a `DeviceError`, never a hang.
public struct HTTPClient: Sendable {
    /// Seconds a request may take, connection to last byte.
    public var timeout: Double

    public init(timeout: Double = 30) {
        self.timeout = timeout
    }

    /// What the server answered.
    public struct Response: Sendable {
        public var status: Int
        public var body: [UInt8]
    }

    public func get(_ url: String) throws(DeviceError) -> Response {
        guard let address = URL(string: url), let scheme = address.scheme?.lowercased(), scheme == "http" || scheme == "https", address.host != nil else {
            throw DeviceError("webdriver: '\(url)' is not an http:// URL")
        }
        var request = URLRequest(url: address, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let box = Outcome()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            box.set(data: data, status: (response as? HTTPURLResponse)?.statusCode, error: error)
            done.signal()
        }
        task.resume()
        // Foundation's own timeout should end it; this bound holds even if it does not.
        if done.wait(timeout: .now() + timeout + 2) == .timedOut {
            task.cancel()
            throw DeviceError("webdriver: GET \(url): no answer within \(Self.seconds(timeout))")
        }
        let (data, status, error) = box.values
        if let error { throw DeviceError("webdriver: GET \(url): \(describe(error))") }
        guard let status else { throw DeviceError("webdriver: GET \(url): no HTTP answer") }
        return Response(status: status, body: Array(data ?? Data()))
    }

    private func describe(_ error: Error) -> String {
        let code = (error as? URLError)?.code
        switch code {
        case .timedOut?: return "no answer within \(Self.seconds(timeout))"
        case .networkConnectionLost?, .badServerResponse?, .zeroByteResource?: return "the server closed the connection without an answer"
        case .cannotConnectToHost?: return "cannot connect (is the server running, and on this port?)"
        case .cannotFindHost?: return "no such host"
        default: return error.localizedDescription
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var data: Data?, status: Int?, error: Error?

        func set(data: Data?, status: Int?, error: Error?) {
            lock.lock()
            defer { lock.unlock() }
            (self.data, self.status, self.error) = (data, status, error)
        }

        var values: (Data?, Int?, Error?) {
            lock.lock()
            defer { lock.unlock() }
            return (data, status, error)
        }
    }
}
