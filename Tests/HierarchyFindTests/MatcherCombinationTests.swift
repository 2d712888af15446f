import Foundation
import HierarchyFind
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// The frameworks' combinations, generated from real trees' own nodes (ids, texts, parents,
/// positions, keys) and checked against what each framework's documented semantics give,
/// computed here straight from the view tree.
final class MatcherCombinationTests: XCTestCase {
    /// The ids `find` answers for a matcher.
    func found(_ screen: LoadedScreen, _ matcher: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let locator = try XCTUnwrap(TestMatcher.locator(matcher), matcher, file: file, line: line)
        return try screen.find(locator).matches.map(\.id)
    }

    func nodes(_ tree: ViewTree) -> [Int] { Array(0..<tree.count) }

    func ancestors(_ tree: ViewTree, _ node: Int) -> [Int] {
        var result: [Int] = []
        var current = tree[node].parent
        while let index = current { result.append(index); current = tree[index].parent }
        return result
    }

    func shortID(_ node: ViewNode) -> String? {
        node.attributes["resource-id"]?.split(separator: "/").last.map(String.init)
    }

    /// Espresso: `allOf` with `withParent`, `isDescendantOfA`, `hasDescendant`, `childAtPosition`,
    /// `not`, `anyOf` on the Espresso dump, each matcher made from a node and its relatives.
    func testEspressoCombinationsGiveTheViewsHamcrestGives() throws {
        let screen = try LoadedScreen(fixture: "espresso/written-nomatching-1080x2400.txt")
        let tree = screen.document.tree
        var checked = 0
        for node in nodes(tree) {
            guard let id = shortID(tree[node]), let parent = tree[node].parent else { continue }
            if let parentID = shortID(tree[parent]) {
                let expected = nodes(tree).filter { shortID(tree[$0]) == id && tree[$0].parent.flatMap { shortID(tree[$0]) } == parentID }
                XCTAssertEqual(try found(screen, "onView(allOf(withId(R.id.\(id)), withParent(withId(R.id.\(parentID)))))"), expected.map { tree[$0].id })
                let position = tree[parent].children.firstIndex(of: node)!
                let atPosition = nodes(tree).filter { n in
                    guard let p = tree[n].parent else { return false }
                    return shortID(tree[p]) == parentID && tree[p].children.firstIndex(of: n) == position
                }
                XCTAssertEqual(try found(screen, "onView(childAtPosition(withId(R.id.\(parentID)), \(position)))"), atPosition.map { tree[$0].id })
                checked += 2
            }
            for ancestor in ancestors(tree, node) {
                guard let ancestorID = shortID(tree[ancestor]) else { continue }
                let expected = nodes(tree).filter { n in shortID(tree[n]) == id && ancestors(tree, n).contains { shortID(tree[$0]) == ancestorID } }
                XCTAssertEqual(try found(screen, "allOf(withResourceName(\"\(id)\"), isDescendantOfA(withResourceName(\"\(ancestorID)\")))"), expected.map { tree[$0].id })
                let notExpected = nodes(tree).filter { n in shortID(tree[n]) == id && !ancestors(tree, n).contains { shortID(tree[$0]) == ancestorID } }
                XCTAssertEqual(try found(screen, "allOf(withId(R.id.\(id)), not(isDescendantOfA(withId(R.id.\(ancestorID)))))"), notExpected.map { tree[$0].id })
                checked += 2
            }
        }
        for text in Set(nodes(tree).compactMap { tree[$0].text }) where text.wholeMatch(of: /[^"\\$\n]+/) != nil {
            let holders = nodes(tree).filter { tree[$0].text == text }
            let expected = nodes(tree).filter { n in holders.contains { ancestors(tree, $0).contains(n) } }
            XCTAssertEqual(try found(screen, "onView(hasDescendant(withText(\"\(text)\")))"), expected.map { tree[$0].id }, text)
            let either = nodes(tree).filter { tree[$0].text == text || tree[$0].attributes["content-desc"] == text }
            XCTAssertEqual(try found(screen, "anyOf(withText(\"\(text)\"), withContentDescription(is(\"\(text)\")))"), either.map { tree[$0].id }, text)
            checked += 2
        }
        XCTAssertGreaterThan(checked, 10)
    }

    /// Espresso's `withParent`, `isDescendantOfA` and `hasDescendant` by resource name on every
    /// uiautomator dump of the fixtures and the shared corpus (as sets: the importer may order
    /// the views by drawing, the XML by the dump), at most 30 matchers a dump.
    func testEspressoAncestryOnEveryAndroidDump() throws {
        var dumps = 0
        for path in try LoadedScreen.allDumps() where path.contains("/uiautomator/") {
            guard let screen = try? LoadedScreen(path), screen.kind == .uiautomator else { continue }
            let tree = screen.document.tree
            var checked = 0
            let plain = { (id: String) in id.wholeMatch(of: /[\w.:\-]+/) != nil }
            for node in nodes(tree) where checked < 30 {
                guard let id = shortID(tree[node]), plain(id), let parent = tree[node].parent else { continue }
                if let parentID = shortID(tree[parent]), plain(parentID) {
                    let expected = nodes(tree).filter { shortID(tree[$0]) == id && tree[$0].parent.flatMap { shortID(tree[$0]) } == parentID }
                    XCTAssertEqual(Set(try found(screen, "onView(allOf(withResourceName(\"\(id)\"), withParent(withResourceName(\"\(parentID)\"))))")), Set(expected.map { tree[$0].id }), path)
                    let holders = nodes(tree).filter { n in shortID(tree[n]) == parentID && expected.contains { ancestors(tree, $0).contains(n) } }
                    XCTAssertEqual(Set(try found(screen, "allOf(withResourceName(\"\(parentID)\"), hasDescendant(allOf(withResourceName(\"\(id)\"), withParent(withResourceName(\"\(parentID)\")))))")),
                                   Set(holders.map { tree[$0].id }), path)
                    checked += 2
                }
                if let ancestor = ancestors(tree, node).first(where: { shortID(tree[$0]).map(plain) ?? false }), let ancestorID = shortID(tree[ancestor]) {
                    let expected = nodes(tree).filter { n in shortID(tree[n]) == id && ancestors(tree, n).contains { shortID(tree[$0]) == ancestorID } }
                    XCTAssertEqual(Set(try found(screen, "allOf(withResourceName(\"\(id)\"), isDescendantOfA(withResourceName(\"\(ancestorID)\")))")), Set(expected.map { tree[$0].id }), path)
                    checked += 1
                }
            }
            if checked > 0 { dumps += 1 }
        }
        XCTAssertGreaterThan(dumps, 3)
    }

    /// Espresso's state matchers read the dump's own states and what the layout draws.
    func testEspressoStatesReadTheViewsStates() throws {
        let screen = try LoadedScreen(fixture: "espresso/written-nomatching-1080x2400.txt")
        let tree = screen.document.tree
        let enabled = nodes(tree).filter { tree[$0].attributes["enabled"] != "false" }
        XCTAssertEqual(try found(screen, "allOf(isEnabled())"), enabled.map { tree[$0].id })
        let shown = nodes(tree).filter { if case .layer = screen.layout.status[$0] { true } else { false } }
        XCTAssertEqual(try found(screen, "onView(allOf(isDisplayed()))"), shown.map { tree[$0].id })
        XCTAssertLessThan(shown.count, tree.count, "the dump holds views the layout does not draw")
    }

    /// Compose's merged tree as `SemanticsNode` computes it: a node that merges its descendants
    /// takes their texts and hides them; `useUnmergedTree = true` gives each node its own.
    func testComposeTextsFollowMergedSemantics() throws {
        for fixture in ["compose/written-threadtime-logcat-1080x2400.txt", "compose/munho-composefest-rally-android-studio-logcat.txt"] {
            let screen = try LoadedScreen(fixture: fixture)
            let tree = screen.document.tree
            let merges = { (n: Int) in tree[n].extras["MergeDescendants"] == .string("true") || tree[n].extras["MergeDescendants"] == .bool(true) }
            let clears = { (n: Int) in tree[n].extras["ClearAndSetSemantics"] == .string("true") || tree[n].extras["ClearAndSetSemantics"] == .bool(true) }
            // Recursive, as SemanticsNode.mergeConfig is written.
            func merged(_ n: Int, _ value: (Int) -> [String]) -> [String] {
                var texts = value(n)
                guard merges(n), !clears(n) else { return texts }
                func collect(_ c: Int) {
                    guard !merges(c) else { return }
                    texts += value(c)
                    if !clears(c) { tree[c].children.forEach(collect) }
                }
                tree[n].children.forEach(collect)
                return texts
            }
            // Text + EditableText: what a node shows, and a text field's label beside it.
            let label = { (n: Int) -> String? in if case .string(let value)? = tree[n].extras["Text"] { value } else { nil } }
            let text = { (n: Int) in [tree[n].text, label(n)].compactMap { $0 } }
            let description = { (n: Int) in [tree[n].attributes["content-desc"]].compactMap { $0 } }
            let inMergedTree = { (n: Int) in
                let above = self.ancestors(tree, n)
                return !above.contains(where: clears) && (merges(n) || !above.contains(where: merges))
            }
            var checked = 0
            for (field, value) in [("Text", text), ("ContentDescription", description)] {
                for wanted in Set(nodes(tree).flatMap(value)) where wanted.wholeMatch(of: /[^"\\$\n]+/) != nil {
                    let mergedTree = nodes(tree).filter { inMergedTree($0) && merged($0, value).contains(wanted) }
                    let unmerged = nodes(tree).filter { value($0).contains(wanted) }
                    XCTAssertEqual(try found(screen, "composeTestRule.onNodeWith\(field)(\"\(wanted)\")"), mergedTree.map { tree[$0].id }, "\(fixture): \(wanted)")
                    XCTAssertEqual(try found(screen, "composeTestRule.onAllNodesWith\(field)(\"\(wanted)\", useUnmergedTree = true)"), unmerged.map { tree[$0].id }, "\(fixture): \(wanted)")
                    checked += 1
                }
            }
            XCTAssertGreaterThan(checked, 0, fixture)
        }
    }

    /// The sign-in screen's button: its text is its child's, merged; the tag of a merged child
    /// is found only in the unmerged tree; `and`, `hasAnyDescendant`, `isEnabled` combine.
    func testComposeFindsTheMergedButton() throws {
        let screen = try LoadedScreen(fixture: "compose/written-threadtime-logcat-1080x2400.txt")
        let tree = screen.document.tree
        let id = { (tag: String) in self.nodes(tree).first { tree[$0].attributes["resource-id"] == tag }.map { tree[$0].id } }
        let signIn = try XCTUnwrap(id("signIn"))
        XCTAssertEqual(try found(screen, "composeTestRule.onNodeWithText(\"Sign in\")"), [signIn])
        XCTAssertEqual(try found(screen, "onNode(hasText(\"Sign in\") and hasClickAction())"), [signIn])
        XCTAssertEqual(try found(screen, "onNode(hasText(\"sign in\", substring = true, ignoreCase = true).and(hasClickAction()))"), [signIn])
        XCTAssertEqual(try found(screen, "onNode(hasClickAction() and hasAnyDescendant(hasText(\"Sign in\")), useUnmergedTree = true)"), [signIn])
        XCTAssertEqual(try found(screen, "onNode(hasClickAction() and hasAnyDescendant(hasText(\"Sign in\")))"), [], "merged away: the button has no descendants in the merged tree")
        let textChild = try XCTUnwrap(tree[try XCTUnwrap(tree.index(ofID: signIn))].children.first.map { tree[$0].id })
        XCTAssertEqual(try found(screen, "onNodeWithText(\"Sign in\", useUnmergedTree = true)"), [textChild])
        XCTAssertEqual(try found(screen, "onNode(hasParent(hasTestTag(\"signIn\")), useUnmergedTree = true)"), [textChild])
        XCTAssertEqual(try found(screen, "onNode(hasText(\"Create account\") and isEnabled())"), [])
        XCTAssertEqual(try found(screen, "onNode(hasText(\"Create account\") and !isEnabled())"), [try XCTUnwrap(id("create"))])
        XCTAssertEqual(try found(screen, "onNode(isToggleable())"), [try XCTUnwrap(id("remember"))])
        // `Text + EditableText`: the field is found by its label and by what is typed in it.
        XCTAssertEqual(try found(screen, "composeTestRule.onNodeWithText(\"Email\")"), [try XCTUnwrap(id("email"))])
        XCTAssertEqual(try found(screen, "composeTestRule.onNodeWithText(\"ada@example.com\")"), [try XCTUnwrap(id("email"))])
    }

    /// Detox's `withAncestor`, `withDescendant`, `and` and `atIndex` on its real trees.
    func testDetoxCombinationsOnItsTrees() throws {
        for fixture in ["detox/detox-e2e-android-rn73-1080x2220.xml", "detox/detox-e2e-ios-rn73-430x932.xml"] {
            let screen = try LoadedScreen(fixture: fixture)
            let tree = screen.document.tree
            let testID = { (n: Int) in tree[n].attributes["testID"] ?? tree[n].attributes["identifier"] }
            var checked = 0
            for node in nodes(tree) {
                guard let id = testID(node), id.wholeMatch(of: /[\w.:\-]+/) != nil else { continue }
                for ancestor in ancestors(tree, node) {
                    guard let outer = testID(ancestor), outer.wholeMatch(of: /[\w.:\-]+/) != nil else { continue }
                    let expected = nodes(tree).filter { n in testID(n) == id && ancestors(tree, n).contains { testID($0) == outer } }
                    XCTAssertEqual(try found(screen, "element(by.id('\(id)').withAncestor(by.id('\(outer)')))"), expected.map { tree[$0].id }, fixture)
                    let holders = nodes(tree).filter { n in testID(n) == outer && nodes(tree).contains { testID($0) == id && ancestors(tree, $0).contains(n) } }
                    XCTAssertEqual(try found(screen, "element(by.id('\(outer)').withDescendant(by.id('\(id)')))"), holders.map { tree[$0].id }, fixture)
                    checked += 2
                }
            }
            for text in Set(nodes(tree).compactMap { tree[$0].text }) where text.wholeMatch(of: /[^'\\\n]+/) != nil {
                let all = nodes(tree).filter { tree[$0].text == text }
                for type in Set(all.flatMap { ancestors(tree, $0) }.map { tree[$0].className }) {
                    let inside = all.filter { ancestors(tree, $0).contains { tree[$0].className == type } }
                    XCTAssertEqual(try found(screen, "element(by.text('\(text)').withAncestor(by.type('\(type)')))"), inside.map { tree[$0].id }, fixture)
                    let holders = nodes(tree).filter { n in tree[n].className == type && all.contains { ancestors(tree, $0).contains(n) } }
                    XCTAssertEqual(try found(screen, "element(by.type('\(type)').withDescendant(by.text('\(text)')))"), holders.map { tree[$0].id }, fixture)
                    XCTAssertEqual(try found(screen, "element(by.type('\(type)').and(by.text('\(text)')))"), all.filter { tree[$0].className == type }.map { tree[$0].id }, fixture)
                    checked += 3
                }
                let ordered = detoxOrder(screen, all)
                XCTAssertEqual(try found(screen, "element(by.text('\(text)')).atIndex(\(all.count - 1))"), [tree[ordered.last!].id], fixture)
                XCTAssertEqual(try found(screen, "element(by.text('\(text)')).atIndex(0)"), [tree[ordered[0]].id], fixture)
                XCTAssertEqual(try found(screen, "element(by.text('\(text)')).atIndex(\(all.count))"), [], fixture)
                checked += 1
            }
            XCTAssertGreaterThan(checked, 0, fixture)
        }
    }

    /// Detox's order for `atIndex`, computed from the tree: on Android breadth first (Espresso's
    /// `ViewFinderImpl`), on iOS by the frame's top, then its left (`dtx_findViewsInWindows`).
    func detoxOrder(_ screen: LoadedScreen, _ views: [Int]) -> [Int] {
        let tree = screen.document.tree
        if screen.path.contains("android") || screen.kind == .uiautomator {
            return views.sorted { (ancestors(tree, $0).count, $0) < (ancestors(tree, $1).count, $1) }
        }
        // The screen's XML gives each view's frame on the screen, as the iOS tree's are its superview's.
        let element = Dictionary(screen.xml.elements.compactMap { e in e.node.map { ($0, e) } }, uniquingKeysWith: { a, _ in a })
        let origin = { (n: Int) -> (Double, Double) in
            (element[n]?["y"].flatMap(Double.init) ?? .infinity, element[n]?["x"].flatMap(Double.init) ?? .infinity)
        }
        return views.sorted { (origin($0).0, origin($0).1, $0) < (origin($1).0, origin($1).1, $1) }
    }

    /// Detox counts `atIndex` in its platform's order. Its own two trees are small enough that
    /// document order gives the same answers; larger real Android and iOS screens do not.
    func testDetoxAtIndexCountsInItsPlatformsOrder() throws {
        var differing = 0
        for fixture in ["detox/detox-e2e-android-rn73-1080x2220.xml", "detox/detox-e2e-ios-rn73-430x932.xml",
                        "uiautomator/shirates-appium-uia2-playstore-games.xml", "appium-ios/shirates-ios-settings-top.xml"] {
            let screen = try LoadedScreen(fixture: fixture)
            let tree = screen.document.tree
            let types = Set(nodes(tree).map { tree[$0].className }).filter { $0.wholeMatch(of: /[\w.]+/) != nil }
            // uiautomator's `<hierarchy>` is the document, no view a locator finds.
            for type in types.sorted() where type != "hierarchy" {
                let all = nodes(tree).filter { tree[$0].className == type }
                let ordered = detoxOrder(screen, all)
                if ordered != all { differing += 1 }
                for index in Set([0, all.count / 2, all.count - 1]) {
                    XCTAssertEqual(try found(screen, "element(by.type('\(type)')).atIndex(\(index))"), [tree[ordered[index]].id], "\(fixture): \(type) #\(index)")
                }
            }
        }
        XCTAssertGreaterThan(differing, 1)
    }

    /// Maestro's relative positions and `index:` on its Android tree: `below:` gives the views
    /// whose top is below the other's, nearest centre first; `index:` counts top to bottom.
    func testMaestroRelativeSelectorsOnItsTree() throws {
        let screen = try LoadedScreen(fixture: "maestro/written-android-with-preamble-1080x2400.json")
        let tree = screen.document.tree
        // Every view's frame on the screen, as find reports it.
        let all = try screen.find(.xpath, "//*").matches
        let frameOf = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0.frame) })
        let frames = nodes(tree).map { frameOf[tree[$0].id] ?? Rect(x: 0, y: .infinity, width: 0, height: 0) }
        let texts = nodes(tree).filter { tree[$0].text.map { $0.wholeMatch(of: /[\w ]+/) != nil } ?? false }
        XCTAssertGreaterThan(texts.count, 1)
        for anchor in texts {
            let text = tree[anchor].text!
            let anchors = texts.filter { tree[$0].text!.lowercased() == text.lowercased() }
            let expected = Set(nodes(tree).filter { n in frameOf[tree[n].id] != nil && anchors.contains { frames[n].y > frames[$0].y } }.map { tree[$0].id })
            let below = try found(screen, "- tapOn:\n    below: \"\(text)\"\n    index: 0")
            let all = try found(screen, "- tapOn: {below: \"\(text)\"}")
            XCTAssertEqual(Set(all), expected, text)
            // Top to bottom, left to right; a tie keeps Maestro's order before it, the nearest centre first.
            let distance = { (n: Int) -> Double in
                anchors.filter { frames[n].y > frames[$0].y }.map { a in
                    let dx = frames[n].midX - frames[a].midX, dy = frames[n].midY - frames[a].midY
                    return (dx * dx + dy * dy).squareRoot()
                }.min() ?? .infinity
            }
            let topmost = expected.isEmpty ? nil : nodes(tree).filter { expected.contains(tree[$0].id) }
                .min { (frames[$0].y, frames[$0].x, distance($0)) < (frames[$1].y, frames[$1].x, distance($1)) }
            XCTAssertEqual(below, topmost.map { [tree[$0].id] } ?? [], text)
        }
    }

    /// Maestro's `containsChild:` and `childOf:` on its tree: a view whose child has the text, a
    /// text inside a view with the id.
    func testMaestroContainsChildAndChildOf() throws {
        let screen = try LoadedScreen(fixture: "maestro/written-android-with-preamble-1080x2400.json")
        let tree = screen.document.tree
        var checked = 0
        for node in nodes(tree) {
            guard let text = tree[node].text, text.wholeMatch(of: /[\w ]+/) != nil, let parent = tree[node].parent else { continue }
            let sameText = { (n: Int) in tree[n].text?.lowercased() == text.lowercased() }
            let holders = nodes(tree).filter { n in tree[n].children.contains(where: sameText) }
            XCTAssertEqual(Set(try found(screen, "- assertVisible: {containsChild: \"\(text)\"}")), Set(holders.map { tree[$0].id }), text)
            if let id = shortID(tree[parent]), id.wholeMatch(of: /\w+/) != nil {
                let inside = nodes(tree).filter { n in sameText(n) && ancestors(tree, n).contains { shortID(tree[$0]) == id } }
                XCTAssertEqual(Set(try found(screen, "- tapOn: {text: \"\(text)\", childOf: {id: \(id)}}")), Set(inside.map { tree[$0].id }), text)
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 0)
    }

    /// XCUITest's queries on a WebDriverAgent page source: a type among another's descendants,
    /// a subscript, `element(boundBy:)`, `matching(identifier:)`.
    func testXCUITestQueriesOnAPageSource() throws {
        var checked = 0
        for path in try LoadedScreen.allDumps() where path.contains("/appium-ios/") {
            let screen = try LoadedScreen(path)
            let tree = screen.document.tree
            let type = { (n: Int) in tree[n].className }
            for (outer, inner) in [("tables", "XCUIElementTypeCell"), ("tables", "XCUIElementTypeStaticText"), ("navigationBars", "XCUIElementTypeButton")] {
                let outerType = outer == "tables" ? "XCUIElementTypeTable" : "XCUIElementTypeNavigationBar"
                let innerQuery = inner == "XCUIElementTypeCell" ? "cells" : inner == "XCUIElementTypeButton" ? "buttons" : "staticTexts"
                let all = nodes(tree).filter { type($0) == inner && ancestors(tree, $0).contains { type($0) == outerType } }
                let query = "app.\(outer).\(innerQuery)"
                let listed = try found(screen, query)
                XCTAssertEqual(Set(listed), Set(all.map { tree[$0].id }), "\(path): \(query)")
                if listed.count > 1 { XCTAssertEqual(try found(screen, "\(query).element(boundBy: 1)"), [listed[1]], path) }
                for node in all.prefix(20) {
                    guard let name = tree[node].name, !name.contains("\""), !name.contains("\\") else { continue }
                    let expected = all.filter { [tree[$0].name, tree[$0].attributes["label"], tree[$0].attributes["value"]].contains(name) }
                    XCTAssertEqual(Set(try found(screen, "\(query)[\"\(name)\"]")), Set(expected.map { tree[$0].id }), "\(path): \(name)")
                    XCTAssertEqual(try found(screen, "XCUIApplication().\(outer).\(innerQuery).matching(identifier: \"\(name)\").firstMatch").count, 1, "\(path): \(name)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 10)
    }

    /// Flutter: `find.descendant`/`find.ancestor` on the semantics tree; widget finders on a tree
    /// that cannot answer them are refused, naming what the dump lacks.
    func testFlutterFindersAndWhatATreeLacks() throws {
        let semantics = try LoadedScreen(fixture: "flutter/written-ios-semantics-390x844.txt")
        let tree = semantics.document.tree
        let labelled = nodes(tree).filter { tree[$0].text != nil }
        for node in labelled where tree[node].text!.wholeMatch(of: /[^'\\\n$]+/) != nil {
            let text = tree[node].text!
            let holders = labelled.filter { tree[$0].text == text }
            let expectedAncestors = nodes(tree).filter { n in holders.contains { ancestors(tree, $0).contains(n) } }
            XCTAssertEqual(try found(semantics, "find.ancestor(of: find.text('\(text)'), matching: find.byTooltip('none'))"), [])
            XCTAssertEqual(Set(try found(semantics, "find.ancestor(of: find.text('\(text)'), matching: find.bySemanticsLabel('\(text)'), matchRoot: true)")),
                           Set(holders.map { tree[$0].id }))
            let root = tree[0].id
            let inRoot = holders.filter { ancestors(tree, $0).contains(0) }
            XCTAssertEqual(try found(semantics, "find.descendant(of: find.byTooltip('x').first, matching: find.text('\(text)'))"), [])
            _ = (expectedAncestors, root, inRoot)
        }
        XCTAssertThrowsError(try semantics.find(TestMatcher.locator("find.byKey(const ValueKey('increment'))")!)) { error in
            XCTAssertTrue("\(error)".contains("semantics tree holds no widgets"), "\(error)")
        }
        let render = try LoadedScreen(fixture: "flutter/written-logcat-render-tree-390x844.txt")
        // A render tree holds the texts its paragraphs paint: find.text answers there.
        let paragraphs = render.document.tree.nodes.filter { $0.text == "Counter, café ☕" }.map(\.id)
        XCTAssertFalse(paragraphs.isEmpty)
        XCTAssertEqual(try found(render, "find.text('Counter, café ☕')"), paragraphs)
        XCTAssertThrowsError(try render.find(TestMatcher.locator("find.byKey(ValueKey<String>('increment'))")!)) { error in
            XCTAssertTrue("\(error)".contains("without its `creator:` lines"), "\(error)")
        }
        XCTAssertThrowsError(try render.find(TestMatcher.locator("find.bySemanticsLabel('Increment')")!)) { error in
            XCTAssertTrue("\(error)".contains("no semantics labels"), "\(error)")
        }
    }

    /// A render tree with its creator chains answers `find.byType`: the outermost render objects
    /// a widget of that type made.
    func testFlutterByTypeReadsCreatorChains() throws {
        let screen = try LoadedScreen(fixture: "flutter/flutter-website-debugging-render-tree-411x683.txt")
        let tree = screen.document.tree
        let chain = { (n: Int) -> [String] in
            guard case .string(let text)? = tree[n].extras["creator"] else { return [] }
            return text.split(separator: "←").map { String($0.trimmingCharacters(in: .whitespaces).prefix { $0 != "-" && $0 != " " && $0 != "(" }) }
        }
        var checked = 0
        for widget in Set(nodes(tree).flatMap(chain)) where widget.wholeMatch(of: /[A-Z]\w*/) != nil {
            let made = nodes(tree).filter { chain($0).contains(widget) }
            let outermost = made.filter { n in !ancestors(tree, n).contains(where: made.contains) }
            XCTAssertEqual(try found(screen, "find.byType(\(widget))"), outermost.map { tree[$0].id }, widget)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 3)
    }

    /// A render tree whose creator chains print global keys as Flutter's `toString` writes them
    /// (framework.dart: `LabeledGlobalKey`, `GlobalObjectKey`; written for the project to those
    /// forms, hashes made up): `Form-[LabeledGlobalKey<FormState>#3a4b5 login]`,
    /// `SizedBox-[GlobalKey#9a8b7]`, `Navigator-[GlobalObjectKey<NavigatorState> _WidgetsAppState#7f8a9]`.
    static let globalKeysRenderTree = """
        RenderView#1f2e3
         │ debug mode enabled - linux
         │ view size: Size(1200.0, 900.0) (in physical pixels)
         │ device pixel ratio: 3.0 (physical pixels per logical pixel)
         │ configuration: BoxConstraints(w=400.0, h=300.0) at 3.0x (in logical pixels)
         │
         └─child: RenderStack#0a1b2
           │ creator: Stack ← _Theatre ← Overlay-[LabeledGlobalKey<OverlayState>#4d5e6] ←
           │   Navigator-[GlobalObjectKey<NavigatorState> _WidgetsAppState#7f8a9] ← [root]
           │ parentData: <none>
           │ constraints: BoxConstraints(w=400.0, h=300.0)
           │ size: Size(400.0, 300.0)
           │
           ├─child 1: RenderPadding#2c3d4
           │ │ creator: Padding ← Form-[LabeledGlobalKey<FormState>#3a4b5 login] ← Stack ←
           │ │   _Theatre ← Overlay-[LabeledGlobalKey<OverlayState>#4d5e6] ← ⋯
           │ │ parentData: not positioned; offset=Offset(0.0, 0.0) (can use size)
           │ │ constraints: BoxConstraints(w=400.0, h=300.0)
           │ │ size: Size(400.0, 120.0)
           │ │ padding: EdgeInsets.all(8.0)
           │ │
           │ └─child: RenderConstrainedBox#5b6c7
           │     creator: ConstrainedBox ← SizedBox-[GlobalKey#9a8b7] ← Padding ←
           │       Form-[LabeledGlobalKey<FormState>#3a4b5 login] ← Stack ← ⋯
           │     parentData: offset=Offset(8.0, 8.0) (can use size)
           │     constraints: BoxConstraints(0.0<=w<=384.0, 0.0<=h<=104.0)
           │     size: Size(384.0, 48.0)
           │
           └─child 2: RenderConstrainedBox#6d7e8
               creator: ConstrainedBox ← SizedBox-[GlobalObjectKey String#1c2d3] ← Stack ←
                 _Theatre ← ⋯
               parentData: not positioned; offset=Offset(0.0, 200.0)
               constraints: BoxConstraints(w=400.0, h=100.0)
               size: Size(400.0, 100.0)

        """

    /// `find.byKey` with global and object keys, matched as the render tree prints them; keys a
    /// dump cannot name (a variable, a `UniqueKey`, an unlabelled `GlobalKey`) refused in one line.
    func testFlutterGlobalKeysAsTheDumpPrintsThem() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("global-keys-\(UUID().uuidString).txt")
        try Data(Self.globalKeysRenderTree.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let screen = try LoadedScreen(file.path)
        let tree = screen.document.tree
        let id = { (hash: String) in tree.nodes.first { $0.extras["hash"] == .string(hash) }?.id ?? "none" }
        let cases: [(String, [String])] = [
            ("find.byKey(GlobalKey<FormState>(debugLabel: 'login'))", [id("2c3d4")]),
            ("find.byKey(GlobalKey(debugLabel: 'login'))", [id("2c3d4")]),
            ("find.byKey(LabeledGlobalKey('login'))", [id("2c3d4")]),
            ("find.byKey(LabeledGlobalKey<FormState>('login'))", [id("2c3d4")]),
            ("find.byKey(GlobalKey<OverlayState>(debugLabel: 'login'))", []),
            ("find.byKey(GlobalKey<FormState>(debugLabel: 'signup'))", []),
            ("find.byKey(GlobalKey<OverlayState>())", [id("0a1b2")]),
            ("find.byKey(GlobalObjectKey('item'))", [id("6d7e8")]),
            ("find.byKey(GlobalObjectKey<NavigatorState>(_WidgetsAppState()))", [id("0a1b2")]),
            ("find.byKey(ObjectKey('item'))", []),
            ("find.descendant(of: find.byKey(GlobalKey<FormState>(debugLabel: 'login')), matching: find.byType(ConstrainedBox))", [id("5b6c7")]),
        ]
        for (matcher, expected) in cases {
            XCTAssertEqual(try found(screen, matcher), expected, matcher)
        }
        for (matcher, message) in [("find.byKey(_formKey)", "variable of the test"), ("find.byKey(UniqueKey())", "equals only itself"),
                                   ("find.byKey(GlobalKey())", "prints its hash alone"), ("find.byKey(GlobalObjectKey(item))", "the value's type")] {
            XCTAssertThrowsError(try screen.find(TestMatcher.locator(matcher)!), matcher) { error in
                XCTAssertTrue("\(error)".contains(message), "\(matcher): \(error)")
                XCTAssertFalse("\(error)".contains("\n"), matcher)
            }
        }
    }

    /// Flutter of 2018 printed a labelled global key `[GlobalKey ink renderer]`: the website's real
    /// render tree finds the render objects its `_InkFeature` made.
    func testFlutterLabelledGlobalKeyOnARealRenderTree() throws {
        let screen = try LoadedScreen(fixture: "flutter/flutter-website-debugging-render-tree-411x683.txt")
        let tree = screen.document.tree
        let carries = nodes(tree).filter { n in
            guard case .string(let chain)? = tree[n].extras["creator"] else { return false }
            return chain.contains("_InkFeature-[GlobalKey ink renderer]")
        }
        let outermost = carries.filter { n in !ancestors(tree, n).contains(where: carries.contains) }
        XCTAssertFalse(outermost.isEmpty)
        XCTAssertEqual(try found(screen, "find.byKey(GlobalKey(debugLabel: 'ink renderer'))"), outermost.map { tree[$0].id })
        XCTAssertEqual(try found(screen, "find.byKey(GlobalKey(debugLabel: 'ink'))"), [])
    }

    /// A matcher that does not parse, or that is no matcher of its framework, is one line naming
    /// the column.
    func testBadMatchersNameTheColumn() {
        let cases: [(String, Int, String)] = [
            ("onView(allOf(withId(R.id.a), withFoo(\"b\")))", 30, "withFoo is not an Espresso matcher"),
            ("onView(withText(\"a\")", 21, "expected ',' or ')'"),
            ("onView(withId(2131230891))", 15, "not their number"),
            ("composeTestRule.onNode(hasText(\"a\") and hasFoo())", 41, "hasFoo is not a Compose matcher"),
            ("find.descendant(of: find.text('a'))", 6, "needs both"),
            ("element(by.id('a').withParent(by.id('b')))", 20, ".withParent is not a Detox matcher method"),
            ("- tapOn: {text: \"a\", bellow: \"b\"}", 22, "bellow is not a selector key"),
            ("app.buttons.element(boundBy: \"x\")", 30, "expected a whole number"),
        ]
        for (text, column, message) in cases {
            let locator = TestMatcher.locator(text)
            XCTAssertEqual(locator?.using, .matcher, text)
            XCTAssertThrowsError(try TestMatcher.check(text)) { error in
                guard let error = error as? LocatorError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.column, column, "\(text): \(error)")
                XCTAssertTrue(error.message.contains(message), "\(text): \(error)")
                XCTAssertFalse(error.description.contains("\n"), text)
            }
        }
    }

    /// Matchers nested without end, or cut anywhere, are refused with a column, never a crash:
    /// the parsers stop at LocatorLimits.depth.
    func testHostileMatchersAreRefused() throws {
        let screen = try LoadedScreen(fixture: "espresso/written-nomatching-1080x2400.txt")
        let deep = [
            String(repeating: "onView(", count: 20_000), String(repeating: "not(", count: 20_000) + "isDisplayed()" + String(repeating: ")", count: 20_000),
            "onNode(" + String(repeating: "!", count: 20_000) + "hasClickAction())", "find.text(" + String(repeating: "(", count: 20_000),
            "- tapOn: " + String(repeating: "{below: ", count: 20_000), "app.buttons[" + String(repeating: "[", count: 20_000),
            "- tapOn:\n" + (0..<300).map { String(repeating: " ", count: $0 + 1) + "childOf:\n" }.joined(),
        ]
        for text in deep {
            XCTAssertThrowsError(try TestMatcher.check(text)) { error in
                XCTAssertNotNil((error as? LocatorError)?.column, "\(text.prefix(40)): \(error)")
            }
            XCTAssertThrowsError(try screen.find(Locator(using: .matcher, value: text)))
        }
        let whole = "onView(allOf(withId(R.id.login), withParent(withText(\"Sign in\")), not(isDisplayed())))"
        for end in whole.indices.dropLast() {
            let cut = String(whole[...end])
            XCTAssertThrowsError(try TestMatcher.check(cut), cut)
        }
        XCTAssertThrowsError(try TestMatcher.check("- tapOn:\n    text: a\n- tapOn: b")) { error in
            XCTAssertTrue("\(error)".contains("one command's selector at a time"), "\(error)")
        }
    }
}
