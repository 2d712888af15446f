import Foundation

/// The locator a failed UI test used, taken out of its failure message: a log, a JUnit report,
/// a Markdown quote or a JSON report (escaped), read as it was pasted. The first one found in
/// the text is taken.
///
/// Read here: Selenium/Appium's `By.xpath: …` (`By.id`, `By.accessibilityId`, `By.className`,
/// `By.AndroidUIAutomator`, `By.iOSNsPredicateString`, `By.iOSClassChain`; also after Selenium
/// 4's `Unable to find element with locator`), Selenium 3's `*** Element info: {Using=…, value=…}`,
/// Selenium 4's `Command: [… findElement {using=…, value=…}]`, a find request's
/// `{"using":"xpath","value":"…"}` or `{"method":…,"selector":…}` (escaped or not), Appium's log
/// `using "xpath" value "…"` and WebdriverIO's `element ("~login") still not displayed after …`.
/// The test frameworks' own words are read in `FailureLocator+Frameworks.swift`.
public enum FailureLocator {
    /// The locator in `text`, with the line it was found on; nil when there is none.
    public static func extract(from text: String) -> Locator? {
        for plain in readings(of: text) {
            if let found = first(in: plain) { return found }
        }
        return nil
    }

    /// The text as pasted, then (when it holds JSON escapes) as the JSON string it was escaped
    /// into, once or twice: a message inside a JSON report reads as the message.
    static func readings(of text: String) -> [String] {
        var plain = unquoted(unescaped(text))
        var readings = [plain]
        for _ in 0..<2 where plain.contains("\\n") || plain.contains("\\u") || plain.contains("\\\"") {
            plain = jsonUnescaped(plain)
            readings.append(plain)
        }
        return readings
    }

    /// The locator the earliest reader finds in one reading.
    static func first(in plain: String) -> Locator? {
        var found: [(offset: Int, locator: Locator)] = []
        for reader in readers {
            if let (offset, locator) = reader(plain) { found.append((offset, locator)) }
        }
        // The matcher the test wrote, where a code frame shows the failing line, says more than
        // the framework's description of it (combinations, the framework's own semantics).
        guard var best = writtenMatcher(plain) ?? found.min(by: { $0.offset < $1.offset })?.locator else { return nil }
        best.value = best.value.trimmingCharacters(in: .whitespaces)
        if let constraint = espressoConstraint(plain) {
            best.constraint = constraint
            best.rule = .espresso
        }
        return best.value.isEmpty ? nil : best
    }

    typealias Reader = @Sendable (String) -> (Int, Locator)?

    static let readers: [Reader] = [
        byStrategy, seleniumElementInfo, seleniumCommand, jsonRequest, appiumLog, webdriverIO,
    ] + [espressoID, espressoResourceName, espressoText, espressoDescription, espressoClassName].map { ruled(.espresso, $0) } + [
        ruled(.detox, espressoTag), ruled(.compose, composeSelector), ruled(.flutter, flutterFinder), ruled(.detox, detoxMatcher),
        ruled(.detox, detoxEarlGrey), ruled(.maestro, maestroSelector), ruled(.xcuitest, xcuitestPredicate), ruled(.xcuitest, xcuitestExistence),
    ]

    /// The matcher on the failing line of a Jest/Babel code frame (`> 11 |     await
    /// expect(element(by.id('welcome'))).toBeVisible();`): from where a matcher starts, the longest
    /// text `MatcherParser` reads (`.toBeVisible()` and `.tap()` are actions, not matchers).
    static func writtenMatcher(_ text: String) -> Locator? {
        for line in text.matches(of: /(?m)^[ \t]*>[ \t]*\d+[ \t]*\|(.*)$/) {
            let code = line.output.1
            guard let start = code.firstRange(of: /(?:element\(|onView\(|find\.\w+\(|(?:\w+\.)?on(?:All)?Node\w*\(|app\.\w+|XCUIApplication\(\)\.)/)?.lowerBound else { continue }
            let tail = code[start...]
            for end in tail.indices.reversed() where tail[end] == ")" || tail[end] == "]" {
                let candidate = String(tail[...end])
                guard (try? MatcherParser.parse(candidate)) != nil, var locator = TestMatcher.locator(candidate) else { continue }
                locator.quoted = String(line.output.0).trimmingCharacters(in: .whitespaces)
                return locator
            }
        }
        return nil
    }

    /// A framework's reader whose locators bring the framework's rule for a tap.
    static func ruled(_ rule: TapRule, _ reader: @escaping Reader) -> Reader {
        { text in reader(text).map { offset, locator in
            var ruled = locator
            ruled.rule = rule
            return (offset, ruled)
        } }
    }

    /// The line around `range`, for saying back where the locator came from.
    static func line(_ text: String, _ range: Range<String.Index>) -> String {
        let start = text[..<range.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        let end = text[range.upperBound...].firstIndex(of: "\n") ?? text.endIndex
        return String(text[start..<end]).trimmingCharacters(in: .whitespaces)
    }

    /// The rest of the line from `index`; where a JSON string's escaped `\n` ends the line first,
    /// up to it and unescaped.
    static func restOfLine(_ text: String, from index: String.Index) -> String {
        var rest = String(text[index...].prefix { $0 != "\n" && $0 != "\r" })
        if let r = rest.range(of: "\\n") { rest = jsonUnescaped(String(rest[..<r.lowerBound])) }
        return rest
    }

    static func offset(_ text: String, _ index: String.Index) -> Int { text.utf8.distance(from: text.startIndex, to: index) }

    /// A locator found at `range` of `text`.
    static func found(_ text: String, _ range: Range<String.Index>, _ using: Locator.Strategy, _ value: String) -> (Int, Locator) {
        (offset(text, range.lowerBound), Locator(using: using, value: value, quoted: line(text, range)))
    }

    static let byNames: [String: Locator.Strategy] = [
        "xpath": .xpath, "id": .id, "accessibilityid": .accessibilityID, "classname": .className,
        "androiduiautomator": .uiautomator, "iosnspredicatestring": .predicate, "iosclasschain": .classChain,
        "name": .accessibilityID, "linktext": .text,
    ]

    /// `By.xpath: //a[@b='c']` to the end of the line (Selenium's `By.toString()`).
    static func byStrategy(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: #/By\.([A-Za-z]+): /#), let using = byNames[m.output.1.lowercased()] else { return nil }
        var value = restOfLine(text, from: m.range.upperBound)
        for tail in [" (tried for ", "\"}"] { if let r = value.range(of: tail) { value = String(value[..<r.lowerBound]) } }
        return found(text, m.range, using, value)
    }

    /// Selenium 3's `*** Element info: {Using=xpath, value=//a[@b='c']}`: the value runs to the
    /// line's last `}`, so that quotes and brackets inside it stay.
    static func seleniumElementInfo(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: /\*\*\* Element info: \{Using=([^,\n]+), value=/),
              let using = requestNames[String(m.output.1)] ?? byNames[m.output.1.lowercased()] else { return nil }
        let rest = restOfLine(text, from: m.range.upperBound)
        guard let close = rest.lastIndex(of: "}") else { return nil }
        return found(text, m.range, using, String(rest[..<close]))
    }

    /// Selenium 4's `Command: [<session>, findElement {using=xpath, value=//a}]`: the value runs to
    /// the line's last `}]`.
    static func seleniumCommand(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: /Command: \[[^,\n]*, findElements? \{using=([^,\n]+), value=/),
              let using = requestNames[String(m.output.1)] else { return nil }
        let rest = restOfLine(text, from: m.range.upperBound)
        guard let close = rest.range(of: "}]", options: .backwards) else { return nil }
        return found(text, m.range, using, String(rest[..<close.lowerBound]))
    }

    static let requestNames: [String: Locator.Strategy] = Dictionary(uniqueKeysWithValues: Locator.Strategy.allCases.map { ($0.rawValue, $0) })
        .merging(["css selector": .id, "name": .accessibilityID]) { a, _ in a }

    /// `{"using":"xpath","value":"//a"}` or `{"method":"xpath","selector":"//a"}`, JSON-escaped;
    /// ChromeDriver prints the selector unescaped (`"//*[@id="main"]"`), so a value whose escaped
    /// reading does not close the object runs to the line's last `"}`.
    static func jsonRequest(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: /"(?:using|method)"\s*:\s*"([^"]+)"\s*,\s*"(?:value|selector)"\s*:\s*"/),
              let using = requestNames[String(m.output.1)] else { return nil }
        let rest = restOfLine(text, from: m.range.upperBound)
        if let escaped = rest.prefixMatch(of: /((?:[^"\\]|\\.)*)"\s*\}/) {
            return found(text, m.range, using, jsonUnescaped(String(escaped.output.1)))
        }
        guard let close = rest.range(of: "\"}", options: .backwards) else { return nil }
        return found(text, m.range, using, String(rest[..<close.lowerBound]))
    }

    /// Appium's server log: `using "xpath" value "//a"` or `using 'xpath' with selector '//a'`.
    static func appiumLog(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: /using ["']([^"']+)["'] (?:value|with selector) (?:"((?:[^"\\]|\\.)*)"|'([^']*)')/),
              let using = requestNames[String(m.output.1)] else { return nil }
        let value = m.output.2.map { jsonUnescaped(String($0)) } ?? String(m.output.3 ?? "")
        return found(text, m.range, using, value)
    }

    /// WebdriverIO's `waitFor…` timeouts: `element ("~login") still not displayed after 5000ms`
    /// (`.../commands/element/waitForDisplayed.ts`); the selector runs to the last `")` before
    /// ` still`, and its prefix names the strategy as WebdriverIO's `findStrategy` reads it.
    static func webdriverIO(_ text: String) -> (Int, Locator)? {
        guard let m = text.firstMatch(of: /element \("([^\n]*)"\) still (?:not )?(?:displayed|existing|enabled|clickable)/),
              let (using, value) = webdriverIOStrategy(String(m.output.1)) else { return nil }
        return found(text, m.range, using, value)
    }

    static func webdriverIOStrategy(_ selector: String) -> (Locator.Strategy, String)? {
        let prefixes: [(String, Locator.Strategy)] = [
            ("~", .accessibilityID), ("android=", .uiautomator), ("-android uiautomator:", .uiautomator),
            ("-ios predicate string:", .predicate), ("-ios class chain:", .classChain), ("id=", .id),
        ]
        for (prefix, using) in prefixes where selector.hasPrefix(prefix) { return (using, String(selector.dropFirst(prefix.count))) }
        if selector.hasPrefix("/") || selector.hasPrefix("(") || selector.hasPrefix("./") { return (.xpath, selector) }
        return nil
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

    /// A Markdown quote's `> ` (and a nested one's) taken off the start of each line.
    static func unquoted(_ text: String) -> String {
        guard text.contains("\n>") || text.hasPrefix(">") || text.contains("\n >") else { return text }
        return text.replacing(/(?m)^[ \t]*(?:>[ \t]?)+/, with: "")
    }

    static func jsonUnescaped(_ text: String) -> String {
        text.replacing(/\\u([0-9A-Fa-f]{4})/) { m in UInt32(m.output.1, radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? String(m.output.0) }
            .replacing(/\\(["\\\/])/) { String($0.output.1) }.replacing("\\n", with: "\n").replacing("\\t", with: "\t")
    }

    static func javaUnescaped(_ text: String) -> String {
        text.replacing(/\\(["\\])/) { String($0.output.1) }
    }
}
