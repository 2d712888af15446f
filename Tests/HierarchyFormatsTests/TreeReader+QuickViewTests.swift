@testable import HierarchyFormats
import HierarchyModel
import XCTest

/// The quick reader of views must give the careful reader's tree, or leave the view to it.
final class TreeReaderQuickViewTests: XCTestCase {
    /// Members of a view, good and bad, plain and unusual.
    static let members = [
        #""id": "a""#, #""id": "b""#, #""id": """#, #""id": 3"#, #""id": "\u00e9t\"é""#, #""i\u0064": "c""#,
        #""class": "UILabel""#, #""class": """#, #""class": null"#, #""name": "n""#, #""name": """#, #""name": ["x"]"#,
        #""text": "Wi\nFi""#, #""text": false"#, #""tag": 7"#, #""tag": -3.0"#, #""tag": 1.5"#, #""tag": 1e300"#, #""tag": "7""#,
        #""frame": {"x": 1.5, "y": -2, "width": 10, "height": 4e1}"#, #""frame": {"height":1,"width":2,"y":3,"x":4,"x":5}"#,
        #""frame": {"x": 0, "y": 0, "width": -1, "height": 1}"#, #""frame": {"x": 0, "y": 0, "width": 1}"#, #""frame": [0, 0, 1, 1]"#,
        #""frame": {"x":0,"y":0,"widthx":1,"height":1}"#, #""frame": {"x":0,"y":0,"width":1,"height":1,"x":2}"#,
        #""frame": {"x":0,"y":7,"width":1,"height":-0.0}"#, #""frame": {"x":0,"y":0,"width":1,"height":"1"}"#, #""frame": {"x":0 , "y" :0,"width": 3,"height":1 }"#,
        #""frame": {"x": 0, "y": 0, "w\u0069dth": 1, "height": 1}"#, #""frame": {"x": 0, "y": 0, "width": 1, "height": 1, "depth": {"a": [1]}}"#,
        #""frame": {"x": "0", "y": 0, "width": 1, "height": 1}"#, #""frame": {}"#,
        #""frame": {"x": 0.000000000000001, "y": 123456789012345.6, "width": 1.5E2, "height": 0.1234567890123456789}"#,
        #""frame": {"x": -0.0, "y": -1234567890123456789012, "width": 2.5e-3, "height": 9007199254740993}"#,
        #""bounds": {"x": 0, "y": 5, "width": 3, "height": 3}"#, #""bounds": {"x": 0, "y": 5, "width": 3, "height": -3}"#, #""bounds": 1"#,
        #""transform": [1, 0, 0, 1, 5, 6]"#, #""transform": [1, 0, 0, 1, 5]"#, #""transform": [1, 0, 0, 1, 5, "6"]"#, #""transform": {}"#,
        #""anchorPoint": {"x": 0, "y": 1}"#, #""anchorPoint": {"x": 0}"#, #""anchorPoint": [0, 1]"#,
        #""clipsToBounds": true"#, #""clipsToBounds": 1"#, #""hidden": false"#, #""hidden": "yes""#,
        #""alpha": 0.25"#, #""alpha": 0"#, #""alpha": 1.5"#, #""alpha": -0.0"#, #""alpha": null"#,
        ##""backgroundColor": "#FF000080""##, ##""backgroundColor": "#F00""##, #""backgroundColor": 5"#,
        #""snapshot": "s/a.png""#, #""snapshot": """#, #""attributes": {"clickable": "true", "resource-id": "x"}"#,
        #""attributes": {"a": 1}"#, #""attributes": []"#, #""future": [1, {"a": null}]"#, #""fut\u0075re": 1"#, #""\u0069d": "e""#,
        #""viewController": {"class": "SettingsViewController", "title": "Réglages"}"#, #""viewController": {"class": "VC"}"#,
        #""viewController": {"title": "t"}"#, #""viewController": {"class": ""}"#, #""viewController": "VC"#, #""viewController": {"class": "VC", "title": 3}"#,
        #""viewController": {"class": "VC", "extra": 1}"#, #""view\u0043ontroller": {"class": "VC"}"#,
        #""children": []"#, #""children": [{"frame": {"x": 0, "y": 0, "width": 1, "height": 1}}]"#, #""children": {}"#,
        #""children": [{"id": "x", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}, 7]"#,
    ]

    func testTheQuickReaderAgreesWithTheCarefulOne() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let frame = #""frame": {"x": 0, "y": 0, "width": 10, "height": 10}"#
        for round in 0..<4000 {
            var chosen = (0..<(1 + next(4))).map { _ in Self.members[next(Self.members.count)] }
            if round % 3 != 0 { chosen.insert(frame, at: next(chosen.count + 1)) }
            let space = ["", " ", "\n    "][next(3)]
            let view = "{" + space + chosen.joined(separator: "," + space) + space + "}"
            let text = #"{"version": 1, "root": {"id": "r", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}, "children": [\#(view), \#(view)]}}"#
            XCTAssertEqual(read(text, quickly: true), read(text, quickly: false), text)
        }
    }

    /// The tree (its views and their extras), or the error's message.
    private func read(_ text: String, quickly: Bool) -> String {
        let result: Result<ViewTree, InputError> = Array(text.utf8).withUnsafeBufferPointer { bytes in
            var json = JSONParser(bytes)
            do throws(InputError) {
                let start: Int
                do throws(JSONSyntaxError) { start = try json.check() } catch { return .failure(InputError(error.description)) }
                return .success(try TreeReader(json: json, quickly: quickly).tree(at: start))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let tree): return tree.nodes.map { "\($0)" }.joined(separator: "\n")
        case .failure(let error): return error.description
        }
    }
}
