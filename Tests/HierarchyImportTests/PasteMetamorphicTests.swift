import Foundation
import HierarchyImport
import HierarchyModel
import HierarchyTestSupport
import XCTest

/// The metamorphic test of pastes (issue 48): each way people paste a dump (a log prefix on each
/// line, a quote, added or trimmed indentation, CRLF, tabs, no-break spaces, wrapped lines, text
/// around it) is applied alone and two at a time to every text fixture and every shared dump. The
/// transformed paste must give the same views with the same frames as the file, or a warning
/// naming the lines where the transformation destroyed information. The rate must be ≥ 99%.
final class PasteMetamorphicTests: XCTestCase {
    /// One way of pasting: a name, the change, and whether it is a log prefix (two log prefixes
    /// are not combined: no log writes one inside another).
    struct Paste: Sendable {
        var name: String
        var isLogPrefix = false
        var apply: @Sendable (String) -> String
    }

    /// In the order they are combined: the text is changed first, then logged, then put in a
    /// message, quoted, indented and saved with Windows line ends.
    static let pastes: [Paste] = [
        Paste(name: "wrapped at 120 columns") { lines($0).flatMap(wrapped).joined(separator: "\n") },
        Paste(name: "trimmed indentation") { each($0) { String($0.drop { $0 == " " || $0 == "\t" }) } },
        Paste(name: "tabs") { each($0, tabbed) },
        Paste(name: "no-break spaces") { each($0) { $0.replacingOccurrences(of: "  ", with: "\u{A0} ") } },
        Paste(name: "logcat brief", isLogPrefix: true) { each($0) { "I/tag( 1234): " + $0 } },
        Paste(name: "logcat threadtime", isLogPrefix: true) { each($0) { "11-29 07:32:51.123  1234  5678 I tag: " + $0 } },
        Paste(name: "IDE 'tag : '", isLogPrefix: true) { each($0) { "myTag : " + $0 } },
        Paste(name: "IDE 'date time pid-tid/package L/tag: '", isLogPrefix: true) {
            each($0) { "2024-08-26 12:11:23.101 1234-5678/com.example.app I/tag: " + $0 }
        },
        Paste(name: "'flutter: '", isLogPrefix: true) { each($0) { "flutter: " + $0 } },
        Paste(name: "'I/flutter ( 1234): '", isLogPrefix: true) { each($0) { "I/flutter ( 1234): " + $0 } },
        Paste(name: "text before and after") { "Here is what the test printed:\n\n" + $0 + "\n\nAny idea why the button is not found?\n" },
        Paste(name: "quote '> '") { each($0) { "> " + $0 } },
        Paste(name: "indentation added") { each($0) { "    " + $0 } },
        Paste(name: "CRLF") { $0.replacingOccurrences(of: "\n", with: "\r\n") },
    ]

    /// The lines, split at `\n` alone (Swift reads `\r\n` as one character; a CRLF file's lines keep their `\r`).
    static func lines(_ text: String) -> [String] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }
    static func each(_ text: String, _ change: (String) -> String) -> String { lines(text).map(change).joined(separator: "\n") }

    /// A line cut every 120 characters, as a console of that width wraps it (a line's `\r` is no character it shows).
    static func wrapped(_ line: String) -> [String] {
        var pieces: [String] = []
        let crlf = line.hasSuffix("\r")
        var rest = Substring(crlf ? String(line.dropLast()) : line)
        while rest.count > 120 {
            pieces.append(String(rest.prefix(120)))
            rest = rest.dropFirst(120)
        }
        return (pieces + [String(rest)]).map { crlf ? $0 + "\r" : $0 }
    }

    /// The indentation's runs of 4 spaces made tabs, as an editor's "tabify" does.
    static func tabbed(_ line: String) -> String {
        let indent = line.prefix { $0 == " " }.count
        return String(repeating: "\t", count: indent / 4) + String(repeating: " ", count: indent % 4) + line.dropFirst(indent)
    }

    /// The dumps in text: the carried fixtures of the text formats and every shared dump.
    static func corpus() -> [(name: String, text: String)] {
        var found: [(String, String)] = []
        func add(_ folder: URL, label: String, keep: (String) -> Bool) {
            guard let kinds = try? TestPaths.contents(of: folder) else { return }
            for kind in kinds {
                for file in (try? TestPaths.contents(of: folder.appendingPathComponent(kind))) ?? [] where keep("\(kind)/\(file)") {
                    guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("\(kind)/\(file)").path) else { continue }
                    // UTF-16 files (a PowerShell redirect) are read as their text.
                    let text = data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF])
                        ? String(data: data, encoding: .utf16) : String(data: data, encoding: .utf8)
                    if let text { found.append(("\(label)\(kind)/\(file)", text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)) }
                }
            }
        }
        let textFormats = ["compose", "detox", "dumpsys", "espresso", "flutter", "maestro", "recursive-description", "xcuitest"]
        add(Samples.fixtures, label: "") { path in
            let kind = String(path.prefix { $0 != "/" })
            return textFormats.contains(kind) && (path.hasSuffix(".txt") || path.hasSuffix(".swift") || (kind == "maestro" && path.contains("preamble")))
        }
        add(TestPaths.shared.appendingPathComponent("dumps"), label: "shared:") { _ in true }
        return found
    }

    /// What is compared: each view's class and frame, in order.
    struct Seen: Equatable {
        var className: String
        var frame: Rect
    }

    static func views(_ tree: ViewTree) -> [Seen] { tree.nodes.map { Seen(className: $0.className, frame: $0.frame) } }

    /// What one file's pastes gave: how many, how many read as the file (the same views, or a
    /// warning naming the lines), and each failure under its combination's label.
    struct Tally {
        var total = 0, kept = 0, told = 0
        var failures: [(label: String, text: String)] = []
    }

    /// Every combination pasted from `text` and read. The file is read once, and each first
    /// transformation applied once for all the seconds that follow it; nothing is written.
    static func tally(_ name: String, _ text: String, combinations: [[Paste]]) -> Tally {
        var tally = Tally()
        guard let plain = try? DumpImporter.read(Array(text.utf8), fileName: name) else { return tally }
        let expected = views(plain.tree)
        var firstApplied: [String: String] = [:]
        for combination in combinations {
            tally.total += 1
            let first = firstApplied[combination[0].name] ?? combination[0].apply(text)
            firstApplied[combination[0].name] = first
            let pasted = combination.dropFirst().reduce(first) { $1.apply($0) }
            let label = combination.map(\.name).joined(separator: " + ")
            guard let result = try? DumpImporter.read(Array(pasted.utf8), fileName: name) else {
                tally.failures.append((label, "\(name): refused"))
                continue
            }
            if views(result.tree) == expected {
                tally.kept += 1
            } else if namesLines(result.warnings, beyond: plain.warnings) {
                tally.told += 1
            } else {
                tally.failures.append((label, "\(name): \(result.tree.count) views of \(plain.tree.count)"))
            }
        }
        return tally
    }

    /// The files' tallies, the files shared among the machine's cores (in the corpus's order).
    static func tallies(_ corpus: [(name: String, text: String)], combinations: [[Paste]]) -> [Tally] {
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var tallies: [Tally]
            init(_ count: Int) { tallies = Array(repeating: Tally(), count: count) }
        }
        let results = Results(corpus.count)
        DispatchQueue.concurrentPerform(iterations: corpus.count) { index in
            let tally = Self.tally(corpus[index].name, corpus[index].text, combinations: combinations)
            results.lock.withLock { results.tallies[index] = tally }
        }
        return results.tallies
    }

    /// A warning naming lines left unread or read otherwise (skipped, not read, attached elsewhere)
    /// that the plain file's reading does not give.
    static func namesLines(_ warnings: [String], beyond plain: [String]) -> Bool {
        warnings.contains { warning in
            !plain.contains(warning) && (warning.hasPrefix("line ") || warning.hasPrefix("lines "))
                && ["not read", "skipped", "attached under", "not indented", "trimmed"].contains(where: warning.contains)
        }
    }

    func testEveryPasteReadsAsTheFile() throws {
        let corpus = Self.corpus()
        XCTAssertGreaterThanOrEqual(corpus.count, 30, "the carried text fixtures alone are more than 30")
        var combinations: [[Paste]] = Self.pastes.map { [$0] }
        for (i, first) in Self.pastes.enumerated() {
            for second in Self.pastes[(i + 1)...] where !(first.isLogPrefix && second.isLogPrefix) { combinations.append([first, second]) }
        }
        var total = 0, kept = 0, told = 0
        var failures: [String: [String]] = [:]
        for tally in Self.tallies(corpus, combinations: combinations) {
            (total, kept, told) = (total + tally.total, kept + tally.kept, told + tally.told)
            for failure in tally.failures { failures[failure.label, default: []].append(failure.text) }
        }
        let rate = Double(kept + told) / Double(max(total, 1))
        var report = "paste metamorphic test: \(kept + told) of \(total) pastes read as the file (\(kept) the same views and frames, \(told) with a warning naming the lines), \(String(format: "%.2f", rate * 100))%"
        for (label, cases) in failures.sorted(by: { $0.value.count > $1.value.count }) {
            report += "\n  \(cases.count) × \(label): \(cases.prefix(label.contains("+") ? 3 : 40).joined(separator: "; "))"
        }
        print(report)
        XCTAssertGreaterThanOrEqual(rate, 0.99, report)
    }
}
