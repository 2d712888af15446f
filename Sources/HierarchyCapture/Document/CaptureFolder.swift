import Foundation

/// Writes a drawn capture into a folder: `snapshots/<n>.png` and `tree.json`. Every file is
/// written to a temporary name and renamed, and `tree.json` comes last, so a folder never holds
/// a half-written file nor a document naming a snapshot that is not there yet.
enum CaptureFolder {
    /// Makes `url` and its `snapshots` folder.
    static func make(_ url: URL) throws {
        try createFolder(url.appendingPathComponent("snapshots").path)
    }

    /// Creates `path` and its missing parents; an existing folder is fine. Errors name the folder
    /// that could not be made.
    static func createFolder(_ path: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try createFolder(parent) }
        guard mkdir(path, 0o777) != 0 else { return }
        let code = errno
        // Another writer may have made it meanwhile.
        if code == EEXIST, FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return }
        if code == EEXIST { throw CaptureError(file: path, reason: "cannot create the folder: a file of that name exists") }
        throw CaptureError(file: path, cannot: "create the folder", code: code)
    }

    /// What the pipeline does with a view's canvas: nothing for a transparent one (it would show
    /// nothing), else encoded with `encoder` and written as the snapshot the session named.
    static func snapshotWork(folder url: URL, encoder: any CaptureImageEncoder) -> CanvasPipeline.Work {
        let fileExtension = encoder.fileExtension
        return { index, canvas in
            guard !canvas.isTransparent else { return .transparent }
            let bytes: [UInt8]
            do {
                bytes = try encoder.encode(canvas)
            } catch {
                return .failed("\(error)")
            }
            try writeAtomically(Data(bytes), to: url.appendingPathComponent("snapshots/\(index).\(fileExtension)"))
            return .written
        }
    }

    /// `views` with what became of each canvas: a transparent one or one that failed to encode
    /// leaves its view without a snapshot, said in its notes.
    static func apply(_ outcomes: [Int: CanvasPipeline.Outcome], to views: inout [CapturedView]) {
        for index in views.indices where views[index].snapshot != nil {
            switch outcomes[index] {
            case .written?: continue
            case .transparent?:
                views[index].snapshot = nil
                views[index].notes.append("no snapshot: it drew nothing (every pixel transparent)")
            case .failed(let reason)?:
                views[index].snapshot = nil
                views[index].notes.append("no snapshot: encoding failed: \(reason)")
            case nil:
                views[index].snapshot = nil
            }
        }
    }

    /// Writes `tree.json` for `views`, last.
    static func writeDocument(_ views: [CapturedView], screenScale: Double, to url: URL, peak: Int) throws -> CaptureReport {
        let document = CaptureDocument.text(views, screenScale: screenScale)
        try writeAtomically(Data(document.utf8), to: url.appendingPathComponent("tree.json"))
        return CaptureReport(folder: url, views: views, screenScale: screenScale, peakCanvasesInFlight: peak)
    }

    /// Encodes every image of `draft` with `encoder`, one at a time, and writes the folder at `url`.
    static func write(_ draft: CaptureDraft, to url: URL, encoder: any CaptureImageEncoder) throws -> CaptureReport {
        try make(url)
        let work = snapshotWork(folder: url, encoder: encoder)
        var outcomes: [Int: CanvasPipeline.Outcome] = [:]
        for index in draft.views.indices where draft.views[index].snapshot != nil {
            guard let canvas = draft.images[index] else { continue }
            outcomes[index] = try work(index, canvas)
        }
        var views = draft.views
        apply(outcomes, to: &views)
        return try writeDocument(views, screenScale: draft.screenScale, to: url, peak: draft.images.count)
    }

    /// Writes `data` beside `url` under a temporary name, then renames it over `url`, so that a
    /// failure leaves no half-written file (the temporary one is removed).
    static func writeAtomically(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
        guard let file = fopen(temporary, "wb") else { throw CaptureError(file: url.path, cannot: "write", code: errno) }
        let written = data.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let writeError = written == data.count ? 0 : errno
        let closeError = fclose(file) == 0 ? 0 : errno
        if let code = [writeError, closeError].first(where: { $0 != 0 }) {
            unlink(temporary)
            throw CaptureError(file: url.path, cannot: "write", code: code)
        }
        // rename(2) replaces an existing file in one step.
        guard rename(temporary, url.path) == 0 else {
            let code = errno
            unlink(temporary)
            throw CaptureError(file: url.path, cannot: "replace the file", code: code)
        }
    }
}
