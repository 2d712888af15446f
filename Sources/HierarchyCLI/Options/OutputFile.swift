import Foundation
import HierarchyModel

/// Writing a command's result: to standard output, or atomically to a file (a temporary file
/// renamed into place, so that a failure never leaves half a file).
enum OutputFile {
    static func write(_ text: String, to path: String?) throws(InputError) {
        guard let path else {
            Console.out(text)
            return
        }
        try write(Data(text.utf8), to: path)
    }

    /// Writes UTF-8 text that ends with a newline, without converting it to a string first.
    static func write(bytes: [UInt8], to path: String?) throws(InputError) {
        guard let path else {
            bytes.withUnsafeBytes { FileHandle.standardOutput.write(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: $0.baseAddress!), count: $0.count, deallocator: .none)) }
            return
        }
        let result: Result<Void, InputError> = bytes.withUnsafeBytes { raw in
            Result { () throws(InputError) in
                try write(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: raw.baseAddress!), count: raw.count, deallocator: .none), to: path)
            }
        }
        try result.get()
    }

    static func write(_ data: Data, to path: String) throws(InputError) {
        do {
            try createFolder(containing: path)
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw InputError(file: path, "cannot write: \(describe(error))")
        }
    }

    /// Creates the folder `path` will be written in, if it is missing.
    static func createFolder(containing path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    static func describe(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        return ns.localizedDescription
    }
}
