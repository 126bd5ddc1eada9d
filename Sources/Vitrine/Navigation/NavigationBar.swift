import VitrineGraphics

/// The bar at the top of a navigation controller (UIKit's `UINavigationBar`): the top item's
/// title in the middle, a back button on the left titled after the item below it (its
/// `backButtonTitle`, else its title, else "Back"), and the top item's right bar button items.
/// Right to left (the bar's `effectiveUserInterfaceLayoutDirection`) the back button is on the
/// right with its chevron mirrored and the right bar button items on the left, as in UIKit.
///
/// The bar is laid out for its own bounds (points); a navigation controller makes it
/// `NavigationBar.height` tall (UIKit's is 44: a kiosk is touched by standing adults, so
/// Vitrine's targets are larger). Button colours come from `itemTintColor`, by default the
/// bar's inherited `tintColor` (as UIKit's bar items).
open class NavigationBar: View {
    /// The bar's height in a navigation controller, points.
    public static let height = 56.0
    /// A back button title longer than this many characters is replaced by "Back", as UIKit.
    public static let longestBackTitle = 14

    /// The items, bottom first: the top one is shown, the one under it titles the back button.
    public private(set) var items: [NavigationItem] = []
    /// The item shown.
    public var topItem: NavigationItem? { items.last }
    /// The item under the top one (the back button's).
    public var backItem: NavigationItem? { items.count >= 2 ? items[items.count - 2] : nil }

    /// The colour of the back button and bar button items; nil (the default): the bar's
    /// inherited `tintColor` (system blue unless an ancestor sets another).
    public var itemTintColor: Color? { didSet { itemsDidChange() } }
    /// The items' colour in effect.
    private var itemColor: Color { itemTintColor ?? tintColor }

    /// The items follow a change of the inherited tint.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        itemsDidChange()
    }
    /// The bar's background. Default a light grey.
    public var barTintColor: Color = Color(white: 0.97) { didSet { backgroundColor = barTintColor } }
    /// The title's colour and font.
    public var titleTextColor: Color = .black { didSet { titleLabel.textColor = titleTextColor } }

    /// The title in the middle.
    public let titleLabel = Label(frame: .zero)
    /// The back button (hidden when there is nothing to go back to).
    public let backButton = Button(frame: .zero)
    /// The buttons of the top item's `rightBarButtonItems`, outermost first (right-most; left-most
    /// right to left).
    public private(set) var rightButtons: [Button] = []

    /// Called when the back button is tapped (the navigation controller pops).
    var backHandler: (@MainActor () -> Void)?
    /// Titles to use for items whose `title` is nil (their controllers' titles), by index.
    private var fallbackTitles: [String?] = []
    private let hairline = View(frame: .zero)
    private let measuring = Label(frame: .zero)
    /// The back button's title without its chevron.
    private var shownBackTitle = ""

    /// A bar covering `frame` (its superview's space).
    public override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = barTintColor
        titleLabel.font = .system(size: 20, weight: .semibold)
        titleLabel.textAlignment = .center
        titleLabel.textColor = titleTextColor
        addSubview(titleLabel)
        backButton.titleFont = .system(size: 19)
        backButton.contentInsets = EdgeInsets(top: 0, left: 12, bottom: 0, right: 12)
        _ = backButton.addAction({ [weak self] _ in self?.backHandler?() }, for: .touchUpInside)
        addSubview(backButton)
        hairline.backgroundColor = Color(white: 0, alpha: 0.2)
        addSubview(hairline)
    }

    /// Shows `items` (bottom first); `fallbackTitles[i]` titles item i when its title is nil.
    func setItems(_ items: [NavigationItem], fallbackTitles: [String?]) {
        for item in self.items where item.owner === self { item.owner = nil }
        self.items = items
        self.fallbackTitles = fallbackTitles
        for item in items { item.owner = self }
        itemsDidChange()
    }

    /// The title shown for item `index`.
    private func title(at index: Int) -> String? {
        items[index].title ?? (index < fallbackTitles.count ? fallbackTitles[index] : nil)
    }

    /// Rebuilds the buttons and titles from the items.
    /// A new language: the default back title ("Back") is the toolkit's word in it.
    open override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if previousTraitCollection?.language != traitCollection.language { itemsDidChange() }
    }

    func itemsDidChange() {
        showSearchController(topItem?.searchController)
        guard let top = topItem else {
            titleLabel.text = nil
            backButton.isHidden = true
            for button in rightButtons { button.removeFromSuperview() }
            rightButtons = []
            return
        }
        titleLabel.text = title(at: items.count - 1)
        if let back = backItem, !top.hidesBackButton {
            var backTitle = back.backButtonTitle ?? title(at: items.count - 2) ?? ToolkitStrings.string("Back")
            if backTitle.isEmpty || backTitle.count > Self.longestBackTitle { backTitle = ToolkitStrings.string("Back") }
            shownBackTitle = backTitle
            backButton.setTitle(backButtonTitle(backTitle), for: .normal)
            backButton.isHidden = false
        } else {
            backButton.isHidden = true
        }
        backButton.setTitleColor(itemColor, for: .normal)
        backButton.setTitleColor(itemColor.withAlphaComponent(0.4), for: .highlighted)
        for button in rightButtons { button.removeFromSuperview() }
        rightButtons = top.rightBarButtonItems.map { item in
            item.owner = self
            let button = Button(frame: .zero)
            button.setTitle(item.title, for: .normal)
            button.titleFont = .system(size: 19, weight: item.style == .done ? .bold : .regular)
            button.contentInsets = EdgeInsets(top: 0, left: 12, bottom: 0, right: 12)
            button.setTitleColor(itemColor, for: .normal)
            button.setTitleColor(itemColor.withAlphaComponent(0.4), for: .highlighted)
            button.isEnabled = item.isEnabled
            _ = button.addAction({ [weak item] _ in
                guard let item, item.isEnabled else { return }
                item.action?(item)
            }, for: .touchUpInside)
            addSubview(button)
            return button
        }
        setNeedsLayout()
    }

    /// The width a bar button titled `title` in `font` takes, insets included.
    private func buttonWidth(_ title: String?, font: Font) -> Double {
        measuring.font = font
        measuring.text = title
        return measuring.intrinsicContentSize.width + 24
    }

    /// Back button at the leading edge, right bar buttons at the trailing edge (the first
    /// outermost), the title centred in the bar and clear of both when it can be. Right to left
    /// (`effectiveUserInterfaceLayoutDirection`) the sides swap, as UIKit's: the back button at
    /// the right with its chevron pointing right, the "right" items at the left.
    open override func layoutSubviews() {
        let rightToLeft = isRightToLeft
        hairline.frame = Rect(x: 0, y: bounds.height - 1, width: bounds.width, height: 1)
        // The title row: the whole bar, or its top `height` points above a search bar (moved
        // up out of the bar, which then clips, while an active search folds it away).
        let row = titleRowHeight
        var b = bounds
        if let searchBar = searchController?.searchBar {
            searchBar.frame = Rect(x: 0, y: row, width: b.width, height: SearchBar.height)
            b = Rect(x: 0, y: row - Self.height, width: b.width, height: Self.height)
        }
        // Distances from the leading and trailing edges taken by buttons.
        var leading = 4.0
        if !backButton.isHidden {
            // The direction may have changed since the title was set: the chevron follows.
            let title = backButtonTitle(shownBackTitle)
            if backButton.currentTitle != title { backButton.setTitle(title, for: .normal) }
            let width = min(buttonWidth(backButton.currentTitle, font: backButton.titleFont), b.width / 3)
            backButton.frame = Rect(x: rightToLeft ? b.width - 4 - width : 4, y: b.minY, width: width, height: b.height - 1)
            leading += width
        }
        var trailing = 4.0
        for button in rightButtons {
            let width = min(buttonWidth(button.currentTitle, font: button.titleFont), b.width / 4)
            button.frame = Rect(x: rightToLeft ? trailing : b.width - trailing - width, y: b.minY, width: width, height: b.height - 1)
            trailing += width
        }
        // Centred on the bar, as wide as stays clear of the buttons on both sides.
        let half = max(0, min(b.midX - leading, b.midX - trailing) - 8)
        titleLabel.frame = Rect(x: b.midX - half, y: b.minY, width: 2 * half, height: b.height - 1)
    }

    // MARK: Search

    /// The search controller whose bar is shown (the top item's).
    public private(set) var searchController: SearchController?

    /// The height the bar wants in a navigation controller: `NavigationBar.height`, plus
    /// `SearchBar.height` when the top item has a search controller, less the title row while
    /// an active search folds it away (`hidesNavigationBarDuringPresentation`).
    public var preferredHeight: Double {
        guard searchController != nil else { return Self.height }
        return titleRowHeight + SearchBar.height
    }

    private var titleRowHeight: Double {
        guard let searchController else { return Self.height }
        return searchController.isActive && searchController.hidesNavigationBarDuringPresentation ? 0 : Self.height
    }

    /// Shows `controller`'s search bar under the title row (none for nil).
    private func showSearchController(_ controller: SearchController?) {
        guard controller !== searchController else { return }
        if let old = searchController {
            old.searchBar.removeFromSuperview()
            old.didLeaveNavigationBar()
            if old.navigationBar === self { old.navigationBar = nil }
        }
        searchController = controller
        if let controller {
            controller.navigationBar = self
            addSubview(controller.searchBar)
        }
        // The folded title row is moved above the bar: it must not show.
        clipsToBounds = controller != nil
        searchStateDidChange()
    }

    /// The search became active or stopped, or the bar's search changed: the bar and the
    /// navigation controller's view lay out again (the content follows the bar's height).
    func searchStateDidChange() {
        setNeedsLayout()
        superview?.setNeedsLayout()
    }

    /// The back button's title for the current direction: the chevron before the title. Right
    /// to left a right-to-left mark makes the line read right to left whatever the title's
    /// script, so the chevron sits at the right and is drawn mirrored (›), as UIKit's.
    private func backButtonTitle(_ title: String) -> String {
        isRightToLeft ? "\u{200F}‹ " + title : "‹ " + title
    }

}
