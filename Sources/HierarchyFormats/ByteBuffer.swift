import Foundation

/// UTF-8 text written into memory of its own, for documents written in bulk: an append is a
/// comparison and a copy, where `Array`'s costs several calls (most of the work for the few bytes
/// of a key or a number). It grows by doubling; `bytes` are valid until the next change.
///
/// Public, with its appends inlinable, for the documents written above the formats (the layout's).
public struct ByteBuffer: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var written = 0
    /// The bytes written so far.
    @inlinable public var count: Int { written }

    public init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inlinable public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Where the next `extra` bytes go, made room for; `commit` then counts the ones written.
    @inlinable @inline(__always)
    public mutating func room(for extra: Int) -> UnsafeMutablePointer<UInt8> {
        if written + extra > capacity { grow(toHold: written + extra) }
        return base + written
    }

    @inlinable @inline(__always)
    public mutating func commit(_ count: Int) { written += count }

    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        room(for: 1).pointee = byte
        written += 1
    }

    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        room(for: bytes.count).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        written += bytes.count
    }

    @inlinable @inline(__always)
    public mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    public mutating func removeAll() { written = 0 }

    @usableFromInline mutating func grow(toHold needed: Int) {
        capacity = max(needed, 2 * capacity)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        larger.update(from: base, count: written)
        base.deallocate()
        base = larger
    }
}
