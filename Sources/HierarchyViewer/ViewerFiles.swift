import HierarchyFormats

/// The page's web files beside this one, built into the binary by SwiftPM (`embedInCode` in
/// Package.swift), so that the command needs no resource bundle at run time.
///
/// - `viewer.html`: the markup after the head (`HTMLPageHead`), with the slots `HTMLViewerMarkup` fills.
/// - `viewer.css`: a dark, Xcode-like canvas between two system-font panels.
/// The style and scripts go in compacted (`compact`): without indentation and comment lines.
/// - The script: plain JavaScript without libraries, one program in six files run in this order
///   (each a complete script that `node --check` reads on its own, `.ci/run` checks them):
///   - `stack.js` defines `HV`: the model, the textures, the elements of the stack and the
///     camera. World: x right and y down in points, z towards the viewer; a layer at depth d lies
///     in the plane z = d × spacing. Each depth level is one element (a plane) holding its layers
///     as flat children, so the compositor turns a few large planes instead of thousands of small
///     ones; within a plane the layers keep painter's order. Sizes are laid out in CSS pixels
///     (points × scale), so that outlines stay one pixel thick at any zoom.
///   - `picking.js` defines `Picking`: the layer under a point of the viewport, found as
///     `hierarchy pick` finds it (the point unprojected onto each shown plane, nearest first).
///   - `input.js` defines `Input`: pointer, wheel, pinch and keyboard. A press that moves less than
///     `CLICK_SLOP` pixels is a click; more is a drag. In the 3D view a drag orbits (yaw with x,
///     pitch with y), Shift-, right- or middle-drag pans; the flat view pans with any drag. Two
///     fingers pinch to zoom and pan. `panels.js` supplies `UI`.
///   - `panels.js` defines `UI`: the toolbar, the tree, the detail panel, selection, search and
///     focus. The tree is an ARIA tree of the layers (`tree`, `treeitem`, `group`,
///     `aria-expanded`, `aria-selected`, `aria-level`) with one tab stop that moves with the
///     arrows: Up and Down go to the previous and next visible row, Right opens a row or goes to
///     its first child, Left closes it or goes to its parent, Home and End go to the ends, Enter
///     and Space select.
///   - `diff.js` defines `Diff`: on the page `hierarchy diff` writes, the Before/After switch and
///     the list of changes (nothing on other pages).
///   - `audit.js` defines `Audit`: on the page `hierarchy audit -o PAGE.html` writes, the Audit
///     panel of findings, each selecting and framing its view (nothing on other pages).
///   - `predicate.js` and `locate.js` define `Predicates` and `Locate`: the search box's locators
///     (`xpath:`, `id:`, `predicate:`…) over the screen's XML, as `hierarchy find` runs them.
///   - `find.js` defines `Find`: on the page `hierarchy find -o PAGE.html` writes, the answer
///     above the tree and the page opened on the first match (nothing on other pages).
///   - `interface.js`: start-up and the script interface `window.hierarchyViewer` (docs/viewer.md).
enum ViewerFiles {
    /// `viewer.html` as written, its slots still in it.
    static let html = HTMLPageHead.fill(String(decoding: PackageResources.viewer_html, as: UTF8.self), generator: "hierarchy export --format html", kind: "hierarchy viewer")
    /// `viewer.css`, as the page's `<style>` element holds it (compacted).
    static let style = compact(text(PackageResources.viewer_css))
    /// The six scripts as one: each on lines of its own, the start-up after a blank line.
    static let script = [
        PackageResources.stack_js, PackageResources.picking_js, PackageResources.labels_js, PackageResources.input_js, PackageResources.panels_js,
        PackageResources.predicate_js, PackageResources.locate_js, PackageResources.search_js, PackageResources.measure_js, PackageResources.overlay_js,
        PackageResources.link_js, PackageResources.diff_js, PackageResources.audit_js, PackageResources.find_js,
    ]
        .map { compact(text($0)) }.joined(separator: "\n") + "\n\n" + compact(text(PackageResources.interface_js))

    /// A script or style sheet without what only its reader needs, so that comments cost the page
    /// nothing: each line without its indentation, and no blank line, no line that is only a `//`
    /// comment, no `/* … */` comment that fills its lines. Nothing else changes (a comment after
    /// code stays), so every line keeps its meaning; the scripts have no string over two lines.
    static func compact(_ source: String) -> String {
        var lines: [Substring] = [], inComment = false
        for line in source.split(separator: "\n", omittingEmptySubsequences: true) {
            let text = line.drop { $0 == " " || $0 == "\t" }
            if inComment { inComment = !text.hasSuffix("*/"); continue }
            if text.isEmpty || text.hasPrefix("//") { continue }
            if text.hasPrefix("/*") {
                if text.hasSuffix("*/") { continue }
                if !text.contains("*/") { inComment = true; continue }
            }
            lines.append(text)
        }
        return lines.joined(separator: "\n")
    }

    /// A file's UTF-8 text without its final line break (the page puts its own around it).
    private static func text(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
