/// A screen of the run and the screen of the same name in the baseline, either possibly absent.
public struct ScreenPair<Current: Hashable & Sendable, Baseline: Hashable & Sendable>: Hashable, Sendable {
    public var name: String
    public var current: Current?
    public var baseline: Baseline?

    public init(name: String, current: Current? = nil, baseline: Baseline? = nil) {
        self.name = name
        self.current = current
        self.baseline = baseline
    }

    /// The pairs of `current` and `baseline` items by name, in name order: an item of one side
    /// whose name the other lacks is alone in its pair. Names are unique on each side (a later
    /// item of a name replaces an earlier one).
    public static func pairs(
        current: [Current], baseline: [Baseline], currentName: (Current) -> String, baselineName: (Baseline) -> String
    ) -> [ScreenPair] {
        var pairs: [String: ScreenPair] = [:]
        for item in current { pairs[currentName(item), default: ScreenPair(name: currentName(item))].current = item }
        for item in baseline { pairs[baselineName(item), default: ScreenPair(name: baselineName(item))].baseline = item }
        return pairs.values.sorted { $0.name < $1.name }
    }
}
