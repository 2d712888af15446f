import Foundation
import HierarchyExport
import HierarchyFormats
import HierarchyTestSupport
import XCTest

/// The JSON text: defaults left out, fixed order, numbers that round-trip, one object a line.
final class GLTFWriterTests: XCTestCase {
    /// A document of one triangle-less node tree, written out whole and compared with the text
    /// expected from the specification's property names.
    func testSmallDocumentText() {
        var document = GLTFDocument()
        document.asset = GLTFDocument.Asset(generator: "test")
        document.scene = 0
        document.scenes = [GLTFDocument.Scene(name: "s", nodes: [0])]
        var root = GLTFDocument.Node(name: "root")
        root.children = [1]
        var camera = GLTFDocument.Node(name: "eye")
        camera.translation = SIMD3(0.1, -2, 3)
        camera.rotation = SIMD4(0, 0.5, 0, 0.8660254037844386)
        camera.camera = 0
        document.nodes = [root, camera]
        document.cameras = [GLTFDocument.Camera(projection: .orthographic(xmag: 1.5, ymag: 1, znear: 0, zfar: 10))]
        XCTAssertEqual(GLTFWriter.text(document), """
            {
              "asset": {"version":"2.0","generator":"test"},
              "scene": 0,
              "scenes": [
                {"name":"s","nodes":[0]}
              ],
              "nodes": [
                {"name":"root","children":[1]},
                {"name":"eye","translation":[0.1,-2,3],"rotation":[0,0.5,0,0.8660254037844386],"camera":0}
              ],
              "cameras": [
                {"type":"orthographic","orthographic":{"xmag":1.5,"ymag":1,"zfar":10,"znear":0}}
              ]
            }

            """)
    }

    func testDefaultsAreLeftOut() throws {
        var document = GLTFDocument()
        document.materials = [GLTFDocument.Material(name: "plain")]
        document.samplers = [GLTFDocument.Sampler()]
        document.nodes = [GLTFDocument.Node()]
        let json = try GLTFFiles.object(Data(GLTFWriter.text(document).utf8))
        XCTAssertEqual(json.array("materials").first?.keys.sorted(), ["name"], "factor 1, OPAQUE, single-sided are defaults")
        XCTAssertEqual(json.array("samplers").first?.keys.sorted(), [])
        XCTAssertEqual(json.array("nodes").first?.keys.sorted(), [])
        XCTAssertNil(json["meshes"], "empty arrays are left out")
    }

    /// Every number is written so that it reads back as the same Double (parsed with Swift's own
    /// correctly rounded parser: Linux's JSONSerialization may misround the last digit).
    func testFloatsRoundTrip() throws {
        let values: [Double] = [0.1 + 0.2, 1e-7, -123456.789, Double(Float(0.3)), Double(Float(0.09825)), Double.leastNonzeroMagnitude, 1.0000000000000002]
        var document = GLTFDocument()
        document.accessors = [GLTFDocument.Accessor(bufferView: 0, componentType: .float, count: 1, type: .scalar, min: values, max: [1])]
        let text = GLTFWriter.text(document)
        let list = try XCTUnwrap(text.range(of: "\"min\":[").map { text[$0.upperBound...].prefix { $0 != "]" } })
        XCTAssertEqual(list.split(separator: ",").map { Double(String($0)) }, values)
    }

    func testStringsAreEscaped() throws {
        var document = GLTFDocument()
        document.nodes = [GLTFDocument.Node(name: "UILabel a \"quoted\\\" name\n")]
        let json = try GLTFFiles.object(Data(GLTFWriter.text(document).utf8))
        XCTAssertEqual(json.array("nodes").first?.string("name"), "UILabel a \"quoted\\\" name\n")
    }
}
