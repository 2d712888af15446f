/// A capture found in a run's folder: its name, its file and the screenshot beside it.
public struct ScreenSource: Hashable, Sendable {
    /// The capture's path relative to the folder, without its extension.
    public var name: String
    /// The capture file (the folder's path joined with the relative one).
    public var capture: String
    /// A PNG screenshot beside it: `NAME.png` or `NAME.screenshot.png`.
    public var screenshot: String?

    public init(name: String, capture: String, screenshot: String? = nil) {
        self.name = name
        self.capture = capture
        self.screenshot = screenshot
    }

    /// The extensions of the files read as captures: view-hierarchy documents (`.json`), Appium,
    /// XCUITest and uiautomator page sources (`.xml`), recursiveDescription text (`.txt`).
    public static let captureExtensions: Set<String> = ["json", "xml", "txt"]

    /// The screens among the files of a folder (paths relative to it, `/` between folders), in
    /// name order, each paired with its screenshot. A `tree.json` document in a subfolder is named
    /// by its folder (`login/tree.json` is `login`). `report.json` files (a report's own) and
    /// files whose name starts with a dot are not captures, nor are the other files of a capture
    /// folder (one holding `capture.json`, as `hierarchy capture` writes): its tree.json is the screen. Two captures with one name (say
    /// `login.xml` and `login.txt`) are both kept: the one whose path sorts last is named by its
    /// path with its extension, so that names stay unique.
    public static func screens(in files: [String], folder: String) -> [ScreenSource] {
        let all = Set(files)
        let captureFolders = Set(files.filter { $0 == "capture.json" || $0.hasSuffix("/capture.json") }.map { String($0.dropLast("capture.json".count)) })
        var byName: [String: ScreenSource] = [:]
        for file in files.sorted() where isCapture(file) && !isInsideCaptureFolder(file, captureFolders) {
            let (stem, shot) = treeFolder(file).map { ($0, screenshot(ofTreeFolder: $0, in: all)) } ?? (stem(file), screenshot(of: stem(file), in: all))
            let name = byName[stem] == nil ? stem : file
            byName[name] = ScreenSource(name: name, capture: join(folder, file), screenshot: shot.map { join(folder, $0) })
        }
        return byName.values.sorted { $0.name < $1.name }
    }

    /// A file of a capture folder (`0001/` of `hierarchy capture --every`) other than its tree.json.
    static func isInsideCaptureFolder(_ file: String, _ folders: Set<String>) -> Bool {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        return base != "tree.json" && folders.contains(String(file.dropLast(base.count)))
    }

    /// Whether a relative path names a capture file.
    static func isCapture(_ file: String) -> Bool {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        guard !base.hasPrefix("."), base != "report.json", let dot = base.lastIndex(of: "."), dot != base.startIndex else { return false }
        return captureExtensions.contains(base[base.index(after: dot)...].lowercased())
    }

    /// The path without its extension.
    static func stem(_ file: String) -> String {
        guard let dot = file.lastIndex(of: "."), !file[dot...].contains("/") else { return file }
        return String(file[..<dot])
    }

    /// The folder of a `tree.json` document in a subfolder (`login` for `login/tree.json`): the
    /// capture's folder names the screen.
    static func treeFolder(_ file: String) -> String? {
        guard file.hasSuffix("/tree.json"), file.count > "/tree.json".count else { return nil }
        return String(file.dropLast("/tree.json".count))
    }

    /// The screenshot of a `tree.json` folder: beside it (`login.png`, `login.screenshot.png`) or
    /// in it (`login/screenshot.png`).
    static func screenshot(ofTreeFolder folder: String, in files: Set<String>) -> String? {
        screenshot(of: folder, in: files) ?? [folder + "/screenshot.png", folder + "/tree.png"].first(where: files.contains)
    }

    /// The screenshot of the capture `stem`, if one of the files is it.
    static func screenshot(of stem: String, in files: Set<String>) -> String? {
        [stem + ".png", stem + ".screenshot.png", stem + ".PNG"].first(where: files.contains)
    }

    static func join(_ folder: String, _ file: String) -> String {
        folder.isEmpty || folder == "." ? file : folder.hasSuffix("/") ? folder + file : folder + "/" + file
    }
}
