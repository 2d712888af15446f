import HierarchyFind
import HierarchyFormats
import HierarchyImaging
import HierarchyModel

/// What a screen answers for a test that failed on it (`hierarchy report --junit-in`): the
/// locator its failure names, run against the screen as `hierarchy find` runs it.
public struct FailedTestAnswer: Sendable {
    public let test: FailedTest
    /// The locator's answer; nil when the locator does not parse (`problem` says why).
    public let result: FindResult?
    public let problem: String?

    /// The answer for people: the test, then `hierarchy find`'s text.
    public var text: String {
        TerminalText.line("\(test.title) (line \(test.line)): ") + (result.map { "\n" + $0.text } ?? TerminalText.line("its locator cannot be run: " + (problem ?? "")))
    }

    /// `{"test", "line", "text", "find"}`: `find` is `hierarchy find --format json`'s document
    /// (null when the locator does not parse), `text` the answer for people.
    public var json: String {
        OrderedJSON.object([
            ("test", .string(test.title)), ("line", .number(Double(test.line))), ("text", .string(text)),
            ("find", result?.json ?? .null),
        ]).text()
    }
}

extension FailedTest {
    /// The failed tests of the JUnit report at `path`.
    /// - Throws: `InputError` naming the file and the line, for a file that cannot be read or is
    ///   not a JUnit report.
    public static func read(junit path: String) throws(InputError) -> [FailedTest] {
        try read(junit: FileSystem.read(path), file: path)
    }
}

extension Screen {
    /// The answers for the tests of `tests` that saved this screen (`FailedTest.saved`, by the
    /// screen's `name` in its run) and whose failure names a locator, in their order.
    /// - Throws: `InputError` when the screen cannot be read again as XML.
    public func answers(_ tests: [FailedTest], screenName name: String) throws(InputError) -> [FailedTestAnswer] {
        // The screen's tests first: taking the locator out of a failure's text is the dearer test.
        let mine = tests.filter { $0.saved(name) }.compactMap { test in test.locator.map { (test, $0) } }
        guard !mine.isEmpty else { return [] }
        let xml = try findXML()
        return mine.map { test, locator in
            do {
                return FailedTestAnswer(test: test, result: try find(locator, in: xml).result, problem: nil)
            } catch {
                return FailedTestAnswer(test: test, result: nil, problem: String(describing: error))
            }
        }
    }
}
