import HierarchyImport
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// Recognising a dump's format from its bytes, and refusing what is none of them.
final class DumpDetectorTests: XCTestCase {
    private func detect(_ text: String) -> DumpFormat? {
        DumpImporter.detect(Array(text.utf8))
    }

    func testEverySampleIsDetectedAsItsFolderSays() throws { try Self.checkEverySample(in: .fixtures) }


    static func checkEverySample(in corpus: Corpus) throws {
        var folders: [(String, DumpFormat)] = [("recursive-description", .recursiveDescription), ("appium-ios", .appium), ("uiautomator", .uiautomator)]
        // The foreign formats are carried only (the shared corpus has none of them).
        if corpus == .fixtures {
            folders += [("xcuitest", .xcuitest), ("espresso", .espresso), ("maestro", .maestro), ("sentry", .sentry), ("compose", .compose), ("detox", .detox)]
        }
        for (folder, format) in folders {
            for path in try Samples.paths(in: folder, corpus: corpus) {
                XCTAssertEqual(DumpImporter.detect(try Samples.bytes(path, in: corpus)), format, path)
            }
        }
        // Flutter's two trees share a folder: told apart by their roots.
        guard corpus == .fixtures else { return }
        for path in try Samples.paths(in: "flutter", corpus: corpus) {
            XCTAssertEqual(DumpImporter.detect(try Samples.bytes(path, in: corpus)), path.contains("semantics") ? .flutterSemantics : .flutterRender, path)
        }
    }

    /// A JSON object's file (every fixture and sample whose first character is `{`: documents,
    /// JSON dumps, DOM snapshots, reports that carry a dump escaped) is told apart as well
    /// without the paste's clean-up as with it, which is what lets `load` skip it.
    func testAJSONObjectIsToldApartWithoutThePastesCleanUp() throws {
        var roots = [TestPaths.repository.appendingPathComponent("Tests/Fixtures"), TestPaths.repository.appendingPathComponent("Samples")]
        if let shared = try? TestPaths.shared("dumps", for: "its JSON dumps") { roots.append(shared) }
        var compared = 0, dumps = 0
        for root in roots {
            let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            for file in files where ["json", "txt", "xml"].contains(file.pathExtension) {
                let bytes = try [UInt8](Data(contentsOf: file))
                guard bytes.first(where: { ![9, 10, 13, 32].contains($0) }) == UInt8(ascii: "{") else { continue }
                let found = DumpImporter.detectJSONObject(bytes)
                XCTAssertEqual(found, DumpImporter.detect(bytes), file.path)
                compared += 1
                if found != nil { dumps += 1 }
            }
        }
        XCTAssertGreaterThanOrEqual(compared, 15, "the JSON files compared")
        XCTAssertGreaterThanOrEqual(dumps, 5, "JSON dumps among them (Maestro, Sentry, web DOM, DOM snapshots)")
        XCTAssertEqual(DumpImporter.detectJSONObject(Array(#"{"message": "<hierarchy rotation=\"0\"><node bounds=\"[0,0][1,1]\"/></hierarchy>"}"#.utf8)),
                       DumpImporter.detect(Array(#"{"message": "<hierarchy rotation=\"0\"><node bounds=\"[0,0][1,1]\"/></hierarchy>"}"#.utf8)))
    }

    func testTheTestToolsTreesAreKnownByTheirMarkers() {
        XCTAssertEqual(detect("D/TAG(1): Node #1 at (l=0.0, t=0.0, r=1.0, b=1.0)px"), .compose)
        XCTAssertNil(detect("Node #1 is the root"), "no bounds: prose")
        XCTAssertEqual(detect("flutter: SemanticsNode#0\nflutter:  │ Rect.fromLTRB(0.0, 0.0, 1.0, 1.0)"), .flutterSemantics)
        XCTAssertEqual(detect("RenderView#1\n └─child: RenderBox#2\n     parentData: <none>\n     size: Size(1.0, 1.0)"), .flutterRender)
        XCTAssertNil(detect("final renderView = RenderView#1;"), "a render view named in code is no tree")
        XCTAssertEqual(detect("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<ViewHierarchy>\n <UIWindow class=\"UIWindow\" width=\"1\" height=\"1\"/>\n</ViewHierarchy>"), .detox)
        XCTAssertEqual(detect("Test Failed: no view\n\nView Hierarchy:\n<ViewHierarchy density=\"2.75\"><View/></ViewHierarchy>"), .detox)
    }

    func testXMLIsKnownByItsRootElement() {
        XCTAssertEqual(detect("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\"><node/></hierarchy>"), .uiautomator)
        XCTAssertEqual(detect("<?xml version=\"1.0\"?>\n<!-- dumped by python-uiautomator2 -->\n<hierarchy rotation=\"1\">\n  <node/>\n</hierarchy>"), .uiautomator)
        XCTAssertEqual(detect("<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" x=\"0\"/>"), .appium)
        XCTAssertEqual(detect("\u{FEFF}\n  <?xml version=\"1.0\"?><AppiumAUT><XCUIElementTypeApplication/></AppiumAUT>"), .appium)
        // An unknown root: judged by what the elements carry.
        XCTAssertEqual(detect("<?xml version=\"1.0\"?><source><XCUIElementTypeWindow/></source>"), .appium)
        XCTAssertEqual(detect("<?xml version=\"1.0\"?><dump><node bounds=\"[0,0][1,1]\"/></dump>"), .uiautomator)
        XCTAssertNil(detect("<?xml version=\"1.0\"?><svg width=\"10\"/>"))
        XCTAssertNil(detect("<html><body>frame</body></html>"))
    }

    func testRecursiveDescriptionIsKnownByAViewLineWithAFrame() {
        XCTAssertEqual(detect("<UIView: 0x1; frame = (0 0; 1 1); layer = <CALayer: 0x2>>"), .recursiveDescription)
        XCTAssertEqual(detect("(lldb) po [[UIWindow keyWindow] recursiveDescription]\n<UIWindow: 0x1; frame = (0 0; 1 1)>"), .recursiveDescription)
        XCTAssertEqual(detect("    // <View; frame = (x: 0, y: 0, width: 375, height: 812)>"), .recursiveDescription)
        XCTAssertEqual(detect("`<UIWindow: 0x16e82190; frame = (0 0; 320 568); layer = <UIWindowLayer: 0x16e63ce0>>`"), .recursiveDescription)
    }

    func testJSONProseAndEmptyFilesAreNoDump() {
        XCTAssertNil(detect("{\"version\": 1, \"root\": {\"className\": \"UIWindow\", \"frame\": {\"x\": 0}}}"))
        XCTAssertNil(detect("  {\"note\": \"<UIView: 0x1; frame = (0 0; 1 1)>\"}"))
        XCTAssertNil(detect("[{\"AXFrame\": \"{{0, 0}, {390, 844}}\"}]"))
        XCTAssertNil(detect("The frame = (0 0; 1 1) of a view is in its superview's space."))
        XCTAssertNil(detect(""))
        XCTAssertNil(detect(" \n\t\n"))
    }

    func testReadRefusesWhatIsNoDump() {
        let expected = "expected a recursiveDescription text, an Appium/WebDriverAgent XML page source, an Android uiautomator XML dump, "
            + "an XCUITest debugDescription, an Espresso view hierarchy, a Maestro hierarchy, a dumpsys activity top View Hierarchy, a Sentry view-hierarchy.json, "
            + "a Compose semantics tree, a Flutter semantics tree, a Flutter render tree, a Detox view hierarchy, a web page's DOM as capture webdriver reads it or Chromium's DOMSnapshot.captureSnapshot JSON"
        XCTAssertEqual(importError("{\"version\": 1}")?.description, "dump.txt: not a recognised dump: \(expected)")
        XCTAssertEqual(importError("hello\nworld")?.description, "dump.txt: not a recognised dump: \(expected)")
        XCTAssertEqual(importError("")?.description, "dump.txt: line 1: empty file: \(expected)")
        XCTAssertEqual(importError("\n \n", format: .appium)?.description, "dump.txt: line 1: empty file: \(expected)")
    }

    func testUTF16WithAByteOrderMarkIsRead() throws {
        // `adb shell uiautomator dump /dev/tty > dump.xml` in PowerShell saves UTF-16LE.
        let xml = "<?xml version='1.0' encoding='UTF-8'?><hierarchy rotation=\"0\"><node text=\"Ünïcode\" bounds=\"[0,0][10,20]\"/></hierarchy>"
        let littleEndian: [UInt8] = [0xFF, 0xFE] + xml.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian: [UInt8] = [0xFE, 0xFF] + xml.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [littleEndian, bigEndian] {
            XCTAssertEqual(DumpImporter.detect(bytes), .uiautomator)
            let tree = try DumpImporter.read(bytes, fileName: "dump.xml").tree
            XCTAssertEqual(tree[1].name, "Ünïcode")
            XCTAssertEqual(tree.root.frame, Rect(x: 0, y: 0, width: 10, height: 20))
        }
    }

    func testAnExplicitFormatOverridesDetection() throws {
        let result = try importText("<UIView: 0x1; frame = (0 0; 1 1)>", format: .recursiveDescription)
        XCTAssertEqual(result.format, .recursiveDescription)
        XCTAssertEqual(importError("<UIView: 0x1; frame = (0 0; 1 1)>", format: .appium)?.location, "line 1")
    }
}

/// The JSON dumps are told from a view-hierarchy document, also one imported from them.
final class JSONDumpDetectionTests: XCTestCase {
    func testSentryAndMaestroByTheirKeysAndADocumentByItsVersion() {
        XCTAssertEqual(DumpImporter.detect(Array("{\"rendering_system\":\"UIKIT\",\"windows\":[]}".utf8)), .sentry)
        XCTAssertEqual(DumpImporter.detect(Array("{\n  \"attributes\" : {\n    \"bounds\" : \"[0,0][1,1]\"\n  }\n}".utf8)), .maestro)
        XCTAssertEqual(DumpImporter.detect(Array("Running on emulator-5554\n{\n  \"attributes\" : { },\n  \"children\" : [ ]\n}".utf8)), .maestro)
        XCTAssertNil(DumpImporter.detect(Array("{\"version\": 1, \"root\": {\"id\": \"0\", \"rendering_system\": \"flutter\", \"frame\": {}}}".utf8)))
        XCTAssertNil(DumpImporter.detect(Array("{\"version\": 1, \"root\": {\"id\": \"0\", \"attributes\": {\"a\": \"b\"}, \"frame\": {}, \"children\": []}}".utf8)))
    }

    func testAnImportedDocumentWritesNoKeyTwice() throws {
        let text = "+>A{id=5, tag=x, alpha=0.5, width=10, height=10, x=0.0, y=0.0}\n"
        let tree = try DumpImporter.read(Array(text.utf8), fileName: "dump.txt").tree
        XCTAssertEqual(tree.root.extras["dump-id"], .number(5))
        XCTAssertEqual(tree.root.extras["dump-tag"], .string("x"))
        XCTAssertNil(tree.root.extras["id"])
        XCTAssertEqual(tree.root.alpha, 0.5)
    }
}
