import VitrineGraphics

/// A view that shows read-only text (UIKit's `UILabel`): one font and one colour, or rich
/// text (`attributedText`), on one line or several.
///
/// The text is laid out in the bounds' width (a `TextLayout`), on at most `numberOfLines`
/// lines and at most as many as the bounds' height holds; the last line shown wraps, clips or
/// truncates as `lineBreakMode` says. The block of lines is centred vertically in the bounds
/// and aligned across them by `textAlignment`. Sizes are in points.
///
/// Like `UILabel`: not interactive by default (`isUserInteractionEnabled` is false, so touches
/// go to the view behind), no background (transparent where there is no text), and changing a
/// property that changes the text's size asks the superview to lay out again.
open class Label: View {
    /// The text shown (nil or empty: nothing, and no intrinsic size). Any string is shown,
    /// whatever it holds (text from a network, a file or a card reader needs no cleaning
    /// first): C0 and C1 controls other than tab and line ends are drawn as nothing, and
    /// noncharacters (U+FFFE, U+FFFF, U+FDD0…) as U+FFFD "�" (see `TextLayout`). Line feeds,
    /// CR, VT, FF, NEL and U+2028/U+2029 end lines; tab is a space.
    public var text: String? {
        didSet {
            // Set on its own (not through `attributedText`): the text takes the label's font
            // and colour again, as UIKit's.
            if !isSettingAttributedText, attributedStorage != nil {
                attributedStorage = nil
                textGeometryDidChange()
                return
            }
            if text != oldValue { textGeometryDidChange() }
        }
    }

    /// The text with its attributes (UIKit's `attributedText`): runs in their own fonts,
    /// colours, backgrounds, underlines, strikethroughs, kerning and baseline offsets, and
    /// paragraphs set by their paragraph styles (see `TextLayout(attributedText:…)`). What a
    /// run leaves unset comes from the label: `font`, `textColor`, `textAlignment`,
    /// `lineSpacing`, and `lineBreakMode` unless the first paragraph's style sets one.
    ///
    /// Setting it sets `text` to its string; setting `text` drops the attributes. Read without
    /// attributes set, it is `text` in the label's font and colour. Links are drawn as their
    /// attributes say and are not tappable in a label (as in UIKit; a `TextView` reports taps
    /// on them).
    public var attributedText: AttributedText? {
        get {
            if let attributedStorage { return attributedStorage }
            guard let text else { return nil }
            return AttributedText(text, attributes: TextAttributes(font: font, foregroundColor: textColor))
        }
        set {
            isSettingAttributedText = true
            defer { isSettingAttributedText = false }
            let changed = newValue != attributedStorage
            attributedStorage = newValue
            text = newValue?.string
            if changed { textGeometryDidChange() }
        }
    }

    /// The attributed text set, if any (nil: `text` is plain).
    private var attributedStorage: AttributedText?
    private var isSettingAttributedText = false

    /// The font (default: the 17-point system font, as UIKit's).
    public var font: Font = .system(size: 17) {
        didSet { if font != oldValue { textGeometryDidChange() } }
    }

    /// The colour of the text (default black).
    public var textColor: Color = .black {
        didSet { if textColor != oldValue { setNeedsDisplay() } }
    }

    /// How lines align across the bounds (default `.natural`: the leading edge of the label's
    /// `effectiveUserInterfaceLayoutDirection`, whatever the text's script, as UILabel's — an
    /// English name in an Arabic screen is at the right, an Arabic one in an English screen at
    /// the left). The text's own direction still orders it: a paragraph runs in the direction of
    /// its first strong character, or with none (digits, punctuation) in the label's.
    public var textAlignment: TextAlignment = .natural {
        didSet {
            guard textAlignment != oldValue else { return }
            drawnLayout = nil
            setNeedsDisplay()
        }
    }

    /// The most lines shown; 0 for as many as the text and the bounds' height need (default 1).
    public var numberOfLines = 1 {
        didSet { if numberOfLines != oldValue { textGeometryDidChange() } }
    }

    /// How lines wrap and how text past the last line shown is shown (default
    /// `.byTruncatingTail`: "…" at the end of the last line).
    public var lineBreakMode: LineBreakMode = .byTruncatingTail {
        didSet { if lineBreakMode != oldValue { textGeometryDidChange() } }
    }

    /// Extra points between lines (default 0).
    public var lineSpacing: Double = 0 {
        didSet { if lineSpacing != oldValue { textGeometryDidChange() } }
    }

    /// The width, in points, that `intrinsicContentSize` wraps a multi-line label at (default
    /// 0: for a label that constraints place, the width they give it, as UIKit's automatic
    /// width; otherwise no wrapping, lines break only at line feeds). Ignored when
    /// `numberOfLines` is 1.
    public var preferredMaxLayoutWidth: Double = 0 {
        didSet {
            if preferredMaxLayoutWidth != oldValue, numberOfLines != 1 { invalidateIntrinsicContentSize() }
        }
    }

    /// The layout last drawn, kept while the text, its attributes, the bounds and the direction
    /// of neutral text (the view's layout direction) stay.
    private var drawnLayout: (size: Size, direction: WritingDirection, layout: TextLayout?)?
    /// The layout drawn before the last change, laid out again in its own storage when the
    /// next one has the same font, width and settings (`TextLayout.replaceText`): a label whose
    /// text changes every frame (a counter, a clock) allocates nothing for it once warm.
    private var reusableLayout: TextLayout?
    /// The last measurement, by wrapping width.
    private var measured: (width: Double?, size: Size)?
    /// The width the last `intrinsicContentSize` wrapped at (nil: none), so that a new width
    /// from constraints measures again.
    private var intrinsicWidth: Double?
    /// The width the layout pass gave a multi-line label that constraints place (nil before its
    /// first pass: its frame until then, from `sizeToFit` or by hand, is not a layout width).
    private var layoutWidth: Double?

    /// A label with `frame` in its future superview's space, not interactive.
    public override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// A label showing `text` in `font`, sized to fit it on one line.
    public convenience init(text: String, font: Font = .system(size: 17)) {
        self.init(frame: .zero)
        self.text = text
        self.font = font
        sizeToFit()
    }

    /// The size of the text laid out within `size.width` (unlimited for a one-line label,
    /// and when `size.width` is 0 or not finite), rounded up to whole points: what
    /// `sizeToFit()` gives the label. Zero without text.
    open override func sizeThatFits(_ size: Size) -> Size {
        let wraps = numberOfLines != 1 && size.width > 0 && size.width.isFinite
        return measuredSize(width: wraps ? size.width : nil)
    }

    /// The text's size on `numberOfLines` lines, rounded up to whole points; zero without text.
    /// A multi-line label wraps at `preferredMaxLayoutWidth` when that is set, else, when
    /// constraints place it, at the width they gave it (none before the first layout pass: then
    /// the lines break only at line feeds).
    open override var intrinsicContentSize: Size {
        intrinsicWidth = intrinsicWrapWidth
        return measuredSize(width: intrinsicWidth)
    }

    /// The width the intrinsic size wraps at, or nil (see `intrinsicContentSize`).
    private var intrinsicWrapWidth: Double? {
        guard numberOfLines != 1 else { return nil }
        if preferredMaxLayoutWidth > 0 { return preferredMaxLayoutWidth }
        if !translatesAutoresizingMaskIntoConstraints, let layoutWidth, layoutWidth > 0 { return layoutWidth }
        return nil
    }

    /// A multi-line label that constraints place wraps at the width they gave it: once its
    /// width is known (or changes), its intrinsic height is measured again at that width and the
    /// layout pass goes on with it (UIKit's second pass). Subclasses that override it call
    /// `super`.
    open override func layoutSubviews() {
        super.layoutSubviews()
        guard numberOfLines != 1, preferredMaxLayoutWidth <= 0, !translatesAutoresizingMaskIntoConstraints else { return }
        if bounds.width != layoutWidth { layoutWidth = bounds.width }
        if intrinsicWrapWidth != intrinsicWidth { invalidateIntrinsicContentSize() }
    }

    /// Where the text is drawn in `bounds` (points, `bounds`' space) when at most
    /// `numberOfLines` lines (0: no limit) are shown: the lines' box, as wide as `bounds` and
    /// centred vertically in it. `Rect.zero` without text.
    open func textRect(forBounds bounds: Rect, limitedToNumberOfLines numberOfLines: Int) -> Rect {
        guard let layout = makeLayout(width: bounds.width, lines: numberOfLines, height: bounds.height) else { return .zero }
        return Rect(x: bounds.minX, y: bounds.minY + (bounds.height - layout.size.height) / 2,
                    width: bounds.width, height: layout.size.height)
    }

    /// The layout the label draws in its current bounds (nil without text): which lines show,
    /// whether the last is truncated, where each glyph goes.
    public var textLayout: TextLayout? {
        let direction = neutralWritingDirection
        if let drawnLayout, drawnLayout.size == bounds.size, drawnLayout.direction == direction { return drawnLayout.layout }
        keepDrawnLayoutForReuse()
        let layout = makeLayout(width: bounds.width, lines: numberOfLines, height: bounds.height, reusing: true)
        drawnLayout = (bounds.size, direction, layout)
        return layout
    }

    /// Draws the text, centred vertically in the bounds.
    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        guard let layout = textLayout else { return }
        let y = bounds.minY + (bounds.height - layout.size.height) / 2
        context.draw(layout, at: Point(x: bounds.minX, y: y), color: textColor)
    }

    /// The text changed size or shape: measure again, lay out the superview, redraw.
    private func textGeometryDidChange() {
        keepDrawnLayoutForReuse()
        measured = nil
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    /// Moves the drawn layout, if any, to `reusableLayout` (moved, not copied: one owner
    /// keeps its storage reusable in place).
    private func keepDrawnLayoutForReuse() {
        guard let layout = drawnLayout?.layout else {
            drawnLayout = nil
            return
        }
        drawnLayout = nil
        reusableLayout = layout
    }

    private func measuredSize(width: Double?) -> Size {
        if let measured, measured.width == width { return measured.size }
        let size: Size
        if let layout = makeLayout(width: width, lines: numberOfLines, height: nil) {
            size = Size(width: layout.size.width.rounded(.up), height: layout.size.height.rounded(.up))
        } else {
            size = .zero
        }
        measured = (width, size)
        return size
    }

    /// The text laid out `width` wide on at most `lines` lines (0: any number) and, when
    /// `height` is given, at most as many as fit in it (always at least one): the lines that
    /// would fall below the bounds are dropped and the last shown truncates instead, as
    /// UILabel does.
    /// With `reusing`, the first layout is made in `reusableLayout`'s storage when its settings
    /// match (the drawn layout's path only: measuring must not take it).
    private func makeLayout(width: Double?, lines: Int, height: Double?, reusing: Bool = false) -> TextLayout? {
        guard let text, !text.isEmpty else { return nil }
        let direction = neutralWritingDirection
        let alignment = textAlignment == .natural ? (direction == .rightToLeft ? .right : .left) : textAlignment
        func layout(_ lines: Int) -> TextLayout {
            if let attributedStorage {
                return TextLayout(attributedText: attributedStorage, font: font, width: width, numberOfLines: lines,
                                  lineBreakMode: lineBreakMode, alignment: textAlignment, lineSpacing: lineSpacing,
                                  neutralDirection: direction)
            }
            if reusing, var kept = reusableLayout, kept.attributedText == nil, kept.font == font, kept.width == width.map({ max($0, 0) }),
               kept.numberOfLines == max(lines, 0), kept.lineBreakMode == lineBreakMode,
               kept.alignment == alignment, kept.lineSpacing == lineSpacing, kept.neutralDirection == direction {
                reusableLayout = nil
                kept.replaceText(with: text)
                return kept
            }
            return TextLayout(text: text, font: font, width: width, numberOfLines: lines, lineBreakMode: lineBreakMode,
                              alignment: alignment, lineSpacing: lineSpacing, neutralDirection: direction)
        }
        let full = layout(lines)
        guard let height, full.lines.count > 1, full.size.height > height else { return full }
        // Float slack: a label sized by sizeThatFits (rounded up) must keep all its lines.
        let fitting = full.lines.prefix { $0.rect.maxY <= height + 1e-9 }.count
        return layout(max(fitting, 1))
    }
}

extension Label: LayoutBaselineProviding {
    /// The first or last line's baseline for constraints: the text is centred vertically (see
    /// `draw`), so it sits at `top + ½ height + (baseline − text height ÷ 2)`, for the lines of
    /// the intrinsic layout (wrapped as `intrinsicContentSize` wraps). No text:
    /// the bottom, as a view without text.
    package func layoutBaseline(last: Bool) -> (heightFactor: Double, offset: Double)? {
        guard let layout = makeLayout(width: intrinsicWrapWidth, lines: numberOfLines, height: nil),
              let line = last ? layout.lines.last : layout.lines.first else { return nil }
        return (0.5, line.baseline - layout.size.height / 2)
    }
}

extension Label: LayoutWidthDependentSize {
    /// A multi-line label without `preferredMaxLayoutWidth` wraps at the width layout gives it
    /// (`View.systemLayoutSizeFitting`'s second solve); nil for the others.
    package func intrinsicContentSize(forLayoutWidth width: Double) -> Size? {
        guard numberOfLines != 1, preferredMaxLayoutWidth <= 0, width > 0 else { return nil }
        return measuredSize(width: width)
    }
}
