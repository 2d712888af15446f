/// A buffer or pointer handed to parallel tasks that touch disjoint parts of what it holds: the
/// one wrapper that tells the compiler so (each use says why the parts are disjoint).
public struct Shared<Buffer>: @unchecked Sendable {
    public let value: Buffer
    public init(_ value: Buffer) { self.value = value }
}
