/// The page's markup: the toolbar, the tree, the 3D view and the detail panel, with the style,
/// the data block and the script put inside.
enum HTMLViewerMarkup {
    /// The Content-Security-Policy of the page: its own inline style and script, images from the
    /// data it carries, and no connection of any kind.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src data: blob:; style-src 'unsafe-inline'; script-src 'unsafe-inline'"

    /// The whole page. `data` is the JSON document of `HTMLViewerData` (already free of `<`).
    static func page(title: String, data: String) -> String {
        let name = escape(title)
        return head(title: name) + body(title: name) + """
            <script type="application/json" id="hierarchy-data">\(data)</script>
            <script>
            \(HTMLViewerScript.source)
            </script>
            </body>
            </html>

            """
    }

    private static func head(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
        <meta name="generator" content="hierarchy export --format html">
        <title>\(title) — hierarchy viewer</title>
        <link rel="icon" href="data:,">
        <style>
        \(HTMLViewerStyle.source)
        </style>
        </head>

        """
    }

    private static func body(title: String) -> String {
        """
        <body>
        <header class="toolbar" aria-label="View controls">
          <div class="brand"><span class="logo" aria-hidden="true"></span><span class="title" title="\(title)">\(title)</span><span class="count" id="layer-count"></span></div>
          <div class="segmented" role="radiogroup" aria-label="Style" id="style">
            <button type="button" role="radio" data-style="contents" title="Contents only">Contents</button><button type="button" role="radio" data-style="wireframe" title="Outlines only">Wireframe</button><button type="button" role="radio" data-style="both" title="Contents with outlines">Both</button>
          </div>
          <div class="segmented" role="radiogroup" aria-label="Projection" id="projection">
            <button type="button" role="radio" data-flat="false" title="Exploded 3D view">3D</button><button type="button" role="radio" data-flat="true" title="Flat front view">2D</button>
          </div>
          <label class="control" title="Spacing between depth levels (+ and −)">Spacing <input type="range" id="spacing" min="0" max="120" step="1"><output id="spacing-value"></output></label>
          <div class="control" role="group" aria-label="Depth range">Depth <span class="dual" id="depth-range"><span class="track"><span class="fill" id="depth-fill"></span></span><input type="range" id="depth-min" aria-label="Nearest depth shown"><input type="range" id="depth-max" aria-label="Farthest depth shown"></span><output id="depth-value"></output></div>
          <label class="control check" title="Outline the layer under the pointer"><input type="checkbox" id="hover-outline" checked> Hover outline</label>
          <span class="spacer"></span>
          <button type="button" class="button" id="reset" title="Reset the camera (R)">Reset</button>
        </header>
        <main>
          <aside class="sidebar left" aria-label="View hierarchy">
            <div class="search"><input type="search" id="search" placeholder="Filter by class, name or id" aria-label="Filter the tree by class, name or id" autocomplete="off" spellcheck="false"><span id="search-count" class="muted"></span></div>
            <div class="focus-bar" id="focus-bar" hidden><span>Focused on <b id="focus-name"></b></span><button type="button" class="link" id="focus-exit">Show all</button></div>
            <ul id="tree" role="tree" aria-label="Views"></ul>
          </aside>
          <section id="viewport" aria-label="Exploded view: drag to orbit, wheel to zoom, click to select">
            <div id="camera"></div>
            <div class="hud" id="hud"><span>Drag to orbit · Shift- or right-drag to pan · Wheel to zoom · Click to select · F focus · Esc clear</span><span id="zoom-value"></span></div>
          </section>
          <aside class="sidebar right" id="details" aria-label="Selected view" aria-live="polite"></aside>
        </main>

        """
    }

    /// Text for HTML content and attribute values.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
