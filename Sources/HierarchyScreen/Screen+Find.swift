import HierarchyExport
import HierarchyFind
import HierarchyImaging
import HierarchyImport
import HierarchyLayout
import HierarchyModel
import HierarchyRender
import HierarchyViewer

/// A UI test's locator run against a screen: each match and why it can or cannot be tapped, the
/// verdict "no" when none can (or none matched).
public struct FindOutcome: Outcome {
    public let result: FindResult

    public var status: ExitStatus { result.canTap ? .success : .no }
}

extension Screen {
    /// What kind of screen the input is for the locators: Appium's page source, a uiautomator
    /// dump, or a view tree.
    public var findKind: ScreenKind {
        switch document.format {
        case .appium: .appium
        case .uiautomator: .uiautomator
        default: .viewTree
        }
    }

    /// The XML Appium would serve for this screen: a page source's elements as the importer read
    /// them (a uiautomator dump's renamed as UiAutomator2 names them), the view tree's XML otherwise.
    /// - Throws: nothing now that the input is not read again; kept for the callers' `try`.
    public func findXML() throws(InputError) -> ScreenXML {
        ScreenXML.make(tree: document.tree, layout: layout, kind: findKind, markup: document.markup)
    }

    /// The matches of `locator` over `xml` (this screen's `findXML()`), and the verdict, with what
    /// reading the input passed over (the lines of a dump not read) as its `readingNotes`.
    /// - Throws: `LocatorError` for a locator that does not parse or that libxml2 refuses.
    public func find(_ locator: Locator, in xml: ScreenXML) throws(LocatorError) -> FindOutcome {
        var result = try Finder.find(locator, in: xml, tree: document.tree, layout: layout, kind: findKind)
        result.readingNotes = document.warnings
        return FindOutcome(result: result)
    }

    /// `text` read as `find` reads its LOCATOR (`Locator(argument:)`), with `rule` as `--rule`,
    /// and run as `find` runs it over this screen's XML: what the served viewer's search box asks
    /// (`hierarchy serve`'s `GET /find`).
    /// - Throws: `LocatorError` for a locator that does not parse or that libxml2 refuses.
    public func find(argument text: String, rule: TapRule?) throws -> FindOutcome {
        var locator = Locator(argument: text)
        if let rule { locator.rule = rule }
        return try find(locator, in: findXML())
    }
}

extension FindOutcome {
    /// What `-o` writes, by the output's extension: the answer drawn (`FindPicture`) or the
    /// viewer opened on the first match (`FindPage`).
    public typealias Output = OutputKind

    /// The viewer's page opened on the answer: the matches listed above the tree and outlined, the
    /// first selected and framed, the locator in the search box (`FindPage`). The screen is laid
    /// out again with `pageLayout` (the viewer's texture limit; the views are the same) and drawn
    /// as `export` draws it; `xml` is the XML the locator ran over, which the page's search runs
    /// locators over too. The title is "find NAME". Written staged and moved into place,
    /// replacing a file there (the caller checks the output rule), never an input.
    public func writePage(of screen: Screen, xml: ScreenXML, camera: RenderOptions, pageLayout: LayoutOptions, to path: String) throws {
        let page = try screen.relaidOut(pageLayout).synthesized()
        var options = HTMLExport.viewerOptions(camera, document: page.document)
        options.title = "find " + options.title
        let annotations = HTMLViewerAnnotations(top: [FindPage.locators(xml, tree: page.document.tree, kind: screen.findKind), FindPage.answer(result)])
        try HTMLExport.write(page.layout, from: page.document, to: path, options: options, replace: true, annotations: annotations)
    }
}
