import HierarchyModel

/// Memory for the picture's large buffers, which are written all over at once: on Linux, aligned
/// to and advised as transparent huge pages, so that the first writes fault once per 2 MB rather
/// than once per 4 KB (a 1600×1200 picture's buffers are 9,400 small pages, a tenth of drawing it).
/// Where the system declines, they are ordinary pages.
enum LargeAllocation {
    static let hugePage = MemoryHints.hugePage

    /// Uninitialized memory for `count` values; release it with `deallocate`.
    static func allocate<T>(_: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        let bytes = max(1, count * MemoryLayout<T>.stride)
        precondition(MemoryLayout<T>.alignment <= 16, "malloc aligns to 16 bytes")
        // Small blocks from malloc as usual; large ones aligned to huge pages, the whole huge pages
        // inside advised as such and the rest left to small pages: a huge page is zeroed whole when
        // first written, and fresh memory is what a large texture costs most.
        let large = bytes >= hugePage
        let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: large ? hugePage : 16)
        if large { MemoryHints.adviseHugePages(raw, size: bytes) }
        return raw.bindMemory(to: T.self, capacity: count)
    }

    static func deallocate<T>(_ pointer: UnsafeMutablePointer<T>) {
        UnsafeMutableRawPointer(pointer).deallocate()
    }
}
