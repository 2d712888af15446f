import HierarchyImport
import HierarchyModel
import XCTest

/// Each view of the four foreign formats keeps the line of the file it was read from (SARIF's
/// `region.startLine`): an XCUITest element's line, an Espresso record's first line, the line of a
/// Maestro or Sentry view's object.
final class ForeignDumpLinesTests: XCTestCase {
    func testXCUITestElementLines() throws {
        let result = try importText("""
            t =     3.21s Find the Button
            Attributes: Application, 0x1, pid: 12, label: 'App'
            Element subtree:
             →Application, 0x1, pid: 12, label: 'App'
                Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
                  Button, 0x3, {{16.0, 50.0}, {44.0, 44.0}}, identifier: 'back', label: 'Back'
                  StaticText, 0x4, {{70.0, 60.0}, {200.0, 20.0}}, label: 'Title'
            Path to element:
            """)
        XCTAssertEqual(result.format, .xcuitest)
        XCTAssertEqual(result.lines, [4, 5, 6, 7])
        XCTAssertEqual(result.lines.count, result.tree.count)
    }

    func testEspressoRecordLinesOverMultiLineLayoutParams() throws {
        let result = try importText("""
            View Hierarchy:
            +>DecorView{id=-1, visibility=VISIBLE, width=1080, height=2400, layout-params={(0,0)(fillxfill) ty=BASE_APPLICATION
            fl=LAYOUT_IN_SCREEN
            pfl=FORCE_DRAW_STATUS_BAR_BACKGROUND}, tag=null, x=0.0, y=0.0, child-count=1}
            |
            +->FrameLayout{id=16908290, res-name=content, visibility=VISIBLE, width=1080, height=2200, x=0.0, y=200.0, child-count=1}
            |
            +-->TextView{id=7, visibility=VISIBLE, width=300, height=60, x=10.0, y=20.0, text=Hello}
            """, options: ImportOptions(density: 1))
        XCTAssertEqual(result.format, .espresso)
        XCTAssertEqual(result.lines, [2, 6, 8])
    }

    func testMaestroObjectLines() throws {
        let result = try importText("""
            Running on emulator-5554
            {
              "attributes" : { "bounds" : "[0,0][1080,2400]" },
              "children" : [ {
                "attributes" : { "text" : "Sign in", "bounds" : "[40,200][1040,320]", "resource-id" : "com.example:id/sign_in" },
                "children" : [ ],
                "clickable" : true
              }, {
                "attributes" : { "text" : "Help", "bounds" : "[40,400][1040,520]" }
              } ]
            }
            """, options: ImportOptions(density: 2.75))
        XCTAssertEqual(result.format, .maestro)
        XCTAssertEqual(result.lines, [2, 4, 8])
    }

    func testSentryObjectLinesTheScreenOnTheDocumentsLine() throws {
        let result = try importText("""
            captured:
            {"rendering_system": "UIKIT",
             "windows": [
              {"type": "UIWindow", "x": 0, "y": 0, "width": 390, "height": 844,
               "children": [
                 {"type": "UILabel", "x": 16, "y": 60, "width": 200, "height": 20},
                 {"type": "SentryTruncatedViewHierarchy"},
                 {"type": "UIButton", "x": 16, "y": 100, "width": 44, "height": 44}
               ]}
             ]}
            """)
        XCTAssertEqual(result.format, .sentry)
        XCTAssertEqual(result.tree.count, 4, "the screen, the window, the label and the button (the marker is no view)")
        XCTAssertEqual(result.lines, [2, 4, 6, 8])
    }
}
