import VitrineGraphics

/// Told when the search changes (UIKit's `UISearchResultsUpdating`): usually the controller of
/// the list, which filters it by `searchController.searchBar.text` and reloads.
@MainActor
public protocol SearchResultsUpdating: AnyObject {
    /// The search text changed, or the search began or ended (then the text is empty): show
    /// what matches `searchController.searchBar.text`.
    func updateSearchResults(for searchController: SearchController)
}

/// Told when a search controller becomes active or stops being active (UIKit's
/// `UISearchControllerDelegate`). Every method has an empty default.
@MainActor
public protocol SearchControllerDelegate: AnyObject {
    /// The search is about to become active.
    func willPresentSearchController(_ searchController: SearchController)
    /// The search became active.
    func didPresentSearchController(_ searchController: SearchController)
    /// The search is about to stop being active.
    func willDismissSearchController(_ searchController: SearchController)
    /// The search stopped being active.
    func didDismissSearchController(_ searchController: SearchController)
}

extension SearchControllerDelegate {
    /// Does nothing.
    public func willPresentSearchController(_ searchController: SearchController) {}
    /// Does nothing.
    public func didPresentSearchController(_ searchController: SearchController) {}
    /// Does nothing.
    public func willDismissSearchController(_ searchController: SearchController) {}
    /// Does nothing.
    public func didDismissSearchController(_ searchController: SearchController) {}
}

/// A search bar that filters a screen's content (UIKit's `UISearchController`, for the case
/// UIKit apps use most: the screen's own list shows the results, `searchResultsController` nil).
///
/// Set it as the screen's `navigationItem.searchController`: the navigation bar shows its
/// `searchBar` under the title, `SearchBar.height` taller, and the screen's view starts under
/// it. A tap in the bar's field makes the search **active** (`isActive`): the Cancel button
/// shows (`automaticallyShowsCancelButton`), the bar's title row folds away while
/// `hidesNavigationBarDuringPresentation` (the search bar moves to the top), and
/// `searchResultsUpdater` hears `updateSearchResults(for:)` then and at every change of the
/// text — typing, the clear button, an input method's candidate. Cancel (or `isActive = false`)
/// empties the field, puts the keyboard away, brings the title row back and tells the updater
/// once more. The keyboard's Search key puts the keyboard away and leaves the search active, as
/// UIKit's.
///
/// With `obscuresBackgroundDuringPresentation`, the content under the bar is dimmed while the
/// search is active and its text empty, and a tap on the dimmed content cancels the search.
///
/// Differences from UIKit: it is not a view controller and shows no results controller of its
/// own (filter the list the updater owns); the bar does not hide when the list scrolls
/// (`hidesSearchBarWhenScrolling`); the title row folds and comes back without animation.
@MainActor
open class SearchController {
    /// The bar the user types in; the navigation bar shows it.
    public let searchBar = SearchBar(frame: .zero)
    /// Told to filter at every change; held weakly.
    public weak var searchResultsUpdater: (any SearchResultsUpdating)?
    /// Told when the search becomes active and stops; held weakly.
    public weak var delegate: (any SearchControllerDelegate)?
    /// Whether the content under the bar is dimmed while the search is active and empty
    /// (default false: UIKit's since iOS 15, and what a list filtered in place wants).
    public var obscuresBackgroundDuringPresentation = false {
        didSet { updateDimming() }
    }
    /// Whether the navigation bar's title row (title, back and bar buttons) folds away while
    /// the search is active, leaving the search bar at the top (default true, as UIKit).
    public var hidesNavigationBarDuringPresentation = true {
        didSet { if isActive { navigationBar?.searchStateDidChange() } }
    }
    /// Whether the bar shows Cancel while the search is active (default true, as UIKit).
    public var automaticallyShowsCancelButton = true

    /// Whether the search is on: from a tap in the field (or `isActive = true`) to Cancel (or
    /// `isActive = false`). Setting it true does not focus the field (as UIKit); setting it
    /// false ends editing and empties the field.
    public var isActive: Bool {
        get { active }
        set { if newValue { activate() } else { deactivate() } }
    }
    private var active = false

    /// The navigation bar showing the search bar, if any.
    weak var navigationBar: NavigationBar?
    /// The view dimming the content (made on first use).
    private var dimmingView: SearchDimmingView?

    /// A search controller whose results show in the screen's own content.
    public init() {
        searchBar.searchController = self
    }

    /// UIKit's initializer. Vitrine shows no results controller: pass nil, and filter the
    /// screen's own list in `updateSearchResults(for:)`; another controller is logged and
    /// ignored.
    public convenience init(searchResultsController: ViewController?) {
        self.init()
        if let searchResultsController {
            View.hierarchyLogger.warning("SearchController: a results controller (\(type(of: searchResultsController))) is not shown by Vitrine — filter the searched list itself")
        }
    }

    // MARK: Activity

    private func activate() {
        guard !active else { return }
        delegate?.willPresentSearchController(self)
        active = true
        if automaticallyShowsCancelButton { searchBar.showsCancelButton = true }
        navigationBar?.searchStateDidChange()
        updateDimming()
        searchResultsUpdater?.updateSearchResults(for: self)
        delegate?.didPresentSearchController(self)
    }

    private func deactivate() {
        guard active else { return }
        delegate?.willDismissSearchController(self)
        active = false
        if searchBar.searchTextField.isFirstResponder { _ = searchBar.searchTextField.resignFirstResponder() }
        searchBar.text = ""
        if automaticallyShowsCancelButton { searchBar.showsCancelButton = false }
        navigationBar?.searchStateDidChange()
        updateDimming()
        searchResultsUpdater?.updateSearchResults(for: self)
        delegate?.didDismissSearchController(self)
    }

    /// The field began editing: the search becomes active.
    func searchBarDidBeginEditing() { activate() }

    /// The user changed the text: the updater filters (and the dimming goes once there is text).
    func searchBarTextDidChange() {
        guard active else { return }
        updateDimming()
        searchResultsUpdater?.updateSearchResults(for: self)
    }

    /// Cancel: the search ends.
    func searchBarCancelButtonClicked() { deactivate() }

    // MARK: Dimming

    /// Whether the content is dimmed now.
    public var isObscuringBackground: Bool { dimmingView.map { !$0.isHidden && $0.superview != nil } ?? false }

    private func updateDimming() {
        let shows = active && obscuresBackgroundDuringPresentation && searchBar.text.isEmpty
        if shows {
            let dim = dimmingView ?? SearchDimmingView(controller: self)
            dimmingView = dim
            dim.isHidden = false
            navigationBar?.superview?.setNeedsLayout()
        } else {
            dimmingView?.isHidden = true
        }
    }

    /// Puts the dimming view over `content` (the navigation controller's content area, in
    /// `container`'s space), under the navigation bar; called in the navigation controller's
    /// layout.
    func layOutDimming(in container: View, content: Rect, below bar: View) {
        guard let dim = dimmingView else { return }
        if dim.superview !== container { container.insertSubview(dim, belowSubview: bar) }
        dim.frame = content
    }

    /// The search bar left the navigation bar: the dimming goes with it.
    func didLeaveNavigationBar() {
        dimmingView?.removeFromSuperview()
    }
}

/// The view dimming the content during a search; a tap on it cancels the search (as UIKit's).
final class SearchDimmingView: View {
    private weak var controller: SearchController?

    init(controller: SearchController) {
        self.controller = controller
        super.init(frame: .zero)
        backgroundColor = Color(white: 0, alpha: 0.2)
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        controller?.isActive = false
    }
}
