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
        // Small blocks from malloc as usual; large ones in whole, aligned huge pages.
        let size = bytes >= hugePage ? (bytes + hugePage - 1) / hugePage * hugePage : 0
        let raw = UnsafeMutableRawPointer.allocate(byteCount: max(size, bytes), alignment: size > 0 ? hugePage : 16)
        if size > 0 { MemoryHints.adviseHugePages(raw, size: size) }
        return raw.bindMemory(to: T.self, capacity: count)
    }

    static func deallocate<T>(_ pointer: UnsafeMutablePointer<T>) {
        UnsafeMutableRawPointer(pointer).deallocate()
    }
}
