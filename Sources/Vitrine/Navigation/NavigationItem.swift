import VitrineGraphics

/// A button for a navigation bar (UIKit's `UIBarButtonItem`, with a closure as its action).
@MainActor
public final class BarButtonItem {
    /// How the item's title is drawn.
    public enum Style: Sendable, Hashable {
        /// Regular weight.
        case plain
        /// Bold: the item that completes the screen's task.
        case done
    }

    /// The title shown. Changing it updates the bar showing the item.
    public var title: String { didSet { owner?.itemsDidChange() } }
    /// The title's weight.
    public var style: Style { didSet { owner?.itemsDidChange() } }
    /// Whether the item can be tapped; a disabled item is drawn faded.
    public var isEnabled = true { didSet { owner?.itemsDidChange() } }
    /// Called with the item when it is tapped.
    public var action: (@MainActor (BarButtonItem) -> Void)?
    /// The bar showing the item, to refresh it.
    weak var owner: NavigationBar?

    /// An item titled `title` calling `action` when tapped.
    public init(title: String, style: Style = .plain, action: (@MainActor (BarButtonItem) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.action = action
    }
}

/// What a navigation bar shows for one controller (UIKit's `UINavigationItem`): its title,
/// the title its successor's back button shows, and buttons on the right.
@MainActor
public final class NavigationItem {
    /// The title in the middle of the bar; nil shows the controller's `title`.
    public var title: String? { didSet { owner?.itemsDidChange() } }
    /// The title of the back button when this item is under the top one; nil shows `title`
    /// (or "Back" when there is none, or it is too long).
    public var backButtonTitle: String? { didSet { owner?.itemsDidChange() } }
    /// Whether the back button is hidden while this item is the top one.
    public var hidesBackButton = false { didSet { owner?.itemsDidChange() } }
    /// The buttons at the right end of the bar, the first right-most (as UIKit).
    public var rightBarButtonItems: [BarButtonItem] = [] { didSet { owner?.itemsDidChange() } }
    /// The first of `rightBarButtonItems`.
    public var rightBarButtonItem: BarButtonItem? {
        get { rightBarButtonItems.first }
        set { rightBarButtonItems = newValue.map { [$0] } ?? [] }
    }
    /// The search controller whose bar the navigation bar shows under the title while this
    /// item is the top one (UIKit's `searchController`); nil for none.
    public var searchController: SearchController? { didSet { owner?.itemsDidChange() } }
    /// The bar showing the item, to refresh it.
    weak var owner: NavigationBar?

    /// An item with `title`.
    public init(title: String? = nil) {
        self.title = title
    }
}
