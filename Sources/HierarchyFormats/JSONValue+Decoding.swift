import Foundation
import HierarchyModel

extension JSONValue {
    /// Parses a JSON document. Syntax errors, and nesting deeper than 512 arrays and objects
    /// (Foundation's limit too), become one-line `InputError`s attributed to `file`.
    public static func parse(_ data: Data, file: String) throws(InputError) -> JSONValue {
        try JSONParser.read(data, file: file) { parser, start throws(InputError) in parser.value(at: start) }
    }
}

extension JSONParser {
    /// Checks `data` as a JSON document and hands its bytes and the offset of its top-level value
    /// to `body`; syntax errors become `InputError`s attributed to `file`. The bytes are read in
    /// place: no copy is made.
    static func read<T>(_ data: some ContiguousBytes, file: String, _ body: (JSONParser, Int) throws(InputError) -> T) throws(InputError) -> T {
        let result: Result<T, InputError> = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var parser = JSONParser(raw.bindMemory(to: UInt8.self))
            do throws(InputError) {
                let start: Int
                do throws(JSONSyntaxError) {
                    start = try parser.check()
                } catch {
                    throw InputError(file: file, location: nil, "not valid JSON: " + error.description)
                }
                return .success(try body(parser, start))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
