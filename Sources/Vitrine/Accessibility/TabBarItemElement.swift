import VitrineGraphics

/// A tab bar item as an accessibility element: a button titled after the item, selected when
/// it is the bar's selected item; activating it selects it as a tap does.
@MainActor
final class TabBarItemElement: AccessibilityElement {
    let index: Int

    init(bar: TabBar, index: Int) {
        self.index = index
        super.init(accessibilityContainer: bar)
    }

    /// The bar's elements, one per item, made again only when the number of items changed.
    static func elements(of bar: TabBar) -> [View] {
        bar.accessibilityStore.itemElements(count: bar.items.count) { TabBarItemElement(bar: bar, index: $0) }
    }

    private var bar: TabBar? { accessibilityContainer as? TabBar }
    private var item: TabBarItem? {
        guard let bar, bar.items.indices.contains(index) else { return nil }
        return bar.items[index]
    }

    override var debugDescription: String { "TabBarItemElement(\(item?.title ?? "?"))" }

    /// Selects the item, as a tap on it does.
    override func accessibilityActivate() -> Bool {
        if let block = accessibilityActivateBlock { return block() }
        guard let bar, let item, item.isEnabled else { return false }
        bar.userDidTap(item)
        return true
    }

    /// The item's title.
    var itemTitle: String? { item?.title }

    /// A button; selected for the bar's selected item; not enabled for a disabled one.
    var itemTraits: AccessibilityTraits {
        guard let bar, let item else { return [.button, .notEnabled] }
        var traits: AccessibilityTraits = [.button]
        if item === bar.selectedItem { traits.insert(.selected) }
        if !item.isEnabled { traits.insert(.notEnabled) }
        return traits
    }

    /// The item's slot of the bar, in the bar's bounds space (items share the width equally).
    var frameInBar: Rect {
        guard let bar else { return .zero }
        let width = bar.bounds.width / Double(max(bar.items.count, 1))
        return Rect(x: bar.bounds.minX + Double(index) * width, y: bar.bounds.minY,
                    width: width, height: bar.bounds.height)
    }
}
