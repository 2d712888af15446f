import HierarchyAudit
import XCTest

/// `editable-description` (Android only): an editable field with a content description is a
/// finding; an empty description is none, and so is a field without one.
final class EditableDescriptionTests: XCTestCase {
    private typealias F = AuditFixture

    private func findings(_ nodes: String) throws -> [Finding] {
        try F.audit(F.android(nodes), rules: [.editableDescription]).of(.editableDescription)
    }

    func testAnEditableFieldWithADescriptionIsAnError() throws {
        let found = try findings(F.node("android.widget.EditText", 100, 100, 900, 200, #"clickable="true" text="me@example.com" content-desc="Email""#))
        XCTAssertEqual(found.map(\.severity), [.error])
        XCTAssertEqual(found.first?.value("description"), .string("Email"))
    }

    func testEveryKindOfEditableFieldIsJudged() throws {
        let nodes = F.node("android.widget.AutoCompleteTextView", 100, 100, 900, 200, #"content-desc="City""#)
            + F.node("com.google.android.material.textfield.TextInputEditText", 100, 300, 900, 400, #"content-desc="Code""#)
            + F.node("android.widget.TextView", 100, 500, 900, 600, #"content-desc="Caption""#)
        XCTAssertEqual(try findings(nodes).compactMap { $0.value("description") }, [.string("City"), .string("Code")])
    }

    func testNoOrAnEmptyDescriptionIsNone() throws {
        let nodes = F.node("android.widget.EditText", 100, 100, 900, 200, #"text="a""#)
            + F.node("android.widget.EditText", 100, 300, 900, 400, #"text="b" content-desc="""#)
        XCTAssertEqual(try findings(nodes).map(\.text), [])
    }

    func testItIsNotJudgedOnIOS() throws {
        let field = F.element("TextField", 20, 100, 350, 44, #"name="Email" label="Email" value="me" accessible="true""#)
        let report = try F.audit(F.appium(field), rules: [.editableDescription])
        XCTAssertEqual(report.of(.editableDescription).map(\.text), [])
        XCTAssertEqual(report.audited[.editableDescription]?.count ?? 0, 0)
    }
}
