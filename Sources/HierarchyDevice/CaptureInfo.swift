import HierarchyFormats
import HierarchyModel

/// Where, when and how a screen was taken: what `capture.json` holds.
public struct CaptureInfo: Hashable, Sendable {
    /// `adb` or `webdriver`.
    public var source: String
    /// `Android` or `iOS`.
    public var platform: String?
    /// ISO 8601, UTC.
    public var taken: String
    public var serial: String?
    /// The device's model or name.
    public var device: String?
    /// Pixels per point and where it came from (`wm density`, `capabilities.pixelRatio`…).
    public var density: Double
    public var densitySource: String
    /// The screen in pixels.
    public var screenWidth: Int?
    public var screenHeight: Int?
    /// The app in front: an Android package (and activity) or an iOS bundle id.
    public var app: String?
    public var activity: String?
    /// How the hierarchy was taken: `uiautomator dump`, `dumpsys activity top`, `GET /session/{id}/source`.
    public var hierarchyMethod: String
    /// The WebDriver server and session.
    public var url: String?
    public var session: String?
    /// The version of hierarchy that took it, as `hierarchy --version` names it (`HierarchyVersion.text`).
    public var toolVersion: String = HierarchyVersion.current.text

    public init(source: String, taken: String, density: Double, densitySource: String, hierarchyMethod: String) {
        self.source = source
        self.taken = taken
        self.density = density
        self.densitySource = densitySource
        self.hierarchyMethod = hierarchyMethod
    }

    /// `capture.json`: keys in a fixed order, those not known left out.
    public func json(files: [(String, String)], notes: [String]) -> String {
        var fields: [(String, OrderedJSON)] = [
            ("version", .number(1)), ("generator", .string("hierarchy " + toolVersion)), ("source", .string(source)),
        ]
        func add(_ key: String, _ value: String?) { if let value { fields.append((key, .string(value))) } }
        add("platform", platform)
        add("taken", taken)
        add("serial", serial)
        add("device", device)
        fields.append(("density", .number(density)))
        fields.append(("densitySource", .string(densitySource)))
        if let screenWidth, let screenHeight {
            fields.append(("screen", .object([("width", .number(Double(screenWidth))), ("height", .number(Double(screenHeight)))])))
        }
        add("app", app)
        add("activity", activity)
        add("hierarchy", hierarchyMethod)
        add("url", url)
        add("session", session)
        fields.append(("files", .object(files.map { ($0.0, .string($0.1)) })))
        if !notes.isEmpty { fields.append(("notes", .array(notes.map { .string($0) }))) }
        return OrderedJSON.object(fields).text(pretty: true) + "\n"
    }
}
