extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of a literal with one copy (`+= "…".utf8` goes through the
    /// generic sequence path, a byte at a time).
    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
