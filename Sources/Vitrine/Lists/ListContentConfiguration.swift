import VitrineGraphics

/// What a cell shows, as a value (UIKit's `UIContentConfiguration`): the cell makes a content
/// view from it once and hands later configurations of the same kind to that view, so setting
/// a configuration for each row reuses the view.
public protocol ContentConfiguration {
    /// A new view showing this configuration, filling the cell's `contentView`.
    @MainActor func makeContentView() -> any View & ContentView
}

/// A view that shows a `ContentConfiguration` (UIKit's `UIContentView`).
@MainActor
public protocol ContentView: AnyObject {
    /// The configuration shown; setting it updates the view.
    var configuration: any ContentConfiguration { get set }
    /// Whether the view can show `configuration` (default: it is of the same type as the
    /// current one); when not, the cell makes a new view for it.
    func supports(_ configuration: any ContentConfiguration) -> Bool
}

public extension ContentView {
    /// Default: a configuration of the same type as the one shown.
    func supports(_ configuration: any ContentConfiguration) -> Bool {
        type(of: configuration) == type(of: self.configuration)
    }
}

/// The standard content of a list row: an image, a text and a secondary text (UIKit's
/// `UIListContentConfiguration`). Start from `.cell()`, `.subtitleCell()` or `.valueCell()`
/// (or a cell's `defaultContentConfiguration()`), set the texts and the image, and assign it
/// to the cell's `contentConfiguration`.
///
/// Layout, in the content view's bounds: `directionalLayoutMargins` inside; the image at the
/// leading edge, centred vertically, within `imageProperties.maximumSize`; the texts after it,
/// one above the other (`.cell`, `.subtitleCell`) or side by side with the secondary text at
/// the trailing edge (`.valueCell`), wrapping as their `numberOfLines` allow. Right to left the
/// leading edge is the right one. A self-sizing row takes the height the texts need (at least
/// 44 points).
public struct ListContentConfiguration: ContentConfiguration {
    /// How a text is drawn.
    public struct TextProperties {
        /// The font.
        public var font: Font
        /// The colour.
        public var color: Color
        /// Lines at most (0: as many as the text needs).
        public var numberOfLines: Int
        /// The alignment in the text's frame.
        public var alignment: TextAlignment

        /// Properties with `font` and `color`, one-line-unlimited wrapping and natural
        /// alignment.
        public init(font: Font, color: Color, numberOfLines: Int = 0, alignment: TextAlignment = .natural) {
            self.font = font
            self.color = color
            self.numberOfLines = numberOfLines
            self.alignment = alignment
        }
    }

    /// How the image is drawn.
    public struct ImageProperties {
        /// The largest size the image is shown at, in points (it keeps its aspect ratio).
        public var maximumSize = Size(width: 28, height: 28)
        /// The radius of the image's rounded corners, in points.
        public var cornerRadius = 0.0

        /// The default properties.
        public init() {}
    }

    /// How the texts are arranged.
    enum Arrangement {
        case stacked, sideBySide
    }

    /// The main text (nil: none).
    public var text: String?
    /// The secondary text (nil: none).
    public var secondaryText: String?
    /// The image at the leading edge (nil: none).
    public var image: Image?
    /// How the main text looks.
    public var textProperties: TextProperties
    /// How the secondary text looks.
    public var secondaryTextProperties: TextProperties
    /// How the image looks.
    public var imageProperties = ImageProperties()
    /// The room around the content, in points (`left` is the leading side).
    public var directionalLayoutMargins = EdgeInsets(top: 11, left: 16, bottom: 11, right: 16)
    /// The gap between the image and the texts.
    public var imageToTextPadding = 12.0
    /// The gap between the text and the secondary text when stacked.
    public var textToSecondaryTextVerticalPadding = 2.0
    /// The least gap between the texts when side by side.
    public var textToSecondaryTextHorizontalPadding = 8.0
    /// Whether the texts sit side by side (`.valueCell`) rather than stacked.
    public var prefersSideBySideTextAndSecondaryText: Bool

    /// A row with a text (17 pt) and, if set, a secondary text under it at the same size
    /// (UIKit's `.cell()`).
    public static func cell() -> ListContentConfiguration {
        ListContentConfiguration(secondaryFont: .system(size: 17), secondaryColor: Color(white: 0.45), sideBySide: false)
    }

    /// A row with a text and a smaller grey secondary text under it (`.subtitleCell()`).
    public static func subtitleCell() -> ListContentConfiguration {
        ListContentConfiguration(secondaryFont: .system(size: 15), secondaryColor: Color(white: 0.45), sideBySide: false)
    }

    /// A row with a text and a grey secondary text at the trailing edge (`.valueCell()`).
    public static func valueCell() -> ListContentConfiguration {
        ListContentConfiguration(secondaryFont: .system(size: 17), secondaryColor: Color(white: 0.45), sideBySide: true)
    }

    private init(secondaryFont: Font, secondaryColor: Color, sideBySide: Bool) {
        textProperties = TextProperties(font: .system(size: 17), color: .black)
        secondaryTextProperties = TextProperties(font: secondaryFont, color: secondaryColor)
        prefersSideBySideTextAndSecondaryText = sideBySide
    }

    /// A `ListContentView` showing this configuration.
    @MainActor public func makeContentView() -> any View & ContentView {
        ListContentView(configuration: self)
    }
}

/// The view that shows a `ListContentConfiguration` (UIKit's `UIListContentView`).
open class ListContentView: View, ContentView {
    private let imageView = ImageView(frame: .zero)
    private let textLabel = Label(frame: .zero)
    private let secondaryTextLabel = Label(frame: .zero)
    private var list: ListContentConfiguration

    /// The configuration shown; one that is not a `ListContentConfiguration` is ignored.
    public var configuration: any ContentConfiguration {
        get { list }
        set {
            guard let newValue = newValue as? ListContentConfiguration else { return }
            list = newValue
            apply()
        }
    }

    /// A view showing `configuration`.
    public init(configuration: ListContentConfiguration) {
        list = configuration
        super.init(frame: Rect(x: 0, y: 0, width: 320, height: 44))
        isUserInteractionEnabled = false
        imageView.contentMode = .scaleAspectFit
        imageView.clipsToBounds = true
        addSubview(imageView)
        addSubview(textLabel)
        addSubview(secondaryTextLabel)
        apply()
    }

    private func apply() {
        let c = list
        imageView.image = c.image
        imageView.isHidden = c.image == nil
        imageView.cornerRadius = c.imageProperties.cornerRadius
        for (label, text, properties) in [(textLabel, c.text, c.textProperties),
                                          (secondaryTextLabel, c.secondaryText, c.secondaryTextProperties)] {
            label.text = text
            label.isHidden = (text ?? "").isEmpty
            label.font = properties.font
            label.textColor = properties.color
            label.numberOfLines = properties.numberOfLines
            label.textAlignment = properties.alignment
        }
        setNeedsLayout()
    }

    /// The frames of the image and the texts for `width`, left to right, and the height they
    /// need (margins included).
    private func frames(width: Double) -> (image: Rect, text: Rect, secondary: Rect, height: Double) {
        let c = list
        let m = c.directionalLayoutMargins
        var x = m.left
        var image = Rect.zero
        if let picture = c.image {
            let limit = c.imageProperties.maximumSize
            let natural = picture.size
            let fit = natural.width > 0 && natural.height > 0
                ? min(limit.width / natural.width, limit.height / natural.height, 1) : 0
            image = Rect(x: x, y: 0, width: natural.width * fit, height: natural.height * fit)
            x += max(image.width, limit.width) + c.imageToTextPadding
        }
        let available = max(1, width - x - m.right)
        let hasText = !(c.text ?? "").isEmpty, hasSecondary = !(c.secondaryText ?? "").isEmpty
        func size(_ label: Label, within w: Double) -> Size { label.sizeThatFits(Size(width: max(1, w), height: 0)) }
        var text = Rect.zero, secondary = Rect.zero, block = 0.0
        if c.prefersSideBySideTextAndSecondaryText && hasSecondary {
            let secondaryWidth = min(size(secondaryTextLabel, within: 0).width, available * 0.4)
            let textWidth = max(1, available - secondaryWidth - (hasText ? c.textToSecondaryTextHorizontalPadding : 0))
            let s = size(secondaryTextLabel, within: secondaryWidth), t = hasText ? size(textLabel, within: textWidth) : .zero
            text = Rect(x: x, y: 0, width: textWidth, height: t.height)
            secondary = Rect(x: x + available - secondaryWidth, y: 0, width: secondaryWidth, height: s.height)
            block = max(t.height, s.height)
        } else {
            let t = hasText ? size(textLabel, within: available).height : 0
            let s = hasSecondary ? size(secondaryTextLabel, within: available).height : 0
            text = Rect(x: x, y: 0, width: available, height: t)
            secondary = Rect(x: x, y: t + (hasText && hasSecondary ? c.textToSecondaryTextVerticalPadding : 0), width: available, height: s)
            block = secondary.maxY
        }
        let height = max(44, m.top + max(block, image.height) + m.bottom)
        return (image, text, secondary, height)
    }

    /// Places the image and the texts (see `ListContentConfiguration`), centred vertically.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        let f = frames(width: b.width)
        let m = list.directionalLayoutMargins
        let inner = b.height - m.top - m.bottom
        func place(_ rect: Rect, blockHeight: Double) -> Rect {
            let y = m.top + max(0, (inner - blockHeight) / 2) + rect.minY
            let x = isRightToLeft ? b.width - rect.maxX : rect.minX
            return Rect(x: x, y: y, width: rect.width, height: rect.height)
        }
        imageView.frame = place(f.image, blockHeight: f.image.height)
        if list.prefersSideBySideTextAndSecondaryText {
            textLabel.frame = place(f.text, blockHeight: f.text.height)
            secondaryTextLabel.frame = place(f.secondary, blockHeight: f.secondary.height)
            let trailing: TextAlignment = isRightToLeft ? .left : .right
            if list.secondaryTextProperties.alignment == .natural { secondaryTextLabel.textAlignment = trailing }
        } else {
            let block = f.secondary.maxY
            textLabel.frame = place(f.text, blockHeight: block)
            secondaryTextLabel.frame = place(f.secondary, blockHeight: block)
        }
    }

    /// The width asked and the height the content needs at it (at least 44 points).
    open override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: frames(width: size.width).height)
    }
}

extension TableViewCell {
    /// The configuration matching the cell's style (UIKit's): `.cell()` for `.default`,
    /// `.subtitleCell()` for `.subtitle`, `.valueCell()` for `.value1`. Set the texts on it and
    /// assign it to `contentConfiguration`.
    public func defaultContentConfiguration() -> ListContentConfiguration {
        switch style {
        case .default: return .cell()
        case .subtitle: return .subtitleCell()
        case .value1: return .valueCell()
        }
    }

    /// Shows `contentConfiguration`: its view replaces the standard labels and image.
    func contentConfigurationDidChange() {
        guard let configuration = contentConfiguration else {
            configuredContentView?.removeFromSuperview()
            configuredContentView = nil
            textLabel.isHidden = false
            detailTextLabel.isHidden = style == .default
            setNeedsLayout()
            return
        }
        if let view = configuredContentView, view.supports(configuration) {
            view.configuration = configuration
        } else {
            configuredContentView?.removeFromSuperview()
            let view = configuration.makeContentView()
            contentView.insertSubview(view, belowSubview: separatorView)
            configuredContentView = view
        }
        setNeedsLayout()
    }

    /// Fills the content view with the configured view and hides the standard content.
    func layoutConfiguredContent(accessoryWidth: Double) {
        guard let view = configuredContentView else { return }
        textLabel.isHidden = true
        detailTextLabel.isHidden = true
        imageView.isHidden = true
        let width = max(0, contentView.bounds.width - sectionIndexInset - accessoryWidth)
        view.frame = Rect(x: isRightToLeft ? contentView.bounds.width - width : 0, y: 0,
                          width: width, height: contentView.bounds.height)
    }
}

extension CollectionViewCell {
    /// Shows `contentConfiguration` in the content view.
    func contentConfigurationDidChange() {
        guard let configuration = contentConfiguration else {
            configuredContentView?.removeFromSuperview()
            configuredContentView = nil
            return
        }
        if let view = configuredContentView, view.supports(configuration) {
            view.configuration = configuration
        } else {
            configuredContentView?.removeFromSuperview()
            let view = configuration.makeContentView()
            contentView.addSubview(view)
            configuredContentView = view
        }
        setNeedsLayout()
    }
}
