import HierarchyFormats

/// The page's web files beside this one (`Page/`), built into the binary.
enum ReportFiles {
    /// `report.html` under the head every page of the package has.
    static let html = HTMLPageHead.fill(String(decoding: PackageResources.report_html, as: UTF8.self), generator: "hierarchy report", kind: "hierarchy report", frames: true)
    static let style = text(PackageResources.report_css)
    static let script = text(PackageResources.report_js)

    private static func text(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
