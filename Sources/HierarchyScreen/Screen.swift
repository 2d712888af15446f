import HierarchyLayout
import HierarchyLoading
import HierarchyModel
import HierarchyText

/// A screen as every front end uses it: an input read (a capture or a dump, with its screenshot)
/// and laid out. Each use case starts from one and ends in an outcome that knows its exit status:
/// `picture` (render, pick, thumbnails), `audit`, `compare(with:)`, `export(as:)` and `golden`.
/// The command line, `hierarchy report`, the snapshot strategy and the benchmarks all go through
/// it, so that a screen is read, synthesized and drawn by one set of rules.
public struct Screen: Sendable {
    /// The input as read.
    public let document: LoadedDocument
    /// How it was read and laid out.
    public let options: ScreenOptions
    /// Its layout.
    public let layout: Layout

    /// Lays `document` out with `options.layout`, synthesizing textures first when
    /// `options.synthesize` asks and the document has no pictures.
    /// - Throws: `InputError` naming the document's file for a tree that cannot be laid out (or
    ///   the option, for an option that names no view);
    ///   `TextError` when text must be drawn and no font can be found.
    public init(_ document: LoadedDocument, options: ScreenOptions = ScreenOptions()) throws {
        var document = document
        if options.synthesize {
            document.synthesizeTextures(fonts: document.needsFonts() ? try FontLibrary.system() : nil)
        }
        self.document = document
        self.options = options
        do {
            layout = try document.layout(options.layout)
        } catch {
            // A bad option (`--focus` naming no view) is the option's error, not the file's.
            throw error.location?.hasPrefix("--") == true ? error : error.inFile(document.file)
        }
    }

    /// Reads the input at `path` as `options.reading` says, then lays it out.
    /// - Throws: `InputError` naming the file (and the line or JSON path) of anything unreadable;
    ///   `TextError` when text must be drawn and no font can be found.
    public static func open(_ path: String, options: ScreenOptions = ScreenOptions()) throws -> Screen {
        try Screen(LoadedDocument.load(path, options: options.reading), options: options)
    }

    /// The same screen laid out with other options (an export's texture limit, a page's), read once.
    public func relaidOut(_ layout: LayoutOptions) throws -> Screen {
        guard layout != options.layout else { return self }
        var options = options
        options.layout = layout
        // (Synthesizing again changes nothing: only views without a snapshot get one.)
        return try Screen(document, options: options)
    }

    /// Whether `synthesized()` is another screen: no pictures, and none synthesized yet.
    public var awaitsSynthesis: Bool { document.hasNoPictures && !options.synthesize }

    /// The screen as `render` draws it by default: with synthesized textures when it has no
    /// pictures (this screen itself when it has them, or has them synthesized already).
    public func synthesized() throws -> Screen {
        guard awaitsSynthesis else { return self }
        var options = options
        options.synthesize = true
        return try Screen(document, options: options)
    }

    /// The files this screen was read from (the document, its snapshots, its screenshot), which
    /// no output may replace.
    public var inputFiles: [String] { document.inputFiles }

    /// The input's file.
    public var file: String { document.file }
}
