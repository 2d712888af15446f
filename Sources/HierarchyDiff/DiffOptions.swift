/// How two captures are compared.
public struct DiffOptions: Hashable, Sendable {
    /// How views of the two captures are paired.
    public enum Matching: String, CaseIterable, Hashable, Sendable {
        /// By id where both captures give the same stable ids, by structure otherwise.
        case auto
        /// By id only where ids are given (not index paths); the rest by structure.
        case ids
        /// By structure alone, ignoring ids (dumps from two runs, whose ids are index paths or addresses).
        case structure
    }

    public var matching: Matching
    /// Geometry changes of this many points or less are not changes.
    public var geometryTolerance: Double
    /// Alpha changes of this much or less are not changes.
    public var alphaTolerance: Double

    public init(matching: Matching = .auto, geometryTolerance: Double = 0.5, alphaTolerance: Double = 0.001) {
        self.matching = matching
        self.geometryTolerance = geometryTolerance
        self.alphaTolerance = alphaTolerance
    }
}
