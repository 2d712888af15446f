import HierarchyAudit
import XCTest

/// `touch-target-size` on the web at its thresholds: WCAG 2.2 SC 2.5.8's 24×24 CSS px, and its
/// spacing exception (a 24 CSS px circle centred on an undersized target meets no other target
/// nor another undersized target's circle) exactly at and on either side of each distance; the
/// inline exception; what is not a target. Made DOM documents as `capture webdriver` writes them
/// (WebCaptureTests audits a real capture of Chromium's).
final class WebTargetSizeTests: XCTestCase {
    private typealias F = AuditFixture

    private func failing(_ nodes: [String], minTarget: Double? = nil) throws -> [String] {
        let report = try F.audit(F.web(nodes), rules: [.touchTargetSize], options: AuditOptions(minTarget: minTarget))
        XCTAssertEqual(report.platform, .web)
        XCTAssertEqual(report.unit, "CSS px")
        return report.of(.touchTargetSize).compactMap(\.text)
    }

    func testTwentyFourPassesAndJustUnderFailsWhenCrowded() throws {
        // Each beside a large neighbour that touches it: the circle of a 23.75 px target reaches
        // an eighth of a px past its edge, into the neighbour.
        let sides = [23.75, 24, 24.5]
        let nodes = sides.enumerated().flatMap { n, side in
            let y = 10 + 60 * Double(n)
            return [F.webButton("s\(side)", 10, y, side, side), F.webButton("n\(side)", 10 + side, y, 40, 40)]
        }
        XCTAssertEqual(try failing(nodes), ["s23.75"])
    }

    func testTheSpacingCircleAgainstATargetPassesAtTwelvePixels() throws {
        // A 20×20 at (10, 10), centre (20, 20), radius 12; a large target's left edge 12 or 11.75
        // px from that centre.
        XCTAssertEqual(try failing([F.webButton("small", 10, 10, 20, 20), F.webButton("far", 32, 0, 40, 40)]), [])
        XCTAssertEqual(try failing([F.webButton("small", 10, 10, 20, 20), F.webButton("near", 31.75, 0, 40, 40)]), ["small"])
    }

    func testTwoUndersizedTargetsPassWhenTheirCentresAreTwentyFourApart() throws {
        // Two 10×10 targets: their circles meet when their centres are under 24 px apart.
        XCTAssertEqual(try failing([F.webButton("a", 10, 10, 10, 10), F.webButton("b", 34, 10, 10, 10)]), [])
        XCTAssertEqual(Set(try failing([F.webButton("a", 10, 10, 10, 10), F.webButton("b", 33.75, 10, 10, 10)])), ["a", "b"])
    }

    func testALinkInASentenceIsInlineAndOtherElementsAreNoTargets() throws {
        let nodes = [
            ##"{"parent":1,"tag":"p","box":[10,10,200,14]}"##,
            ##"{"parent":2,"tag":"#text","text":"Read the","box":[10,10,50,14]}"##,
            ##"{"parent":2,"tag":"a","box":[62,10,14,14],"attrs":{"href":"#t"},"role":"link","label":"terms"}"##,
            ##"{"parent":2,"tag":"a","box":[78,10,14,14],"attrs":{"href":"#r"},"role":"link","label":"rules"}"##,
            // The same links alone in a list item: no sentence around them.
            ##"{"parent":1,"tag":"li","box":[10,50,200,14]}"##,
            ##"{"parent":6,"tag":"a","box":[10,50,14,14],"attrs":{"href":"#a"},"role":"link","label":"alone"}"##,
            ##"{"parent":6,"tag":"a","box":[26,50,14,14],"attrs":{"href":"#b"},"role":"link","label":"together"}"##,
            // Not targets: a link without href, a disabled button, an aria-hidden one.
            ##"{"parent":1,"tag":"a","box":[10,100,10,10],"label":"anchor"}"##,
            ##"{"parent":1,"tag":"button","box":[22,100,10,10],"role":"button","label":"off","disabled":true}"##,
            ##"{"parent":1,"tag":"button","box":[34,100,10,10],"attrs":{"aria-hidden":"true"},"role":"button","label":"unseen"}"##,
        ]
        XCTAssertEqual(Set(try failing(nodes)), ["alone", "together"])
    }

    func testAButtonInsideALinkIsOneTarget() throws {
        // Nested targets are not each other's neighbours.
        let nodes = [
            ##"{"parent":1,"tag":"a","box":[10,10,20,20],"attrs":{"href":"#x"},"role":"link","label":"outer"}"##,
            F.webButton("inner", 12, 12, 16, 16, parent: 2),
        ]
        XCTAssertEqual(try failing(nodes), [])
    }

    func testMinTargetReplacesTwentyFour() throws {
        let nodes = [F.webButton("s", 10, 10, 30, 30), F.webButton("n", 42, 10, 50, 50)]
        XCTAssertEqual(try failing(nodes), [])
        XCTAssertEqual(try failing(nodes, minTarget: 44), ["s"])
    }

    func testWebNamesAndImagesAreJudgedByTheWebsTerms() throws {
        let nodes = [
            ##"{"parent":1,"tag":"button","box":[10,10,40,40],"role":"button"}"##,
            ##"{"parent":1,"tag":"input","box":[60,10,100,30],"attrs":{"type":"password"}}"##,
            ##"{"parent":1,"tag":"img","box":[10,60,40,40],"attrs":{"src":"a.png"},"role":"img"}"##,
            ##"{"parent":1,"tag":"img","box":[60,60,40,40],"attrs":{"src":"b.png","alt":""},"role":"presentation"}"##,
            ##"{"parent":1,"tag":"img","box":[110,60,40,40],"attrs":{"src":"c.png","alt":"Chart"},"role":"img","label":"Chart"}"##,
            ##"{"parent":1,"tag":"div","box":[160,60,40,40],"attrs":{"role":"img"},"role":"img"}"##,
            ##"{"parent":1,"tag":"div","box":[210,60,40,40],"attrs":{"aria-hidden":"true"}}"##,
            ##"{"parent":8,"tag":"button","box":[210,60,40,40],"role":"button"}"##,
        ]
        let report = try F.audit(F.web(nodes), rules: [.missingLabel, .imageLabel])
        XCTAssertEqual(report.of(.missingLabel).map(\.className), ["button", "input"])
        XCTAssertTrue(report.of(.missingLabel)[1].message.hasSuffix("no accessible name for its <input>: give it a <label>, aria-label or aria-labelledby"), report.of(.missingLabel)[1].message)
        XCTAssertEqual(report.of(.imageLabel).map(\.className), ["img", "div"])
        XCTAssertEqual(report.audited[.imageLabel]?.count, 3, "the decorative image is not judged")
    }
}
