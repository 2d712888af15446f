import Foundation

/// The temporary files and folders this process made (`FileSystem`'s `.NAME.RANDOM.tmp` files,
/// export staging folders, the screens taken for `adb:` inputs) and has not yet moved into place
/// or removed: what the command line removes when a signal ends it (`removeAll`).
public final class TemporaryPaths: @unchecked Sendable {
    public static let shared = TemporaryPaths()
    private let lock = NSLock()
    private var paths: Set<String> = []

    func add(_ path: String) { lock.withLock { _ = paths.insert(path) } }

    func forget(_ path: String) {
        lock.withLock { _ = paths.remove(path) }
    }

    /// The paths made and not yet moved or removed.
    public var all: [String] { lock.withLock { paths.sorted() } }

    /// Removes every path still held (a folder with what is in it).
    public func removeAll() {
        let held = lock.withLock {
            defer { paths = [] }
            return paths
        }
        for path in held { FileSystem.removeTree(path) }
    }
}
