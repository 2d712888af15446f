import Foundation
import HierarchyCapture
import HierarchyImaging
import HierarchyLayout
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// End to end on Linux through fake views: each capture is written, read back by
/// `HierarchyFormats`, laid out, and compared with the geometry the fakes describe.
final class HierarchyCaptureTests: XCTestCase {
    typealias F = CaptureFixture

    override class func tearDown() { CaptureFixture.removeAll() }

    // MARK: The seed's four rules

    func testCaptureLeavesHiddenAndTransparentSubtreesOut() throws {
        try onMain {
            let hidden = FakeView(frame: Rect(x: 0, y: 0, width: 50, height: 50), id: "hidden")
            hidden.isHidden = true
            hidden.adding(FakeView(frame: Rect(x: 5, y: 5, width: 10, height: 10), id: "underHidden"))
            let clear = FakeView(frame: Rect(x: 50, y: 0, width: 50, height: 50), id: "clear")
            clear.alpha = 0
            clear.adding(FakeView(frame: Rect(x: 5, y: 5, width: 10, height: 10), id: "underClear"))
            let shown = FakeView(frame: Rect(x: 0, y: 60, width: 100, height: 40), id: "shown")
            let c = try F.capture(F.screen(hidden, clear, shown))
            XCTAssertEqual(c.tree.count, 6, "hidden views are written, with their subtrees")
            XCTAssertTrue(c.node("hidden").isHidden)
            XCTAssertEqual(c.node("clear").alpha, 0)
            XCTAssertEqual(c.status("hidden"), .omitted(.hidden))
            XCTAssertEqual(c.status("clear"), .omitted(.transparent(alpha: 0)))
            XCTAssertEqual(c.status("underHidden"), .omitted(.insideOmitted(ancestor: c.tree.index(ofID: "hidden")!)))
            XCTAssertEqual(c.status("underClear"), .omitted(.insideOmitted(ancestor: c.tree.index(ofID: "clear")!)))
            for id in ["hidden", "underHidden", "clear", "underClear"] { XCTAssertNil(c.node(id).snapshot, "\(id) is never drawn, so not snapshotted") }
            XCTAssertRect(c.visibleFrame("shown"), Rect(x: 0, y: 60, width: 100, height: 40))
            XCTAssertEqual(c.loaded.snapshotSizes[c.node("shown").snapshot!], PixelSize(width: 200, height: 80))
        }
    }

    func testCaptureKeepsTheUnclippedChildOfAnOffScreenParent() throws {
        try onMain {
            let parent = FakeView(frame: Rect(x: -300, y: 10, width: 100, height: 50), id: "parent")
            parent.adding(FakeView(frame: Rect(x: 320, y: 5, width: 40, height: 20), fill: F.blue, id: "child"))
            let c = try F.capture(F.screen(parent))
            XCTAssertEqual(c.status("parent"), .omitted(.offScreen))
            XCTAssertNil(c.node("parent").snapshot, "off screen: not drawn unless asked")
            XCTAssertRect(c.visibleFrame("child"), Rect(x: 20, y: 15, width: 40, height: 20))
            XCTAssertEqual(try c.snapshot("child")[0, 0], F.blue)
        }
    }

    func testCaptureCutsViewsToTheirClippingAncestors() throws {
        try onMain {
            let clipper = FakeView(frame: Rect(x: 10, y: 10, width: 50, height: 50), id: "clipper")
            clipper.clipsToBounds = true
            clipper.adding(FakeView(frame: Rect(x: 30, y: 40, width: 40, height: 40), fill: F.green, id: "cut"))
            let c = try F.capture(F.screen(clipper))
            XCTAssertTrue(c.node("clipper").clipsToBounds)
            XCTAssertRect(c.visibleFrame("cut"), Rect(x: 40, y: 50, width: 20, height: 10))
            // The whole view is drawn; the layout crops its visible part.
            let plan = try XCTUnwrap(c.layout.layer(withID: "cut")?.texture)
            XCTAssertEqual(plan.source, PixelSize(width: 80, height: 80))
            XCTAssertEqual(plan.crop, PixelRect(x: 0, y: 0, width: 40, height: 20))
        }
    }

    func testCaptureGivesSiblingsThatDoNotOverlapOneDepth() throws {
        try onMain {
            let left = FakeView(frame: Rect(x: 0, y: 0, width: 50, height: 50), id: "left")
            let right = FakeView(frame: Rect(x: 50, y: 0, width: 50, height: 50), id: "right")
            let over = FakeView(frame: Rect(x: 25, y: 25, width: 50, height: 50), id: "over")
            let c = try F.capture(F.screen(left, right, over))
            let depth = { (id: String) in c.layout.layer(withID: id)!.depth }
            XCTAssertEqual(depth("left"), depth("right"), "side by side, they share a level")
            XCTAssertGreaterThan(depth("over"), depth("left"))
            XCTAssertGreaterThan(depth("left"), depth("screen"))
        }
    }

    // MARK: Geometry

    func testCaptureWritesAScrollOffsetAsTheBoundsOrigin() throws {
        try onMain {
            let scroll = FakeView("UIScrollView", frame: Rect(x: 0, y: 40, width: 100, height: 160), id: "scroll")
            scroll.bounds = Rect(x: 0, y: 120, width: 100, height: 160)
            scroll.clipsToBounds = true
            scroll.adding(
                FakeView(frame: Rect(x: 0, y: 100, width: 100, height: 50), id: "partly"),
                FakeView(frame: Rect(x: 0, y: 0, width: 100, height: 50), id: "scrolledAway"))
            let c = try F.capture(F.screen(scroll), options: HierarchyCapture.Options(encoder: StoredPNGEncoder(), drawClippedViews: true))
            XCTAssertEqual(c.node("scroll").bounds, Rect(x: 0, y: 120, width: 100, height: 160))
            XCTAssertRect(c.node("scroll").frame, Rect(x: 0, y: 40, width: 100, height: 160), "the frame is not moved by the offset")
            XCTAssertRect(c.visibleFrame("partly"), Rect(x: 0, y: 40, width: 100, height: 30))
            XCTAssertEqual(c.status("scrolledAway"), .omitted(.clippedOut(by: c.tree.index(ofID: "scroll")!)))
            let shown = try F.readBack(c.report, layout: LayoutOptions(showClipped: true))
            XCTAssertNotNil(shown.layout.layer(withID: "scrolledAway")?.texture, "--show-clipped finds its snapshot")
        }
    }

    func testCaptureWritesTheUntransformedFrameWithTransformAndAnchorPoint() throws {
        try onMain {
            // A 40×20 badge anchored at its top left corner, turned 90° clockwise about it, its
            // anchor at (50, 50) of the screen: it covers x 30...50, y 50...90 on screen.
            let badge = FakeView(frame: Rect(x: 0, y: 0, width: 40, height: 20), id: "badge")
            badge.anchorPoint = Point(x: 0, y: 0)
            badge.position = Point(x: 50, y: 50)
            badge.transform = Transform2D(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
            let scaled = FakeView(frame: Rect(x: 10, y: 100, width: 60, height: 40), id: "scaled")
            scaled.transform = Transform2D(a: 0.5, b: 0, c: 0, d: 0.5, tx: 5, ty: 0)
            let c = try F.capture(F.screen(badge, scaled))
            XCTAssertRect(c.node("badge").frame, Rect(x: 50, y: 50, width: 40, height: 20), "origin = position − anchor × size")
            XCTAssertEqual(c.node("badge").transform.values, [0, 1, -1, 0, 0, 0])
            XCTAssertEqual(c.node("badge").anchorPoint, Point(x: 0, y: 0))
            XCTAssertRect(c.node("scaled").frame, Rect(x: 10, y: 100, width: 60, height: 40))
            XCTAssertEqual(c.node("scaled").transform.values, [0.5, 0, 0, 0.5, 5, 0])
            XCTAssertEqual(c.node("scaled").anchorPoint, Point(x: 0.5, y: 0.5), "the default is not written")
            // The read-back values put the corners where the fake's geometry has them.
            XCTAssertEqual(c.node("badge").bounds.corners.map(c.node("badge").toSuperview.apply).map { [$0.x, $0.y] }, [[50, 50], [50, 90], [30, 90], [30, 50]])
            XCTAssertEqual(c.node("scaled").bounds.corners.map(c.node("scaled").toSuperview.apply).map { [$0.x, $0.y] }, [[30, 110], [60, 110], [60, 130], [30, 130]])
            // Laid out, each is the polygon the fake's geometry gives, and its layer frame is its box.
            XCTAssertEqual(Set(c.layout.layer(withID: "badge")!.polygon.map { [$0.x, $0.y] }), [[50, 50], [50, 90], [30, 90], [30, 50]])
            XCTAssertRect(c.visibleFrame("badge"), Rect(x: 30, y: 50, width: 20, height: 40))
            XCTAssertEqual(c.layout.layer(withID: "badge")!.transform.values, [0, 1, -1, 0, 50, 50])
            XCTAssertRect(c.visibleFrame("scaled"), Rect(x: 30, y: 110, width: 30, height: 20))
        }
    }

    func testCaptureTurnsUpwardCoordinatesDown() throws {
        try onMain {
            // An AppKit-style unflipped container: its child sits 150 points above its bottom edge.
            let container = FakeView("NSView", frame: Rect(x: 0, y: 0, width: 100, height: 200), id: "container")
            container.coordinatesGrowUpward = true
            container.adding(FakeView("NSButton", frame: Rect(x: 10, y: 150, width: 30, height: 20), id: "button"))
            let c = try F.capture(F.screen(container))
            XCTAssertRect(c.node("button").frame, Rect(x: 10, y: 30, width: 30, height: 20))
            XCTAssertRect(c.visibleFrame("button"), Rect(x: 10, y: 30, width: 30, height: 20))
        }
    }

    // MARK: Sizes

    func testCaptureKeepsZeroNaNAndInfiniteSizesWithoutSnapshots() throws {
        try onMain {
            let zero = FakeView(frame: Rect(x: 10, y: 10, width: 0, height: 20), id: "zero")
            let nan = FakeView(frame: Rect(x: 10, y: 10, width: 10, height: 10), id: "nan")
            nan.bounds.width = .nan
            nan.position.y = .nan
            let infinite = FakeView(frame: Rect(x: 10, y: 10, width: 10, height: 10), id: "infinite")
            infinite.bounds.height = .infinity
            infinite.adding(FakeView(frame: Rect(x: 1, y: 1, width: 5, height: 5), id: "insideInfinite"))
            let c = try F.capture(F.screen(zero, nan, infinite))
            for id in ["zero", "nan", "infinite"] {
                XCTAssertNil(c.node(id).snapshot, id)
                XCTAssertEqual(c.status(id), .omitted(.empty), id)
            }
            XCTAssertRect(c.node("nan").frame, Rect(x: 15, y: -5, width: 0, height: 10), "origin = position − anchor × size, NaN read as 0")
            XCTAssertEqual(c.notes("nan"), ["bounds.width was nan, written as 0", "position.y was nan, written as 0"])
            XCTAssertEqual(c.notes("infinite"), ["bounds.height was inf, written as 0"])
            XCTAssertNotNil(c.node("insideInfinite").snapshot, "a subview of a broken view keeps its own snapshot")
            XCTAssertEqual(c.report.warnings.filter { $0.hasPrefix("nan:") }.count, 2)
        }
    }

    func testCaptureDrawsViewsOver8192PixelsAtAReducedScale() throws {
        try onMain {
            let page = FakeView(frame: Rect(x: 0, y: 0, width: 100, height: 5000), fill: F.green, id: "page")
            let root = F.screen(page)
            root.screenScale = 3
            // With clipped parts asked for, the whole view is drawn (without, only its visible part:
            // CaptureSafetyTests.testTheVisiblePartOfA30000PointViewKeepsFullResolution).
            let c = try F.capture(root, options: HierarchyCapture.Options(encoder: StoredPNGEncoder(), drawClippedViews: true))
            let image = try c.snapshot("page")
            XCTAssertEqual([image.width, image.height], [164, 8192], "300×15000 at 3x, reduced to fit 8192")
            XCTAssertEqual(image[100, 8000], F.green)
            XCTAssertEqual(c.loaded.snapshotSizes[c.node("page").snapshot!], PixelSize(width: 164, height: 8192))
            XCTAssertEqual(c.notes("page"), ["drawn at 164×8192 pixels, reduced to fit 8192 a side"])
            XCTAssertRect(c.visibleFrame("page"), Rect(x: 0, y: 0, width: 100, height: 200))
            XCTAssertEqual(c.tree.screenScale, 3)
        }
    }

    // MARK: Failures

    func testCaptureSkipsTheSnapshotOfAViewWhoseDrawingFails() throws {
        try onMain {
            let broken = FakeView("BrokenView", frame: Rect(x: 0, y: 0, width: 100, height: 100), id: "broken")
            broken.failsToDraw = true
            let child = FakeView(frame: Rect(x: 10, y: 10, width: 20, height: 20), fill: F.red, id: "child")
            broken.adding(child)
            let c = try F.capture(F.screen(broken))
            XCTAssertNil(c.node("broken").snapshot)
            XCTAssertEqual(c.notes("broken"), ["no snapshot: drawing failed: no graphics context for BrokenView"])
            XCTAssertEqual(child.hideCalls, [true, false], "hidden for the drawing and shown again")
            XCTAssertFalse(child.isHidden)
            XCTAssertEqual(try c.snapshot("child")[0, 0], F.red)
            XCTAssertNotNil(c.layout.layer(withID: "broken"), "still a layer, drawn from its outline")
        }
    }

    func testCaptureSkipsTheSnapshotWhenASubviewRefusesToBeHidden() throws {
        try onMain {
            let host = FakeView(frame: Rect(x: 0, y: 0, width: 100, height: 100), fill: F.blue, id: "host")
            let first = FakeView(frame: Rect(x: 0, y: 0, width: 10, height: 10), fill: F.green, id: "first")
            let grabber = FakeView("SBHomeGrabberView", frame: Rect(x: 20, y: 90, width: 60, height: 5), fill: F.red, id: "grabber")
            grabber.refusesToHide = true
            let last = FakeView(frame: Rect(x: 50, y: 50, width: 10, height: 10), id: "last")
            host.adding(first, grabber, last)
            let c = try F.capture(F.screen(host))
            XCTAssertNil(c.node("host").snapshot)
            XCTAssertEqual(c.notes("host"), ["no snapshot: hiding subview grabber failed: -setHidden: is unavailable on SBHomeGrabberView"])
            XCTAssertEqual(first.hideCalls, [true, false], "what was hidden is shown again")
            XCTAssertEqual(grabber.hideCalls, [true])
            XCTAssertEqual(last.hideCalls, [], "nothing after the refusal is touched")
            XCTAssertEqual(try c.snapshot("grabber")[0, 0], F.red, "the refusing view itself is still drawn")
            XCTAssertEqual(c.tree.count, 5)
        }
    }

    // MARK: Identity and ids

    func testCaptureTellsViewsWithEqualHashesApartByIdentity() throws {
        try onMain {
            let a = FakeView(frame: Rect(x: 0, y: 0, width: 50, height: 50), fill: F.red)
            let b = FakeView(frame: Rect(x: 50, y: 0, width: 50, height: 50), fill: F.blue)
            XCTAssertEqual(a, b)
            XCTAssertEqual(a.hashValue, b.hashValue)
            a.adding(FakeView(frame: Rect(x: 0, y: 0, width: 5, height: 5), fill: F.green))
            let c = try F.capture(F.screen(a, b))
            XCTAssertEqual(c.tree.count, 4)
            XCTAssertEqual(try c.snapshot("0.0")[0, 0], F.red)
            XCTAssertEqual(try c.snapshot("0.1")[0, 0], F.blue)
            XCTAssertEqual(try c.snapshot("0.0.0")[0, 0], F.green)
            XCTAssertRect(c.visibleFrame("0.1"), Rect(x: 50, y: 0, width: 50, height: 50))
        }
    }

    func testCaptureWritesTheSameObjectOnceWhenItAppearsTwice() throws {
        try onMain {
            let shared = FakeView(frame: Rect(x: 0, y: 0, width: 10, height: 10), id: "shared")
            let cycle = FakeView(frame: Rect(x: 20, y: 0, width: 10, height: 10), id: "cycle")
            let root = F.screen(shared, cycle)
            cycle.adding(shared, root)
            let c = try F.capture(root)
            XCTAssertEqual(c.tree.count, 3)
            XCTAssertEqual(c.notes("cycle").count, 2)
            root.dismantle()
        }
    }

    func testCaptureGivesDuplicateIdentifiersTheirIndexPaths() throws {
        try onMain {
            let cells = (0..<3).map { FakeView("UITableViewCell", frame: Rect(x: 0, y: Double($0) * 40, width: 100, height: 40), id: "cell") }
            let unique = FakeView(frame: Rect(x: 0, y: 150, width: 100, height: 20), id: "footer")
            let impostor = FakeView(frame: Rect(x: 0, y: 175, width: 100, height: 20), id: "0.0.1")
            let list = FakeView(frame: Rect(x: 0, y: 0, width: 100, height: 200))
            list.subviews = cells + [unique, impostor]
            list.accessibilityLabel = "Settings"
            let c = try F.capture(F.screen(list))
            XCTAssertEqual(c.tree.preorder().map { c.tree[$0].id }, ["screen", "0.0", "0.0.0", "0.0.1", "0.0.2", "footer", "0.0.4"])
            XCTAssertEqual(c.tree.preorder().map { c.tree[$0].name }, ["screen", "Settings", "cell", "cell", "cell", "footer", "0.0.1"])
            XCTAssertRect(c.visibleFrame("0.0.2"), Rect(x: 0, y: 80, width: 100, height: 40))
        }
    }

    func testCaptureWritesTextClassAndTag() throws {
        try onMain {
            let label = FakeView("UILabel", frame: Rect(x: 10, y: 10, width: 80, height: 20), id: "title")
            label.text = "Wi-Fi \"Home\"\n日本語"
            label.tag = 42
            label.backgroundColor = Color(red: 1, green: 2, blue: 3, alpha: 128)
            let c = try F.capture(F.screen(label))
            XCTAssertEqual(c.node("title").text, "Wi-Fi \"Home\"\n日本語")
            XCTAssertEqual(c.node("title").className, "UILabel")
            XCTAssertEqual(c.node("title").tag, 42)
            XCTAssertEqual(c.node("title").backgroundColor, Color(red: 1, green: 2, blue: 3, alpha: 128))
            XCTAssertEqual(c.layout.layer(withID: "title")?.tag, 42)
        }
    }

    // MARK: Windows, depth, drawing alone

    func testCaptureOrdersTheWindowsOfAScreenByLevel() throws {
        try onMain {
            let alert = FakeView("UIWindow", frame: Rect(x: 10, y: 100, width: 80, height: 60), fill: F.red, id: "alert")
            alert.windowLevel = 2000
            let main = FakeView("UIWindow", frame: Rect(x: 0, y: 0, width: 100, height: 200), fill: F.white, id: "main")
            let keyboard = FakeView("UIRemoteKeyboardWindow", frame: Rect(x: 0, y: 120, width: 100, height: 80), fill: F.blue, id: "keyboard")
            keyboard.windowLevel = 10
            let second = FakeView("UIWindow", frame: Rect(x: 0, y: 0, width: 100, height: 20), fill: F.green, id: "second")
            let report = try HierarchyCapture.captureSynchronously(
                screen: Rect(x: 0, y: 0, width: 100, height: 200), className: "UIScreen", scale: 2,
                windows: [alert, main, keyboard, second], to: F.folder(), options: F.options)
            let c = try F.readBack(report)
            XCTAssertEqual(c.tree.root.className, "UIScreen")
            XCTAssertNil(c.tree.root.snapshot)
            XCTAssertEqual(c.tree.root.children.map { c.tree[$0].id }, ["main", "second", "keyboard", "alert"])
            XCTAssertEqual(c.layout.layers.map(\.id), ["0", "main", "second", "keyboard", "alert"])
            XCTAssertGreaterThan(c.layout.layer(withID: "alert")!.depth, c.layout.layer(withID: "keyboard")!.depth)
            XCTAssertRect(c.visibleFrame("keyboard"), Rect(x: 0, y: 120, width: 100, height: 80))
        }
    }

    func testCaptureTurnsTheWindowsOfAnUpwardScreenDownAndOrdersThemByLevel() throws {
        try onMain {
            // AppKit's screen: y grows upward from the bottom of a 100×200 point screen. A panel
            // 120 points above the bottom (top edge at 180), at the floating level, is given first;
            // an unflipped window filling the lower half holds a button 60 points above its bottom.
            let panel = FakeView("NSPanel", frame: Rect(x: 10, y: 120, width: 80, height: 60), fill: F.red, id: "panel")
            panel.windowLevel = 3
            let window = FakeView("NSWindow", frame: Rect(x: 0, y: 0, width: 100, height: 100), fill: F.white, id: "window")
            window.coordinatesGrowUpward = true
            window.adding(FakeView("NSButton", frame: Rect(x: 10, y: 60, width: 30, height: 20), fill: F.blue, id: "button"))
            let report = try HierarchyCapture.captureSynchronously(
                screen: Rect(x: 0, y: 0, width: 100, height: 200), className: "NSScreen", scale: 2,
                windows: [panel, window], coordinatesGrowUpward: true, to: F.folder(), options: F.options)
            let c = try F.readBack(report)
            XCTAssertEqual(c.tree.root.className, "NSScreen")
            XCTAssertEqual(c.tree.root.children.map { c.tree[$0].id }, ["window", "panel"], "back to front by level")
            XCTAssertRect(c.visibleFrame("panel"), Rect(x: 10, y: 20, width: 80, height: 60))
            XCTAssertRect(c.visibleFrame("window"), Rect(x: 0, y: 100, width: 100, height: 100))
            XCTAssertRect(c.visibleFrame("button"), Rect(x: 10, y: 120, width: 30, height: 20))
        }
    }

    func testCaptureSnapshotsShowEachViewAlone() throws {
        try onMain {
            let card = FakeView(frame: Rect(x: 10, y: 10, width: 80, height: 80), fill: F.red, id: "card")
            let hiddenBefore = FakeView(frame: Rect(x: 0, y: 0, width: 10, height: 10), fill: F.blue, id: "alreadyHidden")
            hiddenBefore.isHidden = true
            let icon = FakeView(frame: Rect(x: 20, y: 20, width: 40, height: 40), fill: F.blue, id: "icon")
            icon.alpha = 0.5
            card.adding(hiddenBefore, icon)
            let c = try F.capture(F.screen(card))
            let image = try c.snapshot("card")
            XCTAssertEqual([image.width, image.height], [160, 160])
            XCTAssertEqual(image[80, 80], F.red, "the icon is not baked into its superview")
            XCTAssertEqual(try c.snapshot("icon")[40, 40], F.blue, "drawn without its own alpha")
            XCTAssertEqual(c.node("icon").alpha, 0.5)
            XCTAssertEqual(icon.hideCalls, [true, false])
            XCTAssertEqual(hiddenBefore.hideCalls, [], "a hidden subview is left alone")
            XCTAssertTrue(hiddenBefore.isHidden)
            XCTAssertFalse(icon.isHidden)
        }
    }

    func testCaptureOfA100000DeepChainWritesTheLevelsReadersAccept() throws {
        try onMain {
            let root = F.screen()
            var last = root
            for level in 1...100_000 {
                let link = FakeView(frame: Rect(x: level == 1 ? 10 : 0, y: 0, width: 50, height: 50))
                link.clipsToBounds = level % 2 == 0
                last.subviews = [link]
                last = link
            }
            defer { root.dismantle() }
            let c = try F.capture(root)
            XCTAssertEqual(c.tree.count, CaptureLimits.maxLevel + 1)
            XCTAssertEqual(c.tree.levels().max(), CaptureLimits.maxLevel)
            let deepest = c.tree.nodes.last!.id
            XCTAssertEqual(c.notes(deepest), ["99746 views below this one not written: deeper than the 254 levels tree.json readers accept"])
            XCTAssertEqual(c.layout.layers.count, CaptureLimits.maxLevel + 1)
            XCTAssertRect(c.visibleFrame(deepest), Rect(x: 10, y: 0, width: 50, height: 50))
            XCTAssertEqual(c.layout.maxDepth, CaptureLimits.maxLevel)
        }
    }

    func testCaptureOfACycleDeeperThanTheLevelLimitEnds() throws {
        try onMain {
            // A chain 300 levels deep whose last view holds two views above it again: one past the
            // level limit (level 280) and one written (level 100). Each object is walked once.
            let root = F.screen()
            var chain = [root]
            for _ in 1...300 {
                let link = FakeView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
                chain.last!.subviews = [link]
                chain.append(link)
            }
            chain[300].subviews = [chain[280], chain[100]]
            defer { root.dismantle() }
            let c = try F.capture(root)
            XCTAssertEqual(c.tree.count, CaptureLimits.maxLevel + 1)
            let deepest = c.tree.nodes.last!.id
            XCTAssertEqual(c.notes(deepest), [
                "a view of class UIView below this one appears a second time (the same object); walked once",
                "a view of class UIView below this one appears a second time (the same object); walked once",
                "46 views below this one not written: deeper than the 254 levels tree.json readers accept",
            ])
        }
    }

    func testAsyncCaptureWritesWhatTheSynchronousOneWrites() async throws {
        let (asyncReport, syncReport) = try await Self.bothCaptures()
        let a = try Data(contentsOf: asyncReport.documentURL), s = try Data(contentsOf: syncReport.documentURL)
        XCTAssertEqual(String(decoding: a, as: UTF8.self), String(decoding: s, as: UTF8.self))
        for view in asyncReport.views {
            guard let path = view.snapshot else { continue }
            XCTAssertEqual(try Data(contentsOf: asyncReport.folder.appendingPathComponent(path)),
                           try Data(contentsOf: syncReport.folder.appendingPathComponent(path)), path)
        }
        XCTAssertEqual(asyncReport.snapshotCount, 3)
    }

    func testCaptureKeepsAViewWhoseEncodingFailsWithoutItsSnapshot() async throws {
        let (syncReport, asyncReport) = try await Self.capturesWithAFailingEncoder()
        for report in [syncReport, asyncReport] {
            let c = try F.readBack(report)
            XCTAssertNil(c.node("wide").snapshot)
            XCTAssertEqual(c.notes("wide"), ["no snapshot: encoding failed: wider than 60 pixels"])
            XCTAssertEqual(try c.snapshot("small")[0, 0], F.red)
            XCTAssertFalse(FileManager.default.fileExists(atPath: report.folder.appendingPathComponent("snapshots/1.png").path))
        }
    }

    /// An encoder that refuses images wider than 60 pixels.
    private struct PickyEncoder: CaptureImageEncoder {
        struct Refusal: Error, CustomStringConvertible { var description: String }
        var fileExtension: String { "png" }
        func encode(_ canvas: CaptureCanvas) throws -> [UInt8] {
            if canvas.width > 60 { throw Refusal(description: "wider than 60 pixels") }
            return try StoredPNGEncoder().encode(canvas)
        }
    }

    @MainActor
    private static func capturesWithAFailingEncoder() async throws -> (CaptureReport, CaptureReport) {
        let make = {
            F.screen(FakeView(frame: Rect(x: 0, y: 0, width: 50, height: 50), id: "wide"),
                     FakeView(frame: Rect(x: 0, y: 60, width: 20, height: 20), fill: F.red, id: "small"))
        }
        let options = HierarchyCapture.Options(scale: 2, encoder: PickyEncoder())
        let syncReport = try HierarchyCapture.captureSynchronously(make(), to: F.folder(), options: options)
        let asyncReport = try await HierarchyCapture.capture(make(), to: F.folder(), options: options)
        return (syncReport, asyncReport)
    }

    @MainActor
    private static func bothCaptures() async throws -> (CaptureReport, CaptureReport) {
        let make = {
            F.screen(FakeView(frame: Rect(x: 0, y: 0, width: 50, height: 50), fill: F.red).adding(FakeView(frame: Rect(x: 5, y: 5, width: 5, height: 5))))
        }
        let asyncReport = try await HierarchyCapture.capture(make(), to: F.folder(), options: F.options)
        let syncReport = try HierarchyCapture.captureSynchronously(make(), to: F.folder(), options: F.options)
        return (asyncReport, syncReport)
    }
}
