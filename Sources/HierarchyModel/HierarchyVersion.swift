import CBuildStamp

/// The program's version, from one place: `number` below, and the commit that scripts/release.sh
/// stamps into a release (docs/release.md). Everything that names the version — `hierarchy
/// --version`, `--help`, `report.json`, SARIF's `tool.driver.version`, glTF's `asset.generator`,
/// an in-app capture's document — reads `HierarchyVersion.current`.
public struct HierarchyVersion: Hashable, Sendable, CustomStringConvertible {
    /// The version being worked on (semantic versioning); raised when a release is tagged `vNUMBER`.
    public static let number = "0.1.0"

    /// This build's version: the release script's stamp when it made this build, else a development build's.
    public static let current = HierarchyVersion(
        number: number, commit: String(cString: hierarchy_build_commit()), tagged: hierarchy_build_tagged() != 0)

    /// `MAJOR.MINOR.PATCH`.
    public var number: String
    /// The full commit hash of a release script's build, `HASH-dirty` when the tree had changes;
    /// nil for a development build (`swift build`).
    public var commit: String?
    /// Whether the release script built the tagged commit of `number` from a clean tree.
    public var tagged: Bool

    /// - Parameter commit: empty or nil when unknown.
    public init(number: String, commit: String?, tagged: Bool) {
        self.number = number
        self.commit = commit?.isEmpty == false ? commit : nil
        self.tagged = tagged && self.commit != nil
    }

    /// The version as files and file names carry it: `0.1.0` for a tagged release,
    /// `0.1.0-dev+abc123def456` for a release script's build of another commit (semver's build
    /// metadata, the commit's first 12 hex digits, then `.dirty` if the tree had changes),
    /// `0.1.0-dev` for a development build. A
    /// development build names no commit, so that documents (and the goldens made of them) stay the
    /// same from commit to commit.
    public var text: String {
        if tagged { return number }
        guard let commit else { return number + "-dev" }
        return number + "-dev+" + commit.prefix(12) + (commit.hasSuffix("-dirty") ? ".dirty" : "")
    }

    public var description: String { text }

    /// What `hierarchy --version` prints: the version, and the commit or why there is none.
    public var banner: String {
        if tagged, let commit { return "hierarchy \(text) (commit \(commit))" }
        if let commit { return "hierarchy \(text) (commit \(commit), not a tagged release)" }
        return "hierarchy \(text) (a development build: its commit is not recorded; scripts/release.sh records it)"
    }

    /// `hierarchy 0.1.0`: a document's generator or tool name with the version.
    public var generator: String { "hierarchy " + text }
}
