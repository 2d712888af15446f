import HierarchyFind
import HierarchyImaging
import HierarchyImport
import HierarchyModel

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

    /// The XML Appium would serve for this screen: a page source read again as it is (a
    /// uiautomator dump's elements renamed as UiAutomator2 names them), the view tree's XML otherwise.
    /// - Throws: `InputError` when the input cannot be read again.
    public func findXML() throws(InputError) -> ScreenXML {
        let source = findKind == .viewTree ? nil : try FileSystem.read(document.file)
        return ScreenXML.make(tree: document.tree, layout: layout, kind: findKind, source: source)
    }

    /// The matches of `locator` over `xml` (this screen's `findXML()`), and the verdict.
    /// - Throws: `LocatorError` for a locator that does not parse or that libxml2 refuses.
    public func find(_ locator: Locator, in xml: ScreenXML) throws(LocatorError) -> FindOutcome {
        FindOutcome(result: try Finder.find(locator, in: xml, tree: document.tree, layout: layout, kind: findKind))
    }
}
