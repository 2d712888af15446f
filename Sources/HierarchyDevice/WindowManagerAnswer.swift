import Foundation

/// What `adb shell wm density` and `wm size` print (`WindowManagerShellCommand`):
/// `Physical density: 420` and, when one is set, `Override density: 480`; `Physical size:
/// 1080x2400` and `Override size: 720x1600`. The override is what apps draw at, so it wins.
public enum WindowManagerAnswer {
    /// Pixels per point (dp): the dpi over 160; nil when the text has no density.
    public static func density(_ text: String) -> (density: Double, overridden: Bool)? {
        let physical = value(after: "Physical density:", in: text).flatMap { Double($0) }
        let override = value(after: "Override density:", in: text).flatMap { Double($0) }
        guard let dpi = override ?? physical, dpi.isFinite, dpi > 0, dpi < 10_000 else { return nil }
        return (dpi / 160, override != nil)
    }

    /// The screen's size in pixels; nil when the text has none.
    public static func size(_ text: String) -> (width: Int, height: Int, overridden: Bool)? {
        let physical = value(after: "Physical size:", in: text).flatMap(pair)
        let override = value(after: "Override size:", in: text).flatMap(pair)
        guard let size = override ?? physical else { return nil }
        return (size.0, size.1, override != nil)
    }

    private static func value(after label: String, in text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            guard let range = line.range(of: label) else { continue }
            return line[range.upperBound...].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    private static func pair(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0, width < 100_000, height < 100_000 else { return nil }
        return (width, height)
    }
}
