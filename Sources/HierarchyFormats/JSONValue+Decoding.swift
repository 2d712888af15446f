import Foundation
import HierarchyModel

extension JSONValue {
    /// Parses a JSON document. Syntax errors, and nesting deeper than 512 arrays and objects
    /// (Foundation's limit too), become one-line `InputError`s attributed to `file`.
    public static func parse(_ data: Data, file: String) throws(InputError) -> JSONValue {
        do {
            return try JSONParser.parse(Array(data))
        } catch {
            throw InputError(file: file, location: nil, "not valid JSON: " + error.description)
        }
    }
}
