import Foundation

/// Work that blocks (adb and HTTP calls, reading a screen, building its page, a find or an
/// audit over thousands of views) run on a thread of its own, so that it holds none of the few
/// threads Swift's tasks and the server's requests share.
enum Blocking {
    /// `work`'s value, computed on a new thread.
    static func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }
}
