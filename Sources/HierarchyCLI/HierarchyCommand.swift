import ArgumentParser
import Foundation
import HierarchyScreen

/// `hierarchy`: the command line. Parses, runs a subcommand, and maps what it throws to a message
/// and an exit status, here alone: bad input is one line on standard error and the command's
/// trouble status (1, or 2 for a command whose 1 is an answer: `VerdictCommand`).
public struct HierarchyCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "hierarchy",
        abstract: "Turn a captured UI view hierarchy into an exploded 3D picture, offline.",
        discussion: """
            TREE is a view-hierarchy document (tree.json, see docs/view-hierarchy.md) or a dump the \
            importers read: UIKit's recursiveDescription, an Appium/XCUITest XML page source, an \
            Android uiautomator XML dump, XCUITest's debugDescription, Espresso's view hierarchy, \
            Maestro's hierarchy, Sentry's view-hierarchy.json, a Compose semantics tree \
            (printToLog, printToString, failure messages), a Flutter semantics or render tree \
            (debugDumpSemanticsTree, debugDumpRenderTree) or Detox's <ViewHierarchy> XML; also \
            inside a log, a JUnit report or a test failure, or escaped as a web page holds it. \
            The format is detected from the content (--from names it).
            """,
        subcommands: [RenderCommand.self, LayoutCommand.self, PickCommand.self, TexturesCommand.self, ExportCommand.self, ImportCommand.self, DiffCommand.self, AuditCommand.self, ReportCommand.self],
        defaultSubcommand: nil)

    public init() {}

    /// Runs the command line and returns the exit status instead of exiting.
    public static func run(_ arguments: [String]) -> Int32 {
        var command: ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            return usageFailure(error, command: subcommand(named: arguments.first))
        }
        do {
            try command.run()
            return ExitStatus.success.rawValue
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch let error as ValidationError {
            // A bad combination found while running: a usage error, as the parser's.
            return usageFailure(error, command: type(of: command))
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
    /// anything else one line on standard error with ArgumentParser's status, or 2 for a command
    /// whose 1 is an answer.
    static func usageFailure(_ error: Error, command: ParsableCommand.Type?) -> Int32 {
        let code = exitCode(for: error)
        if code == .success {
            // --help and --version: the whole text, on standard output.
            let message = fullMessage(for: error)
            if !message.isEmpty { Console.out(message) }
            return code.rawValue
        }
        Console.error(oneLine(message(for: error), command: command))
        let verdict = (command as? any VerdictCommand.Type)?.verdictOnUsageErrors ?? false
        return verdict ? ExitStatus.troubleWithVerdict.rawValue : code.rawValue
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

/// Standard output and error, flushed line by line.
enum Console {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    static func warn(_ text: String) { error("warning: \(text)") }

    /// Whether standard error is a terminal (progress is shown only then).
    static var errorIsTerminal: Bool { isatty(2) == 1 }
}
