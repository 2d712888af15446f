import ArgumentParser
import Foundation
import HierarchyImport
import HierarchyModel
import HierarchyRender
import HierarchyText

/// `hierarchy`: the command line. Parses, runs a subcommand, and maps errors to a message and an
/// exit status: bad input is one line on standard error and status 1.
public struct HierarchyCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "hierarchy",
        abstract: "Turn a captured UI view hierarchy into an exploded 3D picture, offline.",
        discussion: """
            TREE is a view-hierarchy document (tree.json with a PNG per view, see docs/view-hierarchy.md) \
            or a dump the importers read: \(DumpFormat.titles), also inside a log or a JUnit report. \
            The format is detected from the content; --screenshot cuts a screenshot of the screen into \
            a dump's views. A file that exists is replaced only with --force, an input never. Bad input \
            is one line on standard error and exit status 1 (2 for diff, audit, report and render \
            --expect, whose 1 means a difference); text outputs show control characters escaped \
            (\\u{1B}). 'hierarchy help COMMAND' explains each command. This is \
            \(HierarchyVersion.current.banner).
            """,
        version: HierarchyVersion.current.banner,
        subcommands: [
            RenderCommand.self, LayoutCommand.self, PickCommand.self, TexturesCommand.self, ExportCommand.self, ImportCommand.self, DiffCommand.self,
            AuditCommand.self, ReportCommand.self, VersionCommand.self,
        ],
        defaultSubcommand: nil)

    public init() {}

    /// Runs the command line and returns the exit status instead of exiting.
    public static func run(_ arguments: [String]) -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let error as InputError {
            Console.error("error: \(error)")
            return 1
        } catch let error as RenderError {
            Console.error("error: \(error)")
            return 1
        } catch let error as TextError {
            Console.error("error: \(error)")
            return 1
        } catch {
            var code = exitCode(for: error)
            // diff(1)'s convention: 1 means "different", so every kind of trouble is 2. So is audit's
            // and report's (1 means "findings" or "failed") and `render --expect`'s (1 means "does not match the golden").
            let comparing = [DiffCommand.configuration.commandName, AuditCommand.configuration.commandName, ReportCommand.configuration.commandName].contains(arguments.first)
                || (arguments.first == RenderCommand.configuration.commandName && arguments.contains { $0 == "--expect" || $0.hasPrefix("--expect=") })
            if comparing, code != .success, !(error is ExitCode) { code = ExitCode(2) }
            if code == .success {
                // --help and --version: the whole text, on standard output.
                let message = fullMessage(for: error)
                if !message.isEmpty { Console.out(message) }
            } else if !(error is ExitCode) {
                Console.error(Self.oneLine(message(for: error), arguments: arguments))
            }
            return code.rawValue
        }
    }
}

extension HierarchyCommand {
    /// A usage error as one line, like every other error, with where to read more: the parser's
    /// message (which may span lines, e.g. with a suggestion) joined, and no usage block.
    static func oneLine(_ message: String, arguments: [String]) -> String {
        let text = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: "; ")
        let stripped = text.hasPrefix("Error: ") ? String(text.dropFirst(7)) : text
        let command = configuration.subcommands.first { $0.configuration.commandName == arguments.first }?.configuration.commandName
        return "error: \(stripped) (see 'hierarchy help\(command.map { " " + $0 } ?? "")')"
    }
}

/// Standard output and error, flushed line by line. Text shows what inputs hold, so `out` and
/// `error` escape control characters (`TerminalText`); a document (JSON, SARIF, JUnit) goes
/// through `document`, exact.
enum Console {
    static func out(_ text: String) {
        document(TerminalText.escape(text))
    }

    /// A document's text as it is: its format keeps it valid and its reader wants it exact.
    static func document(_ text: String) {
        FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    static func error(_ text: String) {
        let safe = TerminalText.escape(text)
        FileHandle.standardError.write(Data((safe.hasSuffix("\n") ? safe : safe + "\n").utf8))
    }

    static func warn(_ text: String) { error("warning: \(text)") }

    /// Whether standard error is a terminal (progress is shown only then).
    static var errorIsTerminal: Bool { isatty(2) == 1 }
}
