import Foundation
import HierarchyModel

/// The largest input file of a kind that is read (docs/limits.md, "Input files"): a file is read
/// whole into memory, and a parser holds several times its size, so a file past its kind's limit
/// is refused before it is read. `--max-input-size` raises every kind's limit (`raise(to:)`).
public struct InputLimit: Sendable {
    /// What the files of this kind are, for the message ("a document or dump").
    public let kind: String
    /// The limit in bytes when not raised.
    public let defaultBytes: Int

    public init(kind: String, defaultBytes: Int) {
        self.kind = kind
        self.defaultBytes = defaultBytes
    }

    /// A view-hierarchy document (tree.json) or a dump: 256 MB, some fifty times the largest
    /// dumps seen (a 5,000-view uiautomator dump is about 2 MB).
    public static let document = InputLimit(kind: "a document or dump", defaultBytes: 256 << 20)
    /// A PNG (a screenshot, a snapshot, a golden): 256 MB, far beyond a screenshot of the largest
    /// screen; its pixels are bounded apart (`ImageLimits`).
    public static let image = InputLimit(kind: "a PNG", defaultBytes: 256 << 20)
    /// A JUnit report or a test log (`--junit-in`, `--from-failure`): 512 MB, as CI logs run long.
    public static let testReport = InputLimit(kind: "a JUnit report or log", defaultBytes: 512 << 20)

    /// The limit in force: the default, or what `--max-input-size` set if it is higher.
    public var bytes: Int { max(defaultBytes, Self.raised.value ?? 0) }

    /// The error for a file of `size` bytes (or more) over the limit.
    public func exceeded(_ size: Int) -> InputError {
        InputError("is \(Self.megabytes(size)) MB, over the \(Self.megabytes(bytes)) MB limit for \(kind) (--max-input-size MB raises it)")
    }

    /// Raises every kind's limit to `bytes` (nil: back to the defaults), for the whole process.
    public static func raise(to bytes: Int?) { raised.set(bytes) }

    private static func megabytes(_ bytes: Int) -> String {
        let value = Double(bytes) / Double(1 << 20)
        return value >= 10 || value == value.rounded() ? String(Int(value.rounded(.up))) : String(format: "%.1f", value)
    }

    private static let raised = Raised()

    /// The process-wide raised limit (the command line's option), behind a lock.
    private final class Raised: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes: Int?
        var value: Int? { lock.withLock { bytes } }
        func set(_ value: Int?) { lock.withLock { bytes = value } }
    }
}
