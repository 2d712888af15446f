import HierarchyModel

/// How a view that has neither a snapshot nor a background colour is drawn instead of an outline
/// alone: a light fill tinted by its role (opaque only for the roles `PaintRule` says draw a
/// background, a faint tint for the others) with a thin border, its text set inside its frame
/// (an accessibility description as a small caption at its foot), and a picture mark for
/// images. Everything is in points from the view's top left; the painter draws it at whatever
/// pixel density the picture needs.
public struct SyntheticLook: Hashable, Sendable {
    public var role: ViewRole
    public var fill: Color
    public var border: Color
    public var borderWidth: Double
    public var cornerRadius: Double
    /// The text to set (nil or empty: none), its colour and the box it is fitted into.
    public var text: String?
    public var textColor: Color
    public var textBox: Rect
    /// The preferred size and the smallest it may shrink to before it is cut with an ellipsis.
    public var fontSize: Double
    public var minimumFontSize: Double
    /// Centred lines (buttons, bars, controls) or lines from the reading edge (text, cells).
    public var centered: Bool
    /// The square of the image placeholder mark, and its colour; nil for other roles.
    public var placeholder: Rect?
    public var markColor: Color
    /// Whether the text is an accessibility description (a caption), not text the app draws.
    public var isCaption: Bool
    /// A description set small under the view's drawn text, where it says words the text does
    /// not (a `TextView` drawing "Mon, Tue" that a screen reader reads "Monday, Tuesday").
    public var detail: Detail? = nil
    /// At most this many lines of text (nil: as many as the box holds).
    public var maximumLines: Int? = nil

    /// A second, smaller text in the caption's ink, fitted into its own box.
    public struct Detail: Hashable, Sendable {
        public var text: String
        public var box: Rect
        public var fontSize: Double
        public var minimumFontSize: Double
    }

    /// The alpha of the tint of a view that draws no background of its own: ten such views stacked
    /// over a text still leave it three quarters of its contrast.
    public static let faintTintAlpha: UInt8 = 8

    /// The look of a view of `role`, `width`×`height` points, showing `text`. `unit` is the
    /// document's units per point (an Android dump read without its density is in pixels).
    /// `opaque` false gives the fill `faintTintAlpha`; `caption` sets the text as a description,
    /// over the whole frame when `leaf` (no subview draws where it goes), else at the view's foot.
    /// `detail` is a description set small under the drawn text. `mark` false leaves an image's
    /// picture mark out (an image that lies over text the app draws behind it).
    public static func of(role: ViewRole, width: Double, height: Double, text: String?, unit: Double = 1,
                          opaque: Bool = true, caption: Bool = false, leaf: Bool = false,
                          detail: String? = nil, mark: Bool = true) -> SyntheticLook {
        var palette = SyntheticLook.palette(role)
        if !opaque { palette.fill.alpha = faintTintAlpha }
        let shown = text.flatMap { $0.trimmingWhitespace.isEmpty ? nil : $0 }
        if caption, let shown, role != .image || !mark || height < 40 * unit {
            return captioned(role: role, width: width, height: height, text: shown, unit: unit, palette: palette,
                             whole: leaf || role == .image)
        }
        let tight = [.text, .button, .input, .toggle].contains(role)
        // A 20 pt label holds UIKit's 17 pt body text; larger frames keep to 17 pt, small ones shrink.
        let preferred = min(17 * unit, max(7 * unit, height * (tight ? 0.8 : 0.6)))
        let inset = role == .text ? min(2 * unit, width / 8) : min(8 * unit, width / 6)
        let top = min(unit, height / 8)
        var textBox = Rect(x: inset, y: top, width: max(0, width - 2 * inset), height: max(0, height - 2 * top))
        var placeholder: Rect? = nil
        if role == .image && mark {
            // Room for two lines of caption under the mark (a small image's description is set across it, above).
            let textHeight = shown != nil && height >= 40 * unit ? min(28 * unit, height * 0.4) : 0
            let side = min(width, height - textHeight) * 0.5
            placeholder = Rect(x: (width - side) / 2, y: (height - textHeight - side) / 2, width: side, height: side)
            textBox = Rect(x: inset, y: height - textHeight, width: max(0, width - 2 * inset), height: textHeight)
        }
        // A label draws no box in the app, and a box drawn tight round a word reads as letters.
        var border = palette.border
        if role == .text { border.alpha = 0 }
        var described: Detail? = nil
        if let detail = detail.flatMap({ $0.trimmingWhitespace.isEmpty ? nil : String($0.trimmingWhitespace) }), role != .image, textBox.height > 0 {
            // The drawn text keeps the top three fifths, the description the rest.
            let strip = textBox.height * 0.4
            let size = min(11 * unit, max(5 * unit, strip * 0.8))
            described = Detail(text: detail, box: Rect(x: textBox.x, y: textBox.maxY - strip, width: textBox.width, height: strip),
                               fontSize: size, minimumFontSize: max(4 * unit, size * minimumShrink))
            textBox.height -= strip
        }
        let preferredSize = described == nil ? preferred : min(preferred, max(7 * unit, textBox.height * (tight ? 0.8 : 0.6)))
        var look = SyntheticLook(
            role: role, fill: palette.fill, border: border, borderWidth: min(0.75 * unit, width / 4, height / 4),
            cornerRadius: SyntheticLook.cornerRadius(role, width: width, height: height, unit: unit),
            text: role == .image && textBox.height == 0 ? nil : shown, textColor: caption ? captionInk : palette.ink, textBox: textBox,
            // The app sizes a view for its text in its own font: ours shrinks well down before it cuts a word.
            fontSize: preferredSize, minimumFontSize: max(5 * unit, preferredSize * minimumShrink),
            centered: [.button, .bar, .toggle, .control, .image, .web].contains(role),
            placeholder: placeholder, markColor: palette.border, isCaption: caption)
        look.detail = described
        return look
    }

    /// A view whose text is a description: the text small, in the caption's ink, centred in a
    /// strip at the view's foot, never over the middle where its children draw; over the whole
    /// frame, wrapped, when `whole` (no subview draws there: a leaf, a small image).
    private static func captioned(role: ViewRole, width: Double, height: Double, text: String, unit: Double,
                                  palette: (fill: Color, border: Color, ink: Color), whole: Bool) -> SyntheticLook {
        let size = min(11 * unit, max(whole ? 5 * unit : 6 * unit, height * (whole ? 0.8 : 0.3)))
        let top = whole ? min(unit, height / 8) : 0
        let strip = whole ? height - 2 * top : min(height, size * 1.3)
        let inset = min(4 * unit, width / 8)
        var look = SyntheticLook(
            role: role, fill: palette.fill, border: palette.border, borderWidth: min(0.75 * unit, width / 4, height / 4),
            cornerRadius: SyntheticLook.cornerRadius(role, width: width, height: height, unit: unit),
            text: text, textColor: captionInk, textBox: Rect(x: inset, y: height - top - strip, width: max(0, width - 2 * inset), height: strip),
            fontSize: size, minimumFontSize: max(5 * unit, size * minimumShrink), centered: true,
            placeholder: nil, markColor: palette.border, isCaption: true)
        // Over the whole frame its own lines, each wrapped once at most, rather than many short
        // lines of a few letters (a CJK line breaks between any two characters).
        if whole { look.maximumLines = 2 * text.split(separator: "\n").count }
        return look
    }

    /// How far a text shrinks (a fraction of its preferred size) before it is cut with an ellipsis.
    public static let minimumShrink = 0.45

    /// The ink of descriptions: a mid grey-violet, unlike any role's text ink.
    public static let captionInk = Color(hex: 0x6A5F8C)

    private static func cornerRadius(_ role: ViewRole, width: Double, height: Double, unit: Double) -> Double {
        let radius: Double = switch role {
        case .button: 6 * unit
        case .input, .control: 5 * unit
        case .toggle: height / 2
        default: 0
        }
        return min(radius, width / 2, height / 2)
    }

    /// Light fills told apart by hue, borders half a step darker (a dark ring round a word is
    /// taken for a glyph by a reader, OCR among them, and the word inside it is lost), ink dark
    /// enough to read on the fill.
    static func palette(_ role: ViewRole) -> (fill: Color, border: Color, ink: Color) {
        switch role {
        case .container: (Color(hex: 0xF4F5F7), Color(hex: 0xDEE2E8), Color(hex: 0x3C4048))
        case .list: (Color(hex: 0xEEF2F8), Color(hex: 0xD4DCE8), Color(hex: 0x2F3A4A))
        case .cell: (Color(hex: 0xFBFBFC), Color(hex: 0xE4E7EC), Color(hex: 0x1F2329))
        case .bar: (Color(hex: 0xECE8F6), Color(hex: 0xD2CAE8), Color(hex: 0x2C2540))
        case .text: (Color(hex: 0xFFFCF2), Color(hex: 0xF1EAD7), Color(hex: 0x1C1C1E))
        case .button: (Color(hex: 0xDCEAFF), Color(hex: 0xB4D0F8), Color(hex: 0x0B4FBF))
        case .image: (Color(hex: 0xE2ECE9), Color(hex: 0xB8CBC6), Color(hex: 0x2E4A44))
        case .input: (Color(hex: 0xFFFFFF), Color(hex: 0xC6CCD2), Color(hex: 0x3A3F47))
        case .toggle: (Color(hex: 0xDAF3E1), Color(hex: 0xB4DFC2), Color(hex: 0x1B5E30))
        case .control: (Color(hex: 0xFFEFD6), Color(hex: 0xF2D4A4), Color(hex: 0x6E4300))
        case .web: (Color(hex: 0xE6F0F8), Color(hex: 0xC2D6E8), Color(hex: 0x23435E))
        }
    }
}

extension Color {
    /// An opaque colour from 0xRRGGBB.
    init(hex: UInt32) {
        self.init(red: UInt8(hex >> 16 & 0xFF), green: UInt8(hex >> 8 & 0xFF), blue: UInt8(hex & 0xFF))
    }
}

extension String {
    var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
