/// Why text could not be typeset, one line each.
public enum TextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// fontconfig knows no font for the pattern (no fonts installed, or an empty configuration).
    case noFont(pattern: String)
    /// FreeType could not start.
    case freeTypeFailed(code: Int32)

    public var description: String {
        switch self {
        case .noFont(let pattern):
            "no font found for \"\(pattern)\" (fontconfig lists none): install fonts, e.g. fonts-dejavu-core and fonts-droid-fallback"
        case .freeTypeFailed(let code):
            "FreeType could not start (error \(code))"
        }
    }
}
