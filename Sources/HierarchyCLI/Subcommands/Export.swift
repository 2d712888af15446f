import ArgumentParser

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", shouldDisplay: false)
    func run() throws { throw ValidationError("not available yet") }
}
