/// Espresso's `ViewMatchers` and Hamcrest's combinators
/// (espresso/core/java/androidx/test/espresso/matcher/ViewMatchers.java, android/android-test
/// 75240e8c; docs/find.md gives each one's line), and the test recorder's `childAtPosition`.
extension MatcherParser {
    func espresso(_ syntax: MatcherSyntax) throws(LocatorError) -> Matcher {
        guard let (name, _, arguments) = call(syntax) else {
            throw error(syntax, "expected an Espresso matcher such as withId(R.id.name) or withText(\"…\")")
        }
        let first = { () throws(LocatorError) -> MatcherSyntax in try only(arguments, of: syntax, name) }
        switch name {
        case "onView": return try espresso(try first())
        case "allOf", "anyOf":
            var parts: [Matcher] = []
            for argument in arguments { parts.append(try espresso(argument.value)) }
            guard !parts.isEmpty else { throw error(syntax, "\(name)(…) needs a matcher") }
            return name == "allOf" ? .all(parts) : .any(parts)
        case "not": return .not(try espresso(try first()))
        case "withParent": return .parent(try espresso(try first()))
        case "isDescendantOfA": return .ancestor(try espresso(try first()))
        case "hasDescendant": return .descendant(try espresso(try first()))
        case "childAtPosition":
            guard arguments.count == 2 else { throw error(syntax, "childAtPosition(parentMatcher, position) takes two arguments") }
            return .childAt(try espresso(arguments[0].value), try number(arguments[1].value))
        case "withId": return try espressoID(try first())
        case "withResourceName":
            return .locator(Locator(using: .idMatching, value: Self.pattern(try hamcrest(try first()))))
        case "withText":
            return .locator(Locator(using: .textMatching, value: Self.pattern(try hamcrest(try first()))))
        case "withContentDescription":
            let test = try hamcrest(try first())
            return test == TextTest(kind: .equal, value: test.value) ? .locator(Locator(using: .accessibilityID, value: test.value)) : .attribute(["content-desc"], test)
        case "withHint": return .attribute(["hint"], try hamcrest(try first()))
        case "withTagValue": return .attribute(["tag", "testID"], try hamcrest(try first()))
        case "withClassName":
            let test = try hamcrest(try first(), names: true)
            return test.kind == .equal && !test.ignoreCase ? .locator(Locator(using: .className, value: test.value)) : .attribute([ElementValues.classKey], test)
        case "isDisplayed", "isCompletelyDisplayed": return .displayed
        case "isEnabled": return .state("enabled", true)
        case "isClickable": return .state("clickable", true)
        case "isChecked": return .state("checked", true)
        case "isNotChecked": return .state("checked", false)
        case "isSelected": return .state("selected", true)
        default:
            throw error(syntax, "\(name) is not an Espresso matcher find reads: it reads withId, withResourceName, withText, withContentDescription, withHint, withClassName, withTagValue, isDisplayed, isEnabled, isClickable, isChecked, isSelected, allOf, anyOf, not, withParent, isDescendantOfA, hasDescendant and childAtPosition")
        }
    }

    /// `withId(R.id.login)` (or `android.R.id.…`, `com.app.R.id.…`): the resource name whole,
    /// in its case, as `withId` compares the id `R.id.login` stands for.
    func espressoID(_ syntax: MatcherSyntax) throws(LocatorError) -> Matcher {
        if let path = syntax.path, let range = path.range(of: "R.id.") {
            return .locator(Locator(using: .idMatching, value: Self.exactPattern(String(path[range.upperBound...]))))
        }
        throw error(syntax, "expected R.id.name: the screen names ids by their resource name, not their number")
    }

    /// A string, or Hamcrest's `is`, `equalTo`, `equalToIgnoringCase`, `containsString`,
    /// `startsWith`, `endsWith` around one; with `names`, a class named as Kotlin or Java
    /// names it (`Button::class.java.name`, read as `Button`).
    func hamcrest(_ syntax: MatcherSyntax, names: Bool = false) throws(LocatorError) -> TextTest {
        if let value = syntax.string { return TextTest(kind: .equal, value: value) }
        if names, let path = syntax.path { return TextTest(kind: .equal, value: String(path.split(separator: ".").first ?? "")) }
        guard let (name, _, arguments) = call(syntax), let inner = arguments.first?.value else {
            throw error(syntax, "expected a string or a string matcher (is, equalTo, containsString, startsWith, endsWith)")
        }
        switch name {
        case "is", "equalTo": return try hamcrest(inner, names: names)
        case "equalToIgnoringCase": return TextTest(kind: .equal, value: try string(inner), ignoreCase: true)
        case "containsString": return TextTest(kind: .contains, value: try string(inner))
        case "containsStringIgnoringCase": return TextTest(kind: .contains, value: try string(inner), ignoreCase: true)
        case "startsWith": return TextTest(kind: .prefix, value: try string(inner))
        case "endsWith": return TextTest(kind: .suffix, value: try string(inner))
        default: throw error(syntax, "\(name) is not a string matcher find reads (is, equalTo, equalToIgnoringCase, containsString, startsWith, endsWith)")
        }
    }
}
