import VitrineGraphics

/// One row of a shown menu: an action, the entry of a submenu, the way back out of one, or a
/// title. Rows that can be chosen are controls (focusable, activated by Enter) and
/// accessibility elements named by their title.
@MainActor
final class MenuItemView: Control {
    enum Kind {
        /// Chooses the action.
        case action(MenuAction)
        /// Opens the submenu in the panel.
        case submenu(Menu)
        /// Goes back to the menu the submenu was opened from.
        case back(Menu)
        /// The title of a menu or of an inline group; not chosen.
        case header(String)
    }

    static let titleFont = Font.system(size: 17)
    static let subtitleFont = Font.system(size: 13)
    static let headerFont = Font.system(size: 13)
    static let destructiveColor = Color(rgb: 0xFF3B30)
    static let highlightColor = Color(white: 0, alpha: 0.1)
    /// Width kept at the leading edge for check marks, when any row of the panel has one.
    static let checkColumn = 28.0
    /// Inset of the contents from either edge.
    static let inset = 16.0
    static let imageSize = 22.0

    let kind: Kind
    let titleLabel = Label(frame: .zero)
    let subtitleLabel = Label(frame: .zero)
    private let imageView = ImageView(image: nil)
    /// Whether the panel keeps a check column (set by the panel before layout).
    var hasCheckColumn = false {
        didSet { if hasCheckColumn != oldValue { setNeedsLayout() } }
    }

    init(kind: Kind) {
        self.kind = kind
        super.init(frame: .zero)
        var title = "", subtitle: String?, image: Image?, color = Color.black, enabled = true
        switch kind {
        case let .action(action):
            title = action.title
            subtitle = action.subtitle
            image = action.image
            if action.attributes.contains(.destructive) { color = Self.destructiveColor }
            enabled = !action.attributes.contains(.disabled)
        case let .submenu(menu):
            title = menu.title
            subtitle = menu.subtitle
            image = menu.image
            if menu.options.contains(.destructive) { color = Self.destructiveColor }
        case let .back(menu):
            title = menu.title
        case let .header(text):
            title = text
            color = Color(white: 0.45)
        }
        titleLabel.text = title
        titleLabel.font = isHeader ? Self.headerFont : Self.titleFont
        if case .back = kind { titleLabel.font = .system(size: 17, weight: .semibold) }
        titleLabel.textColor = enabled ? color : color.withAlphaComponent(0.35)
        addSubview(titleLabel)
        if let subtitle, !subtitle.isEmpty {
            subtitleLabel.text = subtitle
            subtitleLabel.font = Self.subtitleFont
            subtitleLabel.textColor = Color(white: 0.45).withAlphaComponent(enabled ? 1 : 0.35)
            addSubview(subtitleLabel)
        }
        if let image {
            imageView.image = image
            imageView.contentMode = .scaleAspectFit
            imageView.alpha = enabled ? 1 : 0.35
            addSubview(imageView)
        }
        isEnabled = enabled && !isHeader
        isUserInteractionEnabled = !isHeader
        // The row is one element: its title, as a button (the header as static text).
        isAccessibilityElement = true
        accessibilityLabel = title
        accessibilityTraits = traits
        for label in [titleLabel, subtitleLabel] { label.isAccessibilityElement = false }
    }

    private var isHeader: Bool {
        if case .header = kind { return true }
        return false
    }

    /// Button (or static text for a header), selected when checked, not enabled when disabled.
    private var traits: AccessibilityTraits {
        switch kind {
        case .header: return .staticText
        case let .action(action):
            var traits: AccessibilityTraits = .button
            if action.state == .on { traits.insert(.selected) }
            if action.attributes.contains(.disabled) { traits.insert(.notEnabled) }
            return traits
        case .submenu, .back: return .button
        }
    }

    /// The height the row takes.
    var preferredHeight: Double {
        if isHeader { return 34 }
        return subtitleLabel.superview == nil ? 48 : 62
    }

    override var triggersPrimaryActionOnTouchUpInside: Bool { true }

    override var isHighlighted: Bool {
        didSet { if isHighlighted != oldValue { backgroundColor = isHighlighted ? Self.highlightColor : nil } }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        let rtl = isRightToLeft
        // Leading and trailing space: the check column at the leading edge (or the back
        // chevron), the image or the submenu chevron at the trailing one.
        var leading = Self.inset
        if hasCheckColumn { leading += Self.checkColumn }
        if case .back = kind { leading += 18 }
        var trailing = Self.inset
        if imageView.superview != nil { trailing += Self.imageSize + 10 }
        if case .submenu = kind { trailing += 18 }
        let width = max(b.width - leading - trailing, 0)
        let x = rtl ? b.maxX - leading - width : b.minX + leading
        titleLabel.textAlignment = rtl ? .right : .left
        subtitleLabel.textAlignment = rtl ? .right : .left
        let titleHeight = titleLabel.intrinsicContentSize.height
        if subtitleLabel.superview != nil {
            let subtitleHeight = subtitleLabel.intrinsicContentSize.height
            let top = b.midY - (titleHeight + 2 + subtitleHeight) / 2
            titleLabel.frame = Rect(x: x, y: top, width: width, height: titleHeight)
            subtitleLabel.frame = Rect(x: x, y: top + titleHeight + 2, width: width, height: subtitleHeight)
        } else if isHeader {
            titleLabel.frame = Rect(x: x, y: b.maxY - titleHeight - 6, width: width, height: titleHeight)
        } else {
            titleLabel.frame = Rect(x: x, y: b.midY - titleHeight / 2, width: width, height: titleHeight)
        }
        if imageView.superview != nil {
            var imageTrailing = Self.inset
            if case .submenu = kind { imageTrailing += 18 }
            let size = Self.imageSize
            let imageX = rtl ? b.minX + imageTrailing : b.maxX - imageTrailing - size
            imageView.frame = Rect(x: imageX, y: b.midY - size / 2, width: size, height: size)
        }
    }

    override func draw(_ rect: Rect, in context: GraphicsContext) {
        let b = bounds
        let rtl = isRightToLeft
        context.lineWidth = 2
        context.lineCap = .round
        context.lineJoin = .round
        context.strokeColor = titleLabel.textColor
        var path = Path()
        // Points given left to right are mirrored right to left (x measured from the leading edge).
        func point(_ fromLeading: Double, _ y: Double) -> Point {
            Point(x: rtl ? b.maxX - fromLeading : b.minX + fromLeading, y: y)
        }
        switch kind {
        case let .action(action):
            guard hasCheckColumn else { return }
            let left = Self.inset, midY = b.midY
            switch action.state {
            case .off: return
            case .on:
                // The check mark's shape is not mirrored (as UIKit's), only its place.
                let origin = rtl ? b.maxX - left - 16 : b.minX + left
                path.move(to: Point(x: origin + 1, y: midY))
                path.addLine(to: Point(x: origin + 6, y: midY + 5))
                path.addLine(to: Point(x: origin + 15, y: midY - 6))
            case .mixed:
                path.move(to: point(left + 2, midY))
                path.addLine(to: point(left + 14, midY))
            }
        case .submenu:
            // A chevron toward the trailing edge.
            let tip = b.width - Self.inset
            path.move(to: point(tip - 6, b.midY - 7))
            path.addLine(to: point(tip, b.midY))
            path.addLine(to: point(tip - 6, b.midY + 7))
        case .back:
            // A chevron toward the leading edge, before the title.
            var start = Self.inset
            if hasCheckColumn { start += Self.checkColumn }
            path.move(to: point(start + 7, b.midY - 7))
            path.addLine(to: point(start + 1, b.midY))
            path.addLine(to: point(start + 7, b.midY + 7))
        case .header:
            return
        }
        context.stroke(path)
    }
}
