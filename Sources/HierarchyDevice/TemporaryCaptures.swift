import Foundation
import HierarchyImaging
import HierarchyModel

/// The temporary folders of screens taken for a command's inputs, removed when it ends.
public final class TemporaryCaptures: @unchecked Sendable {
    /// The folders of the command that is running: the command line removes them when it ends.
    public static let shared = TemporaryCaptures()
    private let lock = NSLock()
    private var folders: [String] = []
    private let parent: String

    /// Folders made in `parent` (the system's temporary folder unless a test says otherwise).
    public init(parent: String = FileManager.default.temporaryDirectory.path) {
        self.parent = parent
    }

    /// A new folder path in `parent` (the capture creates it).
    public func folder() throws(InputError) -> String {
        let holder = try FileSystem.createTemporaryFolder(in: parent, for: "hierarchy-capture", suffix: "input")
        lock.lock()
        folders.append(holder)
        lock.unlock()
        return holder + "/screen"
    }

    /// Removes every folder made so far.
    public func removeAll() {
        lock.lock()
        let all = folders
        folders = []
        lock.unlock()
        for folder in all { FileSystem.removeTree(folder) }
    }
}
