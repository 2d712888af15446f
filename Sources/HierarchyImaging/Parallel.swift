import Dispatch
import HierarchyModel

/// Work spread over all cores in which the first error wins: the texture writers' one loop, public
/// so that hierarchy-bench times the same loop.
public enum Parallel {
    /// `body(i)` for each `i` in `0..<count`, concurrently, and the results in index order.
    ///
    /// Once a call has thrown, calls not yet started are skipped and the first error recorded is
    /// thrown when the loop is done; nothing is returned then.
    public static func map<T: Sendable>(_ count: Int, _ body: @Sendable (Int) throws(InputError) -> T?) throws(InputError) -> [T?] {
        let slots = Slots<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { i in
            guard !slots.failed else { return }
            do throws(InputError) {
                let value = try body(i)
                slots.store(value, at: i)
            } catch {
                slots.fail(error)
            }
        }
        if let error = slots.error { throw error }
        return slots.values
    }
}

/// The results and the first error of concurrent work, behind one lock.
private final class Slots<T>: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var stored: [T?]
    private var firstError: InputError?

    init(count: Int) { stored = Array(repeating: nil, count: count) }

    var failed: Bool { lock.wait(); defer { lock.signal() }; return firstError != nil }
    var error: InputError? { lock.wait(); defer { lock.signal() }; return firstError }
    var values: [T?] { lock.wait(); defer { lock.signal() }; return stored }

    func store(_ value: T?, at index: Int) {
        guard let value else { return }
        lock.wait()
        stored[index] = value
        lock.signal()
    }

    func fail(_ error: InputError) {
        lock.wait()
        if firstError == nil { firstError = error }
        lock.signal()
    }
}
