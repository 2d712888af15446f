/// What a command's `-o` writes besides its text, by the output's extension (any case): the
/// one reading of a file name for `audit`, `find` and `diff`.
public enum OutputKind: Equatable, Sendable {
    /// `.png`: the answer drawn (the exploded stack, outlined and numbered).
    case picture
    /// `.html`, `.htm`: the viewer's page with the command's panel.
    case page

    /// The output `path` asks for, by its extension; nil for another.
    public init?(path: String) {
        let name = path.lowercased()
        if name.hasSuffix(".png") { self = .picture } else if name.hasSuffix(".html") || name.hasSuffix(".htm") { self = .page } else { return nil }
    }
}
