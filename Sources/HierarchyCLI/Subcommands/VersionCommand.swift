import ArgumentParser
import HierarchyModel

/// `hierarchy version`: the same line as `hierarchy --version`, for those who type a command.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Print the version, and the git commit of a build that is not a tagged release.",
        discussion: "The same line as 'hierarchy --version'. A development build (swift build) names no commit; scripts/release.sh records it (docs/release.md).")

    func run() throws {
        Console.out(HierarchyVersion.current.banner)
    }
}
