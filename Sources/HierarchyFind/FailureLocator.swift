import Foundation

/// The locator a failed UI test used, taken out of its failure message: a log, a JUnit report
/// or an exception's text. The first one found in the text is taken.
///
/// Read: Selenium/Appium's `By.xpath: …` (`By.id`, `By.accessibilityId`, `By.className`,
/// `By.AndroidUIAutomator`, `By.iOSNsPredicateString`, `By.iOSClassChain`), a find request's
/// `{"using":"xpath","value":"…"}` or `{"method":…,"selector":…}`, Appium's log `using "xpath"
/// value "…"`; Espresso's `with id: …`, `with text: is "…"`, `view.getText() … to match: is "…"`,
/// `with content description: is "…"`; XCUITest's `matching predicate '…'`, `identifier == "…"`
/// and `Checking existence of \`"Sign in" Button\``.
public enum FailureLocator {
    /// The locator in `text`, with the line it was found on; nil when there is none.
    public static func extract(from text: String) -> Locator? {
        let plain = unescaped(text)
        var found: [(offset: Int, locator: Locator)] = []
        for reader in readers {
            if let (offset, locator) = reader(plain) { found.append((offset, locator)) }
        }
        guard var best = found.min(by: { $0.offset < $1.offset })?.locator else { return nil }
        best.value = best.value.trimmingCharacters(in: .whitespaces)
        return best
    }

    typealias Reader = @Sendable (String) -> (Int, Locator)?

    static let readers: [Reader] = [byStrategy, jsonRequest, appiumLog, espressoID, espressoText, espressoDescription, xcuitestPredicate, xcuitestExistence]

    /// The line around `range`, for saying back where the locator came from.
    static func line(_ text: String, _ range: Range<String.Index>) -> String {
        let start = text[..<range.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        let end = text[range.upperBound...].firstIndex(of: "\n") ?? text.endIndex
        return String(text[start..<end]).trimmingCharacters(in: .whitespaces)
    }

    static func offset(_ text: String, _ index: String.Index) -> Int { text.utf8.distance(from: text.startIndex, to: index) }

    static let byNames: [String: Locator.Strategy] = [
        "xpath": .xpath, "id": .id, "accessibilityid": .accessibilityID, "classname": .className,
        "androiduiautomator": .uiautomator, "iosnspredicatestring": .predicate, "iosclasschain": .classChain,
        "name": .accessibilityID, "linktext": .text,
    ]

    /// `By.xpath: //a[@b='c']` to the end of the line (Selenium's `By.toString()`).
    static func byStrategy(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: /By\.([A-Za-z]+): ([^\n]+)/), let using = byNames[m.output.1.lowercased()] else { return nil }
        var value = String(m.output.2)
        // Inside a JSON report (Cucumber's) the line goes on after an escaped `\n`, and quotes are `\u0027`.
        if let r = value.range(of: "\\n") {
            value = jsonUnescaped(String(value[..<r.lowerBound]))
        }
        for tail in [" (tried for ", "\"}"] { if let r = value.range(of: tail) { value = String(value[..<r.lowerBound]) } }
        return (offset(text, m.range.lowerBound), Locator(using: using, value: value, quoted: line(text, m.range)))
    }

    static let requestNames: [String: Locator.Strategy] = Dictionary(uniqueKeysWithValues: Locator.Strategy.allCases.map { ($0.rawValue, $0) })
        .merging(["css selector": .id, "name": .accessibilityID]) { a, _ in a }

    /// `{"using":"xpath","value":"//a"}` or `{"method":"xpath","selector":"//a"}`, JSON-escaped.
    static func jsonRequest(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: /"(?:using|method)"\s*:\s*"([^"]+)"\s*,\s*"(?:value|selector)"\s*:\s*"((?:[^"\\]|\\.)*)"/),
              let using = requestNames[String(m.output.1)] else { return nil }
        return (offset(text, m.range.lowerBound), Locator(using: using, value: jsonUnescaped(String(m.output.2)), quoted: line(text, m.range)))
    }

    /// Appium's server log: `using "xpath" value "//a"` or `using 'xpath' with selector '//a'`.
    static func appiumLog(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: /using ["']([^"']+)["'] (?:value|with selector) (?:"((?:[^"\\]|\\.)*)"|'([^']*)')/),
              let using = requestNames[String(m.output.1)] else { return nil }
        let value = m.output.2.map { jsonUnescaped(String($0)) } ?? String(m.output.3 ?? "")
        return (offset(text, m.range.lowerBound), Locator(using: using, value: value, quoted: line(text, m.range)))
    }

    /// Espresso: `with id: com.app:id/login`, `with id is <com.app:id/login>`, `view.getId() is <…>`.
    static func espressoID(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: /(?:with id:? (?:is )?|view\.getId\(\) is )<?([A-Za-z0-9_.]+:id\/[A-Za-z0-9_.]+|[A-Za-z0-9_]+)>?/) else { return nil }
        return (offset(text, m.range.lowerBound), Locator(using: .id, value: String(m.output.1), quoted: line(text, m.range)))
    }

    /// Espresso: `with text: is "Sign in"`, `view.getText() with or without transformation to match: is "Sign in"`.
    static func espressoText(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: /(?:with text: |view\.getText\(\)[^:\n]*: )is "((?:[^"\\]|\\.)*)"/) else { return nil }
        return (offset(text, m.range.lowerBound), Locator(using: .text, value: javaUnescaped(String(m.output.1)), quoted: line(text, m.range)))
    }

    /// Espresso: `with content description: is "Back"` (also `… text: is`, `view.getContentDescription() is`).
    static func espressoDescription(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: /(?:with content description(?: text)?: |view\.getContentDescription\(\) )is "((?:[^"\\]|\\.)*)"/) else { return nil }
        return (offset(text, m.range.lowerBound), Locator(using: .accessibilityID, value: javaUnescaped(String(m.output.1)), quoted: line(text, m.range)))
    }

    /// XCUITest: `Elements matching predicate '"Sign in" IN identifiers'`, `identifier == "login"`.
    static func xcuitestPredicate(_ text: String) -> (Int, Locator)? {
        if let m = text.firstMatch(of: /matching predicate '([^\n]*)'/) {
            return (offset(text, m.range.lowerBound), Locator(using: .predicate, value: String(m.output.1), quoted: line(text, m.range)))
        }
        guard let m = text.firstMatch(of: /(?:identifier|label) == "(?:[^"\\]|\\.)*"/) else { return nil }
        return (offset(text, m.range.lowerBound), Locator(using: .predicate, value: String(m.output), quoted: line(text, m.range)))
    }

    /// XCUITest's activity: ``Checking existence of `"Network" Button` `` (an element by identifier
    /// or label, of a type), as a predicate.
    static func xcuitestExistence(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: /(?:Checking existence of|Tap|Find the) `"((?:[^"\\]|\\.)*)" ([A-Za-z]+)`/) else { return nil }
        let type = "XCUIElementType" + m.output.2
        let value = "type == \"\(type)\" AND \"\(m.output.1)\" IN identifiers"
        return (offset(text, m.range.lowerBound), Locator(using: .predicate, value: value, quoted: line(text, m.range)))
    }

    /// XML's five entities and character references (a JUnit report's `message="…"`).
    static func unescaped(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = text
        for _ in 0..<2 {
            out = out.replacing(/&#(x[0-9A-Fa-f]+|[0-9]+);/) { m in
                let body = m.output.1
                let value = body.hasPrefix("x") ? UInt32(body.dropFirst(), radix: 16) : UInt32(body)
                return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? String(m.output.0)
            }
            out = out.replacing("&quot;", with: "\"").replacing("&apos;", with: "'").replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&amp;", with: "&")
        }
        return out
    }

    static func jsonUnescaped(_ text: String) -> String {
        text.replacing(/\\u([0-9A-Fa-f]{4})/) { m in UInt32(m.output.1, radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? String(m.output.0) }
            .replacing(/\\(["\\\/])/) { String($0.output.1) }.replacing("\\n", with: "\n").replacing("\\t", with: "\t")
    }

    static func javaUnescaped(_ text: String) -> String {
        text.replacing(/\\(["\\])/) { String($0.output.1) }
    }
}
