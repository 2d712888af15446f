import ArgumentParser

/// `--synthesize`: what views without a snapshot and without a background colour look like.
struct SynthesisOptions: ParsableArguments {
    enum Choice: String, ExpressibleByArgument, CaseIterable {
        /// A light fill tinted by the view's role, its text, a mark for images.
        case auto
        /// Outlines alone, as before.
        case none
    }

    @Option(help: "Views with neither a snapshot nor a background colour: auto draws a light fill tinted by the view's role (text, button, image, cell, bar…) with its text set inside its frame; none leaves them as outlines.")
    var synthesize: Choice = .auto

    /// Whether views get synthesized textures.
    var isOn: Bool { synthesize == .auto }
}
