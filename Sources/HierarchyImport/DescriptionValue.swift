import HierarchyModel

/// Reads the values of recursiveDescription fields: `%g` numbers in `(x y; w h)`, `{x, y}`,
/// `[a, b, c, d, tx, ty]`, Tinder's `(x: 0, y: 0, width: 375, height: 812)`, colours and quoted texts.
enum DescriptionValue {
    /// The numbers of a value, or nil when it holds anything else.
    static func numbers(_ text: String) -> [Double]? {
        var numbers: [Double] = []
        for token in tokens(text) {
            guard let number = number(token) else { return nil }
            numbers.append(number)
        }
        return numbers
    }

    /// A frame: four finite numbers, the size not negative.
    static func frame(_ text: String) throws(InputError) -> Rect {
        guard let values = frameNumbers(text), values.count == 4 else {
            throw InputError("unparsable frame '\(text)': expected (x y; width height) with finite numbers")
        }
        guard values[2] >= 0, values[3] >= 0 else {
            throw InputError("frame '\(text)': expected a size >= 0, got \(shown(values[2])) x \(shown(values[3]))")
        }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    /// A number as the dump would print it: `-4`, not `-4.0`.
    static func shown(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Positional numbers, or Tinder's named ones put in x, y, width, height order.
    private static func frameNumbers(_ text: String) -> [Double]? {
        let names = ["x": 0, "y": 1, "width": 2, "height": 3]
        var positional: [Double] = []
        var named: [Int: Double] = [:]
        var pending: Int?
        for token in tokens(text) {
            if let slot = names[token], pending == nil {
                pending = slot
            } else if let value = number(token) {
                if let slot = pending { named[slot] = value } else { positional.append(value) }
                pending = nil
            } else {
                return nil
            }
        }
        guard !named.isEmpty else { return positional }
        guard positional.isEmpty, pending == nil else { return nil }
        return named.count == 4 ? (0..<4).compactMap { named[$0] } : nil
    }

    /// `UIExtendedSRGBColorSpace r g b a` or `UIExtendedGrayColorSpace w a` (also the device spaces);
    /// nil for colours described by reference (`<UIDynamicProviderColor: 0x…>`).
    static func color(_ text: String) -> Color? {
        let words = text.split(separator: " ")
        guard let space = words.first, let values = numbers(words.dropFirst().joined(separator: " ")) else { return nil }
        let channels: [Double]
        if (space.contains("Gray") || space.contains("White")) && values.count == 2 {
            channels = [values[0], values[0], values[0], values[1]]
        } else if space.contains("RGB") && values.count == 4 {
            channels = values
        } else {
            return nil
        }
        // Extended sRGB reaches outside [0, 1]; the model holds 8-bit sRGB.
        let bytes = channels.map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
        return Color(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes[3])
    }

    /// A quoted text without its quotes, its backslash escapes decoded (`DescriptionEscapes`).
    static func text(_ value: String) -> String {
        var scalars = Substring(value).unicodeScalars
        if scalars.count >= 2, scalars.first == "'", scalars.last == "'" {
            scalars = scalars.dropFirst().dropLast()
        }
        return DescriptionEscapes.decode(Array(scalars))
    }

    /// Words and numbers between the separators `( ) { } [ ] , ; :` and white space.
    private static func tokens(_ text: String) -> [String] {
        text.split { " \t(){}[],;:".contains($0) }.map(String.init)
    }

    /// A finite number in `%g` form; nil for words, `nan` and `inf`.
    private static func number(_ token: String) -> Double? {
        guard let first = token.unicodeScalars.first, "+-.0123456789".unicodeScalars.contains(first),
              let value = Double(token), value.isFinite else { return nil }
        return value
    }
}
