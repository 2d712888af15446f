#if os(Linux)
import Glibc
#endif

enum HugePages {
    /// Below this, an array's storage is left as it is.
    static let threshold = 8 << 20

    /// Asks the kernel to back the whole 2 MB pages of `array`'s storage (its capacity, not only
    /// its elements) with huge pages as they are first written: a million views fill 160 MB, which
    /// in 4 KB pages is forty thousand page faults, a tenth of reading the document. A hint only
    /// (Linux, `madvise`), for storage about to be filled: nothing changes but the time.
    static func advise<Element>(_ array: [Element]) {
        #if os(Linux)
        let size = array.capacity * MemoryLayout<Element>.stride
        guard size >= threshold else { return }
        array.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let page = UInt(2 << 20), start = UInt(bitPattern: base)
            let first = (start + page - 1) & ~(page - 1), last = (start + UInt(size)) & ~(page - 1)
            guard last > first, let pointer = UnsafeMutableRawPointer(bitPattern: first) else { return }
            _ = madvise(pointer, Int(last - first), MADV_HUGEPAGE)
        }
        #endif
    }
}
