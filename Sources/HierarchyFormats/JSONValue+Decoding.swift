import Foundation
import HierarchyModel

extension JSONValue: Decodable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Most frequent first: every failed attempt costs an error value, and a capture is mostly
        // numbers and objects.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else {
            self = .array(try container.decode([JSONValue].self))
        }
    }
}

extension JSONValue {
    /// Parses a JSON document. Syntax errors, and nesting deeper than Foundation's parser allows
    /// (512 containers), become one-line `InputError`s attributed to `file`.
    public static func parse(_ data: Data, file: String) throws(InputError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let error as DecodingError {
            throw InputError(file: file, location: nil, "not valid JSON: " + describe(error))
        } catch {
            throw InputError(file: file, location: nil, "not valid JSON: \(error)")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        guard case .dataCorrupted(let context) = error else { return "\(error)" }
        if let underlying = context.underlyingError as NSError?,
           let detail = underlying.userInfo[NSDebugDescriptionErrorKey] as? String {
            return detail
        }
        if let underlying = context.underlyingError { return "\(underlying)" }
        return context.debugDescription
    }
}
