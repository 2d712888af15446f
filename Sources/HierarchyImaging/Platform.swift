// HierarchyImaging's platform file: what its file-system helpers read from `stat` differs in type
// between glibc and Darwin (`st_mode` is 32 bits on one and 16 on the other), so it is read here,
// the only file of the target that names Glibc or Darwin (scripts/check-platform.sh). The rest of
// the target reaches the C library's POSIX calls, the same on both, through Foundation.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What a `stat` or `lstat` call found at a path.
enum FileKind {
    case regular, folder, symbolicLink, other

    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .folder
        case S_IFLNK: self = .symbolicLink
        default: self = .other
        }
    }
}

/// What a file that is neither a regular file, a folder nor a link is, in words ("a FIFO (named
/// pipe)"); nil for those three.
func specialKind(_ info: stat) -> String? {
    switch info.st_mode & S_IFMT {
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFREG, S_IFDIR, S_IFLNK: nil
    default: "not a regular file"
    }
}

/// POSIX `read(2)`, by a name that `FileSystem.read(_:)` does not hide (a module-qualified
/// `Foundation.read` would rest on Foundation re-exporting the C library on every platform).
@inline(__always)
func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

extension FileKind {
    /// What a folder entry's `d_type` says; nil when the file system does not say (`DT_UNKNOWN`)
    /// and `lstat` must be asked. The values are the same on Linux and the BSDs.
    init?(entryType: UInt8) {
        switch entryType {
        case 8: self = .regular  // DT_REG
        case 4: self = .folder  // DT_DIR
        case 10: self = .symbolicLink  // DT_LNK
        case 0: return nil  // DT_UNKNOWN
        default: self = .other
        }
    }
}

/// The entries of `folder` but "." and "..", with what each is as the folder listing says
/// (nil: it does not say); nil when the folder cannot be read.
func folderEntries(_ folder: String) -> [String: FileKind?]? {
    guard let stream = opendir(folder) else { return nil }
    defer { closedir(stream) }
    var entries: [String: FileKind?] = [:]
    while let entry = readdir(stream) {
        // The name is read where it lies: the record is only `d_reclen` bytes long, so copying
        // `d_name` as the whole 256-byte field reads past the end of the last record.
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        let name = String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
        if name != "." && name != ".." { entries[name] = FileKind(entryType: entry.pointee.d_type) }
    }
    return entries
}
