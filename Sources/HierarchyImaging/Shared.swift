/// A buffer handed to parallel tasks that touch disjoint parts of it.
struct Shared<Buffer>: @unchecked Sendable {
    let value: Buffer
    init(_ value: Buffer) { self.value = value }
}
