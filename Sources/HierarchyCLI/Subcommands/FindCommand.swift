import ArgumentParser
import HierarchyImaging
import HierarchyModel
import HierarchyScreen

extension TapRule: ExpressibleByArgument {}

/// `hierarchy find`: the locator a UI test used, run against the saved screen, and why it could
/// not find or tap the view. Exit status 0 when a match can be tapped, 1 when none can (or none
/// matched), 2 for bad input.
struct FindCommand: VerdictCommand {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "Run a UI test's locator against a saved screen and say why it could not find or tap the view.",
        discussion: """
            Give the locator with one option (Appium's strategies), or as LOCATOR: `xpath:`, `id:`, \
            `accessibility-id:`, `class-name:`, `uiautomator:`, `predicate:`, `class-chain:` or `text:` \
            before it (on a web page also Selenium's `css:`, `link-text:`, `partial-link-text:`, `tag-name:`, \
            `name:`); without a prefix, text starting with / or ( is XPath, `new UiSelector()` a UiSelector, \
            `**/` a class chain, a test framework's matcher as the test wrote it (onView(allOf(…)), \
            onNodeWithText(…), find.byKey(…), element(by.id(…)), - tapOn: …, app.buttons[…]) that \
            matcher with its framework's meaning and rule for a tap, anything else a text. XPath runs over \
            the XML Appium would serve for the screen (docs/find.md). Exit status: 0 when a match can be \
            tapped, 1 when none can or none matched, 2 for bad input.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup var input: InputOptions

    @Argument(help: "The locator, prefixed by its strategy (xpath:, id:, predicate:…) or recognised by its look.")
    var locator: String?

    @Option(help: "An XPath 1.0 expression, over the screen's XML.")
    var xpath: String?
    @Option(help: "Appium's id: Android's resource-id (also its part after ':id/'), iOS's name.")
    var id: String?
    @Option(help: "Appium's accessibility id: Android's content-desc, iOS's name.")
    var accessibilityId: String?
    @Option(help: "Appium's class name: Android's class, iOS's type.")
    var className: String?
    @Option(help: "An Android UiSelector: new UiSelector().text(\"OK\")….")
    var uiautomator: String?
    @Option(help: "An iOS predicate string: label == \"OK\" AND enabled == 1.")
    var predicate: String?
    @Option(help: "An iOS class chain: **/XCUIElementTypeButton[`label == \"OK\"`].")
    var classChain: String?
    @Option(help: "The text a person sees: exact, else in any case.")
    var text: String?
    @Option(help: "A log, JUnit report or exception text holding the failure: its locator is run.")
    var fromFailure: String?

    @Option(help: "Whose rule for a tap to add to the reasons: espresso, compose, flutter, detox, xcuitest, maestro or appium. By default a test framework's matcher or failure text brings its framework's rule, any other locator Appium's.")
    var rule: TapRule?

    @Option(help: "text or json.")
    var format: Format = .text

    @Option(name: .shortAndLong, help: "Also write the answer to this file, chosen by its extension: a .png draws it (the exploded stack with each match outlined, green: can be tapped, red: cannot, the views responsible amber, the nearest views of a locator that matched nothing blue, the rest dimmed); a .html writes the viewer opened on the first match (selected and framed, the answer listed above the tree, the locator in its search box).")
    var output: String?

    @OptionGroup var camera: CameraOptionGroup
    @OptionGroup var force: ForceOption

    @Flag(help: "Print the XML the locator runs over, instead of finding.")
    var printXml = false

    @OptionGroup var layout: LayoutOptionGroup

    func validate() throws {
        let given = [locator, xpath, id, accessibilityId, className, uiautomator, predicate, classChain, text, fromFailure].compactMap { $0 }
        if given.count > 1 { throw ValidationError("give one locator, got \(given.count)") }
        if given.isEmpty && !printXml { throw ValidationError("give a locator: LOCATOR, --xpath, --id, --accessibility-id, --class-name, --uiautomator, --predicate, --class-chain, --text or --from-failure") }
        if let output, FindOutcome.Output(path: output) == nil {
            throw ValidationError("-o takes a .png (the answer drawn) or a .html (the viewer opened on the first match), got '\(output)'")
        }
    }

    func run() throws {
        let screen = try input.open(layout.options)
        let rule = input.outputRule(force).protecting(screen.inputFiles + (fromFailure.map { [$0] } ?? []))
        if let output { try rule.check(output) }
        let xml = try screen.findXML()
        if printXml { Console.document(xml.text); return }
        let outcome = try screen.find(try chosenLocator(), in: xml)
        if let output {
            let camera = try self.camera.checkedOptions()
            switch FindOutcome.Output(path: output) {
            case .page?:
                let pageLayout = layout.options(defaultMaxTexture: ExportFormat.html.defaultMaxTextureSize)
                try outcome.writePage(of: screen, xml: xml, camera: camera, pageLayout: pageLayout, to: output)
            default:
                try outcome.writePicture(of: screen, request: self.camera.request(), to: output)
            }
        }
        if format == .json { Console.document(outcome.result.json.text(pretty: true)) } else { Console.out(outcome.result.text) }
        try finish(outcome)
    }

    /// The one locator given, with the rule for a tap `--rule` chose.
    func chosenLocator() throws -> Locator {
        var locator = try givenLocator()
        if let rule { locator.rule = rule }
        return locator
    }

    /// The one locator given.
    func givenLocator() throws -> Locator {
        let options: [(String?, Locator.Strategy)] = [
            (xpath, .xpath), (id, .id), (accessibilityId, .accessibilityID), (className, .className),
            (uiautomator, .uiautomator), (predicate, .predicate), (classChain, .classChain), (text, .text),
        ]
        if let (value, using) = options.first(where: { $0.0 != nil }), let value { return Locator(using: using, value: value) }
        if let fromFailure {
            let text = String(decoding: try FileSystem.read(fromFailure, limit: .testReport), as: UTF8.self)
            guard let found = FailureLocator.extract(from: text) else {
                throw InputError(file: fromFailure, "no locator found: expected a failure message such as By.xpath: …, with text: is \"…\" or matching predicate '…'")
            }
            return found
        }
        return FindInput.locator(locator ?? "")
    }
}
