// The command line's platform file: the one call whose name the C library shares with a method
// of ours (`write`), which must be named through its module, and that module is Glibc on Linux and
// Darwin on macOS. The only file of the target that names either (scripts/check-platform.sh).
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

enum Platform {
    /// `write(2)` on standard output: the count written, or -1 with `errno` set.
    static func writeStandardOutput(_ bytes: UnsafeRawPointer, count: Int) -> Int {
        write(STDOUT_FILENO, bytes, count)
    }
}
