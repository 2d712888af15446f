/// The page's web files beside this one (`Page/`), built into the binary.
enum ReportFiles {
    static let html = String(decoding: PackageResources.report_html, as: UTF8.self)
    static let style = text(PackageResources.report_css)
    static let script = text(PackageResources.report_js)

    private static func text(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
