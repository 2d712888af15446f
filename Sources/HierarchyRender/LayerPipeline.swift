import Dispatch
import Foundation

/// Prepares layer jobs (textures decoded, reduced and mipmapped) on a background thread, a few
/// layers ahead of the drawing, and hands them over in drawing order.
///
/// Preparing and drawing then overlap on the two cores without a barrier per layer, and memory
/// stays bounded: at most `lookahead` prepared layers wait at any time.
final class LayerPipeline: @unchecked Sendable {
    private let condition = NSCondition()
    private var ready: [Int: Result<LayerJob, RenderError>] = [:]
    private var taken = 0
    private var cancelled = false
    private let count: Int
    private let lookahead: Int

    /// Starts preparing jobs 0..<count with `prepare`, at most `lookahead` ahead of what was taken.
    init(count: Int, lookahead: Int = 8, prepare: @escaping @Sendable (Int) throws(RenderError) -> LayerJob) {
        self.count = count
        self.lookahead = lookahead
        guard count > 0 else { return }
        Thread.detachNewThread { [self] in self.produce(prepare) }
    }

    /// The job at `position`, waiting for it if it is not ready; positions are taken in order.
    func take(_ position: Int) throws(RenderError) -> LayerJob {
        condition.lock()
        defer { condition.unlock() }
        while ready[position] == nil { condition.wait() }
        let result = ready.removeValue(forKey: position)!
        taken = position + 1
        condition.broadcast()
        return try result.get()
    }

    /// Stops the preparation early (after an error, or when drawing ends).
    func cancel() {
        condition.lock()
        cancelled = true
        ready.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    private func produce(_ prepare: @Sendable (Int) throws(RenderError) -> LayerJob) {
        for position in 0..<count {
            condition.lock()
            while !cancelled && position - taken >= lookahead { condition.wait() }
            let stop = cancelled
            condition.unlock()
            if stop { return }
            let result: Result<LayerJob, RenderError>
            do throws(RenderError) { result = .success(try prepare(position)) } catch { result = .failure(error) }
            condition.lock()
            if !cancelled { ready[position] = result }
            condition.broadcast()
            condition.unlock()
            if case .failure = result { return }
        }
    }
}
