import Foundation
import HierarchyModel

/// The file-system helpers of every module that touches files (the PNG codec, the exporters, the
/// command line and the loader), so that each failure is worded one way: what could not be done,
/// then `reason(errno)` ("cannot read: is a folder"), the path named by `InputError.file`.
public enum FileSystem {
    /// Whether anything, even a dangling symbolic link, is at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Whether `path` names a symbolic link (dangling or not); nil when nothing is there.
    public static func isSymbolicLink(_ path: String) -> Bool? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileKind(info) == .symbolicLink
    }

    public static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && FileKind(info) == .folder
    }

    /// The size in bytes of the regular file at `path` (links followed); nil for anything else.
    public static func size(of path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 && FileKind(info) == .regular ? Int(info.st_size) : nil
    }

    /// The canonical path of an existing file (symbolic links resolved); nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The folder part of `path`: "" for a bare name, "/" for a file at the root.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Creates `folder` and its missing parents; an existing folder is fine.
    public static func createFolder(_ folder: String) throws(InputError) {
        guard !folder.isEmpty, !isFolder(folder) else { return }
        try createFolder(self.folder(of: folder))
        guard mkdir(folder, 0o777) != 0 else { return }
        let code = errno
        // Another writer may have made it meanwhile.
        if code == EEXIST && isFolder(folder) { return }
        if code == EEXIST { throw InputError("cannot create the folder '\(folder)': a file of that name exists") }
        throw InputError("cannot create the folder '\(folder)': \(reason(code))")
    }

    /// Where an output path leads when it is written into as a stream, never replaced: standard
    /// output (`-`), a descriptor (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`, or a link to one,
    /// whatever file the descriptor holds), or an existing FIFO, device or socket (or a link to one).
    public enum Stream: Equatable, Sendable {
        case descriptor(Int32)
        /// The path and what it is ("a character device").
        case special(String, kind: String)
    }

    /// The stream `path` names (`Stream`); nil for a path to replace or create.
    public static func stream(_ path: String) -> Stream? {
        if path == "-" { return .descriptor(1) }
        if let descriptor = descriptorLink(path) { return .descriptor(descriptor) }
        return specialKind(at: path).map { .special(path, kind: $0) }
    }

    /// The descriptor a chain of links from `path` reaches (`/dev/stdout` → `/proc/self/fd/1`), nil
    /// when it reaches none. Replacing such a path would replace the link (as root, the system's
    /// `/dev/stdout`), not write the descriptor's file.
    private static func descriptorLink(_ path: String) -> Int32? {
        var current = path
        for _ in 0..<40 {
            for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"] where current.hasPrefix(prefix) {
                if let number = Int32(current.dropFirst(prefix.count)) { return number }
            }
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : folder(of: current) + "/" + target
        }
        return nil
    }

    /// Opens `stream` for writing (a descriptor duplicated, so closing it leaves the original open).
    private static func openStream(_ stream: Stream) throws(InputError) -> UnsafeMutablePointer<FILE> {
        let descriptor: Int32
        switch stream {
        case .descriptor(let number): descriptor = dup(number)
        case .special(let path, _): descriptor = open(path, O_WRONLY | O_CLOEXEC)
        }
        guard descriptor >= 0 else { throw InputError("cannot write: \(reason(errno))") }
        guard let file = fdopen(descriptor, "wb") else {
            let code = errno
            close(descriptor)
            throw InputError("cannot write: \(reason(code))")
        }
        return file
    }

    /// Writes `bytes` at `path`, creating missing folders, through a temporary file renamed into
    /// place, so a failure never leaves half a file; a stream (`stream(_:)`) is written into,
    /// never replaced. Errors name `path`.
    /// > Note: with `atomically` false the file is written in place: for a folder that is itself
    /// moved into place when complete (an export's staging folder).
    public static func write(_ bytes: [UInt8], to path: String, atomically: Bool = true) throws(InputError) {
        guard atomically else { return try create(path) { (file) throws(InputError) in try put(bytes, file) } }
        try write(to: path) { (file) throws(InputError) in try put(bytes, file) }
    }

    private static func put(_ bytes: [UInt8], _ file: UnsafeMutablePointer<FILE>) throws(InputError) {
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        guard written == bytes.count else { throw InputError("cannot write: \(reason(errno))") }
    }

    /// Creates (or truncates) `path` in place, creating missing folders, and fills it with `body`.
    private static func create(_ path: String, _ body: (UnsafeMutablePointer<FILE>) throws(InputError) -> Void) throws(InputError) {
        if let stream = stream(path) { return try write(into: stream, named: path, body) }
        do throws(InputError) {
            try createFolder(folder(of: path))
            guard let file = fopen(path, "wb") else { throw InputError("cannot write: \(reason(errno))") }
            try finish(file, after: body)
        } catch {
            throw error.inFile(path)
        }
    }

    /// Calls `body` with a temporary file beside `path`, then flushes, closes and renames it into
    /// place; on any failure the temporary file is removed. Errors name `path`.
    /// > Note: the file is not synced to disk; a power cut may still lose it, never half of it.
    public static func write(to path: String, _ body: (UnsafeMutablePointer<FILE>) throws(InputError) -> Void) throws(InputError) {
        if let stream = stream(path) { return try write(into: stream, named: path, body) }
        do throws(InputError) {
            try createFolder(folder(of: path))
            let (temporary, file) = try createTemporary(beside: path)
            var renamed = false
            defer {
                if !renamed { unlink(temporary) }
                TemporaryPaths.shared.forget(temporary)
            }
            try finish(file, after: body)
            guard rename(temporary, path) == 0 else { throw InputError("cannot replace the file: \(reason(errno))") }
            renamed = true
        } catch {
            throw error.inFile(path)
        }
    }

    /// Fills `stream` with `body`; errors name `path`.
    private static func write(into stream: Stream, named path: String, _ body: (UnsafeMutablePointer<FILE>) throws(InputError) -> Void) throws(InputError) {
        do throws(InputError) {
            try finish(try openStream(stream), after: body)
        } catch {
            throw error.inFile(path)
        }
    }

    /// What the file at `path` (links followed) is when it is neither a regular file nor a folder
    /// ("a FIFO (named pipe)", "a character device", "a socket"); nil otherwise, or when nothing is there.
    public static func specialKind(at path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return HierarchyImaging.specialKind(info)
    }

    /// Opens `path` for reading if it is a regular file (or a folder, whose reading then fails as
    /// `read(2)` says): a FIFO, a device or a socket is refused by what it is, never read (a FIFO
    /// would wait for a writer, /dev/zero never ends). Errors name no file; the callers add it.
    public static func openForReading(_ path: String) throws(InputError) -> UnsafeMutablePointer<FILE> {
        if let kind = specialKind(at: path) { throw InputError("is \(kind), not a regular file") }
        // Non-blocking, so that a FIFO put in its place meanwhile is not waited on; checked again once open.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw InputError(reason(errno)) }
        var info = stat()
        if fstat(descriptor, &info) == 0, let kind = HierarchyImaging.specialKind(info) {
            close(descriptor)
            throw InputError("is \(kind), not a regular file")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        guard let file = fdopen(descriptor, "rb") else {
            let code = errno
            close(descriptor)
            throw InputError(reason(code))
        }
        return file
    }

    /// The content of the file at `path`, which was `size` bytes when last looked at, in one read
    /// (the file's bytes as they are now, cut at `size + 1` should it have grown); nil when it
    /// cannot be read. Three system calls, where `read` (for files of unknown size) makes six:
    /// for comparing thousands of small files.
    public static func contents(of path: String, size: Int) -> [UInt8]? {
        // Non-blocking: a FIFO put in a regular file's place is not waited on (nor read: its size is 0).
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return readAll(descriptor, size: size)
    }

    /// The content of the regular file at `path` if it has at most `limit` bytes, in one read; nil
    /// when it is larger, is no regular file, changes size while read, or cannot be read (a caller
    /// then reads it as a stream, which says why it cannot). Four system calls: for small files
    /// read by the thousand.
    public static func smallFile(_ path: String, atMost limit: Int) -> [UInt8]? {
        // Non-blocking, so that a FIFO is not waited on; it is then not a regular file, and refused.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, FileKind(info) == .regular, Int(info.st_size) <= limit else { return nil }
        let size = Int(info.st_size)
        guard let bytes = readAll(descriptor, size: size), bytes.count == size else { return nil }
        return bytes
    }

    /// Up to `size + 1` bytes from `descriptor`, a regular file of `size` bytes: one read, unless a
    /// signal cuts it short; nil when reading fails.
    private static func readAll(_ descriptor: Int32, size: Int) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
            var count = 0
            while count <= size {
                let wanted = size + 1 - count
                let got = readBytes(descriptor, buffer.baseAddress! + count, wanted)
                if got < 0 && errno == EINTR { continue }
                if got < 0 { failed = true }
                if got <= 0 { break }
                count += got
                // Short: the end of the file (a regular file reads short nowhere else).
                if got < wanted { break }
            }
            initialized = count
        }
        return failed ? nil : bytes
    }

    /// The whole content of the regular file at `path`, at most `limit`'s bytes (a larger file is
    /// refused before it is read, one that grows while read when it passes the limit). Errors name `path`.
    public static func read(_ path: String, limit: InputLimit = .document) throws(InputError) -> [UInt8] {
        do throws(InputError) {
            let file = try openForReading(path)
            defer { fclose(file) }
            var info = stat()
            let size = fstat(fileno(file), &info) == 0 && FileKind(info) == .regular ? Int(info.st_size) : 0
            let most = limit.bytes
            if size > most { throw limit.exceeded(size) }
            // A file of known size in one read (a byte more shows where it ends), into memory that
            // is not zeroed first; a file that grew a chunk at a time, up to the limit.
            var bytes = try readSome(file, count: size + 1)
            if bytes.count <= size { return bytes }
            while true {
                let more = try readSome(file, count: 1 << 16)
                bytes.append(contentsOf: more)
                if bytes.count > most { throw limit.exceeded(bytes.count) }
                if more.count < 1 << 16 { return bytes }
            }
        } catch {
            throw error.inFile(path)
        }
    }

    /// Up to `count` bytes from `file`; fewer only at its end.
    private static func readSome(_ file: UnsafeMutablePointer<FILE>, count: Int) throws(InputError) -> [UInt8] {
        var code: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = fread(buffer.baseAddress!, 1, count, file)
            // A short read is the end of the file or an error (a folder: EISDIR).
            if initialized < count && ferror(file) != 0 { code = errno }
        }
        guard code == 0 else { throw InputError("cannot read: \(reason(code))") }
        return bytes
    }

    /// Renames `source` to `target`, replacing a file there. Errors name `target`.
    public static func move(_ source: String, to target: String) throws(InputError) {
        guard rename(source, target) == 0 else { throw InputError(file: target, "cannot move into place: \(reason(errno))") }
        TemporaryPaths.shared.forget(source)
    }

    /// Removes `path` and, when it is a folder, everything in it; symbolic links are removed, not
    /// followed. For cleaning up: what cannot be removed is left, silently.
    public static func removeTree(_ path: String) {
        defer { TemporaryPaths.shared.forget(path) }
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard FileKind(info) == .folder else {
            unlink(path)
            return
        }
        for name in entries(of: path) { removeTree(path + "/" + name) }
        rmdir(path)
    }

    /// The names in `folder` but "." and "..", sorted; nil when it cannot be read.
    public static func names(in folder: String) -> [String]? {
        guard let stream = opendir(folder) else { return nil }
        closedir(stream)
        return entries(of: folder).sorted()
    }

    /// The names in `folder` but "." and ".."; none when it cannot be read.
    private static func entries(of folder: String) -> [String] {
        folderEntries(folder).map { Array($0.keys) } ?? []
    }

    /// A short, lower-case reason for an errno value (`SystemError.reason`, shared with the capture).
    public static func reason(_ code: Int32) -> String { SystemError.reason(code) }

    // MARK: - Temporary files and folders

    /// A new, empty folder named `.<name>.<random>.<suffix>` in `folder` ("" for the current one),
    /// private to its owner (0700) unless `shared` (then as the umask says: a capture's folder,
    /// moved into place whole), and held in `TemporaryPaths` until moved or removed. Errors name no
    /// file; the callers say what the folder is for.
    public static func createTemporaryFolder(in folder: String, for name: String, suffix: String, shared: Bool = false) throws(InputError) -> String {
        removeAbandoned(in: folder, for: name, suffix: suffix)
        for _ in 0..<8 {
            let candidate = temporaryName(in: folder, for: name, suffix: suffix)
            if mkdir(candidate, shared ? 0o777 : 0o700) == 0 {
                TemporaryPaths.shared.add(candidate)
                return candidate
            }
            if errno != EEXIST { throw InputError("cannot create a temporary folder: \(reason(errno))") }
        }
        throw InputError("cannot create a temporary folder: every name tried exists")
    }

    /// `.<name>.<pid>-<random>.<suffix>` in `folder`: hidden, unlikely to be taken, and naming the
    /// process that made it.
    private static func temporaryName(in folder: String, for name: String, suffix: String) -> String {
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        return (folder.isEmpty ? "" : folder + "/") + ".\(name).\(getpid())-\(random).\(suffix)"
    }

    /// Whether `folder` is, or lies inside, one `createTemporaryFolder` names
    /// (`.<name>.<pid>-<random>.<suffix>`): an export's `textures/` in its staging folder too, so
    /// that writing thousands of files there never lists the folder once a file.
    private static func isTemporaryFolder(_ folder: String) -> Bool {
        folder.split(separator: "/").contains { part in
            part.hasPrefix(".") && ["export", "partial", "input"].contains { part.hasSuffix("." + $0) }
        }
    }

    /// Removes the temporary files and folders for `name` that a process which no longer runs left in
    /// `folder`: a crash (which no handler cleans up after) leaves its folder until the next run.
    private static func removeAbandoned(in folder: String, for name: String, suffix: String) {
        let prefix = ".\(name).", ending = ".\(suffix)"
        for entry in names(in: folder.isEmpty ? "." : folder) ?? [] where entry.hasPrefix(prefix) && entry.hasSuffix(ending) {
            let middle = entry.dropFirst(prefix.count).dropLast(ending.count)
            guard let dash = middle.firstIndex(of: "-"), let pid = Int32(middle[..<dash]), pid > 0 else { continue }
            // ESRCH: no such process (EPERM: one of another user's, alive).
            if kill(pid, 0) != 0 && errno == ESRCH { removeTree((folder.isEmpty ? "" : folder + "/") + entry) }
        }
    }

    /// Runs `body` on `file`, then closes it, reporting a failed flush or close as well.
    private static func finish(_ file: UnsafeMutablePointer<FILE>, after body: (UnsafeMutablePointer<FILE>) throws(InputError) -> Void) throws(InputError) {
        var closed = false
        defer { if !closed { fclose(file) } }
        try body(file)
        closed = true
        // Flushing writes the last buffered bytes: a full disk may only show here.
        let flushError = fflush(file) == 0 ? 0 : errno
        let closeError = fclose(file) == 0 ? 0 : errno
        if let code = [flushError, closeError].first(where: { $0 != 0 }) { throw InputError("cannot write: \(reason(code))") }
    }

    /// A new, empty file named `.<name>.<random>.tmp` in the folder of `path`, open for writing.
    /// The `.tmp` files a crashed run left for the same name are removed first (`removeAbandoned`),
    /// except inside a folder that is itself temporary (an export's staging folder, a capture's
    /// `.partial`), which holds no one else's files and is removed whole.
    private static func createTemporary(beside path: String) throws(InputError) -> (String, UnsafeMutablePointer<FILE>) {
        let directory = folder(of: path), name = path.split(separator: "/").last.map(String.init) ?? path
        if !isTemporaryFolder(directory) { removeAbandoned(in: directory, for: name, suffix: "tmp") }
        for _ in 0..<8 {
            let temporary = temporaryName(in: directory, for: name, suffix: "tmp")
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd < 0 && errno == EEXIST { continue }
            guard fd >= 0 else { throw InputError("cannot create a temporary file: \(reason(errno))") }
            guard let file = fdopen(fd, "wb") else {
                close(fd)
                unlink(temporary)
                throw InputError("cannot create a temporary file: \(reason(errno))")
            }
            TemporaryPaths.shared.add(temporary)
            return (temporary, file)
        }
        throw InputError("cannot create a temporary file: every name tried exists")
    }
}

/// Real paths of files (links resolved), each folder resolved once: a capture's thousands of
/// snapshots sit in a few folders, and `realpath` reads the link of every component of every path.
/// Whether a file is itself a link is asked of `lstat` for the first few files of a folder, then
/// read from one listing of the folder (a system call or two for thousands of files).
public struct RealPaths {
    private var folders: [String: String?] = [:]
    /// Folders listed, each entry with its kind when the listing says it.
    private var listings: [String: [String: FileKind?]?] = [:]
    /// How many files of each folder not yet listed were asked about.
    private var asked: [String: Int] = [:]
    private let shared: FolderListings?

    /// Several resolvers (one a task) share their folders' listings through `FolderListings`, so
    /// that each folder is listed once.
    public final class FolderListings: Sendable {
        fileprivate let cache = CostBoundedCache<String, [String: FileKind?]?>(maxCost: Int.max)
        public init() {}
    }

    /// Files of one folder asked about before the folder is listed: a command's inputs are a file
    /// or two in a large folder as often as thousands of snapshots in a small one.
    public static let listAfter = 16

    public init(sharing listings: FolderListings? = nil) {
        shared = listings
    }

    /// What `FileSystem.realPath(path)` gives: nil when nothing is there.
    public mutating func of(_ path: String) -> String? {
        // A last component that is a link, or that moves between folders, is resolved whole.
        guard let slash = path.lastIndex(of: "/") else { return FileSystem.realPath(path) }
        let name = String(path[path.index(after: slash)...])
        guard !name.isEmpty, name != ".", name != ".." else { return FileSystem.realPath(path) }
        let folder = String(path[..<slash])
        switch kind(of: name, in: folder, path: path) {
        case nil: return nil
        case .symbolicLink?: return FileSystem.realPath(path)
        default: break
        }
        let real: String?
        if let known = folders[folder] {
            real = known
        } else {
            real = FileSystem.realPath(folder.isEmpty ? "/" : folder)
            folders[folder] = .some(real)
        }
        return real.map { ($0 == "/" ? "" : $0) + "/" + name }
    }

    /// What is at `path`, the entry `name` of `folder`, links not followed; nil when nothing is.
    private mutating func kind(of name: String, in folder: String, path: String) -> FileKind? {
        if listings[folder] == nil, asked[folder, default: 0] >= RealPaths.listAfter {
            let list = { folderEntries(folder.isEmpty ? "/" : folder) }
            listings[folder] = .some(shared.map { $0.cache.value(for: folder, cost: { _ in 1 }, make: list) } ?? list())
        }
        if let listed = listings[folder], let listing = listed {
            guard let entry = listing[name] else { return nil }
            if let kind = entry { return kind }
        } else {
            asked[folder, default: 0] += 1
        }
        var info = stat()
        return lstat(path, &info) == 0 ? FileKind(info) : nil
    }
}
