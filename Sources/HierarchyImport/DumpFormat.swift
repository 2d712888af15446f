/// The view-hierarchy dumps that teams already have, which `DumpImporter` reads.
public enum DumpFormat: String, CaseIterable, Hashable, Sendable {
    /// `-[UIView recursiveDescription]` text, also from LLDB, Cycript and snapshot tests.
    case recursiveDescription = "recursive-description"
    /// Appium or WebDriverAgent page source of an iOS app (`XCUIElementType…` elements).
    case appium
    /// Android `uiautomator dump`, python-uiautomator2 or Appium UiAutomator2 page source.
    case uiautomator
}
