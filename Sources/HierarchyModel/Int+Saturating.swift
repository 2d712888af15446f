extension Int {
    /// `value` rounded toward zero, clamped to the range Int can hold; NaN becomes 0. Unlike
    /// `Int(_:)` it never traps, whatever a hostile file put in a coordinate.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.2e18 {
            self = Int.max
        } else if value <= -9.2e18 {
            self = Int.min
        } else {
            self = Int(value)
        }
    }
}
