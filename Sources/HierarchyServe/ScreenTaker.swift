import Foundation
import HierarchyDevice
import HierarchyImaging
import HierarchyModel

/// Takes the input's screen now, one at a time (the feed never asks twice at once): from the
/// device or session into a folder of its own under `root`, or the watched folder's newest screen
/// where it lies. A device is connected once and again after a failure (it may have come back
/// under a new session or adb server).
final class ScreenTaker: @unchecked Sendable {
    /// A screen taken: where it is read from, and its bytes for telling whether it changed.
    struct Taken: Sendable {
        /// The path `Screen.open` reads (a tree.json or a dump).
        var file: String
        /// Its screenshot, if it has one apart.
        var screenshot: String?
        /// The folder made for it (removed when it is no longer shown), nil for a watched folder's.
        var folder: String?
        /// The hierarchy's and the screenshot's bytes, compared with the screen shown.
        var bytes: [UInt8]
        /// The screen as the device gave it (what save writes), nil for a watched folder's.
        var captured: CapturedScreen?
    }

    let input: ServeInput
    private let options: DeviceSource.Options
    private let root: String
    private var connection: DeviceConnection?
    private var taken = 0

    init(_ input: ServeInput, options: DeviceSource.Options, root: String) {
        self.input = input
        self.options = options
        self.root = root
    }

    /// Checks the input before serving, asking no screen: the device or session is found, the
    /// folder holds a screen.
    func check() throws {
        switch input {
        case .device(let source): connection = try source.connect(options)
        case .folder: _ = try latest()
        }
    }

    /// The screen now.
    func take() throws -> Taken {
        switch input {
        case .device(let source):
            do {
                let connection = try self.connection ?? source.connect(options)
                self.connection = connection
                let screen = try connection.take()
                taken += 1
                let folder = root + "/" + String(taken)
                try CaptureFolder.write(screen, to: folder, rule: OutputRule(replace: true))
                return Taken(file: folder + "/" + CaptureFolder.tree, screenshot: folder + "/" + CaptureFolder.screenshot, folder: folder,
                             bytes: screen.source + screen.screenshot, captured: screen)
            } catch {
                connection = nil
                throw error
            }
        case .folder:
            let path = try latest()
            if let contents = CaptureFolder.contents(of: path) {
                let bytes = try FileSystem.read(contents.tree) + (try contents.screenshot.map { try FileSystem.read($0, limit: .image) } ?? [])
                return Taken(file: contents.tree, screenshot: contents.screenshot, folder: nil, bytes: bytes, captured: nil)
            }
            let folder = FileSystem.folder(of: path)
            let screenshot = FolderScreens.screenshot(of: URL(fileURLWithPath: path).lastPathComponent, among: FileSystem.names(in: folder) ?? [])
                .map { folder + "/" + $0 }
            let bytes = try FileSystem.read(path) + (try screenshot.map { try FileSystem.read($0, limit: .image) } ?? [])
            return Taken(file: path, screenshot: screenshot, folder: nil, bytes: bytes, captured: nil)
        }
    }

    /// The watched folder's newest screen (itself, when it is a capture folder).
    private func latest() throws -> String {
        guard case .folder(let folder) = input else { preconditionFailure("not a folder input") }
        guard FileSystem.isFolder(folder) else { throw DeviceError("\(folder): the folder is gone") }
        if CaptureFolder.contents(of: folder) != nil { return folder }
        let entries = (FileSystem.names(in: folder) ?? []).map { name -> (name: String, kind: FolderScreens.Kind) in
            let path = folder + "/" + name
            if CaptureFolder.contents(of: path) != nil { return (name, .captureFolder) }
            return (name, FileSystem.isFolder(path) || !FileSystem.exists(path) ? .other : .file)
        }
        guard let name = FolderScreens.latest(entries) else { throw DeviceError("\(folder): no screen in the folder (a capture folder, a tree.json or a dump)") }
        return folder + "/" + name
    }
}
