import Foundation
import HierarchyFormats
import HierarchyModel

/// `report.json`: the rows of a report and its counts, for other tools (docs/report.md).
///
///     {"generator": "hierarchy 0.1.0", "screens": [{"name", "status", "changes", "findings", "failures", "error"}…], "summary": {"screens", …}}
///
/// Screens in name order; every key is written, `null` where it has no value; objects inside
/// `changes`, `findings` and `failures` have their keys sorted, so that a document read and written again is
/// the same bytes (a merged report's JSON equals the unsharded one's).
public enum ReportDocument {
    /// The document's text, ending with a line break.
    public static func encode(_ screens: [ReportScreen]) -> String {
        let rows = screens.sorted { $0.name < $1.name }.map { "    " + entry($0).text() }
        let summary = OrderedJSON.object(ReportSummary(screens).fields.map { ($0.0, .number(Double($0.1))) })
        return "{\n  \"generator\": " + OrderedJSON.string(HierarchyVersion.current.generator).text() + ",\n  \"screens\": [" + (rows.isEmpty ? "" : "\n" + rows.joined(separator: ",\n") + "\n  ")
            + "],\n  \"summary\": " + summary.text() + "\n}\n"
    }

    /// One screen's object, keys in the documented order.
    public static func entry(_ screen: ReportScreen) -> OrderedJSON {
        .object([
            ("name", .string(screen.name)), ("status", .string(screen.status.rawValue)),
            ("changes", screen.changes.map(OrderedJSON.init) ?? .null),
            ("findings", screen.findings.map { .array($0.map(OrderedJSON.init)) } ?? .null),
            ("failures", screen.failures.map { .array($0.map(OrderedJSON.init)) } ?? .null),
            ("error", screen.error.map(OrderedJSON.string) ?? .null),
        ])
    }

    /// Reads a document `encode` wrote (or another tool, keys in any order); the summary is not
    /// read, it follows from the screens.
    /// - Throws: `InputError` naming `file` and the JSON path of the first bad value.
    public static func decode(_ bytes: [UInt8], file: String) throws(InputError) -> [ReportScreen] {
        let value = try JSONValue.parse(Data(bytes), file: file)
        guard case .object(let top) = value else { throw InputError(file: file, "expected a report object, got \(value.typeName)") }
        guard case .array(let rows)? = top["screens"] else {
            throw InputError(file: file, location: "screens", "expected an array of screens, got \(top["screens"]?.typeName ?? "nothing")")
        }
        var screens: [ReportScreen] = []
        var names = Set<String>()
        for (i, row) in rows.enumerated() {
            let screen = try decodeEntry(row, file: file, path: "screens[\(i)]")
            guard names.insert(screen.name).inserted else { throw InputError(file: file, location: "screens[\(i)].name", "'\(screen.name)' is listed twice") }
            screens.append(screen)
        }
        return screens.sorted { $0.name < $1.name }
    }

    /// One screen's object.
    public static func decodeEntry(_ value: JSONValue, file: String, path: String) throws(InputError) -> ReportScreen {
        guard case .object(let keys) = value else { throw InputError(file: file, location: path, "expected a screen object, got \(value.typeName)") }
        guard case .string(let name)? = keys["name"], !name.isEmpty else {
            throw InputError(file: file, location: path + ".name", "expected a non-empty string, got \(keys["name"]?.typeName ?? "nothing")")
        }
        guard case .string(let word)? = keys["status"], let status = ReportScreen.Status(rawValue: word) else {
            let allowed = ReportScreen.Status.allCases.map(\.rawValue).joined(separator: ", ")
            throw InputError(file: file, location: path + ".status", "expected one of \(allowed), got \(describe(keys["status"]))")
        }
        var screen = ReportScreen(name: name, status: status)
        switch keys["changes"] {
        case nil, .null?: break
        case .object?: screen.changes = keys["changes"]
        case let other?: throw InputError(file: file, location: path + ".changes", "expected an object or null, got \(other.typeName)")
        }
        switch keys["findings"] {
        case nil, .null?: break
        case .array(let list)?: screen.findings = list
        case let other?: throw InputError(file: file, location: path + ".findings", "expected an array or null, got \(other.typeName)")
        }
        switch keys["failures"] {
        case nil, .null?: break
        case .array(let list)?: screen.failures = list
        case let other?: throw InputError(file: file, location: path + ".failures", "expected an array or null, got \(other.typeName)")
        }
        switch keys["error"] {
        case nil, .null?: break
        case .string(let line)?: screen.error = line
        case let other?: throw InputError(file: file, location: path + ".error", "expected a string or null, got \(other.typeName)")
        }
        return screen
    }

    private static func describe(_ value: JSONValue?) -> String {
        guard let value else { return "nothing" }
        if case .string(let s) = value { return JSONText.string(s) }
        return value.typeName
    }
}

/// Joining the rows of a run's shards.
public enum ReportMerge {
    /// The rows of every part in name order.
    /// - Throws: `InputError` naming the part (by `names[i]`) that lists a screen an earlier part lists too.
    public static func merge(_ parts: [[ReportScreen]], names: [String]) throws(InputError) -> [ReportScreen] {
        var seen: [String: Int] = [:]
        var all: [ReportScreen] = []
        for (i, part) in parts.enumerated() {
            for screen in part {
                if let other = seen[screen.name] {
                    throw InputError(file: names[i], "screen '\(screen.name)' is in \(names[other]) too: merge the parts of one run, each once")
                }
                seen[screen.name] = i
                all.append(screen)
            }
        }
        return all.sorted { $0.name < $1.name }
    }
}
