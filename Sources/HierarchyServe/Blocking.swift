import NIOCore
import NIOPosix

/// Work that blocks (adb and HTTP calls, reading a screen, building its page, a find or an
/// audit over thousands of views) runs on a small pool of threads of its own, so that it holds
/// none of the few threads Swift's tasks and the server's requests share; and a bounded one, so
/// that a hundred finds asked at once wait their turn instead of starting a hundred threads.
final class Blocking: Sendable {
    /// The pool's size: the machine's cores, at least two (a capture and a find at once).
    static let threads = max(2, System.coreCount)

    private let pool: NIOThreadPool

    /// A started pool of `threads` threads.
    init(threads: Int = Blocking.threads) {
        pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
    }

    /// `work`'s value, computed on one of the pool's threads once one is free; nil when the pool
    /// has stopped, or the asking task was cancelled before the work began (then it never runs).
    func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value? {
        try? await pool.runIfActive(work)
    }

    /// Stops the pool: work begun ends first, work still waiting is dropped (its `run` gives nil).
    func stop() async {
        try? await pool.shutdownGracefully()
    }
}
