import Foundation
@_spi(Testing) @testable import HierarchyFormats
import HierarchyModel
import XCTest

/// The single-pass reader must give the two-pass reader's tree, or leave the document to it, so
/// that every error is the two-pass reader's.
final class SinglePassReaderTests: XCTestCase {
    // MARK: Documents it reads

    func testTheSamplesAndFixturesInEveryKeyOrder() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let samples = repository.appendingPathComponent("Samples")
        var files = try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted().flatMap { folder in
            ["tree.json", "after.json"].map { samples.appendingPathComponent(folder).appendingPathComponent($0) }
        }
        let fixtures = repository.appendingPathComponent("Tests/Fixtures/tree-json")
        files += try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted().map { fixtures.appendingPathComponent($0) }
        var count = 0
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            count += 1
            assertAgrees(Array(data), read: true, file.lastPathComponent)
            var generator = Generator(seed: UInt64(count))
            for order in KeyOrder.allCases {
                assertAgrees(rewritten(Array(data), order, &generator), read: true, "\(file.lastPathComponent), \(order)")
            }
        }
        XCTAssertGreaterThanOrEqual(count, 6)
    }

    func testGeneratedTreesWithEveryPropertyInEveryKeyOrder() {
        var generator = Generator(seed: 7)
        for round in 0..<150 {
            let tree = generator.tree(views: 1 + generator.below(40))
            let bytes = Array(TreeDocument.encode(tree).utf8)
            assertAgrees(bytes, read: true, "round \(round)")
            XCTAssertEqual(try TreeDocument.decode(Data(bytes), file: "tree.json"), tree, "round \(round)")
            for order in KeyOrder.allCases {
                assertAgrees(rewritten(bytes, order, &generator), read: true, "round \(round), \(order)")
            }
            // Keys spelled with escapes are the two-pass reader's; strings with escapes are read here.
            assertAgrees(rewritten(bytes, .shuffled, &generator, escapes: .keysAndStrings), read: false, "round \(round), escaped keys")
            assertAgrees(rewritten(bytes, .sorted, &generator, escapes: .strings), read: true, "round \(round), escaped strings")
        }
    }

    func testTreesAsDeepAsTheNestingLimitAllows() {
        // The root view's object is 2 containers deep and each level adds 2 (an array and an
        // object), its frame 1 more: 255 levels fit in 512, 256 do not.
        for levels in [254, 255, 256] {
            var text = #"{"version": 1, "root": "#
            for level in 0..<levels { text += #"{"id": "v\#(level)", "children": ["# }
            text += String(repeating: #"], "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}"#, count: levels) + "}"
            assertAgrees(Array(text.utf8), read: levels <= 255, "\(levels) levels")
        }
        // An extra nested to the limit, and one past it.
        for depth in [510, 511] {
            let extra = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let text = #"{"version": 1, "root": {"deep": \#(extra), "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}}"#
            assertAgrees(Array(text.utf8), read: depth == 510, "an extra \(depth) deep")
        }
    }

    func testTheDeepestTreeIsReadOnASmallStack() {
        // The reader recurses once a level: 255 levels, the most the nesting limit allows, fit in
        // a secondary thread's 512 KB.
        var text = #"{"version": 1, "root": "#
        for level in 0..<255 { text += #"{"id": "v\#(level)", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "children": ["# }
        text += String(repeating: "]}", count: 255) + "}"
        let bytes = Array(text.utf8)
        nonisolated(unsafe) var count = 0
        let done = expectation(description: "read")
        let thread = Thread {
            count = bytes.withUnsafeBufferPointer { SinglePassReader.tree($0)?.count ?? 0 }
            done.fulfill()
        }
        thread.stackSize = 512 << 10
        thread.start()
        wait(for: [done], timeout: 60)
        XCTAssertEqual(count, 255)
    }

    func testTheQuickReadersMembersInAnyOrder() {
        // Good and bad members of a view (those the quick reader is tested with), in subviews
        // that come before or after the view's own keys.
        var generator = Generator(seed: 11)
        let frame = #""frame": {"x": 0, "y": 0, "width": 10, "height": 10}"#
        for _ in 0..<3000 {
            var chosen = (0..<(1 + generator.below(4))).map { _ in TreeReaderQuickViewTests.members[generator.below(TreeReaderQuickViewTests.members.count)] }
            if generator.below(3) != 0 { chosen.insert(frame, at: generator.below(chosen.count + 1)) }
            let space = ["", " ", "\n    "][generator.below(3)]
            let view = "{" + space + chosen.joined(separator: "," + space) + space + "}"
            let root = [#""id": "r""#, #""frame": {"x": 0, "y": 0, "width": 100, "height": 100}"#, #""children": [\#(view), \#(view)]"#].shuffled(using: &generator)
            let text = #"{"version": 1, "root": {\#(root.joined(separator: ", "))}}"#
            assertAgrees(Array(text.utf8), read: nil, text)
        }
    }

    func testDamagedDocuments() {
        // Bytes deleted, changed and inserted, and documents cut short: whatever the damage, the
        // two readers agree (most of these documents are bad, a few still good).
        var generator = Generator(seed: 3)
        let significant = Array(#"{}[]":,-+.eE0123456789 \"tfn"#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xFF]
        for round in 0..<1500 {
            let tree = generator.tree(views: 1 + generator.below(6))
            var bytes = rewritten(Array(TreeDocument.encode(tree).utf8), KeyOrder.allCases[round % KeyOrder.allCases.count], &generator)
            for _ in 0..<(1 + generator.below(3)) {
                let at = generator.below(bytes.count)
                switch generator.below(4) {
                case 0: bytes.remove(at: at)
                case 1: bytes[at] = significant[generator.below(significant.count)]
                case 2: bytes.insert(significant[generator.below(significant.count)], at: at)
                default: bytes.removeLast(bytes.count - at)
                }
                if bytes.isEmpty { break }
            }
            assertAgrees(bytes, read: nil, "round \(round): " + String(decoding: bytes, as: UTF8.self))
        }
    }

    // MARK: Documents it leaves to the two-pass reader

    /// A document whose root has one subview, written with sorted keys (subviews before the keys
    /// of their view), `child` holding more of the subview's members.
    private func sorted(child: String) -> String {
        #"{"root": {"children": [{\#(child)"frame": {"height": 10, "width": 10, "x": 0, "y": 0}, "id": "c"}], "frame": {"height": 100, "width": 100, "x": 0, "y": 0}, "id": "r"}, "screenScale": 3, "version": 1}"#
    }

    func testBadDocumentsGiveTheTwoPassReadersMessages() {
        let good = sorted(child: "")
        assertAgrees(Array(good.utf8), read: true, "the document the others spoil")
        let deep = #"{"version": 1, "root": {"frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "deep": \#(String(repeating: "[", count: 511))"#
        let cases: [(String, [UInt8])] = [
            ("not valid JSON: line 1, column 41: the document ends inside a string", Array(good.utf8.prefix(40))),
            ("not valid JSON: line 1, column 190: expected ',' or '}' in an object", Array(good.utf8.dropLast())),
            ("not valid JSON: line 1, column 192: unexpected text after the document", Array((good + " }").utf8)),
            ("not valid JSON: line 1, column 22: a string is not valid UTF-8", Array(good.utf8.prefix(19)) + [0xC3, 0x28] + Array(good.utf8.dropFirst(19))),
            ("not valid JSON: line 1, column 37: a lone surrogate \\ud800", Array(sorted(child: #""a": "\ud800x", "#).utf8)),
            ("not valid JSON: line 1, column 39: the number 1e999 is out of range", Array(sorted(child: #""alpha": 1e999, "#).utf8)),
            ("not valid JSON: line 1, column 595: more than 512 nested arrays and objects", Array(deep.utf8)),
            // Keys after a view's subviews, with bad values.
            ("root.children[0].class: expected a non-empty string", Array(sorted(child: #""class": "", "#).utf8)),
            ("root.frame.width: expected a number >= 0, got -1", Array(good.replacingOccurrences(of: #""width": 100"#, with: #""width": -1"#).utf8)),
            ("root.id: expected a string, got a number", Array(good.replacingOccurrences(of: #""id": "r""#, with: #""id": 5"#).utf8)),
            ("version: unsupported version 2, expected 1", Array(good.replacingOccurrences(of: #""version": 1"#, with: #""version": 2"#).utf8)),
        ]
        for (message, bytes) in cases {
            XCTAssertEqual(outcome(bytes, singlePass: true), "tree.json: " + message)
            assertAgrees(bytes, read: false, message)
        }
        // A repeated id is found in the tree the single-pass reader reads.
        let repeated = Array(good.replacingOccurrences(of: #""id": "c""#, with: #""id": "r""#).utf8)
        XCTAssertEqual(outcome(repeated, singlePass: true), "tree.json: root.children[0].id: duplicate id 'r' (also at root)")
        assertAgrees(repeated, read: true, "a repeated id")
    }

    // MARK: Helpers

    /// Asserts that both readers read `bytes` to the same tree or the same error, and whether the
    /// single-pass reader read it itself (`read`; nil: either).
    private func assertAgrees(_ bytes: [UInt8], read: Bool?, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(outcome(bytes, singlePass: true), outcome(bytes, singlePass: false), message, file: file, line: line)
        if let read {
            let tree = bytes.withUnsafeBufferPointer { SinglePassReader.tree($0) }
            XCTAssertEqual(tree != nil, read, message, file: file, line: line)
        }
    }

    /// The tree, with every view's properties and place, or the error's message. Extras are
    /// spelled with their keys sorted (a dictionary's own order varies).
    private func outcome(_ bytes: [UInt8], singlePass: Bool) -> String {
        do {
            let tree = try TreeDocument.decode(Data(bytes), file: "tree.json", singlePass: singlePass)
            return tree.nodes.reduce("scale \(tree.screenScale)") { text, node in
                var properties = node
                properties.extras = [:]
                return text + "\n\(properties) extras: \(OrderedJSON(.object(node.extras)).text())"
            }
        } catch {
            return error.description
        }
    }

    enum KeyOrder: CaseIterable { case sorted, reversed, shuffled }
    enum Escapes { case none, strings, keysAndStrings }

    /// The document in `bytes` written again with its keys in `order`, white space varied, and
    /// non-ASCII characters and slashes spelled as escapes in strings (and keys).
    private func rewritten(_ bytes: [UInt8], _ order: KeyOrder, _ generator: inout Generator, escapes: Escapes = .none) -> [UInt8] {
        guard let value = try? JSONParser.parse(bytes) else { return bytes }
        let space = ["", " ", "\n  "][generator.below(3)]
        var out = ""
        func string(_ text: String, escaped: Bool) {
            guard escaped else { return out += JSONText.string(text) }
            out += "\""
            for (i, unit) in text.utf16.enumerated() {
                // A key's first letter too, so that every key has an escape.
                if i == 0 && escapes == .keysAndStrings { out += String(format: "\\u%04x", unit); continue }
                switch unit {
                case 0x22: out += "\\\""
                case 0x5C: out += "\\\\"
                case 0x2F: out += "\\/"
                case 0x20..<0x7F: out += String(UnicodeScalar(UInt8(unit)))
                default: out += String(format: "\\u%04x", unit)
                }
            }
            out += "\""
        }
        func write(_ value: JSONValue) {
            switch value {
            case .object(let members):
                var keys = members.keys.sorted()
                if order == .reversed { keys.reverse() }
                if order == .shuffled { keys.shuffle(using: &generator) }
                out += "{"
                for (i, key) in keys.enumerated() {
                    out += (i == 0 ? "" : ",") + space
                    string(key, escaped: escapes == .keysAndStrings)
                    out += ":" + space
                    write(members[key]!)
                }
                out += space + "}"
            case .array(let items):
                out += "["
                for (i, item) in items.enumerated() {
                    out += (i == 0 ? "" : ",") + space
                    write(item)
                }
                out += space + "]"
            case .string(let text): string(text, escaped: escapes != .none)
            case .number(let n): out += JSONText.number(n)
            case .bool(let b): out += b ? "true" : "false"
            case .null: out += "null"
            }
        }
        write(value)
        return Array(out.utf8)
    }
}

/// Random trees with every property a view can have, reproducibly.
private struct Generator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func number() -> Double {
        [0, -0.0, 1, 0.5, 119.66666666666667, 1e-7, 123456.789, -3, 2.5e300, 0.1][below(10)]
    }

    mutating func text() -> String {
        ["", "Wi-Fi", "Tïtle \"q\"\n", "½ \\ /", "😀 emoji", "tab\there", "\u{7F}\u{1F}", "long text that goes on past the sixteen bytes of a small string"][below(8)]
    }

    mutating func tree(views: Int) -> ViewTree {
        var tree = ViewTree(root: view(index: 0), screenScale: chance(50) ? 3 : 1)
        for index in 1..<max(views, 1) { tree.append(view(index: index), to: below(tree.count)) }
        return tree
    }

    mutating func view(index: Int) -> ViewNode {
        let frame = Rect(x: number(), y: number(), width: abs(number()), height: abs(number()))
        var node = ViewNode(id: chance(80) ? "v\(index)" : nil, frame: frame)
        if chance(50) { node.className = ["UILabel", "UIView", "Ünïcode"][below(3)] }
        if chance(30) { node.name = text() }
        if chance(30) { node.text = text() }
        if chance(30) { node.tag = [7, -3, 9_007_199_254_740_992][below(3)] }
        if chance(30) { node.bounds = Rect(x: number(), y: number(), width: abs(number()), height: abs(number())) }
        if chance(20) { node.transform = Transform2D(a: number(), b: number(), c: number(), d: number(), tx: number(), ty: number()) }
        if chance(20) { node.anchorPoint = Point(x: number(), y: number()) }
        if chance(30) { node.clipsToBounds = true }
        if chance(30) { node.alpha = [0, 0.25, 1e-7][below(3)] }
        if chance(20) { node.isHidden = true }
        if chance(30) { node.backgroundColor = Color(red: UInt8(below(256)), green: 0, blue: 255, alpha: UInt8(below(256))) }
        if chance(30) { node.snapshot = "s/\(index).png" }
        if chance(20) { node.attributes = ["clickable": "true", "resource-id": text(), "ünï": "x"] }
        if chance(20) { node.viewController = ViewController(className: ["SettingsViewController", "UIHostingController<Ünï>"][below(2)], title: chance(50) ? text() : nil) }
        if chance(20) {
            node.extras = ["future": .array([.number(1), .null, .object(["a": .string(text()), "b": .bool(false)])]), "ëxtra": .string(text()), "flag": .bool(true)]
        }
        return node
    }
}
