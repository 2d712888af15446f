import HierarchyServe
import XCTest

/// Which requests the server answers, decided without a network: its own Host only (DNS
/// rebinding), paths from the root without `.`/`..` in any spelling, no hidden separators, save
/// from its own page only.
final class ServeRouteTests: XCTestCase {
    private let address = ServeAddress(host: "127.0.0.1", port: 8642)

    private func refusal(_ target: String, method: String = "GET", host: String? = "127.0.0.1:8642", origin: String? = nil) -> Int? {
        if case .failure(let refusal) = ServeRoute.check(method: method, target: target, host: host, origin: origin, address: address) { return refusal.status }
        return nil
    }

    private func route(_ target: String, method: String = "GET", origin: String? = nil) -> ServeRoute? {
        try? ServeRoute.check(method: method, target: target, host: "127.0.0.1:8642", origin: origin, address: address).get()
    }

    func testTheServersOwnPathsAreRouted() {
        XCTAssertEqual(route("/"), .live)
        XCTAssertEqual(route("/?from=bookmark"), .live)
        XCTAssertEqual(route("/events"), .events)
        XCTAssertEqual(route("/screen/12"), .screen(12))
        XCTAssertEqual(route("/screen/1", method: "HEAD"), .screen(1))
        XCTAssertEqual(route("/screen/12/data"), .screenData(12))
        XCTAssertEqual(route("/save", method: "POST", origin: "http://127.0.0.1:8642"), .save)
    }

    func testFindAndAuditAreReadOnlyRoutesWithTheirQueryChecked() {
        XCTAssertEqual(route("/find?screen=2&q=id%3Alogin"), .find(screen: 2, locator: "id:login", rule: nil))
        // A form's fields as the browser writes them: `+` a space, `/` and `'` escaped or not.
        XCTAssertEqual(route("/find?q=onView(withText(%22Sign+in%22))&screen=1&rule=espresso"),
                       .find(screen: 1, locator: "onView(withText(\"Sign in\"))", rule: .espresso))
        XCTAssertEqual(route("/find?screen=1&q=//android.widget.Button[@text='OK']"), .find(screen: 1, locator: "//android.widget.Button[@text='OK']", rule: nil))
        XCTAssertEqual(route("/find?screen=1&q=%2F%2FButton"), .find(screen: 1, locator: "//Button", rule: nil), "an escaped / in the query is no path")
        XCTAssertEqual(route("/audit?screen=7"), .audit(screen: 7))
        XCTAssertEqual(route("/audit?screen=7", method: "HEAD"), .audit(screen: 7))
        for (target, said) in [
            ("/find?q=x", "screen=N is needed"), ("/find?screen=0&q=x", "screen=N"), ("/find?screen=01&q=x", "screen=N"), ("/find?screen=1", "q=LOCATOR"),
            ("/find?screen=1&q=+++", "q=LOCATOR"), ("/find?screen=1&q=x&rule=selenium", "rule: 'selenium' is none of appium, espresso"),
            ("/find?screen=1&q=x&q=y", "the field 'q' twice"), ("/find?screen=1&q=x&file=/etc/passwd", "no field 'file'"),
            ("/find?screen=1&q=%zz", "malformed escape"), ("/find?screen=1&q=%+1", "malformed escape"), ("/find?screen=1&q=%ff", "malformed escape"),
            ("/audit", "screen=N"), ("/audit?screen=1&q=x", "no field 'q'"),
            ("/find?screen=1&q=" + String(repeating: "a", count: ServeQuery.maximumLength), "longer than 8192 bytes"),
        ] {
            guard case .failure(let refusal) = ServeRoute.check(method: "GET", target: target, host: "127.0.0.1:8642", origin: nil, address: address) else {
                XCTFail("\(target) was answered"); continue
            }
            XCTAssertEqual(refusal.status, 400, target)
            XCTAssertTrue(refusal.reason.contains(said), "\(target): \(refusal.reason)")
        }
        XCTAssertEqual(refusal("/find?screen=1&q=x", method: "POST", origin: "http://127.0.0.1:8642"), 405, "nothing that reads writes")
        XCTAssertEqual(refusal("/audit?screen=1", method: "DELETE"), 405)
        XCTAssertEqual(refusal("/find?screen=1&q=x", host: "evil.example"), 421, "another Host reads no screen")
        XCTAssertEqual(refusal("/find/../screen/1?screen=1&q=x"), 400)
        XCTAssertEqual(refusal("/find%2f..?screen=1&q=x"), 400)
    }

    /// The routes the page reads as JSON are refused in JSON, whatever refuses them; the pages in a plain line.
    func testTheJSONRoutesRefusalsAreMarkedToBeSaidInJSON() {
        func refused(_ target: String, method: String = "GET", host: String = "127.0.0.1:8642") -> ServeRoute.Refusal? {
            if case .failure(let refusal) = ServeRoute.check(method: method, target: target, host: host, origin: nil, address: address) { return refusal }
            return nil
        }
        for (target, method, host, status) in [
            ("/find?screen=1", "GET", "127.0.0.1:8642", 400), ("/find?screen=1&q=x", "POST", "127.0.0.1:8642", 405),
            ("/audit?screen=1", "GET", "evil.example", 421), ("/audit", "GET", "127.0.0.1:8642", 400),
            ("/save", "POST", "127.0.0.1:8642", 403), ("/screen/1/data", "POST", "127.0.0.1:8642", 405), ("/screen/1/data", "GET", "evil.example", 421),
        ] {
            let refusal = refused(target, method: method, host: host)
            XCTAssertEqual(refusal?.status, status, target)
            XCTAssertEqual(refusal?.json, true, target)
        }
        for (target, status) in [("/", 421), ("/screen/1", 421), ("/etc/passwd", 404), ("/screen/01/data", 404), ("/screen/1/data/x", 404), ("/find/x", 404), ("/%2e%2e/find", 400)] {
            let refusal = refused(target, host: status == 421 ? "evil.example" : "127.0.0.1:8642")
            XCTAssertEqual(refusal?.status, status, target)
            XCTAssertEqual(refusal?.json, false, target)
        }
    }

    func testAQueryIsReadAsAFormsFields() throws {
        XCTAssertEqual(try ServeQuery.parse("a=1&b=x+y%26z&c", known: ["a", "b", "c"]).fields, ["a": "1", "b": "x y&z", "c": ""])
        XCTAssertEqual(try ServeQuery.parse("", known: []).fields, [:])
        XCTAssertEqual(try ServeQuery.parse("q=%E2%9C%93", known: ["q"]).fields["q"], "✓")
        XCTAssertThrowsError(try ServeQuery.parse("q=%E2%9C", known: ["q"]), "not UTF-8")
    }

    func testAnotherHostIsRefusedAsDNSRebinding() {
        XCTAssertEqual(refusal("/", host: "evil.example"), 421)
        XCTAssertEqual(refusal("/", host: "evil.example:8642"), 421)
        XCTAssertEqual(refusal("/", host: "127.0.0.1:8643"), 421)
        XCTAssertEqual(refusal("/", host: nil), 421)
        XCTAssertEqual(refusal("/", host: "127.0.0.1"), 421, "port 8642 must be named")
        XCTAssertNil(refusal("/", host: "LOCALHOST:8642"))
        XCTAssertNil(refusal("/", host: "[::1]:8642"))
    }

    func testTraversalInEverySpellingIsRefused() {
        for target in ["/../etc/passwd", "/screen/../../etc/passwd", "/%2e%2e/etc/passwd", "/%2E%2e/%2e%2e/etc/passwd", "/.%2e/x", "/./events",
                       "/screen/%2f..%2fetc", "/screen%5c..%5cetc", "/a\\..\\b", "/%00", "/%zz", "/%2", "/%+1"] {
            XCTAssertEqual(refusal(target), 400, target)
        }
    }

    func testAbsoluteTargetsAreRefused() {
        for target in ["/etc/passwd", "//etc/passwd", "http://127.0.0.1:8642/", "etc/passwd", "", "*", "/screen/0", "/screen/01", "/screen/-1", "/screen/1/x"] {
            XCTAssertNotNil(refusal(target), target)
        }
        XCTAssertEqual(refusal("/etc/passwd"), 404)
        XCTAssertEqual(refusal("//etc/passwd"), 400)
        XCTAssertEqual(refusal("http://127.0.0.1:8642/"), 400)
    }

    func testOnlySaveWritesAndOnlyFromTheServersOwnPage() {
        XCTAssertEqual(refusal("/", method: "POST"), 405)
        XCTAssertEqual(refusal("/save", method: "GET"), 405)
        XCTAssertEqual(refusal("/screen/1", method: "DELETE"), 405)
        XCTAssertEqual(refusal("/save", method: "POST"), 403, "no Origin")
        XCTAssertEqual(refusal("/save", method: "POST", origin: "http://evil.example"), 403)
        XCTAssertEqual(refusal("/save", method: "POST", origin: "null"), 403)
        XCTAssertNil(refusal("/save", method: "POST", origin: "http://localhost:8642"))
    }

    func testLoopbackAndTheWarningForOtherHosts() {
        XCTAssertTrue(ServeAddress.isLoopback("127.0.0.1"))
        XCTAssertTrue(ServeAddress.isLoopback("127.1.2.3"))
        XCTAssertTrue(ServeAddress.isLoopback("::1"))
        XCTAssertTrue(ServeAddress.isLoopback("localhost"))
        XCTAssertFalse(ServeAddress.isLoopback("0.0.0.0"))
        XCTAssertFalse(ServeAddress.isLoopback("127.0.0.1.evil.example"))
        XCTAssertFalse(ServeAddress.isLoopback("192.168.1.20"))
        XCTAssertNil(address.warning)
        XCTAssertNotNil(ServeAddress(host: "0.0.0.0", port: 8642).warning)
        XCTAssertEqual(ServeAddress(host: "::1", port: 9000).url, "http://[::1]:9000/")
        XCTAssertEqual(ServeAddress(host: "0.0.0.0", port: 9000).url, "http://127.0.0.1:9000/")
        XCTAssertTrue(ServeAddress(host: "192.168.1.20", port: 9000).answers(host: "192.168.1.20:9000"))
        XCTAssertFalse(ServeAddress(host: "0.0.0.0", port: 9000).answers(host: "0.0.0.0:9000"))
        XCTAssertTrue(ServeAddress(host: "127.0.0.1", port: 80).answers(host: "localhost"))
    }

    func testTheHeadersCarryTheViewersPolicy() {
        let headers = Dictionary(uniqueKeysWithValues: ServeHeaders.headers(contentType: "text/html", policy: ServeHeaders.viewerPolicy))
        XCTAssertEqual(headers["Content-Security-Policy"], ServeHeaders.viewerPolicy)
        XCTAssertEqual(headers["X-Content-Type-Options"], "nosniff")
        XCTAssertTrue(ServeHeaders.viewerPolicy.hasPrefix("default-src 'none'"))
        XCTAssertFalse(ServeHeaders.viewerPolicy.contains("connect-src"), "the viewer connects nowhere")
        XCTAssertTrue(ServeHeaders.livePolicy.contains("connect-src 'self'"))
    }
}
