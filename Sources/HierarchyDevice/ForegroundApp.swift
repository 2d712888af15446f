/// The app in front, from `adb shell dumpsys activity activities` (`mResumedActivity:` up to
/// Android 9, `ResumedActivity:` and `topResumedActivity=` from Android 10, each an
/// `ActivityRecord{hash u0 com.android.settings/.Settings t12}`) or `dumpsys window`
/// (`mCurrentFocus=Window{hash u0 com.android.settings/com.android.settings.Settings}`,
/// `mFocusedApp=ActivityRecord{…}`).
public struct ForegroundApp: Hashable, Sendable {
    public var package: String
    /// The activity's full class name.
    public var activity: String?

    public init(package: String, activity: String? = nil) {
        self.package = package
        self.activity = activity
    }

    /// The resumed activity of `dumpsys activity activities`.
    public static func fromActivities(_ text: String) -> ForegroundApp? {
        component(in: text, after: ["topResumedActivity=", "ResumedActivity:", "mResumedActivity:", "mFocusedActivity:"])
    }

    /// The focused window's or app's component in `dumpsys window`.
    public static func fromWindows(_ text: String) -> ForegroundApp? {
        component(in: text, after: ["mCurrentFocus=", "mFocusedApp="])
    }

    /// The first `package/class` inside the braces after any of `labels` (in the labels' order).
    private static func component(in text: String, after labels: [String]) -> ForegroundApp? {
        let lines = text.split(whereSeparator: \.isNewline)
        for label in labels {
            for line in lines {
                guard let range = line.range(of: label), let open = line[range.upperBound...].firstIndex(of: "{"),
                      let close = line[open...].firstIndex(of: "}") else { continue }
                let inside = line[line.index(after: open)..<close].split(separator: " ")
                guard let name = inside.first(where: { $0.contains("/") }) else { continue }
                return parse(name)
            }
        }
        return nil
    }

    /// `com.android.settings/.Settings` → package and `com.android.settings.Settings`.
    static func parse(_ component: Substring) -> ForegroundApp? {
        let parts = component.split(separator: "/", maxSplits: 1)
        guard let package = parts.first, !package.isEmpty, package.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }) else { return nil }
        let activity = parts.count == 2 ? (parts[1].hasPrefix(".") ? package + parts[1] : parts[1]) : nil
        return ForegroundApp(package: String(package), activity: activity.map(String.init))
    }
}
