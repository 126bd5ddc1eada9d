import VitrineGraphics

/// One row of a `TableView` (UIKit's `UITableViewCell`): a `contentView` holding an optional
/// image, a text label and a detail label laid out by `style`, a `selectedBackgroundView`
/// shown while the row is highlighted or selected, and the trailing swipe actions behind the
/// content.
///
/// Cells are made by the table from a registered class (`TableView.register(_:forCellReuseIdentifier:)`)
/// and reused: when a row scrolls away its cell is hidden and kept, `prepareForReuse()` runs
/// and the data source configures it for another row. Add custom subviews to `contentView`
/// (it slides with a swipe). Coordinates: the cell's bounds, as wide as the table.
///
/// Right to left (the cell's `effectiveUserInterfaceLayoutDirection`) the standard layout is
/// mirrored, as UIKit's: the image at the right, the labels from there, the `.value1` detail
/// and the accessory at the left (the disclosure chevron pointing left), the separator inset
/// from the right, the swipe actions revealed at the left.
open class TableViewCell: View {
    /// How the standard labels and image are arranged (UIKit's `UITableViewCell.CellStyle`).
    public enum Style: Sendable, Hashable {
        /// Image, then the text label on one line; no detail label.
        case `default`
        /// Image, text label, detail label right-aligned on the same line.
        case value1
        /// Image, then the text label above the smaller detail label.
        case subtitle
    }

    /// The arrangement of the labels and the image.
    public let style: Style
    /// The identifier the table reuses the cell under (nil: the cell is not reused).
    public let reuseIdentifier: String?

    /// The view that holds the content; add custom subviews here. It slides left to reveal
    /// the swipe actions (right in a right-to-left cell).
    public let contentView = View(frame: .zero)
    /// Shown behind the content while the row is highlighted or selected (light grey by
    /// default).
    public let selectedBackgroundView = View(frame: .zero)
    /// The main text (17 pt).
    public let textLabel = Label(frame: .zero)
    /// The secondary text (15 pt grey), shown in `.value1` and `.subtitle`.
    public let detailTextLabel = Label(frame: .zero)
    /// The picture at the leading edge, square, as tall as the row less 8 points each side
    /// (hidden without an image).
    public let imageView = ImageView(frame: .zero)
    /// The standard mark at the trailing edge of the row (UIKit's `accessoryType`): a
    /// disclosure chevron or a check mark; default `.none`. Right to left it is at the left
    /// edge and the chevron points left. The data source sets it for each row (reuse keeps it).
    public var accessoryType = AccessoryType.none {
        didSet { if accessoryType != oldValue { accessoryDidChange(old: nil) } }
    }
    /// The app's own view at the trailing edge instead of `accessoryType`'s mark (UIKit's
    /// `accessoryView`), at its own size, centred vertically; nil (the default): the mark.
    public var accessoryView: View? {
        didSet { if accessoryView !== oldValue { accessoryDidChange(old: oldValue) } }
    }
    /// Draws `accessoryType`.
    let accessoryMark = CellAccessoryMark(frame: .zero)
    /// Points at the trailing edge the table's section index covers (set by the table): the
    /// accessory and labels stay clear of it, as UIKit's.
    var sectionIndexInset = 0.0 {
        didSet { if sectionIndexInset != oldValue { setNeedsLayout() } }
    }
    /// The line under the row (hidden when the table's `separatorStyle` is `.none`).
    let separatorView = View(frame: .zero)
    /// Where the separator starts and ends (set from the table's `separatorInset`).
    var separatorInset = EdgeInsets(top: 0, left: 16, bottom: 0, right: 0)

    /// What the cell shows, as a value (UIKit's `contentConfiguration`): its view fills the
    /// content view in place of `textLabel`, `detailTextLabel` and `imageView`, and later
    /// configurations of the same kind update that view. Nil (the default): the standard
    /// labels. See `defaultContentConfiguration()`.
    public var contentConfiguration: (any ContentConfiguration)? {
        didSet { contentConfigurationDidChange() }
    }
    /// The view made for `contentConfiguration`.
    var configuredContentView: (any View & ContentView)?

    /// Whether the row is highlighted (a finger on it). The table sets it.
    public private(set) var isHighlighted = false
    /// Whether the row is selected. The table sets it.
    public private(set) var isSelected = false

    /// Swipe actions shown behind the content (nil when none are revealed).
    var swipeActionViews: [Button] = []
    var swipeConfiguration: SwipeActionsConfiguration?
    /// How far, in points, the content is slid toward the leading edge (left; right right to
    /// left) to reveal the actions (0: closed).
    var swipeOffset = 0.0 {
        didSet { if swipeOffset != oldValue { setNeedsLayout() } }
    }

    /// A cell of `style`, reused under `reuseIdentifier`. Subclasses that the table makes
    /// from a registered class override this initializer.
    public required init(style: Style, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: Rect(x: 0, y: 0, width: 320, height: 44))
        backgroundColor = .white
        clipsToBounds = true
        selectedBackgroundView.backgroundColor = Color(white: 0.85)
        selectedBackgroundView.alpha = 0
        selectedBackgroundView.isUserInteractionEnabled = false
        contentView.addSubview(selectedBackgroundView)
        imageView.contentMode = .scaleAspectFill
        imageView.clipsToBounds = true
        imageView.cornerRadius = 6
        imageView.isUserInteractionEnabled = false
        contentView.addSubview(imageView)
        textLabel.font = .system(size: 17)
        contentView.addSubview(textLabel)
        detailTextLabel.font = .system(size: 15)
        detailTextLabel.textColor = Color(white: 0.45)
        detailTextLabel.isHidden = style == .default
        if style == .value1 { detailTextLabel.textAlignment = .right }
        contentView.addSubview(detailTextLabel)
        separatorView.backgroundColor = Color(white: 0.8)
        separatorView.isUserInteractionEnabled = false
        contentView.addSubview(separatorView)
        addSubview(contentView)
    }

    /// A `.default` cell with no reuse identifier.
    public convenience override init(frame: Rect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// Called before the table hands the cell out again for another row. The default does
    /// nothing (the table has already cleared highlight, selection and swipe); override it to
    /// reset state that is not content (the data source sets the content). Call super.
    open func prepareForReuse() {}

    /// Shows or hides the highlight (the table calls it on touch-down and lift).
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        isHighlighted = highlighted
        updateSelectionLook(animated: animated)
    }

    /// Shows or hides the selection; animated, the highlight fades (0.3 s).
    open func setSelected(_ selected: Bool, animated: Bool) {
        isSelected = selected
        updateSelectionLook(animated: animated)
    }

    private func updateSelectionLook(animated: Bool) {
        let target: Double = isHighlighted || isSelected ? 1 : 0
        guard selectedBackgroundView.alpha != target else { return }
        if animated {
            View.animate(withDuration: 0.3) { self.selectedBackgroundView.alpha = target }
        } else {
            View.performWithoutAnimation { selectedBackgroundView.alpha = target }
        }
    }

    /// The height the standard content needs at `size.width` (the table asks a self-sizing
    /// row's cell): the text label, and the detail label under it in `.subtitle`, wrapped as
    /// their `numberOfLines` allow, with 11 points above and below; at least 44. The width
    /// asked is kept. Override it (or give the content view constraints) for custom content.
    open override func sizeThatFits(_ size: Size) -> Size {
        if let configured = configuredContentView {
            return Size(width: size.width, height: configured.sizeThatFits(size).height)
        }
        let imageWidth = imageView.image != nil ? 44.0 : 0
        let textWidth = max(1, size.width - 32 - imageWidth - sectionIndexInset)
        let fitting = Size(width: textWidth, height: 0)
        var height = (textLabel.text ?? "").isEmpty ? 0 : textLabel.sizeThatFits(fitting).height
        if style == .subtitle, !(detailTextLabel.text ?? "").isEmpty {
            height += detailTextLabel.sizeThatFits(fitting).height
        }
        return Size(width: size.width, height: max(44, height + 22))
    }

    /// Lays out the content (slid by the swipe), the labels and image by `style`, the
    /// separator, and the revealed swipe actions.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        let rightToLeft = isRightToLeft
        // Frames are computed left to right, then mirrored in the cell's width right to left
        // (image at the right, the detail at the left, the swipe from the left), as UIKit's.
        func place(_ rect: Rect) -> Rect {
            rightToLeft ? Rect(x: b.width - rect.maxX, y: rect.minY, width: rect.width, height: rect.height) : rect
        }
        contentView.frame = Rect(x: rightToLeft ? swipeOffset : -swipeOffset, y: 0, width: b.width, height: b.height)
        selectedBackgroundView.frame = Rect(x: 0, y: 0, width: b.width, height: b.height)
        var x = 16.0
        if imageView.image != nil {
            let side = max(0, b.height - 16)
            imageView.isHidden = false
            imageView.frame = place(Rect(x: x, y: 8, width: side, height: side))
            x += side + 12
        } else {
            imageView.isHidden = true
        }
        let accessoryWidth = layoutAccessory(in: b, place: place)
        let width = max(0, b.width - x - 16 - sectionIndexInset - accessoryWidth)
        switch style {
        case .default:
            textLabel.frame = place(Rect(x: x, y: 0, width: width, height: b.height))
        case .value1:
            textLabel.frame = place(Rect(x: x, y: 0, width: width * 0.6, height: b.height))
            detailTextLabel.frame = place(Rect(x: x + width * 0.6, y: 0, width: width * 0.4, height: b.height))
            detailTextLabel.textAlignment = rightToLeft ? .left : .right
        case .subtitle:
            let hasDetail = !(detailTextLabel.text ?? "").isEmpty
            let textHeight = hasDetail ? min(b.height / 2 + 2, 26) : b.height
            let top = hasDetail ? max(0, b.height / 2 - textHeight + 2) : 0
            textLabel.frame = place(Rect(x: x, y: top, width: width, height: textHeight))
            detailTextLabel.frame = place(Rect(x: x, y: top + textHeight, width: width, height: min(b.height / 2 - 2, 22)))
        }
        separatorView.frame = place(Rect(x: separatorInset.left, y: b.height - 1,
                                         width: max(0, b.width - separatorInset.left - separatorInset.right), height: 1))
        layoutSwipeActions(rightToLeft: rightToLeft)
        layoutConfiguredContent(accessoryWidth: accessoryWidth)
    }

    /// Places the action buttons in the revealed strip at the trailing edge (the left one right
    /// to left), each as wide as its share of the strip (the first action outermost, as UIKit).
    private func layoutSwipeActions(rightToLeft: Bool) {
        guard !swipeActionViews.isEmpty else { return }
        let b = bounds
        let share = swipeOffset / Double(swipeActionViews.count)
        for (index, button) in swipeActionViews.enumerated() {
            let position = Double(swipeActionViews.count - 1 - index)
            let x = b.width - swipeOffset + position * share
            button.frame = Rect(x: rightToLeft ? b.width - x - share : x, y: 0, width: share, height: b.height)
        }
    }
}

/// A section's header or footer as a table makes it for a title (UIKit's
/// `UITableViewHeaderFooterView`): a label on a light background. Reused like cells.
open class TableViewHeaderFooterView: View {
    /// The identifier the table reuses the view under.
    public let reuseIdentifier: String?
    /// The title (15 pt semibold, grey).
    public let textLabel = Label(frame: .zero)

    /// A header or footer reused under `reuseIdentifier`.
    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: Rect(x: 0, y: 0, width: 320, height: 28))
        backgroundColor = Color(white: 0.94)
        textLabel.font = .system(size: 15, weight: .semibold)
        textLabel.textColor = Color(white: 0.4)
        addSubview(textLabel)
    }

    /// Places the label with 16 points of margin.
    open override func layoutSubviews() {
        super.layoutSubviews()
        textLabel.frame = Rect(x: 16, y: 0, width: max(0, bounds.width - 32), height: bounds.height)
    }

    /// Called before the view is handed out again. The default does nothing.
    open func prepareForReuse() {}
}
