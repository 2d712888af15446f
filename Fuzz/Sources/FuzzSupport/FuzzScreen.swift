import HierarchyFind
import HierarchyImport
import HierarchyLayout
import HierarchyModel

/// A screen to run locators over: a page source as Appium serves it, imported and laid out as
/// `hierarchy find` does, and its XML. Built once; the fuzzed text is the locator.
public struct FuzzScreen {
    public let tree: ViewTree
    public let layout: Layout
    public let kind: ScreenKind
    public let xml: ScreenXML

    public init(_ source: String, kind: ScreenKind) {
        let bytes = Array(source.utf8)
        let format: DumpFormat = kind == .appium ? .appium : .uiautomator
        guard let result = try? DumpImporter.read(bytes, fileName: "fuzz", format: format), let layout = try? Layout.compute(result.tree) else {
            fatalError("the fuzz targets' own page source does not import")
        }
        (self.tree, self.layout, self.kind) = (result.tree, layout, kind)
        // The importer's elements, as `hierarchy find` searches them.
        xml = ScreenXML.make(tree: result.tree, layout: layout, kind: kind, markup: result.markup)
    }

    /// Runs the locator as `hierarchy find` does; a `LocatorError` is the expected answer to a bad one.
    public func find(_ using: Locator.Strategy, _ value: String) {
        _ = try? Finder.find(Locator(using: using, value: value), in: xml, tree: tree, layout: layout, kind: kind)
    }

    public static let ios = """
        <?xml version="1.0" encoding="UTF-8"?>
        <AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Settings" label="Settings" enabled="true" visible="true" x="0" y="0" width="390" height="844">
        <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" x="0" y="0" width="390" height="844">
        <XCUIElementTypeTable type="XCUIElementTypeTable" enabled="true" visible="true" x="0" y="0" width="390" height="844">
        <XCUIElementTypeCell type="XCUIElementTypeCell" name="General" label="General" enabled="true" visible="true" x="0" y="100" width="390" height="44">
        <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" name="General" label="General" value="General" enabled="true" visible="true" x="60" y="110" width="100" height="24"/>
        </XCUIElementTypeCell>
        <XCUIElementTypeCell type="XCUIElementTypeCell" name="Privacy" label="Privacy &amp; Security" enabled="false" visible="true" x="0" y="144" width="390" height="44"/>
        <XCUIElementTypeSwitch type="XCUIElementTypeSwitch" name="Wi-Fi" label="Wi‑Fi" value="1" enabled="true" visible="false" x="300" y="200" width="51" height="31"/>
        </XCUIElementTypeTable></XCUIElementTypeWindow></XCUIElementTypeApplication></AppiumAUT>
        """

    public static let android = """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">
        <node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.android.deskclock" content-desc="" clickable="false" enabled="true" bounds="[0,0][1080,2400]">
        <node index="0" text="Alarm" resource-id="com.android.deskclock:id/tab" class="android.widget.TextView" package="com.android.deskclock" content-desc="Alarm" clickable="true" enabled="true" selected="true" bounds="[0,2200][270,2400]"/>
        <node index="1" text="8:30 AM" resource-id="com.android.deskclock:id/digital_clock" class="android.widget.TextView" package="com.android.deskclock" content-desc="" clickable="false" enabled="true" bounds="[40,300][600,420]"/>
        <node index="2" text="" resource-id="com.android.deskclock:id/onoff" class="android.widget.Switch" package="com.android.deskclock" content-desc="" checkable="true" checked="false" clickable="true" enabled="true" bounds="[900,320][1040,400]"/>
        </node></hierarchy>
        """
}
