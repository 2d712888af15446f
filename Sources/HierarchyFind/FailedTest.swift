import HierarchyImport
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
        // Read by the dumps' one XML reader, behind its protection from what crashes XMLParser.
        let markup = try MarkupTree.parse(bytes, fileName: file, keepingText: true)
        let root = markup[0]
        guard root.name == "testsuites" || root.name == "testsuite" else {
            throw InputError(file: file, location: "line \(root.firstLine)", "not a JUnit report: its root is <\(root.name)>, not <testsuites> or <testsuite>")
        }
        return markup.elements.indices.compactMap { index in failed(markup, testcase: index) }
    }

    /// The test of the `<testcase>` element at `index` when it holds a `<failure>` or an `<error>`:
    /// each one's `message` and text, one after the other.
    private static func failed(_ markup: MarkupTree, testcase index: Int) -> FailedTest? {
        let testcase = markup[index]
        guard testcase.name == "testcase" else { return nil }
        let failures = testcase.children.filter { markup[$0].name == "failure" || markup[$0].name == "error" }
        guard !failures.isEmpty else { return nil }
        var text = ""
        for failure in failures.map({ markup[$0] }) {
            if let message = failure.attributes["message"], !message.isEmpty { text += message + "\n" }
            text += failure.text + "\n"
        }
        return FailedTest(classname: testcase.attributes["classname"] ?? testcase.attributes["class"] ?? "", name: testcase.attributes["name"] ?? "",
                          failure: text, line: testcase.firstLine)
    }
}
