import ArgumentParser

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(shouldDisplay: false)
    func run() throws { throw ValidationError("not available yet") }
}
