// The executable's platform file: glibc's allocator tuning, which macOS's allocator has no
// counterpart for. The only file of the target that names Glibc or Darwin
// (scripts/check-platform.sh).
#if canImport(Glibc)
import Glibc

/// glibc's `mallopt` (malloc.h, which the Glibc module leaves out).
@_silgen_name("mallopt") private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
private let M_TRIM_THRESHOLD: Int32 = -1, M_MMAP_THRESHOLD: Int32 = -3
#endif

enum Platform {
    /// Textures come and go by the thousand, many larger than glibc's default mmap threshold
    /// (128 KB): each would be mapped fresh and zero-filled page by page, then unmapped. Keeping them
    /// on the heap lets freed memory be reused; a fifth of a render's time went to page faults
    /// before. macOS's allocator keeps large blocks for reuse by itself.
    static func tuneAllocator() {
        #if canImport(Glibc)
        _ = mallopt(M_MMAP_THRESHOLD, 64 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 128 << 20)
        #endif
    }
}
