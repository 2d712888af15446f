/// The view-hierarchy dumps that teams already have, which `DumpImporter` reads.
public enum DumpFormat: String, CaseIterable, Hashable, Sendable {
    /// `-[UIView recursiveDescription]` text, also from LLDB, Cycript and snapshot tests.
    case recursiveDescription = "recursive-description"
    /// Appium or WebDriverAgent page source of an iOS app (`XCUIElementType…` elements).
    case appium
    /// Android `uiautomator dump`, python-uiautomator2 or Appium UiAutomator2 page source.
    case uiautomator
    /// XCUITest's `debugDescription` of an element (`Element subtree:`), as failing UI tests print it.
    case xcuitest
    /// Espresso's view hierarchy (`+>DecorView{…}`), as `NoMatchingViewException` prints it and
    /// `view-hierarchy-N.txt` holds it.
    case espresso
    /// Maestro's hierarchy JSON (`maestro hierarchy`, the files of a failed step).
    case maestro
    /// The `View Hierarchy:` block of `adb shell dumpsys activity top` (`View.toString()` per view).
    case dumpsys
    /// Sentry's `view-hierarchy.json` attachment (iOS, Android, Flutter, React Native SDKs).
    case sentry
    /// Jetpack Compose's semantics tree as `printToLog`, `printToString` and failing assertions
    /// print it (`Node #1 at (l=…, t=…, r=…, b=…)px`).
    case compose
    /// Flutter's semantics tree (`debugDumpSemanticsTree`, `SemanticsNode#0`).
    case flutterSemantics = "flutter-semantics"
    /// Flutter's render tree (`debugDumpRenderTree`, `RenderView#…`).
    case flutterRender = "flutter-render"
    /// Detox's `<ViewHierarchy>` XML (`device.generateViewHierarchyXml()`, failure messages).
    case detox
    /// A web page's DOM as `capture webdriver`'s script reads it ("hierarchy-web-dom", docs/capture.md).
    case webDOM = "web-dom"
    /// Chromium's `DOMSnapshot.captureSnapshot` answer, saved as JSON (docs/foreign-dumps.md).
    case cdpSnapshot = "cdp-snapshot"
}
