import Foundation
import HierarchyModel

/// The keys a view's object has in a view-hierarchy document (`docs/view-hierarchy.md`), besides
/// its subviews (`children`): the one definition of a view's fields. Each case's row in
/// `definition` says its JSON key, the kind of its value (which says how a value is checked),
/// whether it is required, and how it is taken from a `ViewNode`; `set` puts it back. The three
/// readers (single pass, quick, careful) and the writer (`TreeDocument.encode`, which the in-app
/// capture uses too) go through this table; none names a field itself. The cases are in the
/// documentation's order, the order the writer writes them in and the careful reader checks them in.
///
/// Adding a field: its stored property on `ViewNode`, a case here, its row in `definition` and its
/// line in `set` (the compiler names a switch left without it; see `docs/architecture.md`). A
/// field of a new kind also needs the kind read by each reader (`FieldReader.value`,
/// `TreeReader.quickValue`, `SinglePassReader.value`) and written by `FieldValue.json`.
enum ViewField: Int, CaseIterable, Sendable {
    case id, className, name, text, viewController, tag, frame, bounds, transform, anchorPoint
    case clipsToBounds, alpha, hidden, backgroundColor, snapshot, attributes, source

    /// One field: its key, its kind, when it may be left out, and its value in a view.
    struct Definition {
        /// The JSON key.
        let key: StaticString
        /// The value's type and what makes it valid.
        let kind: FieldKind
        /// What a view without the key has.
        let absent: Absent
        /// The field's value in `node`; nil when it is what a reader gives a view without the key
        /// (the writers leave it out).
        let written: (ViewNode) -> FieldValue?
    }

    /// What a view whose object lacks a field has.
    enum Absent: Sendable {
        /// A view must have it.
        case required
        /// The value of `ViewNode`'s initializer by default.
        case modelDefault
        /// A rectangle at the origin with the frame's size (the bounds).
        case frameSize
    }

    /// The table: one row a field, with `set` below.
    @inline(__always)
    var definition: Definition {
        switch self {
        case .id: Definition("id", .nonEmptyString, .modelDefault, { .string($0.id) })
        case .className:
            Definition("class", .nonEmptyString, .modelDefault, { $0.className == "View" ? nil : .string($0.className) })
        case .name: Definition("name", .string, .modelDefault, { $0.name.map(FieldValue.string) })
        case .text: Definition("text", .string, .modelDefault, { $0.text.map(FieldValue.string) })
        case .viewController:
            Definition("viewController", .viewController, .modelDefault, { $0.viewController.map(FieldValue.viewController) })
        case .tag: Definition("tag", .integer, .modelDefault, { $0.tag == 0 ? nil : .integer($0.tag) })
        case .frame: Definition("frame", .rect, .required, { .rect($0.frame) })
        case .bounds:
            Definition("bounds", .rect, .frameSize, { $0.bounds == $0.frame.sizeAtOrigin ? nil : .rect($0.bounds) })
        case .transform:
            Definition("transform", .transform, .modelDefault, { $0.transform.isIdentity ? nil : .transform($0.transform) })
        case .anchorPoint:
            Definition("anchorPoint", .point, .modelDefault, { $0.anchorPoint == .centre ? nil : .point($0.anchorPoint) })
        case .clipsToBounds: Definition("clipsToBounds", .bool, .modelDefault, { $0.clipsToBounds ? .bool(true) : nil })
        case .alpha: Definition("alpha", .number(.unit), .modelDefault, { $0.alpha == 1 ? nil : .number($0.alpha) })
        case .hidden: Definition("hidden", .bool, .modelDefault, { $0.isHidden ? .bool(true) : nil })
        case .backgroundColor:
            Definition("backgroundColor", .color, .modelDefault, { $0.backgroundColor.map(FieldValue.color) })
        case .snapshot: Definition("snapshot", .nonEmptyString, .modelDefault, { $0.snapshot.map(FieldValue.string) })
        case .attributes:
            Definition("attributes", .attributes, .modelDefault, { $0.attributes.isEmpty ? nil : .attributes($0.attributes) })
        case .source: Definition("source", .sourceSpan, .modelDefault, { $0.source.map { .source($0.lines) } })
        }
    }

    /// Sets this field of `node` to `value`, of the field's kind: the other half of the row, a
    /// switch rather than a closure in the row so that the readers inline it for every key.
    @inline(__always)
    func set(_ value: FieldValue, on node: inout ViewNode) {
        switch self {
        case .id: node.id = value.string
        case .className: node.className = value.string
        case .name: node.name = value.string
        case .text: node.text = value.string
        case .viewController: node.viewController = value.viewController
        case .tag: node.tag = value.integer
        case .frame: node.frame = value.rect
        case .bounds: node.bounds = value.rect
        case .transform: node.transform = value.transform
        case .anchorPoint: node.anchorPoint = value.point
        case .clipsToBounds: node.clipsToBounds = value.bool
        case .alpha: node.alpha = value.number
        case .hidden: node.isHidden = value.bool
        case .backgroundColor: node.backgroundColor = value.color
        case .snapshot: node.snapshot = value.string
        case .attributes: node.attributes = value.attributes
        case .source: node.source = value.source
        }
    }

    /// The JSON key, as text.
    var key: String { definition.key.description }

    /// This field's bit in a `ViewField.Present`.
    var bit: UInt32 { 1 << UInt32(rawValue) }
}

extension ViewField.Definition {
    init(_ key: StaticString, _ kind: FieldKind, _ absent: ViewField.Absent, _ written: @escaping (ViewNode) -> FieldValue?) {
        self.init(key: key, kind: kind, absent: absent, written: written)
    }
}

extension Rect {
    /// A rectangle at the origin with this one's size: a view's bounds by default.
    var sizeAtOrigin: Rect { Rect(x: 0, y: 0, width: width, height: height) }
}

/// The type of a field's value and what makes it valid.
enum FieldKind: Sendable {
    /// Any string.
    case string
    /// A string with at least one character.
    case nonEmptyString
    /// A number without a fraction, at most 2^53 in magnitude.
    case integer
    /// A number in a range.
    case number(FieldReader.Range)
    /// `true` or `false`.
    case bool
    /// `"#RRGGBB"` or `"#RRGGBBAA"`.
    case color
    /// `{"x", "y", "width", "height"}`, finite numbers, the size >= 0.
    case rect
    /// `{"x", "y"}`, finite numbers.
    case point
    /// `[a, b, c, d, tx, ty]`, finite numbers.
    case transform
    /// An object of strings.
    case attributes
    /// `{"class": non-empty string, "title": string}`, `title` optional.
    case viewController
    /// `{"line", "endLine"}`: integers, `line` >= 1 and `endLine` >= `line`.
    case sourceSpan
}

/// A field's value, of its field's kind.
enum FieldValue: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case color(Color)
    case rect(Rect)
    case point(Point)
    case transform(Transform2D)
    case attributes(ViewAttributes)
    case viewController(ViewController)
    case source(SourceSpan)

    /// The value as the format writes it.
    var json: OrderedJSON {
        switch self {
        case .string(let s): .string(s)
        case .integer(let n): .number(Double(n))
        case .number(let n): .number(n)
        case .bool(let b): .bool(b)
        case .color(let c): .string(c.hex)
        case .rect(let r): TreeDocument.rect(r)
        case .point(let p): .object([("x", .number(p.x)), ("y", .number(p.y))])
        case .transform(let t): .array(t.values.map(OrderedJSON.number))
        case .attributes(let a): TreeDocument.attributes(a)
        case .viewController(let c): .object([("class", .string(c.className))] + (c.title.map { [("title", .string($0))] } ?? []))
        case .source(let span): TreeDocument.source(span)
        }
    }

    // The payload of the kind a field's row expects; a reader gives each field a value of its kind.
    var string: String { if case .string(let v) = self { return v }; return mismatch() }
    var integer: Int { if case .integer(let v) = self { return v }; return mismatch() }
    var number: Double { if case .number(let v) = self { return v }; return mismatch() }
    var bool: Bool { if case .bool(let v) = self { return v }; return mismatch() }
    var color: Color { if case .color(let v) = self { return v }; return mismatch() }
    var rect: Rect { if case .rect(let v) = self { return v }; return mismatch() }
    var point: Point { if case .point(let v) = self { return v }; return mismatch() }
    var transform: Transform2D { if case .transform(let v) = self { return v }; return mismatch() }
    var attributes: ViewAttributes { if case .attributes(let v) = self { return v }; return mismatch() }
    var viewController: ViewController { if case .viewController(let v) = self { return v }; return mismatch() }
    var source: SourceSpan { if case .source(let v) = self { return v }; return mismatch() }

    private func mismatch<T>() -> T { preconditionFailure("a field's row was given a value of another kind: \(self)") }
}

/// What a key of a view's object is: one of its fields, or its subviews.
enum ViewKey: Equatable {
    case field(ViewField)
    case children
}

extension ViewField {
    /// The fields a reader has met in one view's object, one bit each.
    struct Present {
        var bits: UInt32 = 0

        mutating func insert(_ field: ViewField) { bits |= field.bit }
    }

    /// What the readers look up for every view, made once from the table: keys by their length
    /// and first byte, and which fields are required or default to the frame's size.
    struct Table {
        static let shared = Table()

        /// Indexed by `slot(length, first byte)`: the field's raw value + 1 when one key has that
        /// length and first byte, 0 for none, -1 when several share it (compared one by one).
        private let slots: [Int8]
        /// The bits of the required fields.
        let required: UInt32
        /// The fields whose default is the frame's size, and their bits.
        let frameSized: [ViewField]
        let frameSizedBits: UInt32
        /// The order in which the careful reader checks a view's fields: required ones first, so
        /// that a view without them is told so before anything else.
        let checkOrder: [ViewField]

        private init() {
            var slots = [Int8](repeating: 0, count: 1024)
            for field in ViewField.allCases {
                let key = field.definition.key
                let slot = Table.slot(key.utf8CodeUnitCount, key.utf8Start.pointee)
                slots[slot] = slots[slot] == 0 ? Int8(field.rawValue + 1) : -1
            }
            self.slots = slots
            let required = ViewField.allCases.filter { if case .required = $0.definition.absent { true } else { false } }.reduce(0) { $0 | $1.bit }
            self.required = required
            frameSized = ViewField.allCases.filter { if case .frameSize = $0.definition.absent { true } else { false } }
            frameSizedBits = frameSized.reduce(0) { $0 | $1.bit }
            checkOrder = ViewField.allCases.filter { required & $0.bit != 0 } + ViewField.allCases.filter { required & $0.bit == 0 }
        }

        @inline(__always)
        private static func slot(_ length: Int, _ first: UInt8) -> Int { (length & 31) << 5 | Int(first & 31) }

        /// The key spelled by the `length` bytes at `start` (without escapes); nil for a key the
        /// format does not define.
        @inline(__always)
        func key(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> ViewKey? {
            if length == 8, Table.spells(bytes, start, length, "children") { return .children }
            let found = slots[Table.slot(length, bytes[start])]
            if found > 0 {
                let field = ViewField(rawValue: Int(found) - 1).unsafelyUnwrapped
                return Table.spells(bytes, start, length, field.definition.key) ? .field(field) : nil
            }
            guard found < 0 else { return nil }
            return ViewField.allCases.first { Table.spells(bytes, start, length, $0.definition.key) }.map(ViewKey.field)
        }

        @inline(__always)
        private static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int, _ key: StaticString) -> Bool {
            // Byte by byte: keys are short, and memcmp of a length not known when compiling is a call.
            guard key.utf8CodeUnitCount == length else { return false }
            let spelled = key.utf8Start
            for i in 0..<length where bytes[start &+ i] != spelled[i] { return false }
            return true
        }

        /// A key as text (spelled with escapes in the document): the same answer as `key`.
        func key(_ text: String) -> ViewKey? {
            if text == "children" { return .children }
            return ViewField.allCases.first { $0.definition.key.description == text }.map(ViewKey.field)
        }

        /// Completes a view read with the fields `present`: false when one it requires is absent;
        /// else a field defaulting to the frame's size gets it when absent.
        @inline(__always)
        func finish(_ node: inout ViewNode, present: ViewField.Present) -> Bool {
            guard present.bits & required == required else { return false }
            var missing = frameSizedBits & ~present.bits
            while missing != 0 {
                ViewField(rawValue: missing.trailingZeroBitCount).unsafelyUnwrapped.set(.rect(node.frame.sizeAtOrigin), on: &node)
                missing &= missing - 1
            }
            return true
        }
    }
}
