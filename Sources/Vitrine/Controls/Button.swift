import VitrineGraphics

/// A control that runs an action when tapped, with a title and colors per state (UIKit's
/// `UIButton`, without button types: one kind of button, styled through its per-state values).
///
/// Per-state values follow UIKit's lookup: the value set for exactly the current state, else
/// the value for `.normal`. There is no merging of flags, so a selected button being pressed
/// (`[.selected, .highlighted]`) shows the `.normal` title unless one is set for that exact
/// combination, as in UIKit.
///
/// A lift inside sends `.touchUpInside` and then `.primaryActionTriggered`.
///
/// Drawing: the background colour for the state fills the bounds (rounded by `cornerRadius`),
/// then the image for the state and the title (in `titleFont`) are placed side by side,
/// separated by `imageTitleSpacing`, where `effectiveContentHorizontalAlignment` says (centred
/// by default; at the left or right edge inside `contentInsets`). Right to left, the image is
/// right of the title and `.leading` means the right edge, as in UIKit; an image marked
/// `flipsForRightToLeftLayoutDirection` is drawn mirrored. Where no value is set for `.highlighted`, a pressed
/// button is darkened and its title dimmed, so a press is always visible; where none is set
/// for `.disabled`, a disabled button is drawn at 40% opacity.
@MainActor
open class Button: Control {
    /// The title color when none is set for the state nor for `.normal` (white, as UIKit's
    /// custom buttons).
    public static let defaultTitleColor = Color.white

    private var titles: [State: String] = [:]
    private var titleColors: [State: Color] = [:]
    private var backgroundColors: [State: Color] = [:]
    private var images: [State: Image] = [:]

    /// The font of the title (default: the 17-point medium system font).
    public var titleFont: Font = .system(size: 17, weight: .medium) {
        didSet { if titleFont != oldValue { setNeedsDisplay(); invalidateIntrinsicContentSize() } }
    }

    /// Points between the image and the title when both are shown.
    public var imageTitleSpacing: Double = 8 {
        didSet { if imageTitleSpacing != oldValue { setNeedsDisplay(); invalidateIntrinsicContentSize() } }
    }

    /// Points between the content and the bounds in `intrinsicContentSize`.
    public var contentInsets = EdgeInsets(top: 10, left: 20, bottom: 10, right: 20) {
        didSet { if contentInsets != oldValue { invalidateIntrinsicContentSize() } }
    }

    /// Creates a button with `frame` in its future superview's coordinate space.
    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// A press may show another title or image (one set for `.highlighted`): the size follows.
    open override var isHighlighted: Bool {
        didSet { if isHighlighted != oldValue { stateDidChange() } }
    }

    /// Disabling may show another title or image: the size follows.
    open override var isEnabled: Bool {
        didSet { if isEnabled != oldValue { stateDidChange() } }
    }

    /// Selecting may show another title or image: the size follows.
    open override var isSelected: Bool {
        didSet { if isSelected != oldValue { stateDidChange() } }
    }

    /// The title and image `intrinsicContentSize` last measured.
    private var sizedContent: (title: String?, image: ObjectIdentifier?) = (nil, nil)

    /// The state changed: when it shows another title or image than the one measured, the
    /// intrinsic size changes (compared in place: a press allocates nothing).
    private func stateDidChange() {
        let image = currentImage.map { ObjectIdentifier($0.storage) }
        if currentTitle != sizedContent.title || image != sizedContent.image { invalidateIntrinsicContentSize() }
    }

    /// True: a button's primary action is the tap.
    open override var triggersPrimaryActionOnTouchUpInside: Bool { true }

    // MARK: Titles

    /// Sets the title shown in `state` (nil removes it, so `state` falls back to `.normal`).
    public func setTitle(_ title: String?, for state: State) {
        let before = currentTitle
        titles[state] = title
        if currentTitle != before { setNeedsDisplay(); invalidateIntrinsicContentSize() }
    }

    /// The title for `state`: the one set for exactly `state`, else the `.normal` one.
    public func title(for state: State) -> String? {
        titles[state] ?? titles[.normal]
    }

    /// The title for the current `state`.
    public var currentTitle: String? { title(for: state) }

    // MARK: Title colors

    /// Sets the title color for `state` (nil removes it).
    public func setTitleColor(_ color: Color?, for state: State) {
        let before = currentTitleColor
        titleColors[state] = color
        if currentTitleColor != before { setNeedsDisplay() }
    }

    /// The title color for `state`: the one set for exactly `state`, else the `.normal` one,
    /// else nil.
    public func titleColor(for state: State) -> Color? {
        titleColors[state] ?? titleColors[.normal]
    }

    /// The title color for the current `state`, `defaultTitleColor` when none is set.
    public var currentTitleColor: Color { titleColor(for: state) ?? Button.defaultTitleColor }

    // MARK: Background colors

    /// Sets the color the button's bounds are filled with in `state` (nil removes it). This is
    /// drawn content, under the title, distinct from the view's `backgroundColor`.
    public func setBackgroundColor(_ color: Color?, for state: State) {
        let before = currentBackgroundColor
        backgroundColors[state] = color
        if currentBackgroundColor != before { setNeedsDisplay() }
    }

    /// The background color for `state`: the one set for exactly `state`, else the `.normal`
    /// one, else nil (nothing is filled).
    public func backgroundColor(for state: State) -> Color? {
        backgroundColors[state] ?? backgroundColors[.normal]
    }

    /// The background color for the current `state`, or nil.
    public var currentBackgroundColor: Color? { backgroundColor(for: state) }

    // MARK: Images

    /// Sets the image shown in `state` (nil removes it).
    public func setImage(_ image: Image?, for state: State) {
        let before = currentImage
        images[state] = image
        if currentImage?.storage !== before?.storage { setNeedsDisplay(); invalidateIntrinsicContentSize() }
        else if currentImage?.flipsForRightToLeftLayoutDirection != before?.flipsForRightToLeftLayoutDirection { setNeedsDisplay() }
    }

    /// The image for `state`: the one set for exactly `state`, else the `.normal` one.
    public func image(for state: State) -> Image? {
        images[state] ?? images[.normal]
    }

    /// The image for the current `state`, or nil.
    public var currentImage: Image? { image(for: state) }

    // MARK: Drawing and size

    /// The title, laid out on one line (nil without a title).
    private var titleLayout: TextLayout? {
        guard let title = currentTitle, !title.isEmpty else { return nil }
        // Kept while the title and font stay: a button redrawn (pressed, released) would
        // otherwise look its layout up by the whole key (text and font, hashed) every time.
        if let kept = keptTitleLayout, kept.font == titleFont, kept.title == title { return kept.layout }
        let layout = TextLayout(text: title, font: titleFont, width: nil, numberOfLines: 1)
        keptTitleLayout = (title, titleFont, layout)
        return layout
    }
    /// The title's last layout, with the title and font it was made for.
    private var keptTitleLayout: (title: String, font: Font, layout: TextLayout)?

    /// The content's size plus `contentInsets`.
    open override var intrinsicContentSize: Size {
        sizedContent = (currentTitle, currentImage.map { ObjectIdentifier($0.storage) })
        let title = titleLayout?.size ?? .zero
        let image = currentImage?.size ?? .zero
        let spacing = title.width > 0 && image.width > 0 ? imageTitleSpacing : 0
        return Size(width: (title.width + spacing + image.width + contentInsets.left + contentInsets.right).rounded(.up),
                    height: (max(title.height, image.height) + contentInsets.top + contentInsets.bottom).rounded(.up))
    }

    /// `intrinsicContentSize`.
    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    /// Draws the background, image and title of the current state.
    open override func draw(_ rect: Rect, in context: GraphicsContext) {
        let state = self.state
        // The default looks of a press and of a disabled button, where none is set.
        let pressed = state.contains(.highlighted) && backgroundColors[state] == nil && titleColors[state] == nil
        let disabled = state.contains(.disabled) && backgroundColors[state] == nil && titleColors[state] == nil
        context.saveGState()
        defer { context.restoreGState() }
        if disabled { context.alpha *= 0.4 }
        if let background = currentBackgroundColor {
            context.fillColor = pressed ? Button.darkened(background) : background
            if cornerRadius > 0 {
                context.fillRoundedRect(bounds, cornerRadius: cornerRadius)
            } else {
                context.fill(bounds)
            }
        }
        let title = titleLayout
        let image = currentImage
        let titleSize = title?.size ?? .zero
        let imageSize = image?.size ?? .zero
        let spacing = titleSize.width > 0 && imageSize.width > 0 ? imageTitleSpacing : 0
        let contentWidth = imageSize.width + spacing + titleSize.width
        let rightToLeft = isLaidOutRightToLeft
        let x: Double = switch effectiveContentHorizontalAlignment {
        case .left: bounds.minX + contentInsets.left
        case .right: bounds.maxX - contentInsets.right - contentWidth
        case .fill: rightToLeft ? bounds.maxX - contentInsets.right - contentWidth : bounds.minX + contentInsets.left
        default: bounds.midX - contentWidth / 2
        }
        // Left to right: image, then title; right to left: title, then image (the image leads).
        let imageX = rightToLeft ? x + titleSize.width + spacing : x
        let titleX = rightToLeft ? x : x + imageSize.width + spacing
        if let image {
            let imageRect = Rect(x: imageX, y: bounds.midY - imageSize.height / 2, width: imageSize.width, height: imageSize.height)
            // Decoded (an SVG drawn) at the pixel size shown.
            if let pixels = image.surface(fitting: imageRect.size, transform: context.ctm) {
                context.draw(pixels, of: image, in: imageRect, rightToLeft: rightToLeft)
            }
        }
        if let title {
            var color = currentTitleColor
            if pressed { color = color.withAlphaComponent(color.alpha * 0.6) }
            context.draw(title, at: Point(x: titleX, y: bounds.midY - titleSize.height / 2), color: color)
        }
    }

    /// `color` darkened by a fifth: the default pressed look.
    static func darkened(_ color: Color) -> Color {
        Color(red: color.red * 0.8, green: color.green * 0.8, blue: color.blue * 0.8, alpha: color.alpha)
    }
}
