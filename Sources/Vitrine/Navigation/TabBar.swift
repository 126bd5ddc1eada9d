import VitrineGraphics

/// One item of a tab bar (UIKit's `UITabBarItem`): a title and an optional image.
@MainActor
public final class TabBarItem {
    /// The title under the image.
    public var title: String { didSet { owner?.itemsDidChange() } }
    /// The image above the title, drawn as it is (Vitrine does not tint images yet), or nil.
    public var image: Image? { didSet { owner?.itemsDidChange() } }
    /// A number for the app's own use.
    public var tag = 0
    /// Whether the item can be selected by a tap.
    public var isEnabled = true { didSet { owner?.itemsDidChange() } }
    weak var owner: TabBar?

    /// An item titled `title` with `image`.
    public init(title: String, image: Image? = nil, tag: Int = 0) {
        self.title = title
        self.image = image
        self.tag = tag
    }
}

/// Hears taps on a tab bar's items.
@MainActor
public protocol TabBarDelegate: AnyObject {
    /// `item` was tapped and is now the selected item.
    func tabBar(_ tabBar: TabBar, didSelect item: TabBarItem)
    /// Whether a tap on `item` may select it. Default true.
    func tabBar(_ tabBar: TabBar, shouldSelect item: TabBarItem) -> Bool
}

extension TabBarDelegate {
    /// Default: true.
    public func tabBar(_ tabBar: TabBar, shouldSelect item: TabBarItem) -> Bool { true }
}

/// A row of items at the bottom of the screen, one selected (UIKit's `UITabBar`).
///
/// Items share the width equally, the first at the leading edge (at the right when the bar's
/// `effectiveUserInterfaceLayoutDirection` is right to left, as UIKit's). A tap — a finger that lifts on the item it touched down on —
/// selects an enabled item and tells the delegate (`shouldSelect` first; UIKit's `UITabBar`
/// asks only its controller). The selected item's title (and a bar above it) take
/// `selectedItemTintColor`, the others `unselectedItemTintColor`. Setting `selectedItem` in
/// code tells no one. The bar stops the touches it gets (they go no further up the chain).
open class TabBar: View {
    /// The bar's height in a tab bar controller, points (UIKit's is 49; bigger for fingers).
    public static let height = 64.0

    /// The items, left to right.
    public var items: [TabBarItem] = [] {
        didSet {
            for item in oldValue where item.owner === self { item.owner = nil }
            for item in items { item.owner = self }
            if let selected = selectedItem, !items.contains(where: { $0 === selected }) { selectedItem = nil }
            itemsDidChange()
        }
    }
    /// The selected item (one of `items`), or nil.
    public var selectedItem: TabBarItem? { didSet { itemsDidChange() } }
    /// Hears taps.
    public weak var delegate: (any TabBarDelegate)?
    /// The colour of the selected item; nil (the default): the bar's inherited `tintColor`, as
    /// UIKit.
    public var selectedItemTintColor: Color? { didSet { itemsDidChange() } }

    /// The selected item follows a change of the inherited tint.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        itemsDidChange()
    }
    /// The colour of the other items. Default a grey.
    public var unselectedItemTintColor = Color(white: 0.45) { didSet { itemsDidChange() } }

    private var titleLabels: [Label] = []
    private var imageViews: [ImageView] = []
    private let indicator = View(frame: .zero)
    private let hairline = View(frame: .zero)
    /// The item index each finger touched down on, by pool slot (-1: none).
    private var touchedItems = ContiguousArray<Int>(repeating: -1, count: 64)

    /// A bar covering `frame` (its superview's space).
    public override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = Color(white: 0.97)
        hairline.backgroundColor = Color(white: 0, alpha: 0.2)
        addSubview(hairline)
        addSubview(indicator)
    }

    /// Rebuilds the item views.
    func itemsDidChange() {
        while titleLabels.count < items.count {
            let label = Label(frame: .zero)
            label.textAlignment = .center
            label.font = .system(size: 15, weight: .medium)
            addSubview(label)
            titleLabels.append(label)
            let image = ImageView(frame: .zero)
            image.contentMode = .scaleAspectFit
            image.isUserInteractionEnabled = false
            addSubview(image)
            imageViews.append(image)
        }
        while titleLabels.count > items.count {
            titleLabels.removeLast().removeFromSuperview()
            imageViews.removeLast().removeFromSuperview()
        }
        for (index, item) in items.enumerated() {
            let selected = item === selectedItem
            titleLabels[index].text = item.title
            titleLabels[index].textColor = (selected ? (selectedItemTintColor ?? tintColor) : unselectedItemTintColor)
                .withAlphaComponent(item.isEnabled ? 1 : 0.4)
            imageViews[index].image = item.image
            imageViews[index].alpha = item.isEnabled ? 1 : 0.4
        }
        indicator.backgroundColor = selectedItemTintColor ?? tintColor
        setNeedsLayout()
    }

    /// Lays the items out side by side: image above title, or the title alone centred.
    open override func layoutSubviews() {
        let b = bounds
        hairline.frame = Rect(x: 0, y: 0, width: b.width, height: 1)
        guard !items.isEmpty else {
            indicator.isHidden = true
            return
        }
        let width = b.width / Double(items.count)
        for index in items.indices {
            let cell = Rect(x: cellMinX(index, width: width), y: 1, width: width, height: b.height - 1)
            if items[index].image != nil {
                imageViews[index].frame = Rect(x: cell.minX, y: cell.minY + 6, width: cell.width, height: cell.height * 0.5 - 6)
                titleLabels[index].frame = Rect(x: cell.minX, y: cell.minY + cell.height * 0.5, width: cell.width, height: cell.height * 0.5 - 4)
            } else {
                imageViews[index].frame = .zero
                titleLabels[index].frame = cell
            }
        }
        if let selected = selectedItem, let index = items.firstIndex(where: { $0 === selected }) {
            indicator.isHidden = false
            indicator.frame = Rect(x: cellMinX(index, width: width) + width * 0.2, y: 1, width: width * 0.6, height: 3)
        } else {
            indicator.isHidden = true
        }
    }

    /// The left edge of item `index`'s cell `width` points wide: items run from the leading
    /// edge, the right one right to left (`effectiveUserInterfaceLayoutDirection`), as UIKit's.
    private func cellMinX(_ index: Int, width: Double) -> Double {
        isRightToLeft ? bounds.width - Double(index + 1) * width : Double(index) * width
    }

    /// The index of the item under `point` (the bar's space), or nil; items run right to left
    /// in a right-to-left bar.
    public func indexOfItem(at point: Point) -> Int? {
        guard !items.isEmpty, bounds.contains(point) else { return nil }
        // Clamped as it converts: bounds a handler made huge or infinite must not trap.
        let fromLeft = Int(clamping: (point.x - bounds.minX) / (bounds.width / Double(items.count)), to: 0...(items.count - 1))
        return isRightToLeft ? items.count - 1 - fromLeft : fromLeft
    }

    // MARK: Touches

    /// Remembers the item each finger touched down on.
    open override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        for touch in touches where touch.poolIndex < touchedItems.count {
            touchedItems[touch.poolIndex] = indexOfItem(at: touch.location(in: self)) ?? -1
        }
    }

    /// Selects the item a finger lifted on, when it touched down on the same one.
    open override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        for touch in touches where touch.poolIndex < touchedItems.count {
            let began = touchedItems[touch.poolIndex]
            touchedItems[touch.poolIndex] = -1
            guard began >= 0, indexOfItem(at: touch.location(in: self)) == began, began < items.count else { continue }
            userDidTap(items[began])
        }
    }

    /// Forgets the fingers.
    open override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        for touch in touches where touch.poolIndex < touchedItems.count { touchedItems[touch.poolIndex] = -1 }
    }

    /// A tap on `item`: asks the delegate, selects, tells it.
    func userDidTap(_ item: TabBarItem) {
        guard item.isEnabled else { return }
        if let delegate, !delegate.tabBar(self, shouldSelect: item) { return }
        selectedItem = item
        delegate?.tabBar(self, didSelect: item)
    }
}
