import HierarchyImport
import HierarchyLayout
import HierarchyModel
import XCTest

/// Appium / WebDriverAgent page sources: the corpus samples, then the grammar on small documents.
final class AppiumImporterTests: XCTestCase {
    private func read(_ name: String, options: ImportOptions = .init()) throws -> ViewTree {
        let result = try Samples.read("appium-ios/\(name)", options: options)
        XCTAssertEqual(result.format, .appium)
        XCTAssertEqual(result.warnings, [])
        return result.tree
    }


    func testEverySampleImportsOneViewAnElement() throws { try Self.checkEverySample(in: .fixtures) }


    static func checkEverySample(in corpus: Corpus) throws {
        // Elements counted in each file, less the <AppiumAUT> wrapper where there is one.
        let elements = ["poco-ios-health-app-375x812.xml": 66, "shirates-ios-appdev-375x667.xml": 70,
                        "shirates-ios-dateandtime-ja.xml": 95, "shirates-ios-keyboard.xml": 93,
                        "shirates-ios-settings-top.xml": 93]
        let paths = try Samples.paths(in: "appium-ios", corpus: corpus)
        XCTAssertTrue(Set(paths.map { String($0.split(separator: "/").last!) }).isSubset(of: elements.keys), "a new sample needs its own test")
        for path in paths {
            let tree = try Samples.read(path, in: corpus).tree
            XCTAssertEqual(tree.count, elements[String(path.split(separator: "/").last!)], path)
            XCTAssertEqual(tree.root.className, "XCUIElementTypeApplication", path)
            XCTAssertEqual(tree.root.bounds.x, 0)
            XCTAssertFalse(tree.nodes.contains { $0.isHidden }, path)
            // Only scroll views clip (their content scrolled out of them is not drawn).
            let scrolling: Set<String> = ["XCUIElementTypeScrollView", "XCUIElementTypeTable", "XCUIElementTypeCollectionView",
                                          "XCUIElementTypeWebView", "XCUIElementTypeTextView"]
            XCTAssertEqual(Set(tree.nodes.filter(\.clipsToBounds).map(\.className)).subtracting(scrolling), [], path)
            XCTAssertFalse(try Layout.compute(tree).layers.isEmpty, path)
        }
    }

    func testRawWebDriverAgentSourceWithThreeWindows() throws {
        let tree = try read("poco-ios-health-app-375x812.xml")
        XCTAssertEqual(tree.root.name, "健康")
        XCTAssertEqual(tree.root.frame, Rect(x: 0, y: 0, width: 375, height: 812))
        XCTAssertEqual(tree[0].children.map { tree[$0].className }, Array(repeating: "XCUIElementTypeWindow", count: 3))
        // The profile button: absolute (334 53) in the navigation bar at (0 44), eight levels down.
        let profile = try tree.named("查看个人资料")
        XCTAssertEqual(tree.level(of: profile), 8)
        XCTAssertEqual(tree[profile].frame, Rect(x: 334, y: 9, width: 25, height: 26))
        XCTAssertEqual(tree.rootFrame(of: profile), Rect(x: 334, y: 53, width: 25, height: 26))
        // U+FFFC stays in the name and the text; the value is kept.
        let distance = try tree.named("1.8\u{FFFC}公里")
        XCTAssertEqual(tree[distance].attributes["value"], "1.8\u{FFFC}公里")
        XCTAssertEqual(tree[distance].text, "1.8\u{FFFC}公里")
        XCTAssertEqual(tree.rootFrame(of: distance), Rect(x: 254, y: 214, width: 93, height: 54))
        // The clock in the status bar window: absolute (27 14) in its group at (14 10).
        let clock = try tree.named("10:56")
        XCTAssertEqual(tree.level(of: clock), 6)
        XCTAssertEqual(tree[clock].frame, Rect(x: 13, y: 4, width: 42, height: 18))
        XCTAssertEqual(tree[clock].attributes["visible"], "false")
        XCTAssertEqual(tree[clock].text, "10:56")
        XCTAssertFalse(tree[clock].isHidden)
        XCTAssertNil(tree[clock].extras["index"], "2018 WebDriverAgent gives no index")
    }

    func testRespectVisibleHidesWhatWebDriverAgentCallsInvisible() throws {
        let tree = try read("poco-ios-health-app-375x812.xml", options: ImportOptions(respectVisible: true))
        XCTAssertTrue(tree[try tree.named("10:56")].isHidden)
        XCTAssertFalse(tree[try tree.named("查看个人资料")].isHidden)
        // The file has twelve visible="false".
        XCTAssertEqual(tree.nodes.filter(\.isHidden).count, 12)
    }

    func testReserializedSourceWithScrollContent() throws {
        let tree = try read("shirates-ios-appdev-375x667.xml")
        XCTAssertEqual(tree.root.name, "App.dev")
        // 'Mail Address' at absolute (16 88) in the scroll content at (0 64): nine levels down.
        let mail = try tree.named("Mail Address")
        XCTAssertEqual(tree.level(of: mail), 9)
        XCTAssertEqual(tree[mail].frame, Rect(x: 16, y: 24, width: 83, height: 12))
        XCTAssertEqual(tree.rootFrame(of: mail), Rect(x: 16, y: 88, width: 83, height: 12))
        // An image inside a button that lies to its left: absolute (16 210) in (323 208).
        let image = try tree.named("Dummy Image B")
        XCTAssertEqual(tree[image].frame, Rect(x: -307, y: 2, width: 103, height: 30))
        XCTAssertEqual(tree.level(of: image), 11)
        // Below the screen, kept as WebDriverAgent saw it.
        XCTAssertEqual(tree.rootFrame(of: try tree.named("Register")), Rect(x: 0 + 16, y: 1007, width: 343, height: 56))
        // A button with neither name nor label has no name.
        let bar = try tree.named("Text2")
        XCTAssertEqual(tree[bar].className, "XCUIElementTypeNavigationBar")
        XCTAssertNil(tree[tree[bar].children[0]].name)
    }

    func testModernSourceWithNegativeCoordinates() throws {
        let tree = try read("shirates-ios-dateandtime-ja.xml")
        // '0:00' at absolute y -451 in the day column at y -461.
        let midnight = try tree.named("0:00")
        XCTAssertEqual(tree.level(of: midnight), 34)
        XCTAssertEqual(tree[midnight].frame, Rect(x: 0, y: 10, width: 339, height: 51))
        XCTAssertEqual(tree.rootFrame(of: midnight), Rect(x: 51, y: -451, width: 339, height: 51))
        XCTAssertEqual(tree[midnight].extras["index"], .number(0))
        XCTAssertEqual(tree[midnight].attributes["accessible"], "true")
        // Today in the week strip: absolute (273 108) in scroll-view3 at (12 108).
        let today = try tree.named("今日, 12月15日 金曜日")
        XCTAssertEqual(tree.level(of: today), 26)
        XCTAssertEqual(tree[today].frame, Rect(x: 261, y: 0, width: 53, height: 40))
    }

    func testKeyboardSettingsWithAnInvisibleSecondWindow() throws {
        let tree = try read("shirates-ios-keyboard.xml")
        XCTAssertEqual(tree[0].children.count, 2)
        let slide = try XCTUnwrap(tree.nodes.indices.first { tree[$0].name == "Slide to Type" && tree[$0].className == "XCUIElementTypeSwitch" })
        XCTAssertEqual(tree.level(of: slide), 14)
        XCTAssertEqual(tree.rootFrame(of: slide), Rect(x: 319, y: 776, width: 51, height: 32))
        XCTAssertEqual(tree[slide].attributes["value"], "1")
        XCTAssertEqual(tree[slide].text, "Slide to Type", "a switch shows its label, not its value")
        // An off-screen cell whose text WebDriverAgent placed at (0 91): 767 points above the cell.
        let shortcut = try tree.named("KeyboardPeriodShortcut")
        XCTAssertEqual(tree[shortcut].frame, Rect(x: 0, y: -767, width: 86, height: 21))
    }

    func testSettingsWithEntitiesAndLabels() throws {
        let tree = try read("shirates-ios-settings-top.xml")
        let cell = try tree.named("Siri & Search")
        XCTAssertEqual(tree.level(of: cell), 10)
        XCTAssertEqual(tree.rootFrame(of: cell), Rect(x: 0, y: 714, width: 390, height: 45))
        // The name wins over the label, which is kept and is the text.
        let text = try tree.named("SIRI")
        XCTAssertEqual(tree[text].attributes["label"], "Siri & Search")
        XCTAssertEqual(tree[text].text, "Siri & Search")
        XCTAssertEqual(tree[text].parent, cell)
        XCTAssertEqual(tree[text].frame, Rect(x: 64, y: 12, width: 98, height: 21))
    }

    func testNamesExtrasAndZeroSizes() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App" enabled="true" visible="true" x="0" y="0" width="390" height="844" index="0">
              <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" x="0" y="0" width="390" height="844" index="0">
                <XCUIElementTypeButton type="XCUIElementTypeButton" name=" " label="OK" value="1" enabled="false" visible="false" x="10" y="-20" width="0" height="0" index="3"/>
                <XCUIElementTypeOther type="XCUIElementTypeOther" name="" label="  " enabled="true" x="1" y="2" width="3" height="4"/>
              </XCUIElementTypeWindow>
            </XCUIElementTypeApplication>
            """
        let tree = try importText(xml).tree
        XCTAssertEqual(tree[2].name, "OK", "a blank name falls back to the label")
        XCTAssertEqual(tree[2].frame, Rect(x: 10, y: -20, width: 0, height: 0))
        XCTAssertEqual(tree[2].extras, ["index": .number(3)])
        XCTAssertEqual(tree[2].attributes, ["label": "OK", "value": "1", "enabled": "false", "visible": "false"])
        XCTAssertEqual(tree[2].attributes.keys, ["label", "value", "enabled", "visible"])
        XCTAssertEqual(tree[2].text, "OK")
        XCTAssertNil(tree[3].name)
        XCTAssertNil(tree[3].text, "a blank label is no text")
        XCTAssertNil(tree[3].attributes["visible"])
    }

    func testInputsShowTheirValueElseTheirPlaceholder() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="App" x="0" y="0" width="390" height="844">
              <XCUIElementTypeTextField type="XCUIElementTypeTextField" label="Email" value="me@example.com" x="0" y="0" width="300" height="40"/>
              <XCUIElementTypeSearchField type="XCUIElementTypeSearchField" label="Search" placeholderValue="Search" x="0" y="50" width="300" height="40"/>
              <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" label="Total" value="Total" x="0" y="100" width="300" height="40"/>
              <XCUIElementTypeSecureTextField type="XCUIElementTypeSecureTextField" label="Password" x="0" y="150" width="300" height="40"/>
            </XCUIElementTypeApplication>
            """
        let tree = try importText(xml).tree
        XCTAssertEqual(tree.nodes.map(\.text), [nil, "me@example.com", "Search", "Total", "Password"], "the application has a name but no label")
        XCTAssertEqual(tree[2].attributes["placeholderValue"], "Search")
    }

    /// The bytes are read as UTF-8 whatever the declaration says: libxml2 once crashed switching
    /// to UTF-7 (a fuzzing find, Tests/Fixtures/fuzz/FuzzAppium).
    func testTheDeclaredEncodingIsIgnored() throws {
        for declaration in [#"encoding="UTF-7""#, #"encoding='ISO-8859-1'"#, #"encoding="no-such-encoding""#, #"encoding="UTF-7"#, "encoding"] {
            let xml = #"<?xml version="1.0" \#(declaration) ?>"# + "\n" + #"<XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Café" x="0" y="0" width="390" height="844"/>"#
            do {
                let tree = try importText(xml, format: .appium).tree
                XCTAssertEqual(tree.root.name, "Café", declaration)
            } catch {
                // A declaration cut short is malformed XML, reported on its line.
                XCTAssertEqual((error as? InputError)?.location, "line 1", declaration)
            }
        }
    }

    /// Processing instructions and document type declarations are blanked before XMLParser sees
    /// them: swift-corelibs-foundation crashed in strlen on several (fuzzing finds,
    /// Tests/Fixtures/fuzz/FuzzAppium). The views stay the same, on the same lines.
    func testProcessingInstructionsAndDoctypesAreLeftOut() throws {
        let app = #"<XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Café" x="0" y="0" width="390" height="844">"#
        let button = "\n" + #"<XCUIElementTypeButton type="XCUIElementTypeButton" name="Go" label="&lt;?not-a-pi?&gt;" x="0" y="0" width="10" height="20"/>"#
        let plain = try importText(app + button + "</XCUIElementTypeApplication>", format: .appium).tree
        let insertions = [
            "<?pi?>", "<?xml-stylesheet href=\"a.xsl\"?>",
            "<!DOCTYPE a [<!NOTATION n SYSTEM \"x\"><!ENTITY e SYSTEM \"x\" NDATA n>]>",
            "<!DOCTYPE a [<!NOTATION n PUBLIC \"p\">]>",
            "<!DOCTYPE a [<!ELEMENT a ANY><!ATTLIST a b CDATA #IMPLIED>\n<!-- ] > -->]>",
            "<!DOCTYPE a SYSTEM \"foo\">", "<!-- <?pi?> <!DOCTYPE x> -->",
        ]
        for insertion in insertions {
            let xml = #"<?xml version="1.0"?>"# + insertion + app + "<?pi?>" + button + "<![CDATA[<?pi?>]]></XCUIElementTypeApplication><?end?>"
            let tree = try importText(xml, format: .appium).tree
            XCTAssertEqual(tree.nodes.map(\.name), plain.nodes.map(\.name), insertion)
            XCTAssertEqual(tree[1].text, "<?not-a-pi?>", "attribute values are never blanked: \(insertion)")
        }
        // An entity declared in a document type declaration is then undeclared: one line, no crash.
        let declared = "<!DOCTYPE a [<!ENTITY e \"v\">]>\n" + app + "&e;</XCUIElementTypeApplication>"
        XCTAssertEqual(importError(declared, format: .appium)?.description, "dump.txt: line 2: malformed XML: an undeclared entity (XMLParser error 26)")
        // A declaration left open runs to the end: nothing is left to parse.
        XCTAssertNotNil(importError("<!DOCTYPE a [<!ENTITY e \"v\">" + app, format: .appium))
    }

    /// libxml2 reads bytes that do not start with `<`, or that hold NUL bytes, as another encoding
    /// (UCS-4, UTF-16 without a byte-order mark) and crashed switching to it (fuzzing finds): both
    /// are errors before it sees them.
    func testNULBytesAndOtherEncodingsAreErrorsBeforeParsing() {
        let app = #"<XCUIElementTypeApplication type="XCUIElementTypeApplication" x="0" y="0" width="10" height="10"/>"#
        XCTAssertEqual(importError("\0\0\0<\0>", format: .appium)?.description,
                       "dump.txt: line 1: malformed XML: no XML document (it does not start with '<')")
        XCTAssertEqual(importError("<?xml version=\"1.0\"?>\n" + app.replacingOccurrences(of: "x=", with: "\0x="), format: .appium)?.description,
                       "dump.txt: line 2: malformed XML: a NUL byte, which XML does not allow (UTF-16 without a byte-order mark?)")
        let utf16 = Array(app.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        XCTAssertThrowsError(try DumpImporter.read(utf16, fileName: "dump.txt", format: .appium))
    }

    func testBrokenSourcesAreErrorsNamingTheLine() {
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<AppiumAUT>\n"
        let app = "<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" x=\"0\" y=\"0\" width=\"10\" height=\"10\">\n"
        let cases: [(String, String)] = [
            (head + app + "<XCUIElementTypeButton x=\"0\" y=\"0\" width=\"5\" height=\"5\"/>\n",
             "dump.txt: line 4: malformed XML: the document ends early or has content after its root element (XMLParser error 5)"),
            (head + app + "<XCUIElementTypeButton x=\"0\" y=\"0\" width=\"-4\" height=\"5\"/>\n</XCUIElementTypeApplication></AppiumAUT>",
             "dump.txt: line 4: <XCUIElementTypeButton> width='-4': expected a number >= 0"),
            (head + app + "<XCUIElementTypeButton x=\"zero\" y=\"0\" width=\"4\" height=\"5\"/>\n</XCUIElementTypeApplication></AppiumAUT>",
             "dump.txt: line 4: <XCUIElementTypeButton> x='zero': expected a finite number"),
            (head + app + "<XCUIElementTypeButton x=\"0\" width=\"4\" height=\"5\"/>\n</XCUIElementTypeApplication></AppiumAUT>",
             "dump.txt: line 4: <XCUIElementTypeButton> has no 'y' attribute"),
            (head + "</AppiumAUT>", "dump.txt: line 2: <AppiumAUT> holds no application element"),
            (head + app + "<XCUIElementTypeButton x=\"0\" y=\"0\" width=\"4\" height=\"5\">\n</XCUIElementTypeApplication></AppiumAUT>",
             "dump.txt: line 5: malformed XML: a closing tag does not match the open element (XMLParser error 76)"),
        ]
        for (xml, message) in cases {
            XCTAssertEqual(importError(xml)?.description, message)
        }
    }
}
