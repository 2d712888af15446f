import Foundation

/// Writes a drawn capture into a folder: `snapshots/<n>.png` and `tree.json`. Every file is
/// written to a temporary name and renamed, and `tree.json` comes last, so a folder never holds
/// a half-written file nor a document naming a snapshot that is not there yet.
enum CaptureFolder {
    /// Encodes every image of `draft` with `encoder`, one at a time, and writes the folder at `url`.
    static func write(_ draft: CaptureDraft, to url: URL, encoder: any CaptureImageEncoder) throws -> CaptureReport {
        try write(draft, to: url) { index in try encoder.encode(draft.images[index]!) }
    }

    /// Writes the folder at `url`: the file of each view whose snapshot `draft.views` names, as
    /// `encoded` gives it by record index, then the document.
    static func write(_ draft: CaptureDraft, to url: URL, encoded: (Int) throws -> [UInt8]) throws -> CaptureReport {
        let snapshots = url.appendingPathComponent("snapshots")
        do {
            try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
        } catch {
            throw CaptureError(file: snapshots.path, reason: "cannot make the folder (\(error.localizedDescription))")
        }
        var views = draft.views
        for index in views.indices {
            guard let path = views[index].snapshot else { continue }
            do {
                try writeAtomically(Data(try encoded(index)), to: url.appendingPathComponent(path))
            } catch let error as CaptureError {
                throw error
            } catch {
                views[index].snapshot = nil
                views[index].notes.append("no snapshot: encoding failed: \(error)")
            }
        }
        let document = CaptureDocument.text(views, screenScale: draft.screenScale)
        try writeAtomically(Data(document.utf8), to: url.appendingPathComponent("tree.json"))
        return CaptureReport(folder: url, views: views, screenScale: draft.screenScale)
    }

    /// Writes `data` beside `url` under a temporary name, then renames it over `url`.
    static func writeAtomically(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try data.write(to: temporary)
            // rename(2) replaces an existing file in one step.
            guard rename(temporary.path, url.path) == 0 else { throw CaptureError(file: url.path, reason: String(cString: strerror(errno))) }
        } catch let error as CaptureError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw CaptureError(file: url.path, reason: "\(error.localizedDescription)")
        }
    }
}
