import Foundation
import HierarchyCapture
import HierarchyModel
@_spi(StandIn) import QuartzCore
@_spi(StandIn) import UIKit
import XCTest

/// The real UIKit adapter (Sources/HierarchyCapture/Platforms/UIKitView.swift) over stand-in
/// UIKit views, through the calls a developer makes.
final class UIKitViewTests: XCTestCase {
    func testASecureFieldsCharactersNeverLeaveTheView() throws { let folder = temporaryFolder(); try onMain {
        let app = StandInApp()
        let report = try HierarchyCapture.captureSynchronously(app.window, to: folder)
        // The stand-in field draws its last character as a device does for a moment after typing:
        // drawing the field's own layer would let "2" out.
        // Not drawn at all: neither its characters nor its bullets reach a context.
        XCTAssertFalse(StandInRecorder.drawnText.contains { $0.contains("2") || $0.contains("hunter") || $0.contains("\u{2022}") },
                       "drawn: \(StandInRecorder.drawnText)")
        XCTAssertNotNil(try report.view("password").snapshot, "a plain grey picture stands for it")
        let document = try String(contentsOf: report.documentURL, encoding: .utf8)
        XCTAssertFalse(document.contains("hunter2"))
        XCTAssertEqual(try report.view("password").text, String(repeating: "\u{2022}", count: 7))
        XCTAssertTrue(StandInRecorder.drawnText.contains("Welcome"), "the label is drawn: \(StandInRecorder.drawnText)")
    } }

    func testHiddenAndAlphaAreReadWithoutBeingChanged() throws { let folder = temporaryFolder(); try onMain {
        let app = StandInApp()
        app.button.alpha = 0.5
        app.title.isHidden = true
        let views: [UIView] = [app.window, app.controller.view, app.title, app.password, app.button, app.badge]
        @MainActor func state() -> [String] {
            views.map { "\($0.isHidden) \($0.alpha) \($0.layer.isHidden) \($0.layer.opacity) \($0.frame) \($0.bounds) \($0.transform)" }
        }
        let before = state(), commits = CATransaction.standInCommits
        let report = try HierarchyCapture.captureSynchronously(app.window, to: folder)
        XCTAssertEqual(state(), before)
        XCTAssertEqual(CATransaction.standInCommits, commits + 1, "one transaction around the whole capture")
        XCTAssertEqual(try report.view("log-in").alpha, 0.5)
        XCTAssertTrue(try report.view("title").isHidden)
        XCTAssertNil(try report.view("title").snapshot, "a hidden view is not drawn")
        XCTAssertNotNil(try report.view("log-in").snapshot)
    } }

    func testTransformsAndAnchorPointsReachTheDocument() throws { let folder = temporaryFolder(); try onMain {
        let app = StandInApp()
        let badge = try HierarchyCapture.captureSynchronously(app.window, to: folder).view("badge")
        XCTAssertEqual(badge.anchorPoint, Point(x: 0, y: 0))
        // The untransformed frame: the anchor (the top left here) at the centre property.
        XCTAssertEqual(badge.frame, Rect(x: 140, y: 200, width: 40, height: 20))
        XCTAssertEqual(badge.transform.b, 0.5, accuracy: 1e-9)
        XCTAssertEqual(badge.transform.a, 3.0.squareRoot() / 2, accuracy: 1e-9)
    } }

    func testTheViewControllersNameAndTitleAreRecorded() throws { let folder = temporaryFolder(); try onMain {
        let app = StandInApp()
        let login = try HierarchyCapture.captureSynchronously(app.window, to: folder).view("login")
        XCTAssertEqual(login.viewController, ViewController(className: "LoginViewController", title: "Sign in"))
        app.controller.title = nil
        app.controller.navigationItem.title = "From the bar"
        let again = try HierarchyCapture.captureSynchronously(app.window, to: folder).view("login")
        XCTAssertEqual(again.viewController?.title, "From the bar")
    } }

    func testBackgroundColoursAreResolvedForTheViewsTraits() throws { let folder = temporaryFolder(); try onMain {
        let app = StandInApp()
        app.window.overrideUserInterfaceStyle = .dark
        app.badge.backgroundColor = UIColor { traits in
            traits.userInterfaceStyle == .dark ? UIColor(red: 0, green: 0, blue: 0, alpha: 1) : UIColor(red: 1, green: 1, blue: 1, alpha: 1)
        }
        let badge = try HierarchyCapture.captureSynchronously(app.window, to: folder).view("badge")
        XCTAssertEqual(badge.backgroundColor, Color(red: 0, green: 0, blue: 0, alpha: 255))
    } }

    func testExcludedAndRedactedViews() throws { let folder = temporaryFolder(); try onMain {
        let app = StandInApp()
        let button = ObjectIdentifier(app.button)
        let options = HierarchyCapture.Options(
            exclude: { $0.identity == button }, redact: { $0.accessibilityIdentifier == "title" })
        let report = try HierarchyCapture.captureSynchronously(app.window, to: folder, options: options)
        XCTAssertNil(report.views.first { $0.id == "log-in" })
        XCTAssertFalse(StandInRecorder.drawnText.contains("Log in"), "an excluded view is never drawn")
        XCTAssertFalse(StandInRecorder.drawnText.contains("Welcome"), "a redacted view is never drawn")
        XCTAssertNil(try report.view("title").text)
        XCTAssertTrue(try report.view("login").notes.contains { $0.contains("1 subview left out") })
    } }

    func testTheWindowsOfASceneAreCapturedByLevel() throws { let folder = temporaryFolder(); try onMain {
        let app = StandInApp()
        let alert = UIWindow(windowScene: app.scene)
        alert.windowLevel = .alert
        alert.accessibilityIdentifier = "alert-window"
        // Attached after the main window but made first: level decides, not order.
        let report = try HierarchyCapture.captureSynchronously(app.scene, to: folder)
        XCTAssertEqual(report.views[0].className, "UIScreen")
        XCTAssertEqual(report.views[0].frame, Rect(x: 0, y: 0, width: 200, height: 300))
        XCTAssertEqual(report.views[0].children.map { report.views[$0].id }, ["main-window", "alert-window"])
        XCTAssertEqual(report.screenScale, 2)
    } }

    func testTheKeyWindowIsTakenFromTheSceneThatHoldsIt() async throws {
        // Several foreground scenes (iPad multitasking, an external display): connectedScenes is
        // a set, so "the first" one is any of them.
        for round in 0..<6 {
            let root = try await Self.keyWindowCaptureRoot(folder: temporaryFolder())
            XCTAssertEqual(root, "main-window", "round \(round)")
        }
    }

    /// The id of the root captured by `captureKeyWindow` in an app of six foreground scenes
    /// whose key window is the login window.
    @MainActor
    private static func keyWindowCaptureRoot(folder: URL) async throws -> String? {
        let app = StandInApp()
        for i in 0..<5 {
            let scene = UIWindowScene(standInScreen: app.screen, activationState: .foregroundActive)
            UIWindow(windowScene: scene).accessibilityIdentifier = "other-\(i)"
        }
        app.window.makeKey()
        return try await HierarchyCapture.captureKeyWindow(to: folder)?.views.first?.id
    }
}
