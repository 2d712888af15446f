import Foundation

/// UTF-8 text written into memory of its own, for documents written in bulk: an append is a
/// comparison and a copy, where `Array`'s costs several calls (most of the work for the few bytes
/// of a key or a number). It grows by doubling; `bytes` are valid until the next change.
struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Where the next `extra` bytes go, made room for; `commit` then counts the ones written.
    @inline(__always)
    mutating func room(for extra: Int) -> UnsafeMutablePointer<UInt8> {
        if count + extra > capacity { grow(toHold: count + extra) }
        return base + count
    }

    @inline(__always)
    mutating func commit(_ written: Int) { count += written }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        room(for: 1).pointee = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        memcpy(room(for: bytes.count), source, bytes.count)
        count += bytes.count
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func removeAll() { count = 0 }

    private mutating func grow(toHold needed: Int) {
        capacity = max(needed, 2 * capacity)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        larger.update(from: base, count: count)
        base.deallocate()
        base = larger
    }
}
