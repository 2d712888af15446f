import ArgumentParser

struct Pick: ParsableCommand {
    static let configuration = CommandConfiguration(shouldDisplay: false)
    func run() throws { throw ValidationError("not available yet") }
}
