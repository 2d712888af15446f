import Foundation
import HierarchyImaging
import HierarchyModel

/// Writing a command's result: to standard output, or atomically to a file (a temporary file
/// renamed into place, so that a failure never leaves half a file) that `rule` allows.
enum OutputFile {
    /// A consumer of a document's bytes, piece after piece.
    typealias Sink = (UnsafeRawBufferPointer) throws(InputError) -> Void

    /// Writes `text` whole. A document (JSON, SARIF, JUnit) is written exact; the text of a
    /// `--format text` output has its control characters escaped wherever it goes, so that `cat`
    /// of a saved report is as safe as the report printed.
    static func write(_ text: String, to path: String?, rule: OutputRule, isDocument: Bool) throws(InputError) {
        let shown = isDocument ? text : TerminalText.escape(text)
        guard let path else {
            Console.document(shown)
            return
        }
        try rule.write(Array(shown.utf8), to: path)
    }

    /// Writes a document that `produce` hands over in pieces (text that ends with a newline), so
    /// that it never has to be whole in memory. A file is still replaced only once it is complete.
    static func write(to path: String?, rule: OutputRule, _ produce: (Sink) throws(InputError) -> Void) throws(InputError) {
        guard let path else { return try produce(putStandardOutput) }
        try rule.check(path)
        try FileSystem.write(to: path) { (file) throws(InputError) in
            try produce { (piece) throws(InputError) in
                guard fwrite(piece.baseAddress, 1, piece.count, file) == piece.count else {
                    throw InputError("cannot write: \(FileSystem.reason(errno))")
                }
            }
        }
    }

    /// Writes bytes to standard output with `write(2)`: no copy into `Data`, and no stdio buffer
    /// (which other writers of the descriptor, such as `Console`, would not see).
    private static func putStandardOutput(_ piece: UnsafeRawBufferPointer) throws(InputError) {
        var done = 0
        while done < piece.count {
            let count = Platform.writeStandardOutput(piece.baseAddress! + done, count: piece.count - done)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw InputError("cannot write to standard output: \(FileSystem.reason(errno))") }
            done += count
        }
    }
}
