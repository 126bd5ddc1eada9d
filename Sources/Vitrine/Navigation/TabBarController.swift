import VitrineGraphics

/// Decides and hears tab changes made by the user (UIKit's `UITabBarControllerDelegate`).
@MainActor
public protocol TabBarControllerDelegate: AnyObject {
    /// Whether a tap may select `viewController`. Default true.
    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool
    /// The user selected `viewController` (also when it already was).
    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController)
}

extension TabBarControllerDelegate {
    /// Default: true.
    public func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool { true }
    /// Default: nothing.
    public func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) {}
}

/// Controllers side by side, one shown at a time, chosen in a tab bar at the bottom (UIKit's
/// `UITabBarController`).
///
/// Every controller is a child; only the selected one's view is in the view (above the bar)
/// and only it hears the tab bar controller's appearance callbacks. Selecting another, while
/// visible, calls the old one's `viewWillDisappear`, the new one's `viewWillAppear`, swaps the
/// views, then the old one's `viewDidDisappear` and the new one's `viewDidAppear`. The bar's
/// items are the controllers' `tabBarItem`s. A tap asks the delegate's `shouldSelect` and then
/// tells `didSelect`; setting `selectedIndex` or `selectedViewController` in code tells no one.
/// An index out of range is logged and ignored.
open class TabBarController: ViewController, TabBarDelegate {
    /// The bar at the bottom.
    public let tabBar = TabBar(frame: .zero)
    /// Decides and hears the user's tab changes.
    public weak var delegate: (any TabBarControllerDelegate)?

    /// The controllers, one per tab, left to right. Setting them selects the first (or keeps
    /// the selected one when it is still there).
    public var viewControllers: [ViewController] = [] {
        didSet { controllersDidChange(from: oldValue) }
    }
    /// The index of the selected controller (0 when there are none).
    public var selectedIndex: Int {
        get { selectedIndexStorage }
        set {
            guard viewControllers.indices.contains(newValue) else {
                (viewIfLoaded?.window?.application?.logger ?? View.hierarchyLogger)
                    .warning("selectedIndex \(newValue) with \(viewControllers.count) tabs: ignored — fix the app")
                return
            }
            select(newValue)
        }
    }
    /// The selected controller.
    public var selectedViewController: ViewController? {
        get { viewControllers.indices.contains(selectedIndexStorage) ? viewControllers[selectedIndexStorage] : nil }
        set {
            guard let newValue, let index = viewControllers.firstIndex(where: { $0 === newValue }) else { return }
            select(index)
        }
    }

    private var selectedIndexStorage = 0
    private let containerView = View(frame: .zero)

    /// Only the selected controller hears appearance callbacks.
    package var childrenReceivingAppearance: [ViewController] { selectedViewController.map { [$0] } ?? [] }

    /// Adds the container and the bar, and shows the selected controller. Call `super`.
    open override func viewDidLoad() {
        super.viewDidLoad()
        containerView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(containerView)
        tabBar.delegate = self
        view.addSubview(tabBar)
        if let selected = selectedViewController { install(selected.view) }
        refreshBar()
    }

    /// The bar at the bottom (`TabBar.height`), the selected view above it. Call `super`.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let b = view.bounds
        tabBar.frame = Rect(x: 0, y: b.height - TabBar.height, width: b.width, height: TabBar.height)
        containerView.frame = Rect(x: 0, y: 0, width: b.width, height: max(0, b.height - TabBar.height))
        selectedViewController?.viewIfLoaded?.frame = containerView.bounds
    }

    // MARK: TabBarDelegate

    /// Asks the delegate whether the controller of `item` may be selected.
    public func tabBar(_ tabBar: TabBar, shouldSelect item: TabBarItem) -> Bool {
        guard let index = viewControllers.firstIndex(where: { $0.tabBarItem === item }) else { return false }
        return delegate?.tabBarController(self, shouldSelect: viewControllers[index]) ?? true
    }

    /// Selects the controller of `item` and tells the delegate.
    public func tabBar(_ tabBar: TabBar, didSelect item: TabBarItem) {
        guard let index = viewControllers.firstIndex(where: { $0.tabBarItem === item }) else { return }
        select(index)
        delegate?.tabBarController(self, didSelect: viewControllers[index])
    }

    // MARK: Internals

    private func controllersDidChange(from old: [ViewController]) {
        let previous = old.indices.contains(selectedIndexStorage) ? old[selectedIndexStorage] : nil
        for controller in old where !viewControllers.contains(where: { $0 === controller }) {
            controller.willMove(toParent: nil)
            if controller === previous, isVisibleForChildren { controller.beginAppearanceTransition(false) }
            controller.viewIfLoaded?.removeFromSuperview()
            if controller === previous, isVisibleForChildren { controller.endAppearanceTransition() }
            controller.removeFromParent()
        }
        for controller in viewControllers where controller.parent !== self {
            addChild(controller)
            controller.didMove(toParent: self)
        }
        let kept = previous.flatMap { p in viewControllers.firstIndex { $0 === p } }
        selectedIndexStorage = kept ?? 0
        if kept == nil, let selected = selectedViewController, isViewLoaded {
            if isVisibleForChildren { selected.beginAppearanceTransition(true) }
            install(selected.view)
            if isVisibleForChildren { selected.endAppearanceTransition() }
        }
        refreshBar()
    }

    private var isVisibleForChildren: Bool { isAppearingOrVisible && viewIfLoaded?.window != nil }

    private func select(_ index: Int) {
        let old = selectedViewController
        selectedIndexStorage = index
        let new = viewControllers[index]
        refreshBar()
        guard old !== new, isViewLoaded else { return }
        let visible = isVisibleForChildren
        if visible {
            old?.beginAppearanceTransition(false)
            new.beginAppearanceTransition(true)
        }
        old?.viewIfLoaded?.removeFromSuperview()
        install(new.view)
        if visible {
            old?.endAppearanceTransition()
            new.endAppearanceTransition()
        }
    }

    private func install(_ child: View) {
        child.frame = containerView.bounds
        child.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        containerView.addSubview(child)
    }

    private func refreshBar() {
        tabBar.items = viewControllers.map(\.tabBarItem)
        tabBar.selectedItem = selectedViewController?.tabBarItem
    }
}

extension TabBarController: AppearanceForwarding {}
