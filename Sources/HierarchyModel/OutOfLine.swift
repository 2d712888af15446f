/// Properties that most values of a type leave at their defaults, kept out of line so that the
/// type stays small (a million views or layers are held at once): no storage while they are all
/// defaults, and one box shared by copies, copied on write, once one is not.
public protocol OutOfLineFields: Hashable {
    /// Every property at its default.
    init()
    /// Whether every property is at its default.
    var isDefault: Bool { get }
}

/// The box of a value's out-of-line properties: `OutOfLine.box(_:)` makes one, nil while the
/// properties are all defaults, and `change(_:_:)` changes one.
public final class OutOfLine<Fields: OutOfLineFields>: @unchecked Sendable {
    // Sendable: a box is changed in place only while one value holds it (`change` copies it otherwise).
    public private(set) var fields: Fields

    private init(_ fields: Fields) { self.fields = fields }

    /// A box for `fields`; nil when they are all defaults.
    public static func box(_ fields: Fields) -> OutOfLine? {
        fields.isDefault ? nil : OutOfLine(fields)
    }

    /// The properties in `box`, the defaults when there is none: what equality and hashing compare,
    /// however the properties are stored.
    public static func fields(of box: OutOfLine?) -> Fields {
        box?.fields ?? Fields()
    }

    /// The property at `path` in `box`, or `absent` when there is no box (the property's default,
    /// given so that reading one property does not build all the defaults).
    @inlinable
    public static func value<Value>(_ box: OutOfLine?, _ path: KeyPath<Fields, Value>, absent: Value) -> Value {
        guard let box else { return absent }
        return box.fields[keyPath: path]
    }

    /// Sets the property at `path` in `box`, as `change` does.
    public static func set<Value>(_ box: inout OutOfLine?, _ path: WritableKeyPath<Fields, Value>, to value: Value) {
        change(&box) { $0[keyPath: path] = value }
    }

    /// Changes the properties in `box`, copying them first when another value shares the box; the
    /// box goes when they are all defaults again.
    public static func change(_ box: inout OutOfLine?, _ body: (inout Fields) -> Void) {
        if box != nil && isKnownUniquelyReferenced(&box!) {
            body(&box!.fields)
            if box!.fields.isDefault { box = nil }
        } else {
            var fields = box?.fields ?? Fields()
            body(&fields)
            box = Self.box(fields)
        }
    }
}
