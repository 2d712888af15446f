import Foundation
@_spi(Testing) @testable import HierarchyFormats
import HierarchyModel
import XCTest

/// Every field of the one definition (`ViewField`) goes through both layouts of the writer and
/// each of the three readers, and a bad value of it is told at its JSON path: a field added to the
/// table is tested here with nothing else written.
final class ViewFieldTests: XCTestCase {
    /// A value of `kind` that is not a view's default, whatever the field.
    private func sample(_ kind: FieldKind) -> FieldValue {
        switch kind {
        case .string: .string("Wi-Fi \"5 GHz\"\n\u{1}é")
        case .nonEmptyString: .string("sample-\u{263A}")
        case .integer: .integer(-7)
        case .number(.unit): .number(0.25)
        case .number: .number(2.5)
        case .bool: .bool(true)
        case .color: .color(Color(red: 1, green: 128, blue: 255, alpha: 4))
        case .rect: .rect(Rect(x: 1.5, y: -2, width: 30, height: 44.333333333333336))
        case .point: .point(Point(x: 0, y: 1))
        case .transform: .transform(Transform2D(a: 0.7071067811865476, b: 0.7071067811865475, c: -0.7071067811865475, d: 0.7071067811865476, tx: 1, ty: -2))
        case .attributes: .attributes(["resource-id": "com.example:id/ok", "clickable": "true"])
        case .viewController: .viewController(ViewController(className: "SettingsViewController", title: "Réglages"))
        case .sourceSpan: .source(SourceSpan(line: 12, endLine: 15))
        }
    }

    /// A window whose one subview has `field` set to a sample (the quick reader reads subviews only).
    private func tree(with field: ViewField) -> (ViewTree, FieldValue) {
        var tree = ViewTree(root: ViewNode(id: "window", frame: Rect(x: 0, y: 0, width: 100, height: 100)), screenScale: 3)
        var node = ViewNode(id: "child", frame: Rect(x: 5, y: 6, width: 20, height: 10))
        let value = sample(field.definition.kind)
        field.set(value, on: &node)
        tree.append(node, to: 0)
        return (tree, value)
    }

    /// The tree as each reader reads `text`: single pass, two passes with the quick reader, the careful reader alone.
    private func readers(_ text: String) throws -> [(String, ViewTree)] {
        let data = Data(text.utf8)
        let single = try XCTUnwrap(data.withUnsafeBytes { SinglePassReader.tree($0.bindMemory(to: UInt8.self)) }, "the single-pass reader reads it")
        return [("single pass", single), ("quick", try TreeDocument.decode(data, file: "t.json", singlePass: false)),
                ("careful", try carefully(text))]
    }

    private func carefully(_ text: String) throws -> ViewTree {
        try Array(text.utf8).withUnsafeBufferPointer { bytes throws in
            var json = JSONParser(bytes)
            let start = try json.check()
            return try TreeReader(json: json, quickly: false).tree(at: start)
        }
    }

    func testEveryFieldRoundTripsThroughTheWriterAndEachReader() throws {
        for field in ViewField.allCases {
            let (tree, value) = tree(with: field)
            XCTAssertEqual(field.definition.written(tree[1]), value, "\(field): the sample is not the default, so it is written")
            for layout in [TreeDocument.Layout.indented, .viewPerLine] {
                let text = TreeDocument.encode(tree, layout: layout)
                XCTAssertTrue(text.contains("\"\(field.key)\": "), "\(field) written under its key in \(layout):\n\(text)")
                for (reader, read) in try readers(text) {
                    XCTAssertEqual(field.definition.written(read[1]), value, "\(field), \(layout), \(reader)")
                    XCTAssertEqual(read, tree, "\(field), \(layout), \(reader)")
                }
            }
        }
    }

    func testDefaultsAreLeftOutAndReadBackAsDefaults() throws {
        var tree = ViewTree(root: ViewNode(id: "window", frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        tree.append(ViewNode(id: "plain", frame: Rect(x: 5, y: 6, width: 20, height: 10)), to: 0)
        let text = TreeDocument.encode(tree, layout: .viewPerLine)
        let written = ViewField.allCases.filter { tree[1].definitionWritten($0) }
        XCTAssertEqual(written, [.id, .frame], "only the id and the required frame of a plain view are written")
        for (reader, read) in try readers(text) { XCTAssertEqual(read, tree, reader) }
    }

    func testABadValueOfEveryFieldIsToldAtItsPath() {
        for field in ViewField.allCases {
            // `null` is no field's kind; a required field's absence is told too.
            let members = field == .frame ? [] : [#""frame": {"x": 0, "y": 0, "width": 1, "height": 1}"#]
            let view = "{" + (members + ["\"\(field.key)\": null"]).joined(separator: ", ") + "}"
            let text = #"{"version": 1, "root": {"frame": {"x": 0, "y": 0, "width": 9, "height": 9}, "children": [\#(view)]}}"#
            XCTAssertThrowsError(try TreeDocument.decode(Data(text.utf8), file: "t.json"), "\(field)") { error in
                XCTAssertTrue("\(error)".hasPrefix("t.json: root.children[0].\(field.key): "), "\(field): \(error)")
            }
        }
        let missing = #"{"version": 1, "root": {"frame": {"x": 0, "y": 0, "width": 9, "height": 9}, "children": [{"id": "a"}]}}"#
        XCTAssertThrowsError(try TreeDocument.decode(Data(missing.utf8), file: "t.json")) { error in
            XCTAssertTrue("\(error)".hasPrefix("t.json: root.children[0].frame: missing"), "\(error)")
        }
    }

    func testASourceOutOfOrderIsToldAtItsPath() {
        for (source, path, said) in [
            (#"{"line": 0, "endLine": 3}"#, "source.line", "expected an integer >= 1, got 0"),
            (#"{"line": 5, "endLine": 3}"#, "source.endLine", "expected an integer >= line (5), got 3"),
            (#"{"line": 5}"#, "source", "missing \"endLine\""),
            (#"{"line": 2.5, "endLine": 3}"#, "source.line", "expected an integer, got 2.5"),
        ] {
            let text = #"{"version": 1, "root": {"frame": {"x": 0, "y": 0, "width": 9, "height": 9}, "children": [{"frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "source": \#(source)}]}}"#
            XCTAssertThrowsError(try TreeDocument.decode(Data(text.utf8), file: "t.json"), source) { error in
                XCTAssertTrue("\(error)".hasPrefix("t.json: root.children[0].\(path): \(said)"), "\(source): \(error)")
            }
        }
    }

    func testEveryKeyIsFoundByItsBytesAndByItsText() {
        let table = ViewField.Table.shared
        for field in ViewField.allCases {
            let bytes = Array(field.key.utf8)
            bytes.withUnsafeBufferPointer { XCTAssertEqual(table.key($0, 0, bytes.count), .field(field), field.key) }
            XCTAssertEqual(table.key(field.key), .field(field))
            let longer = Array((field.key + "s").utf8)
            longer.withUnsafeBufferPointer { XCTAssertNil(table.key($0, 0, longer.count), field.key + "s") }
        }
        let children = Array("children".utf8)
        children.withUnsafeBufferPointer { XCTAssertEqual(table.key($0, 0, children.count), .children) }
        XCTAssertEqual(Set(ViewField.allCases.map(\.key)).count, ViewField.allCases.count, "keys are unique")
    }
}

private extension ViewNode {
    func definitionWritten(_ field: ViewField) -> Bool { field.definition.written(self) != nil }
}
