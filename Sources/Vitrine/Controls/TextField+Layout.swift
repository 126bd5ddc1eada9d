import VitrineGraphics

// A text field's intrinsic size (UIKit's `UITextField` has one): as wide as its text or its
// placeholder, whichever is wider, and one line of its font high, plus its insets. Measured
// only for a field whose size comes from its content — placed by constraints or arranged by a
// stack view — so that a field placed by its frame measures nothing as it is typed in.

/// What the field last told the layout its intrinsic size was, and its placeholder's measured
/// width (kept until the placeholder or the font changes: a keystroke measures no placeholder).
struct TextFieldIntrinsicSize {
    var reported: Size?
    var placeholderWidth = 0.0
    var measuredPlaceholder: (text: String, font: Font)?
}

extension TextField {
    /// The size `intrinsicContentSize` reports, in points rounded up: the wider of the text (as
    /// drawn: bullets for secure entry) and the placeholder, plus the caret's width (so that the
    /// caret at the end does not scroll the line), `textInsets.left` and `.right`, and the clear
    /// button with its gap when `clearButtonMode` is not `.never` (so the field does not
    /// resize when it comes and goes); the font's line height (or the clear button's, if
    /// taller) plus `textInsets.top` and `.bottom`. UIKit's field adds its border style's
    /// padding; Vitrine's draws no border of its own, so `textInsets` is that padding.
    var measuredIntrinsicSize: Size {
        let textWidth = line.layout?.size.width ?? 0
        let clear = clearButtonMode == .never ? 0 : Self.clearButtonSize + 4
        let width = max(textWidth, placeholderWidth) + Self.caretWidth + textInsets.left + textInsets.right + clear
        let lineHeight = max(font.lineHeight, clearButtonMode == .never ? 0 : Self.clearButtonSize)
        return Size(width: width.rounded(.up), height: (lineHeight + textInsets.top + textInsets.bottom).rounded(.up))
    }

    /// The placeholder's width in the field's font, measured again only when either changed.
    private var placeholderWidth: Double {
        guard let placeholder, !placeholder.isEmpty else { return 0 }
        if let measured = intrinsicSize.measuredPlaceholder, measured.text == placeholder, measured.font == font {
            return intrinsicSize.placeholderWidth
        }
        let width = TextLayout(text: placeholder, font: font, width: nil, numberOfLines: 1).size.width
        intrinsicSize.measuredPlaceholder = (placeholder, font)
        intrinsicSize.placeholderWidth = width
        return width
    }

    /// After a change of what is shown (text, placeholder, font, insets, clear button mode,
    /// secure entry): a field whose size comes from its content tells the layout when its
    /// intrinsic size changed (`invalidateIntrinsicContentSize()`); others measure nothing.
    func intrinsicContentSizeMayHaveChanged() {
        guard !translatesAutoresizingMaskIntoConstraints || superview is any SubviewChangeObserving else {
            intrinsicSize.reported = nil
            return
        }
        let size = measuredIntrinsicSize
        guard size != intrinsicSize.reported else { return }
        intrinsicSize.reported = size
        invalidateIntrinsicContentSize()
    }
}
