import Foundation
import HierarchyDevice
import HierarchyImaging
import HierarchyModel

/// What an input names, resolved in the one place inputs are loaded (`ReadingOptions.load`): a
/// file as it is; a capture folder (`hierarchy capture -o DIR`) as its tree.json with its
/// screenshot.png; `adb:[SERIAL]` and `webdriver:URL` as a screen taken now into a temporary
/// folder, removed when the command ends.
enum InputResolution {
    /// The document to read and the screenshot to cut into it (`screenshot` when given, else the folder's own).
    static func resolve(_ input: String, screenshot: String?) throws -> (file: String, screenshot: String?) {
        if let source = DeviceSource.parse(input: input) {
            let folder = try TemporaryCaptures.shared.folder()
            let screen = try source.connect(DeviceSource.Options()).take()
            for note in screen.notes { Console.warn(DeviceError.printable("\(source.shown): \(note)")) }
            try CaptureFolder.write(screen, to: folder, rule: OutputRule(replace: true))
            return (folder + "/" + CaptureFolder.tree, screenshot ?? folder + "/" + CaptureFolder.screenshot)
        }
        if let contents = CaptureFolder.contents(of: input) {
            return (contents.tree, screenshot ?? contents.screenshot)
        }
        return (input, screenshot)
    }
}

/// The temporary folders of screens taken for a command's inputs, removed when it ends.
final class TemporaryCaptures: @unchecked Sendable {
    static let shared = TemporaryCaptures()
    private let lock = NSLock()
    private var folders: [String] = []

    /// A new folder path in the system's temporary folder (the capture creates it).
    func folder() throws(InputError) -> String {
        let parent = FileManager.default.temporaryDirectory.path
        let holder = try FileSystem.createTemporaryFolder(in: parent, for: "hierarchy-capture", suffix: "input")
        lock.lock()
        folders.append(holder)
        lock.unlock()
        return holder + "/screen"
    }

    /// Removes every folder made so far.
    func removeAll() {
        lock.lock()
        let all = folders
        folders = []
        lock.unlock()
        for folder in all { FileSystem.removeTree(folder) }
    }
}
