import ArgumentParser
import HierarchyLoading
import HierarchyText

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

    /// Gives the document its synthesized textures; finds fonts only when some view has text to show.
    func apply(to document: inout LoadedDocument) throws(TextError) {
        guard synthesize == .auto else { return }
        let fonts = document.needsFonts() ? try FontLibrary.system() : nil
        document.synthesizeTextures(fonts: fonts)
    }
}
