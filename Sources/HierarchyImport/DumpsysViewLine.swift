/// One line of the `View Hierarchy:` block that `dumpsys activity top` prints: a view as
/// `android.view.View.toString()` writes it (AOSP `core/java/android/view/View.java`):
///
///     android.widget.FrameLayout{bcf53 V.E...... ......ID 0,63-1080,2094 #1020002 android:id/content}
///
/// the class, `{`, the identity hash in hex, the view flags (visibility `V`/`I`/`G`, then
/// focusable `F`, enabled `E`, draws `D`, scroll bars `H` `V`, clickable `C`, long-clickable `L`,
/// context-clickable `X`, each `.` when off), the private flags (root namespace `R`, focused `F`,
/// selected `S`, pressed `P` or prepressed `p`, hovered `H`, activated `A`, invalidated `I`,
/// dirty `D`), the frame `left,top-right,bottom` in pixels relative to the parent, then the id
/// (`#hex`, and `package:type/entry` when the resources name it; `app` for the app's own) and,
/// since Android 8, the autofill id (`aid=…`). Android 7 to 9 (and MIUI later) print the window's
/// root as `DecorView@hash[Title]`, with no flags or frame (`DecorView.toString`); Android 12 to 15
/// as the view's own text with `[Title]` after the brace.
struct DumpsysViewLine: Hashable, Sendable {
    /// A frame as printed: pixels of the parent.
    struct Bounds: Hashable, Sendable {
        var left, top, right, bottom: Int
    }

    var indent: Int
    var className: String
    var hash: String?
    /// The view flags, `V.E......` (8 characters before Android 6, 9 after).
    var viewFlags: String?
    var privateFlags: String?
    /// left, top, right, bottom in pixels of the parent; nil for `DecorView@…[…]`.
    var bounds: Bounds?
    /// `#1020002`, without the `#`.
    var idNumber: String?
    /// `android:id/content`, `app:id/list`.
    var resourceName: String?
    var autofillID: String?
    /// The window's title of a root, `[MainActivity]` without the brackets; nil for an untitled
    /// window's `[]` (a root with no name rather than an empty one).
    var title: String?
    /// What a subclass's `toString` printed after the view's `}` (`{id:1 rank:0 }`), trimmed.
    var suffix: String?

    /// Why a line that starts like a view is not one: its text and what was expected.
    struct Malformed: Error, Equatable {
        var message: String
    }

    /// The view a line holds; nil when it is no view at all (prose, another section of the dump);
    /// `Malformed` when it starts like a view (`Class{hex flags`) and then breaks the grammar.
    static func parse(_ line: Substring) throws(Malformed) -> DumpsysViewLine? {
        let indent = line.prefix { $0 == " " || $0 == "\t" }.count
        let text = line.dropFirst(indent).trimmingSuffix(while: { $0 == " " })
        if let decor = decorView(text, indent: indent) { return decor }
        guard let brace = text.firstIndex(of: "{"), isClassName(text[..<brace]) else { return nil }
        let inner = text[text.index(after: brace)...]
        let tokens = inner.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
        // The hash and the view flags make it a view line; only then is the rest held to the grammar.
        guard tokens.count >= 2, isHex(tokens[0]), isViewFlags(tokens[1]) else { return nil }
        // The first '}' closes the view: its fields hold none, and a subclass may print more after
        // it (vivo's launcher: `…ExploreCellLayout{b66e64a VFED..C.. .......D -1,-1-721,1613} {id:1 rank:0 }`).
        guard let close = inner.firstIndex(of: "}") else { throw Malformed(message: "the view's '{' is not closed") }
        var view = DumpsysViewLine(indent: indent, className: String(text[..<brace]), hash: String(tokens[0]), viewFlags: String(tokens[1]))
        let fields = inner[..<close].split(separator: " ").dropFirst(2)
        guard let privateFlags = fields.first else { throw Malformed(message: "expected the private flags and the frame after '\(tokens[1])'") }
        view.privateFlags = String(privateFlags)
        guard let frame = fields.dropFirst().first else { throw Malformed(message: "expected the frame left,top-right,bottom after '\(privateFlags)'") }
        guard let bounds = Self.bounds(frame) else { throw Malformed(message: "frame '\(frame)': expected left,top-right,bottom in whole pixels") }
        guard bounds.right >= bounds.left, bounds.bottom >= bounds.top else {
            throw Malformed(message: "frame '\(frame)': right and bottom must not be less than left and top")
        }
        view.bounds = bounds
        for field in fields.dropFirst(2) { view.take(field) }
        let suffix = inner[inner.index(after: close)...]
        if suffix.hasPrefix("["), suffix.hasSuffix("]") {
            view.title = Self.title(suffix.dropFirst().dropLast())
        } else if !suffix.trimmingSpaces.isEmpty {
            view.suffix = String(suffix.trimmingSpaces)
        }
        return view
    }

    /// `DecorView@e88d633[MainTabFragmentActivity]`.
    private static func decorView(_ text: Substring, indent: Int) -> DumpsysViewLine? {
        guard let at = text.firstIndex(of: "@"), let open = text.firstIndex(of: "["), at < open, text.hasSuffix("]"),
              isClassName(text[..<at]), isHex(text[text.index(after: at)..<open]) else { return nil }
        let name = text[..<at]
        let className = name.contains(".") ? String(name) : "com.android.internal.policy." + name
        return DumpsysViewLine(indent: indent, className: className, hash: String(text[text.index(after: at)..<open]),
                               title: title(text[text.index(after: open)..<text.index(before: text.endIndex)]))
    }

    /// What the brackets hold, nil when they hold nothing.
    private static func title(_ text: Substring) -> String? {
        text.isEmpty ? nil : String(text)
    }

    /// Takes one of the fields after the frame: `#hex`, `pkg:type/entry`, `aid=…`.
    private mutating func take(_ field: Substring) {
        if field.hasPrefix("#") {
            idNumber = String(field.dropFirst())
        } else if field.hasPrefix("aid=") {
            autofillID = String(field.dropFirst(4))
        } else if field.contains(":"), field.contains("/"), resourceName == nil {
            resourceName = String(field)
        }
    }

    /// `l,t-r,b`, each a whole number that may be negative (`-700,0-0,784`).
    static func bounds(_ text: Substring) -> Bounds? {
        var rest = text[...]
        func number() -> Int? {
            let sign = rest.hasPrefix("-") ? 1 : 0
            let digits = rest.dropFirst(sign).prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 9, let value = Int(rest.prefix(sign + digits.count)) else { return nil }
            rest = rest.dropFirst(sign + digits.count)
            return value
        }
        func separator(_ character: Character) -> Bool {
            guard rest.first == character else { return false }
            rest = rest.dropFirst()
            return true
        }
        guard let left = number(), separator(","), let top = number(), separator("-"),
              let right = number(), separator(","), let bottom = number(), rest.isEmpty else { return nil }
        return Bounds(left: left, top: top, right: right, bottom: bottom)
    }

    static func isClassName(_ text: Substring) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" || $0 == "." }
    }

    static func isHex(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 16 && text.allSatisfy(\.isHexDigit)
    }

    /// The view flags: 8 or 9 characters, the first the visibility.
    static func isViewFlags(_ text: Substring) -> Bool {
        guard (7...10).contains(text.count), let first = text.first else { return false }
        return "VIG.".contains(first) && text.allSatisfy { $0 == "." || $0.isLetter }
    }
}

extension Substring {
    func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
