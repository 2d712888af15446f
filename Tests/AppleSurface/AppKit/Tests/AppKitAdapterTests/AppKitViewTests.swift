@_spi(StandIn) import AppKit
import Foundation
import HierarchyCapture
import HierarchyModel
import XCTest

/// A view that draws its top half red and its bottom half blue, in its own (upward) coordinates.
final class TwoToneView: NSView {
    override func draw(_ dirtyRect: NSRect) {
        guard let context = NSGraphicsContext.current?.cgContext else { return }
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(NSRect(x: 0, y: bounds.midY, width: bounds.width, height: bounds.height / 2))
        context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        context.fill(NSRect(x: 0, y: 0, width: bounds.width, height: bounds.height / 2))
    }
}

/// AVKit's player view: drawn from the screen by its class.
final class AVPlayerView: NSView {}
final class PreferencesViewController: NSViewController {}

/// The real AppKit adapter (Sources/HierarchyCapture/Platforms/AppKitView.swift) over stand-in
/// AppKit views, through the calls a developer makes.
final class AppKitViewTests: XCTestCase {
    @MainActor
    private struct App {
        let window = NSWindow(contentRect: NSRect(x: 100, y: 100, width: 300, height: 200), styleMask: [.titled], backing: .buffered, defer: false)
        let controller = PreferencesViewController()
        let swatch = TwoToneView(frame: NSRect(x: 10, y: 150, width: 50, height: 40))
        let password = NSSecureTextField(frame: NSRect(x: 10, y: 10, width: 120, height: 24))

        init() {
            NSScreen.standInReset()
            _ = NSScreen(standInFrame: NSRect(x: 0, y: 0, width: 800, height: 600), scale: 2)
            controller.title = "Preferences"
            let content = controller.view
            content.frame = NSRect(x: 0, y: 0, width: 300, height: 200)
            content.wantsLayer = true
            content.layer?.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            content.setAccessibilityIdentifier("preferences")
            window.contentView = content
            swatch.wantsLayer = true
            swatch.setAccessibilityIdentifier("swatch")
            password.wantsLayer = true
            password.stringValue = "hunter2"
            password.setAccessibilityIdentifier("password")
            content.addSubview(swatch)
            content.addSubview(password)
            window.makeKeyAndOrderFront(nil)
        }
    }

    func testUnflippedViewsComeOutTopDown() throws {
        let folder = temporaryFolder()
        try MainActor.assumeIsolated {
            let app = App()
            let report = try HierarchyCapture.captureSynchronously(app.window, to: folder)
            let swatch = try XCTUnwrap(report.views.first { $0.id == "swatch" })
            // 150 points up from the bottom of a 200-point view, 40 tall: 10 from its top.
            XCTAssertEqual(swatch.frame, Rect(x: 10, y: 10, width: 50, height: 40))
            let draft = HierarchyCapture.draft(AppKitView(app.window.contentView!))
            let index = try XCTUnwrap(draft.views.firstIndex { $0.id == "swatch" })
            let canvas = try XCTUnwrap(draft.images[index])
            XCTAssertEqual(Array(canvas.pixels[0..<4]), [255, 0, 0, 255], "the top row is the view's top half")
            let last = canvas.pixels.count - 4
            XCTAssertEqual(Array(canvas.pixels[last..<(last + 4)]), [0, 0, 255, 255])
        }
    }

    func testTheControllerAndASecureFieldAreRead() throws {
        let folder = temporaryFolder()
        try MainActor.assumeIsolated {
            StandInRecorder.reset()
            let app = App()
            let report = try HierarchyCapture.captureSynchronously(app.window, to: folder)
            let content = try XCTUnwrap(report.views.first { $0.id == "preferences" })
            XCTAssertEqual(content.viewController, ViewController(className: "PreferencesViewController", title: "Preferences"))
            XCTAssertEqual(report.views.first { $0.id == "password" }?.text, String(repeating: "\u{2022}", count: 7))
            XCTAssertFalse(try String(contentsOf: report.documentURL, encoding: .utf8).contains("hunter2"))
            XCTAssertFalse(StandInRecorder.drawnText.contains { $0.contains("\u{2022}") }, "the secure field is not drawn")
        }
    }

    func testHiddenAndAlphaAreReadWithoutBeingChanged() throws {
        let folder = temporaryFolder()
        try MainActor.assumeIsolated {
            let app = App()
            app.swatch.alphaValue = 0.25
            app.password.isHidden = true
            let views: [NSView] = [app.window.contentView!, app.swatch, app.password]
            @MainActor func state() -> [String] {
                views.map { "\($0.isHidden) \($0.alphaValue) \(String(describing: $0.layer?.isHidden)) \(String(describing: $0.layer?.opacity)) \($0.frame)" }
            }
            let before = state()
            let report = try HierarchyCapture.captureSynchronously(app.window, to: folder)
            XCTAssertEqual(state(), before)
            XCTAssertEqual(report.views.first { $0.id == "swatch" }?.alpha, 0.25)
            XCTAssertEqual(report.views.first { $0.id == "password" }?.isHidden, true)
        }
    }

    func testAWindowIsExcludedByItsIdentityAndItsClass() throws {
        let (byIdentity, byClass) = (temporaryFolder(), temporaryFolder())
        try MainActor.assumeIsolated {
            let app = App()
            let panel = NSPanel(contentRect: NSRect(x: 500, y: 300, width: 200, height: 150), styleMask: [.titled], backing: .buffered, defer: false)
            panel.level = .floating
            panel.contentView?.setAccessibilityIdentifier("inspector")
            panel.orderFront(nil)
            let screen = try XCTUnwrap(NSScreen.main)
            let all = try HierarchyCapture.captureSynchronously(screen, to: byIdentity)
            XCTAssertEqual(all.views[0].children.map { all.views[$0].className }, ["NSWindow", "NSPanel"])
            let id = ObjectIdentifier(panel)
            let withoutPanel = try HierarchyCapture.captureSynchronously(
                screen, to: byIdentity, options: HierarchyCapture.Options(exclude: { $0.identity == id }))
            XCTAssertEqual(withoutPanel.views[0].children.map { withoutPanel.views[$0].className }, ["NSWindow"])
            XCTAssertNil(withoutPanel.views.first { $0.id == "inspector" })
            let noPanels = try HierarchyCapture.captureSynchronously(
                screen, to: byClass, options: HierarchyCapture.Options(exclude: { $0.classChain.contains("NSPanel") }))
            XCTAssertEqual(noPanels.views[0].children.map { noPanels.views[$0].className }, ["NSWindow"])
            _ = app
        }
    }

    func testAScreenDrawnViewHoldsNothingThatOverlapsIt() throws {
        try MainActor.assumeIsolated {
            let app = App()
            let player = AVPlayerView(frame: NSRect(x: 100, y: 50, width: 100, height: 100))
            player.wantsLayer = true
            player.setAccessibilityIdentifier("player")
            player.standInScreenContent = [(NSRect(x: 0, y: 0, width: 100, height: 100), CGColor(red: 0, green: 1, blue: 0, alpha: 1))]
            let overlay = NSView(frame: NSRect(x: 100, y: 50, width: 100, height: 50))
            overlay.wantsLayer = true
            overlay.layer?.backgroundColor = CGColor(red: 1, green: 0, blue: 1, alpha: 1)
            app.window.contentView!.addSubview(player)
            app.window.contentView!.addSubview(overlay)
            let draft = HierarchyCapture.draft(AppKitView(app.window.contentView!))
            let index = try XCTUnwrap(draft.views.firstIndex { $0.id == "player" })
            let canvas = try XCTUnwrap(draft.images[index], "notes: \(draft.views[index].notes)")
            let last = canvas.pixels.count - 4
            // The bottom half lies under the overlay on screen; the picture is the view's own.
            XCTAssertEqual(Array(canvas.pixels[last..<(last + 4)]), [0, 255, 0, 255])
            XCTAssertEqual(Array(canvas.pixels[0..<4]), [0, 255, 0, 255])
        }
    }
}

extension XCTestCase {
    /// A fresh temporary folder, removed when the test ends.
    func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("apple-surface-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
