import HierarchyLayout
import HierarchyModel
import HierarchyTestSupport
import XCTest

final class DepthAssignerTests: XCTestCase {
    let overlap = LayoutOptions(depthMode: .overlap)
    let seed = LayoutOptions(depthMode: .seed)
    let nesting = LayoutOptions(depthMode: .nesting)

    func testNonIntersectingSiblingsShareADepthInOverlapAndSeedModes() throws {
        let root = V("root", 0, 0, 100, 100, [V("a", 0, 0, 40, 40), V("b", 50, 0, 40, 40), V("c", 0, 50, 40, 40)])
        for options in [overlap, seed] {
            let l = try layout(root, options)
            XCTAssertEqual([l.depth("a"), l.depth("b"), l.depth("c")], [1, 1, 1], "\(options.depthMode)")
        }
    }

    func testOverlappingLaterSiblingIsInFront() throws {
        let l = try layout(V("root", 0, 0, 100, 100, [V("a", 0, 0, 60, 60, [V("a1", 0, 0, 10, 10)]), V("b", 50, 50, 40, 40)]))
        XCTAssertEqual(l.depth("a"), 1)
        XCTAssertEqual(l.depth("a1"), 2)
        XCTAssertEqual(l.depth("b"), 2, "b overlaps a (depth 1) but not a1")
    }

    func testTouchingEdgesAndFloatingPointNoiseDoNotCountAsOverlap() throws {
        // Cells captured as 44.333333 + 44.333333: adjacent rows must not climb a level each.
        let h = 44.333333
        let cells = (0..<6).map { V("cell\($0)", 0, Double($0) * h + ($0 % 2 == 0 ? 0.0004 : -0.0004), 100, h) }
        let l = try layout(V("root", 0, 0, 100, 300, cells))
        XCTAssertEqual(Set(cells.map { l.depth($0.node.id) }), [1])
    }

    func testOverlapsJustAboveTheToleranceCount() throws {
        let l = try layout(V("root", 0, 0, 100, 100, [V("a", 0, 0, 50, 50), V("b", 49.998, 0, 50, 50)]))
        XCTAssertEqual(l.depth("b"), 2)
    }

    func testOverlappingLayersNeverShareADepthAndLaterIsInFront() throws {
        var rng = SplitMix(seed: 7)
        for _ in 0..<40 {
            let l = try layout(randomTree(&rng, count: 60), overlap)
            for i in l.layers.indices {
                for j in 0..<i where l.layers[i].frame.overlaps(l.layers[j].frame) {
                    XCTAssertGreaterThan(l.layers[i].depth, l.layers[j].depth)
                }
            }
        }
    }

    func testOverlapModeMatchesTheQuadraticDefinition() throws {
        var rng = SplitMix(seed: 11)
        for round in 0..<60 {
            let l = try layout(randomTree(&rng, count: 20 + round * 10), overlap)
            XCTAssertEqual(l.layers.map(\.depth), quadraticOverlapDepths(l.layers), "round \(round)")
        }
    }

    func testOverlapModeMatchesTheQuadraticDefinitionOnALongWorld() throws {
        // With --show-clipped, a scroll view's whole content is the world: long and thin, tiled.
        var rng = SplitMix(seed: 5)
        for round in 0..<20 {
            var cells: [V] = []
            for i in 0..<(50 + round * 20) {
                let y = Double(i) * 37.5 + Double(Int.random(in: -20...20, using: &rng))
                cells.append(V("c\(i)", Double(Int.random(in: -5...60, using: &rng)), y, Double(Int.random(in: 1...100, using: &rng)),
                               Double(Int.random(in: 1...80, using: &rng)), [V("l\(i)", 5, 5, Double(Int.random(in: 1...300, using: &rng)), 10)]))
            }
            let l = try layout(V("root", 0, 0, 100, 100, [V("scroll", 0, 0, 100, 100, clips: true, cells)]), LayoutOptions(showClipped: true))
            XCTAssertEqual(l.layers.map(\.depth), quadraticOverlapDepths(l.layers), "round \(round)")
        }
    }

    func testSeedModeReproducesTheArticle() throws {
        // By hand: S1 at 1 (its child at 2, so S1 returns 2); S2 misses S1: 1; the hidden H counts as
        // a frame but is not drawn; S3 hits S1: maxChild + 1 = 3; S4 hits only the hidden H: 4.
        let root = V("root", 0, 0, 100, 100, [
            V("S1", 0, 0, 10, 10, [V("S1a", 0, 0, 5, 5)]),
            V("S2", 20, 0, 10, 10),
            V("H", 60, 60, 10, 10, hidden: true),
            V("S3", 5, 5, 10, 10),
            V("S4", 62, 62, 2, 2),
        ])
        let l = try layout(root, seed)
        XCTAssertEqual(l.ids, ["root", "S1", "S1a", "S2", "S3", "S4"])
        XCTAssertEqual(l.layers.map(\.depth), [0, 1, 2, 1, 3, 4])
    }

    func testAGrandchildStickingOutOverALaterSibling() throws {
        // G belongs to A but sticks out over B, which is drawn later and so belongs in front of G.
        let root = V("root", 0, 0, 100, 100, [V("A", 0, 0, 40, 40, [V("G", 30, 0, 30, 30)]), V("B", 50, 0, 40, 40)])
        let s = try layout(root, seed)
        XCTAssertEqual([s.depth("A"), s.depth("G"), s.depth("B")], [1, 2, 1], "the article puts B behind G")
        let o = try layout(root, overlap)
        XCTAssertEqual([o.depth("A"), o.depth("G"), o.depth("B")], [1, 2, 3], "overlap mode puts B in front of G")
    }

    func testNestingModeIsTheTreeLevel() throws {
        let l = try layout(V("root", 0, 0, 100, 100, [V("a", 0, 0, 10, 10, [V("b", 0, 0, 5, 5)]), V("c", 50, 50, 5, 5)]), nesting)
        XCTAssertEqual(l.layers.map(\.depth), [0, 1, 2, 1])
    }

    func testNestingCountsLevelsOfViewsThatAreNotLayers() throws {
        let l = try layout(V("root", 0, 0, 100, 100, [V("zero", 0, 0, 0, 0, [V("b", 0, 0, 5, 5)])]), nesting)
        XCTAssertEqual(l.depth("b"), 2)
    }

    func testAHundredThousandLevelChainDoesNotOverflowTheStack() throws {
        var tree = ViewTree(root: ViewNode(frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        var parent = 0
        for i in 0..<100_000 { parent = tree.append(ViewNode(id: "v\(i)", frame: Rect(x: 0, y: 0, width: 100, height: 100), clipsToBounds: true), to: parent) }
        for mode in DepthMode.allCases {
            let l = try Layout.compute(tree, options: LayoutOptions(depthMode: mode))
            XCTAssertEqual(l.layers.count, 100_001)
            XCTAssertEqual(l.maxDepth, 100_000, "\(mode)")
        }
    }
}

/// The overlap rule by its definition, testing every earlier layer: the reference for the index.
func quadraticOverlapDepths(_ layers: [Layer]) -> [Int] {
    var depths: [Int] = []
    for (i, layer) in layers.enumerated() {
        var d = layer.parentLayer.map { depths[$0] + 1 } ?? 0
        for j in 0..<i where layers[j].frame.overlaps(layer.frame) { d = max(d, depths[j] + 1) }
        depths.append(d)
    }
    return depths
}

/// A random tree of `count` views on a 100×100 screen: integer-ish frames with a little noise,
/// some clipping, hiding and scrolling.
func randomTree(_ rng: inout SplitMix, count: Int) -> V {
    var specs: [V] = []
    for i in 1..<count {
        let noise = Double(Int.random(in: -1...1, using: &rng)) * 0.0004
        let x = Double(Int.random(in: -10...90, using: &rng)) + noise, y = Double(Int.random(in: -10...90, using: &rng))
        let w = Double(Int.random(in: 1...50, using: &rng)), h = Double(Int.random(in: 1...50, using: &rng)) - noise
        specs.append(V("v\(i)", x, y, w, h, bounds: Int.random(in: 0..<8, using: &rng) == 0 ? Rect(x: 0, y: 5, width: w, height: h) : nil,
                       clips: Bool.random(using: &rng), hidden: Int.random(in: 0..<15, using: &rng) == 0))
    }
    // Attach each view to a random earlier one, building from the leaves up.
    var parents: [Int] = []
    for i in specs.indices { parents.append(i == 0 ? -1 : Int.random(in: -1..<i, using: &rng)) }
    for i in stride(from: specs.count - 1, through: 0, by: -1) where parents[i] >= 0 {
        specs[parents[i]].children.insert(specs[i], at: 0)
        parents[i] = -2
    }
    return V("root", 0, 0, 100, 100, specs.indices.filter { parents[$0] == -1 }.map { specs[$0] })
}
