import HierarchyModel

enum HugePages {
    /// Below this, an array's storage is left as it is.
    static let threshold = 8 << 20

    /// Asks the kernel to back the whole 2 MB pages of `array`'s storage (its capacity, not only
    /// its elements) with huge pages as they are first written: a million views fill 160 MB, which
    /// in 4 KB pages is forty thousand page faults, a tenth of reading the document. A hint only
    /// (Linux, `madvise`), for storage about to be filled: nothing changes but the time.
    static func advise<Element>(_ array: [Element]) {
        let size = array.capacity * MemoryLayout<Element>.stride
        guard size >= threshold else { return }
        array.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            MemoryHints.adviseHugePages(UnsafeMutableRawPointer(mutating: base), size: size)
        }
    }
}
