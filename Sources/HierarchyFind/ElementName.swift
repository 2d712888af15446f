/// XML element names made from class names the way appium-uiautomator2-server does
/// (`XMLHelpers.toNodeName`): `$ @ # &` become dots, runs of dots one, dots at either end go, a
/// start that no name may begin with goes, every other character a name may not hold becomes
/// `_`, and nothing left is `android.view.View`.
enum ElementName {
    static let fallback = "android.view.View"

    static func fromClass(_ className: String?) -> String {
        guard let className, !className.allSatisfy(\.isWhitespace) else { return fallback }
        // Most class names (`android.widget.Button`, `UILabel`) are names already: kept as they are.
        if isPlainName(className.utf8) { return className }
        return byRule(className)
    }

    /// `fromClass` step by step, for any class name.
    static func byRule(_ className: String) -> String {
        var text = String(className.map { "$@#&".contains($0) ? "." : $0 })
        while text.contains("..") { text = text.replacingOccurrences(of: "..", with: ".") }
        if text.hasPrefix(".") { text.removeFirst() }
        if text.hasSuffix(".") { text.removeLast() }
        let scalars = text.unicodeScalars.drop { !isNameStart($0) }
        let name = String(String.UnicodeScalarView(scalars.map { isNameCharacter($0) ? $0 : "_" }))
        return name.allSatisfy(\.isWhitespace) ? fallback : name
    }

    /// ASCII letters, digits, `_`, `-` and single inner dots, starting with a letter or `_`: a name
    /// that every rule of `fromClass` leaves as it is.
    static func isPlainName(_ bytes: String.UTF8View) -> Bool {
        var previous: UInt8 = UInt8(ascii: ".")
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): break
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): if previous == UInt8(ascii: ".") { return false }
            case UInt8(ascii: "."): if previous == UInt8(ascii: ".") { return false }
            default: return false
            }
            previous = byte
        }
        return previous != UInt8(ascii: ".")
    }

    static func isNameStart(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x5F, 0x41...0x5A, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF,
             0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            true
        default: false
        }
    }

    static func isNameCharacter(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
        default: isNameStart(s)
        }
    }
}
