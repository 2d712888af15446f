/// A JSON value held as data: the keys of a view that this model does not interpret (a
/// recursiveDescription `transform`, WebDriverAgent's `visible`), kept so that documents round-trip.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A short name of the value's type, for error messages ("expected a number, got a string").
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
