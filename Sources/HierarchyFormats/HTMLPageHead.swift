/// The head every page of the package starts with (the viewer's `viewer.html`, the report's
/// `report.html`, each from its `{{head}}` slot): one self-contained document whose
/// Content-Security-Policy allows its own inline style and script and images from the data it
/// carries, and no connection of any kind. The `{{title}}` and `{{style}}` slots stay in it for
/// the page's own filler.
public enum HTMLPageHead {
    /// The head, from `<!DOCTYPE html>` to `</head>`.
    /// - Parameters:
    ///   - generator: the command named in the generator line.
    ///   - kind: what the title calls the page ("hierarchy viewer").
    ///   - frames: whether the page may show frames of its own (the report's viewers).
    public static func text(generator: String, kind: String, frames: Bool = false) -> String {
        let policy = "default-src 'none'; img-src data: blob:; style-src 'unsafe-inline'; script-src 'unsafe-inline'" + (frames ? "; frame-src 'self' blob: data:" : "")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(policy)">
            <meta name="generator" content="\(generator)">
            <title>{{title}} — \(kind)</title>
            <link rel="icon" href="data:,">
            <style>
            {{style}}
            </style>
            </head>
            """
    }

    /// `html` with its `{{head}}` slot filled.
    public static func fill(_ html: String, generator: String, kind: String, frames: Bool = false) -> String {
        html.replacingOccurrences(of: "{{head}}", with: text(generator: generator, kind: kind, frames: frames))
    }
}
