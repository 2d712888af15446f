// HierarchyModel's platform file: everything the pure modules need that differs between Linux
// and macOS, the C math library and a memory hint. The only file of the target that names Glibc
// or Darwin (scripts/check-platform.sh holds every target to that); each branch is compiled on its
// own platform only.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The C math library's functions on `Double`, under one name on every platform (the standard
/// library has no trigonometry; on Linux it lives in libm, on macOS in libSystem).
public enum Math {
    public static func sin(_ x: Double) -> Double { libmSin(x) }
    public static func cos(_ x: Double) -> Double { libmCos(x) }
    public static func tan(_ x: Double) -> Double { libmTan(x) }
    public static func atan(_ x: Double) -> Double { libmAtan(x) }
    public static func pow(_ x: Double, _ y: Double) -> Double { libmPow(x, y) }
}

// File-scope names for the C functions: inside `Math` its own members would shadow them.
private func libmSin(_ x: Double) -> Double { sin(x) }
private func libmCos(_ x: Double) -> Double { cos(x) }
private func libmTan(_ x: Double) -> Double { tan(x) }
private func libmAtan(_ x: Double) -> Double { atan(x) }
private func libmPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }

/// The C library's byte search (`memchr`), which reads memory a vector at a time.
public enum ByteSearch {
    /// The offset of the first `byte` in the `count` bytes at `start`; nil when there is none.
    public static func first(_ byte: UInt8, in start: UnsafeRawPointer, count: Int) -> Int? {
        guard count > 0, let found = memchr(start, Int32(byte), count) else { return nil }
        return start.distance(to: UnsafeRawPointer(found))
    }
}

/// Hints to the kernel about memory, which change only the time things take.
public enum MemoryHints {
    /// The size of a transparent huge page on Linux.
    public static let hugePage = 2 << 20

    /// Asks Linux to back the whole huge pages inside `size` bytes at `start` with huge pages as
    /// they are first written (`madvise(MADV_HUGEPAGE)`); elsewhere, and where the kernel declines,
    /// nothing happens.
    public static func adviseHugePages(_ start: UnsafeMutableRawPointer, size: Int) {
        #if os(Linux)
        let page = UInt(hugePage), first = UInt(bitPattern: start)
        let begin = (first + page - 1) & ~(page - 1), end = (first + UInt(size)) & ~(page - 1)
        guard end > begin, let pointer = UnsafeMutableRawPointer(bitPattern: begin) else { return }
        _ = madvise(pointer, Int(end - begin), MADV_HUGEPAGE)
        #endif
    }
}

/// What the C library says of a failed call, in the words of every file error of the package.
public enum SystemError {
    /// A short, lower-case reason for an `errno` value ("no such file", "permission denied").
    public static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "permission denied"
        case EISDIR: return "is a folder"
        case ENOTDIR: return "a part of the path is not a folder"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }
}
