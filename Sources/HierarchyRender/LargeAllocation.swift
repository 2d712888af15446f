#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory for the picture's large buffers, which are written all over at once: on Linux, aligned
/// to and advised as transparent huge pages, so that the first writes fault once per 2 MB rather
/// than once per 4 KB (a 1600×1200 picture's buffers are 9,400 small pages, a tenth of drawing it).
/// Where the system declines, they are ordinary pages.
enum LargeAllocation {
    static let hugePage = 2 << 20

    /// Uninitialized memory for `count` values; release it with `deallocate`.
    static func allocate<T>(_: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        let bytes = max(1, count * MemoryLayout<T>.stride)
        precondition(MemoryLayout<T>.alignment <= 16, "malloc aligns to 16 bytes")
        // Small blocks from malloc as usual; large ones in whole, aligned huge pages.
        let size = bytes >= hugePage ? (bytes + hugePage - 1) / hugePage * hugePage : 0
        var raw: UnsafeMutableRawPointer?
        if size > 0 {
            if posix_memalign(&raw, hugePage, size) != 0 { raw = nil }
        } else {
            raw = malloc(bytes)
        }
        guard let raw else { fatalError("out of memory for \(bytes) bytes") }
        #if os(Linux)
        if size > 0 { _ = madvise(raw, size, MADV_HUGEPAGE) }
        #endif
        return raw.bindMemory(to: T.self, capacity: count)
    }

    static func deallocate<T>(_ pointer: UnsafeMutablePointer<T>) {
        free(pointer)
    }
}
