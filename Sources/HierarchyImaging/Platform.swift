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

/// POSIX `read(2)`, by a name that `FileSystem.read(_:)` does not hide (a module-qualified
/// `Foundation.read` would rest on Foundation re-exporting the C library on every platform).
@inline(__always)
func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
