import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HierarchyModel

/// A test that failed, as a JUnit report says it (`<testcase classname name>` holding a
/// `<failure>` or an `<error>`, as Maven Surefire, Gradle, XCTest's and Jest's reporters write
/// them): the text of its failure, where `FailureLocator` finds the locator it used.
public struct FailedTest: Hashable, Sendable {
    /// The test's class (`com.example.LoginTest`), empty when the report gives none.
    public var classname: String
    /// The test's name (`testSignIn`).
    public var name: String
    /// The failure's `message` attribute and its text, one after the other.
    public var failure: String
    /// The line of its `<testcase>` in the report.
    public var line: Int

    public init(classname: String, name: String, failure: String, line: Int) {
        self.classname = classname
        self.name = name
        self.failure = failure
        self.line = line
    }

    /// The class's last part (`LoginTest`): what a test's screens are named by.
    public var className: String {
        String(classname.split(whereSeparator: { $0 == "." || $0 == "$" }).last ?? "")
    }

    /// `LoginTest.testSignIn`, or the name alone.
    public var title: String { className.isEmpty ? name : className + "." + name }

    /// The locator its failure names, nil when it names none.
    public var locator: Locator? { FailureLocator.extract(from: failure) }

    /// Whether the screen `screen` (a report's name for it: its path in the run without the
    /// extension) was saved by this test: the screen's name, or its end after a `/`, is the test's
    /// name, or its class's last part and its name joined by `/`, `.`, `_`, `-` or `#`
    /// (`LoginTest/testSignIn`, `screens/LoginTest_testSignIn`).
    public func saved(_ screen: String) -> Bool {
        guard !name.isEmpty else { return false }
        var keys = [name]
        if !className.isEmpty { keys += ["/", ".", "_", "-", "#"].map { className + $0 + name } }
        return keys.contains { screen == $0 || screen.hasSuffix("/" + $0) }
    }

    /// The failed tests of the JUnit report `bytes`, in the report's order.
    /// - Throws: `InputError` naming `file` and the line, for what is not XML or not a JUnit report.
    public static func read(junit bytes: [UInt8], file: String) throws(InputError) -> [FailedTest] {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        let lineAt = { (offset: Int) in bytes[..<offset].filter { $0 == 0x0A }.count + 1 }
        // libxml2 reads a document that does not start with `<`, or holds NUL bytes, as another
        // encoding; XML allows neither.
        guard start < bytes.count, bytes[start] == UInt8(ascii: "<") else {
            throw InputError(file: file, location: "line \(lineAt(min(start, bytes.count)))", "not a JUnit report: it does not start with '<'")
        }
        if let nul = bytes.firstIndex(of: 0) { throw InputError(file: file, location: "line \(lineAt(nul))", "not a JUnit report: a NUL byte, which XML does not allow") }
        let reader = JUnitReader()
        // A stream feeds libxml2 in chunks: given whole, it stops at 10 MB as if malformed.
        let parser = XMLParser(stream: InputStream(data: Data(bytes[start...])))
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        let dropped = lineAt(start) - 1
        let parsed = parser.parse()
        if let (code, line) = reader.error ?? (parsed ? nil : ((parser.parserError as NSError?)?.code ?? 0, parser.lineNumber)) {
            throw InputError(file: file, location: "line \(max(1, line + dropped))", XMLProblem.message(code))
        }
        guard let root = reader.root, root == "testsuites" || root == "testsuite" else {
            throw InputError(file: file, location: "line \(dropped + 1)", "not a JUnit report: its root is <\(reader.root ?? "")>, not <testsuites> or <testsuite>")
        }
        return reader.failed.map { var test = $0; test.line += dropped; return test }
    }
}

/// XMLParser's events collected into failed tests.
private final class JUnitReader: NSObject, XMLParserDelegate {
    var root: String?
    var failed: [FailedTest] = []
    private var testcase: FailedTest?
    private var failing = false
    private var inFailure = 0

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if root == nil { root = name }
        switch name {
        case "testcase":
            testcase = FailedTest(classname: attributes["classname"] ?? attributes["class"] ?? "", name: attributes["name"] ?? "",
                                  failure: "", line: parser.lineNumber)
            failing = false
        case "failure", "error":
            guard testcase != nil else { break }
            failing = true
            inFailure += 1
            if let message = attributes["message"], !message.isEmpty { testcase?.failure += message + "\n" }
        default: break
        }
    }

    /// The first error libxml2 reported, with its line.
    var error: (code: Int, line: Int)?

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard error == nil else { return }
        error = ((parseError as NSError).code, parser.lineNumber)
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inFailure > 0 { testcase?.failure += string }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        if inFailure > 0 { testcase?.failure += String(decoding: block, as: UTF8.self) }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "failure", "error":
            guard inFailure > 0 else { break }
            inFailure -= 1
            testcase?.failure += "\n"
        case "testcase":
            if failing, let test = testcase { failed.append(test) }
            testcase = nil
        default: break
        }
    }
}
