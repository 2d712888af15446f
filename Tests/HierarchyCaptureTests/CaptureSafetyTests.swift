import Foundation
@testable import HierarchyCapture
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// The rules that make the capture safe in a shipping app (issue 29), one test each, through fake
/// views: nothing secret written, content the render server draws taken from the screen, memory
/// bounded, no side effects, view controllers recorded.
final class CaptureSafetyTests: XCTestCase {
    typealias F = CaptureFixture

    override class func tearDown() { CaptureFixture.removeAll() }

    /// Every byte of every file the capture wrote, as one string (lossy UTF-8), to look for secrets.
    private static func everything(in folder: URL) throws -> String {
        var all = Data()
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
        for case let url as URL in files where !url.hasDirectoryPath { all += try Data(contentsOf: url) }
        return String(decoding: all, as: UTF8.self)
    }

    // MARK: Nothing secret leaves the app

    func testASecureFieldsTextNeverReachesTheDocument() throws {
        try onMain {
            let field = FakeView("UITextField", frame: Rect(x: 10, y: 10, width: 80, height: 30), fill: F.white, id: "password")
            field.isSecureTextEntry = true
            field.text = "hunter2 ☃"
            // The field editor inside draws the characters (and shows the last one typed).
            let editor = FakeView("UIFieldEditor", frame: Rect(x: 2, y: 2, width: 76, height: 26), fill: F.red, id: "editor")
            editor.text = "hunter2 ☃"
            field.adding(editor)
            let c = try F.capture(F.screen(field))
            XCTAssertEqual(c.node("password").text, String(repeating: "\u{2022}", count: 9), "its length as bullets")
            XCTAssertNil(c.node("editor").text, "nothing below a secure field writes its text")
            XCTAssertEqual(editor.drawCalls, 0, "nor is drawn")
            XCTAssertEqual(try c.snapshot("editor")[10, 10], Color(red: 0x8E, green: 0x8E, blue: 0x93))
            XCTAssertFalse(try Self.everything(in: c.folder).contains("hunter2"), "no file holds the password")
        }
    }

    func testARedactedViewHasNoPixelsAndNoText() throws {
        try onMain {
            let card = FakeView("CardNumberLabel", frame: Rect(x: 10, y: 50, width: 80, height: 20), fill: F.red, id: "card")
            card.text = "4111 1111 1111 1111"
            card.accessibilityLabel = "Card 4111 1111 1111 1111"
            let digits = FakeView("UILabel", frame: Rect(x: 0, y: 0, width: 40, height: 20), fill: F.blue)
            digits.text = "4111"
            card.adding(digits)
            card.accessibilityIdentifier = nil
            card.tag = 7
            let options = HierarchyCapture.Options(encoder: StoredPNGEncoder(), redact: { $0.tag == 7 })
            let c = try F.capture(F.screen(card), options: options)
            let id = c.tree[c.tree.root.children[0]].id
            XCTAssertNil(c.node(id).text)
            XCTAssertNil(c.node(id).name, "the accessibility label often repeats the text")
            XCTAssertEqual(c.node(id).className, "CardNumberLabel")
            XCTAssertRect(c.node(id).frame, Rect(x: 10, y: 50, width: 80, height: 20), "its frame is kept")
            XCTAssertEqual(card.drawCalls + digits.drawCalls, 0, "neither it nor its subviews are drawn")
            let image = try c.snapshot(id)
            XCTAssertEqual([image.width, image.height], [160, 40])
            let grey = Color(red: 0x8E, green: 0x8E, blue: 0x93)
            XCTAssertTrue((0..<image.height).allSatisfy { y in (0..<image.width).allSatisfy { image[$0, y] == grey } }, "every pixel the placeholder grey")
            XCTAssertEqual(c.notes(id), ["redacted: its pixels and text are not captured"])
            XCTAssertFalse(try Self.everything(in: c.folder).contains("4111"))
        }
    }

    func testAnExcludedViewIsLeftOutWithItsSubtreeAndNotInItsParentsPicture() throws {
        try onMain {
            let panel = FakeView(frame: Rect(x: 0, y: 0, width: 100, height: 100), fill: F.white, id: "panel")
            let menu = FakeView("DebugMenu", frame: Rect(x: 0, y: 0, width: 50, height: 50), fill: F.red, id: "debugMenu")
            menu.adding(FakeView("UIButton", frame: Rect(x: 0, y: 0, width: 10, height: 10), id: "menuButton"))
            let after = FakeView(frame: Rect(x: 60, y: 60, width: 10, height: 10), id: "after")
            panel.adding(menu, after)
            let menuIdentity = ObjectIdentifier(menu)
            let options = HierarchyCapture.Options(encoder: StoredPNGEncoder(), exclude: { $0.identity == menuIdentity })
            let c = try F.capture(F.screen(panel), options: options)
            XCTAssertNil(c.tree.index(ofID: "debugMenu"))
            XCTAssertNil(c.tree.index(ofID: "menuButton"))
            XCTAssertEqual(c.tree.count, 3)
            XCTAssertEqual(menu.drawCalls, 0)
            XCTAssertEqual(try c.snapshot("panel")[10, 10], F.white, "hidden while its superview was drawn")
            XCTAssertEqual(c.notes("panel"), ["1 subview left out by the capture's exclude option"])
            XCTAssertFalse(try Self.everything(in: c.folder).contains("DebugMenu"))
        }
    }

    // MARK: Every kind of content

    func testContentTheRenderServerDrawsIsDrawnFromTheScreen() throws {
        try onMain {
            let map = FakeView("MyMapView", frame: Rect(x: 0, y: 0, width: 100, height: 60), fill: F.green, id: "map")
            map.superclasses = ["MKMapView", "UIView"]
            let pin = FakeView("MKAnnotationView", frame: Rect(x: 10, y: 10, width: 10, height: 10), fill: F.red, id: "pin")
            map.adding(pin)
            let player = FakeView("PlayerView", frame: Rect(x: 0, y: 60, width: 100, height: 40), fill: F.blue, id: "player")
            player.layerClassName = "AVPlayerLayer"
            let blur = FakeView("UIVisualEffectView", frame: Rect(x: 0, y: 100, width: 100, height: 50), fill: F.white, id: "blur")
            blur.adding(FakeView("UILabel", frame: Rect(x: 0, y: 0, width: 50, height: 20), fill: F.red, id: "onBlur"))
            let plain = FakeView(frame: Rect(x: 0, y: 150, width: 100, height: 50), id: "plain")
            plain.hasSublayersAboveSubviews = true
            let c = try F.capture(F.screen(map, player, blur, plain))
            XCTAssertEqual([map.screenDrawCalls, map.drawCalls, player.screenDrawCalls, player.drawCalls], [1, 0, 1, 0])
            XCTAssertNil(c.tree.index(ofID: "pin"), "a render-server view is a leaf")
            XCTAssertEqual(try c.snapshot("map")[30, 30], F.red, "its subviews are in its picture")
            XCTAssertEqual(c.notes("map"), ["content drawn by the render server: drawn from the screen with its 1 subviews in the picture, which are not written"])
            XCTAssertEqual([blur.screenDrawCalls, blur.drawCalls], [1, 0])
            XCTAssertNotNil(c.tree.index(ofID: "onBlur"), "a visual effect view keeps its subviews")
            XCTAssertEqual(c.notes("blur"), ["drawn from the screen for its backdrop: its subviews show in this picture too"])
            XCTAssertEqual(c.notes("plain"), ["sublayers in front of its subviews are drawn into this picture, behind the subviews"])
            XCTAssertEqual(RenderServerContent.method(classChain: ["SCNView"], layerClass: nil), .screenLeaf)
            XCTAssertEqual(RenderServerContent.method(classChain: ["MTKView"], layerClass: "CAMetalLayer"), .screenLeaf)
            XCTAssertEqual(RenderServerContent.method(classChain: ["WKWebView", "UIView"], layerClass: "CALayer"), .screenLeaf)
            XCTAssertEqual(RenderServerContent.method(classChain: ["UILabel", "UIView"], layerClass: "_UILabelLayer"), .alone)
        }
    }

    func testAPlayerLayerAmongTheSublayersMakesTheViewDrawnFromTheScreen() throws {
        try onMain {
            let player = FakeView("UIView", frame: Rect(x: 0, y: 0, width: 100, height: 60), fill: F.blue, id: "player")
            player.sublayerClassNames = ["CALayer", "AVPlayerLayer"]
            let preview = FakeView("UIView", frame: Rect(x: 0, y: 60, width: 100, height: 60), fill: F.green, id: "preview")
            preview.sublayerClassNames = ["AVCaptureVideoPreviewLayer"]
            let plain = FakeView("UIView", frame: Rect(x: 0, y: 120, width: 100, height: 60), id: "plain")
            plain.sublayerClassNames = ["CAShapeLayer", "CAGradientLayer"]
            _ = try F.capture(F.screen(player, preview, plain))
            XCTAssertEqual([player.screenDrawCalls, player.drawCalls, preview.screenDrawCalls, preview.drawCalls], [1, 0, 1, 0])
            XCTAssertEqual([plain.screenDrawCalls, plain.drawCalls], [0, 1])
        }
    }

    func testALeafDrawnFromTheScreenSaysItsPictureIsTheScreens() throws {
        try onMain {
            let metal = FakeView("MTKView", frame: Rect(x: 0, y: 0, width: 100, height: 60), fill: F.blue, id: "metal")
            metal.layerClassName = "CAMetalLayer"
            let camera = FakeView("UIView", frame: Rect(x: 0, y: 60, width: 100, height: 60), fill: F.green, id: "camera")
            camera.sublayerClassNames = ["AVCaptureVideoPreviewLayer"]
            let plain = FakeView("UIView", frame: Rect(x: 0, y: 120, width: 100, height: 60), id: "plain")
            let c = try F.capture(F.screen(metal, camera, plain))
            XCTAssertEqual([metal.screenDrawCalls, camera.screenDrawCalls, plain.screenDrawCalls], [1, 1, 0])
            XCTAssertEqual(c.notes("metal"), ["content drawn by the render server: drawn from the screen"])
            XCTAssertEqual(c.notes("camera"), ["content drawn by the render server: drawn from the screen"])
            XCTAssertEqual(c.notes("plain"), [], "a view drawn alone gets no such note")
        }
    }

    func testASecureFieldIsNeverDrawnNorIsTheBackdropAboveIt() throws {
        try onMain {
            let blur = FakeView("UIVisualEffectView", frame: Rect(x: 0, y: 0, width: 100, height: 80), fill: F.white, id: "blur")
            let field = FakeView("UITextField", frame: Rect(x: 10, y: 10, width: 80, height: 30), fill: F.red, id: "field")
            field.isSecureTextEntry = true
            field.text = "hunter2"
            blur.adding(field)
            let c = try F.capture(F.screen(blur))
            XCTAssertEqual([field.screenDrawCalls, field.drawCalls], [0, 0], "the field itself is never asked to draw")
            XCTAssertEqual([blur.screenDrawCalls, blur.drawCalls], [0, 1], "the backdrop is drawn alone, not from the screen")
            XCTAssertEqual(c.notes("blur"), ["drawn alone, not from the screen: the screen's picture would show the secure text below it"])
            XCTAssertEqual(c.notes("field"), ["secure text: its pixels are not captured, its text only as its length"])
        }
    }

    // MARK: Bounded memory

    func testTwoHundredFullScreenViewsNeverHoldMoreCanvasesThanTheBound() async throws {
        let counter = CanvasCounter()
        let report = try await Self.captureTwoHundred(counter)
        XCTAssertEqual(report.snapshotCount, 201)
        XCTAssertEqual(counter.encoded, 201, "every canvas was encoded")
        XCTAssertLessThanOrEqual(counter.peak, 3, "never more canvases alive than the bound")
        XCTAssertGreaterThanOrEqual(counter.peak, 2, "encoding overlapped drawing")
        XCTAssertLessThanOrEqual(report.peakCanvasesInFlight, 3)
    }

    @MainActor
    private static func captureTwoHundred(_ counter: CanvasCounter, maxBytes: Int = CaptureLimits.bytesInFlight) async throws -> CaptureReport {
        let root = F.screen()
        root.drawObserver = counter.drawn
        for index in 0..<200 {
            let view = FakeView(frame: Rect(x: 0, y: 0, width: 100, height: 200), fill: Color(red: UInt8(index), green: 1, blue: 2))
            view.drawObserver = counter.drawn
            root.adding(view)
        }
        let options = HierarchyCapture.Options(scale: 1, encoder: CountingEncoder(counter: counter), maxCanvasesInFlight: 3, maxBytesInFlight: maxBytes)
        return try await HierarchyCapture.capture(root, to: F.folder(), options: options)
    }

    func testTheBoundInBytesKeepsLargeCanvasesOneAtATime() async throws {
        // 100×200 pixels a canvas, 12 bytes a pixel while encoded: room for one and a half.
        let counter = CanvasCounter()
        let report = try await Self.captureTwoHundred(counter, maxBytes: 100 * 200 * 12 * 3 / 2)
        XCTAssertEqual(counter.encoded, 201, "every canvas was encoded")
        XCTAssertEqual(counter.peak, 1, "the byte bound, not the count of 3, held them to one")
        XCTAssertEqual(report.peakCanvasesInFlight, 1)
    }

    func testATransparentViewWritesNoFile() throws {
        try onMain {
            let clear = FakeView("UIStackView", frame: Rect(x: 0, y: 0, width: 100, height: 100), fill: Color(red: 0, green: 0, blue: 0, alpha: 0), id: "stack")
            clear.adding(FakeView(frame: Rect(x: 10, y: 10, width: 10, height: 10), fill: F.red, id: "inStack"))
            let c = try F.capture(F.screen(clear))
            XCTAssertEqual(clear.drawCalls, 1)
            XCTAssertNil(c.node("stack").snapshot)
            XCTAssertEqual(c.notes("stack"), ["no snapshot: it drew nothing (every pixel transparent)"])
            let files = try FileManager.default.contentsOfDirectory(atPath: c.folder.appendingPathComponent("snapshots").path)
            XCTAssertEqual(files.sorted(), ["0.png", "2.png"], "the screen and the red view; nothing for the stack view")
            XCTAssertNotNil(c.layout.layer(withID: "stack"), "still a layer, drawn from its outline")
        }
    }

    func testAViewClippedAwayOrOffScreenIsNotDrawnUnlessAsked() throws {
        try onMain {
            let make = { () -> (FakeView, FakeView, FakeView) in
                let scroll = FakeView("UIScrollView", frame: Rect(x: 0, y: 0, width: 100, height: 100), id: "scroll")
                scroll.clipsToBounds = true
                let away = FakeView(frame: Rect(x: 0, y: 300, width: 100, height: 100), id: "away")
                scroll.adding(away)
                let offScreen = FakeView(frame: Rect(x: 500, y: 0, width: 50, height: 50), id: "offScreen")
                return (F.screen(scroll, offScreen), away, offScreen)
            }
            let (root, away, offScreen) = make()
            let c = try F.capture(root)
            XCTAssertEqual([away.drawCalls, offScreen.drawCalls], [0, 0])
            XCTAssertNil(c.node("away").snapshot)
            XCTAssertEqual(c.notes("away"), ["not drawn: clipped away or off screen (drawClippedViews draws it)"])
            XCTAssertNil(c.node("offScreen").snapshot)
            let (root2, away2, offScreen2) = make()
            let all = try F.capture(root2, options: HierarchyCapture.Options(encoder: StoredPNGEncoder(), drawClippedViews: true))
            XCTAssertEqual([away2.drawCalls, offScreen2.drawCalls], [1, 1])
            XCTAssertNotNil(all.node("away").snapshot)
        }
    }

    func testTheVisiblePartOfA30000PointViewKeepsFullResolution() throws {
        try onMain {
            // A list scrolled to 12,000 points down its 30,000-point content (60,000 pixels at 2x).
            let scroll = FakeView("UIScrollView", frame: Rect(x: 0, y: 0, width: 100, height: 200), id: "scroll")
            scroll.clipsToBounds = true
            scroll.bounds = Rect(x: 0, y: 12_000, width: 100, height: 200)
            let content = FakeView("UITableViewWrapperView", frame: Rect(x: 0, y: 0, width: 100, height: 30_000), fill: F.green, id: "content")
            let cell = FakeView("UITableViewCell", frame: Rect(x: 0, y: 12_050, width: 100, height: 40), fill: F.red, id: "cell")
            content.adding(cell)
            scroll.adding(content)
            let c = try F.capture(F.screen(scroll))
            XCTAssertEqual(c.node("content").bounds, Rect(x: 0, y: 12_000, width: 100, height: 200), "its visible part")
            XCTAssertEqual(content.lastCanvas?.origin, Point(x: 0, y: 12_000), "drawn from there")
            let image = try c.snapshot("content")
            XCTAssertEqual([image.width, image.height], [200, 400], "at the full 2x: cropped first, nothing to reduce")
            XCTAssertEqual(c.layout.layer(withID: "content")?.texture?.crop, PixelRect(x: 0, y: 0, width: 200, height: 400))
            XCTAssertRect(c.visibleFrame("content"), Rect(x: 0, y: 0, width: 100, height: 200), "where it was on screen")
            XCTAssertRect(c.visibleFrame("cell"), Rect(x: 0, y: 50, width: 100, height: 40), "its subviews where they were")
            XCTAssertEqual(c.notes("content"), [
                #"only its visible part is written and drawn: bounds {"x": 0, "y": 12000, "width": 100, "height": 200} of {"x": 0, "y": 0, "width": 100, "height": 30000}, whose picture would pass 8192 pixels a side"#,
            ])
        }
    }

    // MARK: No side effects

    func testTheWholeCaptureIsOneTransaction() throws {
        try onMain {
            let before = FakeView.transactions
            let card = FakeView(frame: Rect(x: 0, y: 0, width: 100, height: 100), id: "card")
            card.adding(FakeView(frame: Rect(x: 0, y: 0, width: 10, height: 10)).adding(FakeView(frame: Rect(x: 0, y: 0, width: 5, height: 5))))
            FakeView.callsOutsideTransaction = 0
            _ = try F.capture(F.screen(card))
            XCTAssertEqual(FakeView.transactions - before, 1)
            XCTAssertEqual(FakeView.callsOutsideTransaction, 0, "every hiding, drawing and showing inside it")
        }
    }

    func testAMagnifiedClipViewIsPlacedByItsFrame() throws {
        try onMain {
            // AppKit: a clip view magnified 2x has frame {0, 0, 100, 100} and bounds {10, 10, 50, 50}.
            let frame = Rect(x: 0, y: 0, width: 100, height: 100), bounds = Rect(x: 10, y: 10, width: 50, height: 50)
            let clip = FakeView("NSClipView", frame: frame, id: "clip")
            clip.bounds = bounds
            clip.transform = CaptureGeometry.boundsScale(frame: frame, bounds: bounds)
            clip.adding(FakeView(frame: Rect(x: 10, y: 10, width: 10, height: 10), id: "document"))
            let c = try F.capture(F.screen(clip))
            XCTAssertRect(c.visibleFrame("clip"), frame, "the frame AppKit has, not one built from the bounds")
            XCTAssertRect(c.visibleFrame("document"), Rect(x: 0, y: 0, width: 20, height: 20), "magnified with it")
            XCTAssertEqual(CaptureGeometry.boundsScale(frame: frame, bounds: frame), .identity)
            XCTAssertEqual(CaptureGeometry.boundsScale(frame: frame, bounds: Rect(x: 0, y: 0, width: 0, height: 5)), .identity)
        }
    }

    // MARK: View controllers

    func testControllerNamesReachTheDocument() throws {
        try onMain {
            let settings = FakeView(frame: Rect(x: 0, y: 0, width: 100, height: 200), id: "settingsRoot")
            settings.viewController = ViewController(className: "SettingsViewController", title: "Réglages \"Wi-Fi\"")
            let child = FakeView(frame: Rect(x: 0, y: 100, width: 100, height: 100), id: "childRoot")
            child.viewController = ViewController(className: "UIHostingController<SettingsList>")
            settings.adding(child)
            let c = try F.capture(F.screen(settings))
            XCTAssertEqual(c.node("settingsRoot").viewController, ViewController(className: "SettingsViewController", title: "Réglages \"Wi-Fi\""))
            XCTAssertEqual(c.node("childRoot").viewController, ViewController(className: "UIHostingController<SettingsList>"))
            XCTAssertNil(c.node("screen").viewController)
            XCTAssertTrue(c.node("settingsRoot").extras.isEmpty, "read as a property, not an unknown key")
        }
    }
}

/// Counts the canvases alive: one more when a fake starts drawing, one fewer when the encoder is
/// done with it (the pipeline then drops it). Locked: encoders run off the main thread.
final class CanvasCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var alive = 0
    private(set) var peak = 0
    private(set) var encoded = 0

    @MainActor func drawn() {
        lock.lock()
        alive += 1
        peak = max(peak, alive)
        lock.unlock()
    }

    func released() {
        lock.lock()
        alive -= 1
        encoded += 1
        lock.unlock()
    }
}

/// An encoder slowed down so that drawing outpaces it, telling the counter when done (its bytes
/// are not a PNG: only the number of canvases alive matters here).
struct CountingEncoder: CaptureImageEncoder {
    let counter: CanvasCounter
    var fileExtension: String { "png" }
    func encode(_ canvas: CaptureCanvas) throws -> [UInt8] {
        Thread.sleep(forTimeInterval: 0.002)
        counter.released()
        return [UInt8(canvas.width & 0xFF)]
    }
}
