import Foundation
import HierarchyAudit
import HierarchyTestSupport
import XCTest

/// `hierarchy audit` end to end: exit statuses, the reports, the baseline, and the JUnit and SARIF
/// read by their own readers (Python's XML parser, the SARIF 2.1.0 schema).
final class AuditCommandTests: XCTestCase {
    /// The rules that run over an Android dump without pixels (the catalogue's, less the contrast
    /// rules and those of iOS alone): a rule added to the catalogue changes it with nothing here.
    static let androidRulesWithoutPixels = AuditRule.allCases.filter { !$0.needsPixels && ($0.onlyOn == nil || $0.onlyOn == .android) }.count

    /// A uiautomator dump (density 2.625 stated on the command line): a 40-px (15 dp) button with no
    /// label on line 4, a labelled 160-px (61 dp) button on line 5, an image without description on line 6.
    static let dump = """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
        <hierarchy rotation="0" width="1080" height="2400">
          <node class="android.widget.FrameLayout" package="com.example" bounds="[0,0][1080,2400]">
            <node class="android.widget.ImageButton" package="com.example" clickable="true" bounds="[100,300][140,340]" />
            <node class="android.widget.Button" package="com.example" clickable="true" text="Continue" bounds="[300,300][460,460]" />
            <node class="android.widget.ImageView" package="com.example" bounds="[600,300][700,400]" />
          </node>
        </hierarchy>
        """

    func testFindingsAtOrAboveFailOnExitOne() throws {
        let ws = try Workspace()
        let path = try ws.write("dump.xml", Self.dump)
        let result = try Hierarchy.run(["audit", path, "--density", "2.625"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(result.stdout.hasPrefix("Errors (2)\n  1. [touch-target-size] android.widget.ImageButton 0.0.0: touch target 15×15 dp, needs 48×48 dp (line 4)\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("  2. [missing-label] android.widget.ImageButton 0.0.0: "), result.stdout)
        // An ImageButton is an ImageView too (axe's ImageViewName judges both).
        XCTAssertTrue(result.stdout.contains("\nWarnings (2)\n  3. [image-label] android.widget.ImageButton 0.0.0: "), result.stdout)
        XCTAssertTrue(result.stdout.contains("\n  4. [image-label] android.widget.ImageView 0.0.2: "), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("2 errors, 2 warnings, 0 info; 3 views audited by \(Self.androidRulesWithoutPixels) rules (Android, sizes in dp)\n"), result.stdout)
        XCTAssertEqual(try Hierarchy.run(["audit", path, "--density", "2.625", "--fail-on", "never"]).status, 0)
        XCTAssertEqual(try Hierarchy.run(["audit", path, "--density", "2.625", "--rules", "image-label"]).status, 0)
        XCTAssertEqual(try Hierarchy.run(["audit", path, "--density", "2.625", "--rules", "image-label", "--fail-on", "warning"]).status, 1)
    }

    func testTheDensityIsInferredAndSaidOnce() throws {
        let ws = try Workspace()
        let result = try Hierarchy.run(["audit", try ws.write("dump.xml", Self.dump), "--rules", "touch-target-size", "--format", "json"])
        XCTAssertEqual(result.stderr, "note: \(ws.path("dump.xml")): no --density; inferred 2.625 from the screen's 1080 pixels (411 dp wide); give --density to choose\n")
        XCTAssertTrue(result.stdout.contains(#""values": {"width": 15, "height": 15, "required": 48, "unit": "dp"}"#), result.stdout)
    }

    func testBadInputIsOneLineAndStatusTwo() throws {
        let ws = try Workspace()
        let missing = try Hierarchy.run(["audit", ws.path("none.xml")])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr.split(separator: "\n").count, 1, missing.stderr)
        let broken = try Hierarchy.run(["audit", try ws.write("broken.xml", "<hierarchy><node bounds=\"[0,0][10,10]\"></hierarchy>")])
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.hasPrefix("error: \(ws.path("broken.xml")): line 1"), broken.stderr)
        let rules = try Hierarchy.run(["audit", try ws.write("dump.xml", Self.dump), "--rules", "touch-target,missing-label"])
        XCTAssertEqual(rules.status, 2)
        XCTAssertTrue(rules.stderr.contains("no rule 'touch-target'"), rules.stderr)
        let baseline = try Hierarchy.run(["audit", ws.path("dump.xml"), "--baseline", try ws.write("old.json", #"{"findings": [{"rule": 3}]}"#)])
        XCTAssertEqual(baseline.status, 2)
        XCTAssertEqual(baseline.stderr, "error: \(ws.path("old.json")): findings[0].rule: expected a string, got a number\n")
        XCTAssertFalse(ws.exists("report.json"))
    }

    func testABaselineLeavesOnlyNewFindings() throws {
        let ws = try Workspace()
        let path = try ws.write("dump.xml", Self.dump)
        let first = try Hierarchy.run(["audit", path, "--density", "2.625", "--format", "json", "-o", ws.path("old.json")])
        XCTAssertEqual(first.status, 1)
        XCTAssertEqual(first.stdout, "")
        let again = try Hierarchy.run(["audit", path, "--density", "2.625", "--format", "json", "--baseline", ws.path("old.json")])
        XCTAssertEqual(again.status, 0, again.stdout)
        XCTAssertTrue(again.stdout.hasPrefix("{\n  \"findings\": [],\n  \"summary\": {\"errors\": 0, "), again.stdout)
        // A new unlabelled button is reported; the old ones are not.
        try ws.write("dump.xml", Self.dump.replacingOccurrences(of: "    <node class=\"android.widget.ImageView\"",
                                                                  with: "    <node class=\"android.widget.ImageButton\" package=\"com.example\" clickable=\"true\" bounds=\"[800,300][1000,500]\" />\n    <node class=\"android.widget.ImageView\""))
        let later = try Hierarchy.run(["audit", path, "--density", "2.625", "--format", "json", "--baseline", ws.path("old.json")])
        XCTAssertEqual(later.status, 1)
        XCTAssertTrue(later.stdout.contains(#""rule": "missing-label", "severity": "error", "id": "0.0.2""#), later.stdout)
        XCTAssertFalse(later.stdout.contains(#""id": "0.0.0""#), later.stdout)
    }

    /// /usr/bin/python3 in an empty environment (a pyenv python may come first on PATH), or a skip.
    private func python(_ script: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("no /usr/bin/python3: the report is not read back") }
        return try ExternalProcess.run("/usr/bin/env", ["-i"] + ExternalProcess.sanitizerAssignments + ["/usr/bin/python3", "-I", "-c", script] + arguments)
    }

    func testJUnitParsesWithATestCasePerViewAndAFailurePerFinding() throws {
        let ws = try Workspace()
        let path = try ws.write("dump.xml", Self.dump)
        let result = try Hierarchy.run(["audit", path, "--density", "2.625", "--format", "junit", "-o", ws.path("audit.xml")])
        XCTAssertEqual(result.status, 1, result.stderr)
        let script = """
            import sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            suites = {s.get('name'): s for s in root.findall('testsuite')}
            cases = root.findall('.//testcase')
            failures = root.findall('.//failure')
            assert int(root.get('failures')) == len(failures), (root.get('failures'), len(failures))
            assert int(root.get('tests')) == len(cases)
            for s in suites.values(): assert int(s.get('tests')) == len(s.findall('testcase'))
            print(len(failures), len(suites['touch-target-size'].findall('testcase')), sorted(f.get('type') for f in failures))
            """
        let read = try python(script, [ws.path("audit.xml")])
        XCTAssertEqual(read.status, 0, read.output)
        XCTAssertEqual(read.output, "4 2 ['error', 'error', 'warning', 'warning']\n")
    }

    func testSARIFValidatesAgainstTheSchemaAndPointsAtTheElementsLine() throws {
        let ws = try Workspace()
        let path = try ws.write("dump.xml", Self.dump)
        let result = try Hierarchy.run(["audit", path, "--density", "2.625", "--format", "sarif", "-o", ws.path("audit.sarif")])
        XCTAssertEqual(result.status, 1, result.stderr)
        let script = """
            import sys, json
            try:
                import jsonschema
            except ImportError:
                print('NO-JSONSCHEMA'); sys.exit(0)
            schema = json.load(open(sys.argv[1])); log = json.load(open(sys.argv[2]))
            jsonschema.validate(log, schema, cls=jsonschema.Draft4Validator)
            run = log['runs'][0]
            print([(r['ruleId'], r['level'], r['locations'][0]['physicalLocation']['region']['startLine'],
                    r['locations'][0]['logicalLocations'][0]['fullyQualifiedName']) for r in run['results']])
            print(all(r['help']['text'] for r in run['tool']['driver']['rules']), len({r['partialFingerprints']['hierarchyAuditView/v1'] for r in run['results']}))
            """
        let read = try python(script, [TestPaths.fixture("audit/sarif-schema-2.1.0.json").path, ws.path("audit.sarif")])
        if read.output == "NO-JSONSCHEMA\n" {
            if TestPaths.isCI { return XCTFail("python3-jsonschema is required under CI=true") }
            throw XCTSkip("python3 has no jsonschema: the SARIF is not checked against its schema")
        }
        XCTAssertEqual(read.status, 0, read.output)
        XCTAssertEqual(read.output, """
            [('touch-target-size', 'error', 4, '0.0.0'), ('missing-label', 'error', 4, '0.0.0'), ('image-label', 'warning', 4, '0.0.0'), ('image-label', 'warning', 6, '0.0.2')]
            True 4

            """)
    }

    func testSARIFOfAViewHierarchyDocumentPointsAtTheViewsObject() throws {
        let ws = try Workspace()
        let path = try ws.write("tree.json", """
            {"version": 1, "root": {"id": "root", "frame": {"x": 0, "y": 0, "width": 390, "height": 844},
              "children": [
                {"id": "ok", "class": "UIButton", "text": "OK", "frame": {"x": 10, "y": 10, "width": 60, "height": 60}},
                {"id": "tiny", "class": "UIButton", "text": "X",
                 "frame": {"x": 100, "y": 10, "width": 20, "height": 20}}
              ]}}
            """)
        let result = try Hierarchy.run(["audit", path, "--format", "sarif", "--rules", "touch-target-size"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains(#""region": {"startLine": 4}}, "logicalLocations": [{"name": "tiny", "fullyQualifiedName": "0.1""#), result.stdout)
    }

    /// `-o audit.html`: the report on standard output, the viewer's page with the findings in its data.
    func testAPageIsTheViewerWithTheFindings() throws {
        let ws = try Workspace()
        let path = try ws.write("dump.xml", Self.dump)
        let result = try Hierarchy.run(["audit", path, "--density", "2.625", "-o", ws.path("audit.html")])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(result.stdout.hasPrefix("Errors (2)\n  1. [touch-target-size] "), result.stdout)
        let page = try String(contentsOfFile: ws.path("audit.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("<title>audit dump.xml — hierarchy viewer</title>"), String(page.prefix(600)))
        XCTAssertTrue(page.contains(#""audit":{"summary":"2 errors, 2 warnings, 0 info; 3 views audited by "# + "\(Self.androidRulesWithoutPixels)" + #" rules (Android, sizes in dp)","findings":[{"number":1,"severity":"error","rule":"touch-target-size""#), page)
        XCTAssertTrue(page.contains("const Audit = "), "the page has the audit script")
        // A bad camera option writes nothing.
        let bad = try Hierarchy.run(["audit", path, "--density", "2.625", "-o", ws.path("bad.html"), "--spacing", "-1"])
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertFalse(ws.exists("bad.html"))
    }
}
