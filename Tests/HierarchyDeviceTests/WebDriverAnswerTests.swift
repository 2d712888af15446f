import HierarchyDevice
import HierarchyModel
import XCTest

/// WebDriver replies read by the pure functions: W3C values and errors, Appium 1's JSONWP status,
/// the session lists of Appium 2 and 1, WebDriverAgent's status, capabilities' densities, and
/// the PNG header.
final class WebDriverAnswerTests: XCTestCase {
    private func value(_ json: String, status: Int = 200) throws -> JSONValue {
        try WebDriverReply.value(Array(json.utf8), status: status, request: "GET /x")
    }

    private func error(_ json: String, status: Int) -> String? {
        XCTAssertThrowsError(try value(json, status: status))
        do { _ = try value(json, status: status) } catch { return (error as? DeviceError)?.description }
        return nil
    }

    func testValuesAndErrors() throws {
        XCTAssertEqual(try value(#"{"value": "<AppiumAUT/>"}"#), .string("<AppiumAUT/>"))
        XCTAssertEqual(try value(#"{"status": 0, "value": "<hierarchy/>", "sessionId": "s"}"#), .string("<hierarchy/>"))
        XCTAssertEqual(error(#"{"value": {"error": "invalid session id", "message": "A session is either terminated or not started", "stacktrace": "NoSuchDriverError: …"}}"#, status: 404),
                       "webdriver: GET /x: invalid session id: A session is either terminated or not started (HTTP 404)")
        XCTAssertEqual(error(#"{"status": 6, "value": {"message": "A session is either terminated or not started"}}"#, status: 200),
                       "webdriver: GET /x: A session is either terminated or not started (HTTP 200)", "Appium 1's JSONWP status 6")
        XCTAssertEqual(error("<html>Bad Gateway</html>", status: 502), "webdriver: GET /x: HTTP 502, not a WebDriver answer: <html>Bad Gateway</html>")
        XCTAssertEqual(error("", status: 200), "webdriver: GET /x: HTTP 200, not a WebDriver answer: (empty)")
        XCTAssertEqual(WebDriverReply.refusal(Array(#"{"value": {"error": "unknown command", "message": "…"}}"#.utf8), status: 404), "unknown command (HTTP 404)")
        XCTAssertNil(WebDriverReply.refusal(Array(#"{"value": []}"#.utf8), status: 200))
    }

    func testScreenshotsAreBase64PNGs() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 4, 0x9B, 0, 0, 9, 0xFC, 8, 6, 0, 0, 0]
        let encoded = Data(png).base64EncodedString(options: .lineLength76Characters)
        XCTAssertEqual(try WebDriverReply.png(.string(encoded), request: "GET /s"), png, "line breaks in the base64 (Appium 1) ignored")
        XCTAssertEqual(PNGSize.of(png).map { [$0.width, $0.height] }, [1179, 2556])
        XCTAssertThrowsError(try WebDriverReply.png(.string("bm90IGEgcG5n"), request: "GET /s")) {
            XCTAssertEqual(($0 as? DeviceError)?.message, "webdriver: GET /s: the screenshot is not a PNG")
        }
        XCTAssertThrowsError(try WebDriverReply.png(.number(3), request: "GET /s"))
    }

    func testSessionsAndTheirDensities() throws {
        let appium2 = try value(#"{"value": [{"id": "a1", "capabilities": {"platformName": "Android", "appium:deviceScreenDensity": 420, "appium:appPackage": "com.android.settings"}, "created": 1}]}"#)
        let sessions = WebDriverSession.list(appium2)
        XCTAssertEqual(sessions.map(\.id), ["a1"])
        XCTAssertEqual(sessions[0].density?.value, 2.625)
        XCTAssertEqual(sessions[0].density?.source, "capabilities.deviceScreenDensity")
        XCTAssertEqual(sessions[0].platform, "Android")
        XCTAssertEqual(sessions[0].app, "com.android.settings")
        let ios = WebDriverSession(id: "i", capabilities: ["pixelRatio": .number(3), "deviceScreenDensity": .number(480), "platformName": .string("iOS")])
        XCTAssertEqual(ios.density?.value, 3, "pixelRatio first")
        XCTAssertNil(WebDriverSession(id: "x", capabilities: ["pixelRatio": .number(0)]).density)
        XCTAssertEqual(WebDriverSession.list(.array([.object(["capabilities": .object([:])])])), [], "no id: no session")
        let wda = try JSONValue.parse(Data(#"{"value": {"ready": true, "message": "WebDriverAgent is ready to accept commands"}, "sessionId": "B7C1"}"#.utf8), file: "s")
        XCTAssertEqual(WebDriverSession.fromStatus(wda)?.id, "B7C1")
        let idle = try JSONValue.parse(Data(#"{"value": {"ready": true}, "sessionId": null}"#.utf8), file: "s")
        XCTAssertNil(WebDriverSession.fromStatus(idle))
    }
}
