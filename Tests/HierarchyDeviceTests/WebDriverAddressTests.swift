@testable import HierarchyDevice
import XCTest

final class WebDriverAddressTests: XCTestCase {
    func testUserInformationIsTakenOutOfWhatIsShown() {
        let address = WebDriverAddress("http://user:s%40cret:x@grid.example:4444/wd/hub/")
        XCTAssertEqual(address.shown, "http://grid.example:4444/wd/hub")
        XCTAssertEqual(address.credentials, .init(user: "user", password: "s@cret:x"))
        XCTAssertEqual(WebDriverAddress("https://only-user@host/").shown, "https://host")
        XCTAssertEqual(WebDriverAddress("https://only-user@host/").credentials, .init(user: "only-user", password: ""))
        // An @ after the authority is the path's, not user information.
        let plain = WebDriverAddress("http://127.0.0.1:4723/a@b")
        XCTAssertEqual(plain.shown, "http://127.0.0.1:4723/a@b")
        XCTAssertNil(plain.credentials)
        XCTAssertEqual(WebDriverAddress("ftp://u:p@host/x").shown, "ftp://host/x")
    }

    func testASessionIdIsOneSegmentWhateverItHolds() {
        XCTAssertEqual(WebDriverAddress.pathSegment("4f2e8a1c-appium2_B7.C1~"), "4f2e8a1c-appium2_B7.C1~")
        XCTAssertEqual(WebDriverAddress.pathSegment("a/b?c#d e%"), "a%2Fb%3Fc%23d%20e%25")
        XCTAssertEqual(WebDriverAddress.pathSegment(".."), "%2E%2E")
        XCTAssertEqual(WebDriverAddress.pathSegment("é"), "%C3%A9")
    }

    func testARedirectStaysInItsOrigin() throws {
        let origin = try XCTUnwrap(Origin("http://user:pw@127.0.0.1:4723/wd/hub"))
        XCTAssertEqual(origin, Origin("HTTP://127.0.0.1:4723/other"))
        XCTAssertNotEqual(origin, Origin("http://127.0.0.1:4724/wd/hub"))
        XCTAssertNotEqual(origin, Origin("https://127.0.0.1:4723/wd/hub"))
        XCTAssertNotEqual(origin, Origin("http://localhost:4723/wd/hub"))
        XCTAssertEqual(Origin("http://host/x"), Origin("http://host:80/y"))
        XCTAssertEqual(origin.resolve("/moved"), "http://127.0.0.1:4723/moved")
        XCTAssertNil(origin.resolve("//evil.example/x"), "a network-path reference names another host")
        XCTAssertEqual(origin.resolve("http://evil.example/x"), "http://evil.example/x")
    }

    func testAWebPagesSourceIsKnownAsHTML() {
        for page in ["<!DOCTYPE html><html></html>", "\u{FEFF}  <!-- made by x -->\n<HTML lang=en>", "<html>"] {
            XCTAssertTrue(WebPage.isHTML(Array(page.utf8)), page)
        }
        for source in ["<?xml version=\"1.0\"?><AppiumAUT>", "<hierarchy rotation=\"0\">", "<htmlish/>x", ""] {
            XCTAssertFalse(WebPage.isHTML(Array(source.utf8)), source)
        }
    }
}
