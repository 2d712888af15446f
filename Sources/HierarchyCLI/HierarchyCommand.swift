import ArgumentParser
import Foundation
import HierarchyDevice
import HierarchyModel
import HierarchyScreen

/// `hierarchy`: the command line. Parses, runs a subcommand, and maps what it throws to a message
/// and an exit status, here alone: bad input is one line on standard error and the command's
/// trouble status (1, or 2 for a command whose 1 is an answer: `VerdictCommand`).
public struct HierarchyCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "hierarchy",
        abstract: "Turn a captured UI view hierarchy into an exploded 3D picture, offline.",
        discussion: """
            TREE is a view-hierarchy document (tree.json with a PNG per view, see docs/view-hierarchy.md) \
            or a dump the importers read: \(DumpFormat.titles), also inside a log, a JUnit report or a test failure, \
            or escaped as a web page holds it; or a capture folder, adb:[SERIAL] or webdriver:URL (a screen taken now). \
            The format is detected from the content; --screenshot cuts a screenshot of the screen into \
            a dump's views. A file that exists is replaced only with --force, an input never. Bad input \
            and a usage error are one line on standard error and exit status 1 (2 for diff, audit, report, find and \
            render --expect, whose 1 is an answer, and for a device that cannot be reached or an HTML page, which needs one); text outputs show control characters escaped \
            (\\u{1B}), and a line break inside a value too (\\u{A}). 'hierarchy help COMMAND' explains each command. This is \
            \(HierarchyVersion.current.banner).
            """,
        version: HierarchyVersion.current.banner,
        subcommands: [
            RenderCommand.self, LayoutCommand.self, PickCommand.self, TexturesCommand.self, ExportCommand.self, ImportCommand.self, DiffCommand.self,
            AuditCommand.self, ReportCommand.self, FindCommand.self, CaptureCommand.self, ServeCommand.self, VersionCommand.self,
        ],
        defaultSubcommand: nil)

    public init() {}

    /// Runs the command line as the `hierarchy` program: SIGINT, SIGTERM and SIGHUP remove its
    /// temporary files and folders before they end it. Returns the exit status.
    public static func runAsProgram(_ arguments: [String]) -> Int32 {
        Platform.Termination.install()
        return run(arguments)
    }

    /// Runs the command line and returns the exit status instead of exiting.
    public static func run(_ arguments: [String]) -> Int32 {
        // The screens taken for `adb:` and `webdriver:` inputs live as long as the command.
        defer { TemporaryCaptures.shared.removeAll() }
        var command: ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            let named = subcommand(named: arguments.first)
            let verdict = (named as? any VerdictCommand.Type)?.verdictOnUsageErrors(Array(arguments.dropFirst())) ?? false
            return usageFailure(error, command: named, verdict: verdict)
        }
        do {
            try command.run()
            return ExitStatus.success.rawValue
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch let error as ValidationError {
            // A bad combination found while running: a usage error, as the parser's.
            return usageFailure(error, command: type(of: command), verdict: command.troubleStatus == .troubleWithVerdict)
        } catch where exitCode(for: error) == .success {
            // `hierarchy help COMMAND` runs a help command that throws the help request: its text.
            return usageFailure(error, command: type(of: command), verdict: false)
        } catch let error as DeviceError {
            // A device or session that cannot be reached or read: 2 in every command (docs/capture.md).
            Console.error("error: \(error)")
            return ExitStatus.troubleWithVerdict.rawValue
        } catch let error as InputError where error.needsSession {
            // An HTML page, which only a live session can read: 2 in every command, as a session that cannot be reached.
            Console.error("error: \(error)")
            return ExitStatus.troubleWithVerdict.rawValue
        } catch {
            Console.error("error: \(error)")
            return command.troubleStatus.rawValue
        }
    }
}

extension HierarchyCommand {
    /// The subcommand a usage error belongs to: the one the first argument names, as the parser read it.
    static func subcommand(named name: String?) -> ParsableCommand.Type? {
        configuration.subcommands.first { $0.configuration.commandName == name }
    }

    /// A parse error, `--help` or a bad combination of options: help on standard output (status 0),
    /// anything else one line on standard error with the command's trouble status, as bad input
    /// has: 1, or 2 for a command whose 1 is an answer (never ArgumentParser's 64, which no help
    /// text lists).
    static func usageFailure(_ error: Error, command: ParsableCommand.Type?, verdict: Bool) -> Int32 {
        let code = exitCode(for: error)
        if code == .success {
            // --help and --version: the whole text, on standard output.
            let message = fullMessage(for: error)
            if !message.isEmpty { Console.out(message) }
            return code.rawValue
        }
        Console.error(oneLine(message(for: error), command: command))
        return ExitStatus.trouble(verdict: verdict).rawValue
    }

    /// A usage error as one line, like every other error, with where to read more: the parser's
    /// message (which may span lines, e.g. with a suggestion) joined, and no usage block.
    static func oneLine(_ message: String, command: ParsableCommand.Type?) -> String {
        let text = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: "; ")
        let stripped = text.hasPrefix("Error: ") ? String(text.dropFirst(7)) : text
        let name = command?.configuration.commandName.map { " " + $0 } ?? ""
        return "error: \(stripped) (see 'hierarchy help\(name)')"
    }
}

/// Standard output and error, flushed line by line. Text shows what inputs hold, so `out` and
/// `error` escape control characters (`TerminalText`); a document (JSON, SARIF, JUnit) goes
/// through `document`, exact. `out` keeps the line feeds of a text whose values were each
/// escaped as one line (`TerminalText.line`) by the text's renderer; an error or a warning is one
/// line, so nothing in it may start another.
enum Console {
    static func out(_ text: String) {
        document(TerminalText.escape(text))
    }

    /// A document's text as it is: its format keeps it valid and its reader wants it exact.
    static func document(_ text: String) {
        FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    static func error(_ text: String) {
        let safe = TerminalText.line(text.hasSuffix("\n") ? String(text.dropLast()) : text)
        FileHandle.standardError.write(Data((safe + "\n").utf8))
    }

    static func warn(_ text: String) { error("warning: \(text)") }

    /// Whether standard error is a terminal (progress is shown only then).
    static var errorIsTerminal: Bool { isatty(2) == 1 }
}
