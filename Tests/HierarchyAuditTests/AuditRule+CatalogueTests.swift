import Foundation
import HierarchyAudit
import HierarchyTestSupport
import XCTest

/// The catalogue lists every rule of `Sources/HierarchyAudit/Rules/` once, and docs/audit.md
/// documents each: a rule whose file is written but not listed would never run.
final class AuditRuleCatalogueTests: XCTestCase {
    private let rules = TestPaths.repository.appendingPathComponent("Sources/HierarchyAudit/Rules")

    /// `TouchTargetSize` → `touch-target-size`.
    private func id(ofFile name: String) -> String {
        var id = ""
        for character in name {
            if character.isUppercase && !id.isEmpty { id += "-" }
            id += character.lowercased()
        }
        return id
    }

    func testEachRuleFileDeclaresOneCataloguedRuleNamedAfterIt() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: rules.path).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertEqual(files.count, AuditRule.allCases.count, "a file in Rules/ per rule, and a line in the catalogue per file")
        for file in files {
            let id = id(ofFile: String(file.dropLast(".swift".count)))
            XCTAssertNotNil(AuditRule(rawValue: id), "Rules/\(file) declares a rule that AuditRule+Catalogue.swift does not list (or whose id is not \(id))")
            let text = try String(contentsOf: rules.appendingPathComponent(file), encoding: .utf8)
            XCTAssertEqual(text.components(separatedBy: "public static let ").count - 1, 1, "Rules/\(file) declares one rule")
            XCTAssertTrue(text.contains("\"\(id)\""), "Rules/\(file) declares the rule \(id)")
        }
    }

    func testIdsAreUniqueAndReadBack() {
        let ids = AuditRule.allCases.map(\.rawValue)
        XCTAssertEqual(Set(ids).count, ids.count, "two rules share an id: \(ids)")
        for rule in AuditRule.allCases {
            XCTAssertEqual(AuditRule(rawValue: rule.rawValue), rule)
            XCTAssertFalse(rule.summary.isEmpty || rule.reference.isEmpty, rule.rawValue)
        }
        XCTAssertNil(AuditRule(rawValue: "touch-target"))
        XCTAssertEqual(AuditRule.allCases.sorted(), AuditRule.allCases, "the rules sort in the catalogue's order")
        XCTAssertEqual(AuditRule.allCases.filter(\.needsPixels), [.textContrast, .imageContrast])
    }

    /// Each rule has a `### id (severity…)` heading in docs/audit.md, in the catalogue's order.
    func testTheAuditDocDescribesEveryRuleWithItsSeverityInOrder() throws {
        let doc = try String(contentsOf: TestPaths.repository.appendingPathComponent("docs/audit.md"), encoding: .utf8)
        var documented: [(id: String, severity: String)] = []
        for line in doc.split(separator: "\n") where line.hasPrefix("### ") {
            let heading = line.dropFirst(4)
            let ids = heading.prefix { $0 != "(" }.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let severity = heading.drop { $0 != "(" }.dropFirst().prefix { $0.isLetter }
            documented += ids.map { ($0, String(severity)) }
        }
        let known = Set(AuditRule.allCases.map(\.rawValue))
        let listed = documented.filter { known.contains($0.id) }
        XCTAssertEqual(listed.map(\.id), AuditRule.allCases.map(\.rawValue), "docs/audit.md: a heading per rule, in the catalogue's order")
        for (id, severity) in listed {
            XCTAssertEqual(severity, AuditRule(rawValue: id)?.defaultSeverity.rawValue, "docs/audit.md's heading of \(id)")
        }
    }
}
