import Foundation
import HierarchyDevice
import HierarchyFormats
import HierarchyImaging
import HierarchyScreen
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// `hierarchy serve`'s HTTP server: Hummingbird over SwiftNIO, answering from `LiveFeed` alone.
/// Every request goes through `ServeRoute.check` (Host, Origin, path) before anything is looked
/// up; the answers are the live page, the viewer pages held in memory, the event stream and save.
public struct ServeServer: Sendable {
    /// What to serve and where.
    public struct Configuration: Sendable {
        public var input: ServeInput
        public var device: DeviceSource.Options
        public var host: String
        public var port: Int
        public var every: Double
        public var saveFolder: String

        public init(input: ServeInput, device: DeviceSource.Options = DeviceSource.Options(), host: String = "127.0.0.1", port: Int = 8642,
                    every: Double = 1, saveFolder: String = ".") {
            self.input = input
            self.device = device
            self.host = host
            self.port = port
            self.every = every
            self.saveFolder = saveFolder
        }
    }

    /// Serves until the task is cancelled: checks the input (asking no screen), listens, calls
    /// `listening` with the address bound, and says the device's comings and goings by `log`.
    /// - Throws: `DeviceError` for an input that is not a device, session or folder of screens,
    ///   or a port that cannot be bound (one line each: the command exits 2).
    public static func run(_ configuration: Configuration, log: @escaping @Sendable (String) -> Void,
                           listening: @escaping @Sendable (ServeAddress) -> Void) async throws {
        let root = try FileSystem.createTemporaryFolder(in: FileManager.default.temporaryDirectory.path, for: "hierarchy-serve", suffix: "screens")
        // (The failure comes back as a value and the folder is removed by plain code: a `defer`
        // and typed `catch … where` clauses around the awaited server made Swift 6.3's optimiser
        // crash while splitting this function's coroutine, in release builds only.)
        let outcome = await serve(configuration, root: root, log: log, listening: listening)
        FileSystem.removeTree(root)
        try outcome.get()
    }

    private static func serve(_ configuration: Configuration, root: String, log: @escaping @Sendable (String) -> Void,
                              listening: @escaping @Sendable (ServeAddress) -> Void) async -> Result<Void, Error> {
        let taker = ScreenTaker(configuration.input, options: configuration.device, root: root)
        do { try taker.check() } catch { return .failure(error) }
        let blocking = Blocking()
        let feed = LiveFeed(taker: taker, every: configuration.every, blocking: blocking, log: log)
        let bound = BoundAddress()
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            await answer(request, feed: feed, blocking: blocking, address: bound.address, configuration: configuration, log: log)
        }
        let app = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                let address = ServeAddress(host: configuration.host, port: channel.localAddress?.port ?? configuration.port)
                bound.set(address)
                listening(address)
            },
            logger: Logger(label: "hierarchy-serve", factory: { _ in SwiftLogNoOpLogHandler() }))
        let served: Result<Void, Error>
        do {
            try await withTaskCancellationHandler {
                try await app.run()
            } onCancel: {
                Task { await feed.stop() }
            }
            served = .success(())
        } catch {
            served = .failure(listeningError(error, configuration: configuration, bound: bound.address != nil))
        }
        await feed.stop()
        await blocking.stop()
        return served
    }

    /// A server's failure as the one line the command prints: a port in use, or an address that
    /// cannot be listened on; any other error as it is.
    static func listeningError(_ error: Error, configuration: Configuration, bound: Bool) -> Error {
        let address = "\(ServeAddress.bracketed(configuration.host)):\(configuration.port)"
        if let error = error as? IOError {
            if error.errnoCode == EADDRINUSE { return DeviceError("serve: \(address) is in use (--port 0 picks a free port)") }
            if !bound { return DeviceError("serve: cannot listen on \(address): \(error.description)") }
        }
        if let error = error as? SocketAddressError { return DeviceError("serve: cannot listen on \(configuration.host): \(error)") }
        return error
    }

    /// The answer to one request.
    static func answer(
        _ request: Request, feed: LiveFeed, blocking: Blocking, address: ServeAddress?, configuration: Configuration, log: @Sendable (String) -> Void
    ) async -> Response {
        let target = request.head.path ?? ""
        guard let address else { return refused(ServeRoute.Refusal(status: 503, reason: "starting", json: ServeRoute.answersJSON(target))) }
        let checked = ServeRoute.check(method: request.method.rawValue, target: target, host: request.head.authority,
                                       origin: request.headers[.origin], address: address)
        switch checked {
        case .failure(let refusal):
            return refused(refusal)
        case .success(.live):
            return Response(status: .ok, headers: fields(contentType: "text/html; charset=utf-8", policy: ServeHeaders.livePolicy),
                            body: ResponseBody(byteBuffer: ByteBuffer(string: ServePage.page(title: configuration.input.shown))))
        case .success(.screen(let number)):
            guard let page = await feed.page(number) else { return plain(404, "screen \(number) is no longer kept") }
            return Response(status: .ok, headers: fields(contentType: "text/html; charset=utf-8", policy: ServeHeaders.viewerPolicy),
                            body: ResponseBody(byteBuffer: ByteBuffer(string: page)))
        case .success(.screenData(let number)):
            guard let data = await feed.data(number) else { return json(404, error: "screen \(number) is no longer kept", screen: number) }
            return Response(status: .ok, headers: fields(contentType: "application/json", policy: "default-src 'none'"),
                            body: ResponseBody(byteBuffer: ByteBuffer(string: data)))
        case .success(.events):
            let stream = await feed.subscribe()
            return Response(status: .ok, headers: fields(contentType: "text/event-stream; charset=utf-8", policy: nil), body: ResponseBody { writer in
                for await text in stream { try await writer.write(ByteBuffer(string: text)) }
                try await writer.finish(nil)
            })
        case .success(.save):
            do {
                guard let name = try await feed.save(into: configuration.saveFolder) else { return json(409, error: "no screen is shown yet") }
                log("serve: saved \(configuration.saveFolder)/\(name)")
                return json(200, [("saved", .string(name))])
            } catch {
                return json(500, error: String(describing: error))
            }
        case .success(.find(let number, let locator, let rule)):
            guard let screen = await feed.screen(number) else { return json(404, error: "screen \(number) is no longer kept", screen: number) }
            let found = await blocking.run { () -> Result<OrderedJSON, Error> in
                Result { FindPage.searchAnswer(try screen.find(argument: locator, rule: rule).result) }
            }
            switch found {
            case .success(let answer): return json(200, [("screen", .number(Double(number))), ("find", answer)])
            case .failure(let error): return json(400, error: String(describing: error), screen: number)
            case nil: return json(503, error: "the server is stopping", screen: number)
            }
        case .success(.audit(let number)):
            guard let screen = await feed.screen(number) else { return json(404, error: "screen \(number) is no longer kept", screen: number) }
            let audited = await blocking.run { () -> Result<OrderedJSON, Error> in Result { try screen.audit().viewerData(of: screen) } }
            switch audited {
            case .success(let findings): return json(200, [("screen", .number(Double(number))), ("audit", findings)])
            case .failure(let error): return json(500, error: String(describing: error), screen: number)
            case nil: return json(503, error: "the server is stopping", screen: number)
            }
        }
    }

    /// A refusal as its route answers: `{"error": "one line"}` for the routes that answer JSON, a
    /// plain line for the pages.
    static func refused(_ refusal: ServeRoute.Refusal) -> Response {
        refusal.json ? json(refusal.status, error: refusal.reason) : plain(refusal.status, refusal.reason)
    }

    /// A JSON answer: `keys` as one object.
    static func json(_ status: Int, _ keys: [(String, OrderedJSON)]) -> Response {
        Response(status: HTTPResponse.Status(code: status), headers: fields(contentType: "application/json", policy: "default-src 'none'"),
                 body: ResponseBody(byteBuffer: ByteBuffer(string: OrderedJSON.object(keys).text())))
    }

    /// A JSON answer that says why nothing was found or done: `{"screen": N, "error": "one line"}`
    /// (`screen` when the request named one), the line made printable (no line break, no control
    /// character: a refused field's name is the asker's text).
    static func json(_ status: Int, error: String, screen: Int? = nil) -> Response {
        json(status, (screen.map { [("screen", .number(Double($0)))] } ?? []) + [("error", .string(DeviceError.printable(error)))])
    }

    /// A short text answer: a refusal's reason, or a state.
    static func plain(_ status: Int, _ text: String) -> Response {
        Response(status: HTTPResponse.Status(code: status), headers: fields(contentType: "text/plain; charset=utf-8", policy: "default-src 'none'"),
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
    }

    private static func fields(contentType: String, policy: String?) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in ServeHeaders.headers(contentType: contentType, policy: policy) {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        return fields
    }
}

/// The address once bound (the port `--port 0` picked), read by every request.
private final class BoundAddress: @unchecked Sendable {
    private let lock = NSLock()
    private var value: ServeAddress?

    var address: ServeAddress? { lock.withLock { value } }

    func set(_ address: ServeAddress) { lock.withLock { value = address } }
}
