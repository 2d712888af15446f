import Foundation
import HierarchyImaging
import HierarchyModel

/// Writing a command's result: to standard output, or atomically to a file (a temporary file
/// renamed into place, so that a failure never leaves half a file).
enum OutputFile {
    static func write(_ text: String, to path: String?) throws(InputError) {
        guard let path else {
            Console.out(text)
            return
        }
        try FileSystem.write(Array(text.utf8), to: path)
    }

    /// Writes UTF-8 text that ends with a newline, without converting it to a string first.
    static func write(bytes: [UInt8], to path: String?) throws(InputError) {
        guard let path else {
            bytes.withUnsafeBytes { FileHandle.standardOutput.write(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: $0.baseAddress!), count: $0.count, deallocator: .none)) }
            return
        }
        try FileSystem.write(bytes, to: path)
    }
}
