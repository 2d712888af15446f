import HierarchyServe
import Foundation
import XCTest

/// The capture loop's decisions: no screen without a page, one capture at a time, the same
/// screen sent to nobody, the device going and coming back at a slower pace.
final class LiveStateTests: XCTestCase {
    func testNoScreenIsTakenWhileNoPageIsOpen() {
        var state = LiveState(every: 1)
        XCTAssertEqual(state.next(elapsed: nil), .idle)
        XCTAssertEqual(state.next(elapsed: 100), .idle)
        state.opened()
        XCTAssertEqual(state.next(elapsed: nil), .capture)
        state.closed()
        XCTAssertEqual(state.next(elapsed: 100), .idle)
        state.closed()
        XCTAssertEqual(state.pages, 0, "never below none")
    }

    func testNeverTwoCapturesAtOnceAndSeveralPagesShareOne() {
        var state = LiveState(every: 1)
        state.opened()
        state.opened()
        XCTAssertEqual(state.next(elapsed: nil), .capture)
        state.began()
        XCTAssertEqual(state.next(elapsed: 5), .idle, "the capture under way ends first")
        XCTAssertEqual(state.ended(.changed), [.screen(1)])
        XCTAssertEqual(state.next(elapsed: 0.25), .wait(0.75))
        XCTAssertEqual(state.next(elapsed: 1), .capture)
        XCTAssertEqual(state.greeting, [.screen(1)], "a page opening now gets the screen shown")
    }

    func testTheSameScreenIsSentToNobody() {
        var state = LiveState(every: 1)
        state.opened()
        state.began()
        XCTAssertEqual(state.ended(.same), [.screen(1)], "the first screen is shown whatever it is")
        state.began()
        XCTAssertEqual(state.ended(.same), [])
        state.began()
        XCTAssertEqual(state.ended(.changed), [.screen(2)])
        XCTAssertEqual(state.screen, 2)
    }

    func testTheDeviceGoingAwayIsSaidOnceAndAskedForSlowerUntilItComesBack() {
        var state = LiveState(every: 1)
        state.opened()
        state.began()
        _ = state.ended(.changed)
        state.began()
        XCTAssertEqual(state.ended(.failed("no device")), [.gone("no device")])
        XCTAssertEqual(state.retryPace, 5)
        XCTAssertEqual(state.next(elapsed: 1), .wait(4))
        state.began()
        XCTAssertEqual(state.ended(.failed("no device")), [], "said once")
        XCTAssertEqual(state.greeting, [.screen(1), .gone("no device")], "the last screen stays")
        state.began()
        XCTAssertEqual(state.ended(.same), [.back])
        XCTAssertEqual(state.next(elapsed: 1), .capture, "the usual pace again")
        state.began()
        _ = state.ended(.failed("no device"))
        state.began()
        XCTAssertEqual(state.ended(.changed), [.back, .screen(2)])
    }

    func testTheRetryPaceHasBounds() {
        XCTAssertEqual(LiveState(every: 0.2).retryPace, 5)
        XCTAssertEqual(LiveState(every: 3).retryPace, 15)
        XCTAssertEqual(LiveState(every: 60).retryPace, 30)
    }

    func testSaveNamesAreTheTimeAndNeverTaken() {
        let date = Date(timeIntervalSince1970: 1_795_000_000)
        XCTAssertEqual(SaveName.stamp(date), "2026-11-18T11-06-40Z")
        XCTAssertEqual(SaveName.name(at: date, taken: []), "2026-11-18T11-06-40Z")
        XCTAssertEqual(SaveName.name(at: date, taken: ["2026-11-18T11-06-40Z"]), "2026-11-18T11-06-40Z-2")
        XCTAssertEqual(SaveName.name(at: date, taken: ["2026-11-18T11-06-40Z", "2026-11-18T11-06-40Z-2"]), "2026-11-18T11-06-40Z-3")
    }

    func testAWatchedFolderShowsItsNewestScreen() {
        XCTAssertEqual(FolderScreens.latest([("0001", .captureFolder), ("0003", .captureFolder), ("0002", .captureFolder)]), "0003")
        XCTAssertEqual(FolderScreens.latest([("0001", .captureFolder), (".0002.123-abc.partial", .other), ("notes", .other)]), "0001")
        XCTAssertEqual(FolderScreens.latest([("a.xml", .file), ("b.json", .file), (".hidden.xml", .file)]), "b.json")
        // A dump's screenshot beside it is no screen, and is the dump's screenshot.
        XCTAssertEqual(FolderScreens.latest([("page-source.xml", .file), ("screenshot.png", .file), ("shot.JPG", .file)]), "page-source.xml")
        XCTAssertNil(FolderScreens.latest([("screenshot.png", .file)]))
        let names = ["screen-004.json", "screen-004.png", "screen-005.json", "screen-005.png", "screen-005.json.png"]
        XCTAssertEqual(FolderScreens.latest(names.map { ($0, .file) }), "screen-005.json")
        XCTAssertEqual(FolderScreens.screenshot(of: "screen-005.json", among: names), "screen-005.png")
        XCTAssertNil(FolderScreens.screenshot(of: "page-source.xml", among: ["page-source.xml", "screenshot.png"]), "only the same stem")
        XCTAssertNil(FolderScreens.screenshot(of: "tree", among: ["tree", "tree.png"]), "a name without an extension has no stem to share")
        XCTAssertNil(FolderScreens.latest([("logs", .other)]))
    }

    func testEventsAreOneLineOfJSONEach() {
        let screen = ServeEvent.text(.screen(3), carry: [("old\nid", "new")], colors: [("added", "#34C759")])
        XCTAssertEqual(screen, "event: screen\ndata: {\"screen\":3,\"url\":\"/screen/3\",\"carry\":{\"old\\nid\":\"new\"},\"colors\":{\"added\":\"#34C759\"}}\n\n")
        XCTAssertEqual(ServeEvent.text(.gone("adb: device offline\r\nretry")), "event: gone\ndata: {\"message\":\"adb: device offline\\r\\nretry\"}\n\n")
        XCTAssertEqual(ServeEvent.text(.back), "event: back\ndata: {}\n\n")
        // When the capture ended, in whole milliseconds, for the page's timing.
        XCTAssertTrue(ServeEvent.text(.screen(1), ended: 1_795_000_000.1234).contains("\"ended\":1795000000123}"))
    }
}
