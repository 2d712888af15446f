import Foundation

/// The folder name `POST /save` writes a screen to: the time it was saved, in UTC, as a file
/// name allows (`2026-11-29T10-54-30Z`), with `-2`, `-3`… after it when that name is taken, so
/// that a save never replaces anything.
public enum SaveName {
    /// The name for a save at `date`, none of `taken`.
    public static func name(at date: Date, taken: Set<String>) -> String {
        let base = stamp(date)
        if !taken.contains(base) { return base }
        var number = 2
        while taken.contains("\(base)-\(number)") { number += 1 }
        return "\(base)-\(number)"
    }

    /// `date` in UTC as `YYYY-MM-DDTHH-MM-SSZ` (no `:`, which some file systems refuse).
    public static func stamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { let text = String(value ?? 0); return text.count < 2 ? "0" + text : text }
        return "\(c.year ?? 0)-\(two(c.month))-\(two(c.day))T\(two(c.hour))-\(two(c.minute))-\(two(c.second))Z"
    }
}
