import HierarchyModel

/// A session on a WebDriver server, as the discovery routes list it: Appium 2's
/// `GET /appium/sessions` and Appium 1's `GET /sessions` (`{"value": [{"id": …, "capabilities":
/// {…}}]}`), WebDriverAgent's `GET /status` (`{"value": {…}, "sessionId": …}`).
public struct WebDriverSession: Hashable, Sendable {
    public var id: String
    public var capabilities: [String: JSONValue]

    public init(id: String, capabilities: [String: JSONValue] = [:]) {
        self.id = id
        self.capabilities = capabilities
    }

    /// The sessions in the value of `/appium/sessions` or `/sessions`.
    public static func list(_ value: JSONValue) -> [WebDriverSession] {
        guard case .array(let items) = value else { return [] }
        return items.compactMap { item in
            guard let fields = item.objectValue, case .string(let id)? = fields["id"] ?? fields["sessionId"] else { return nil }
            return WebDriverSession(id: id, capabilities: fields["capabilities"]?.objectValue ?? [:])
        }
    }

    /// The session WebDriverAgent's `/status` names: the top-level `sessionId` (its reply
    /// payload), else `value.sessionId`; none while no session is open.
    public static func fromStatus(_ top: JSONValue) -> WebDriverSession? {
        let fields = top.objectValue ?? [:]
        for candidate in [fields["sessionId"], fields["value"]?.objectValue?["sessionId"]] {
            if case .string(let id)? = candidate, !id.isEmpty { return WebDriverSession(id: id) }
        }
        return nil
    }

    /// A capability by name, with or without Appium 2's `appium:` prefix.
    public func capability(_ name: String) -> JSONValue? {
        capabilities[name] ?? capabilities["appium:" + name]
    }

    /// Pixels per point from the capabilities: XCUITest's `pixelRatio`, UiAutomator2's and
    /// Espresso's `deviceScreenDensity` (dpi, over 160). Nil when neither is there.
    public var density: (value: Double, source: String)? {
        if case .number(let ratio)? = capability("pixelRatio"), ratio.isFinite, ratio > 0, ratio < 100 { return (ratio, "capabilities.pixelRatio") }
        if case .number(let dpi)? = capability("deviceScreenDensity"), dpi.isFinite, dpi > 0, dpi < 10_000 { return (dpi / 160, "capabilities.deviceScreenDensity") }
        return nil
    }

    /// `iOS` or `Android` from `platformName`.
    public var platform: String? {
        guard case .string(let name)? = capability("platformName") else { return nil }
        switch name.lowercased() {
        case "ios", "tvos": return "iOS"
        case "android": return "Android"
        default: return name
        }
    }

    /// The app under test: `bundleId` or `appPackage`.
    public var app: String? {
        for key in ["bundleId", "appPackage"] { if case .string(let value)? = capability(key) { return value } }
        return nil
    }

    /// The device's name or model.
    public var device: String? {
        for key in ["deviceName", "deviceModel", "udid"] { if case .string(let value)? = capability(key) { return value } }
        return nil
    }
}
