import VitrineGraphics

/// Hears a navigation controller show controllers (UIKit's `UINavigationControllerDelegate`).
@MainActor
public protocol NavigationControllerDelegate: AnyObject {
    /// `viewController` is about to be shown (a push, a pop, or the back swipe beginning: a
    /// cancelled swipe then shows the old top again without another call). Default: nothing.
    func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool)
    /// `viewController` is shown, its transition over. Default: nothing.
    func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool)
}

extension NavigationControllerDelegate {
    /// Default: nothing.
    public func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) {}
    /// Default: nothing.
    public func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool) {}
}

extension ViewController {
    /// The nearest navigation controller among this controller's ancestors, or nil.
    public var navigationController: NavigationController? {
        var ancestor = parent
        while let current = ancestor {
            if let navigation = current as? NavigationController { return navigation }
            ancestor = current.parent
        }
        return nil
    }

    /// The nearest tab bar controller among this controller's ancestors, or nil.
    public var tabBarController: TabBarController? {
        var ancestor = parent
        while let current = ancestor {
            if let tabs = current as? TabBarController { return tabs }
            ancestor = current.parent
        }
        return nil
    }
}

/// A stack of controllers with a bar on top (UIKit's `UINavigationController`): push a
/// controller to go forward, pop it (the bar's back button, the back swipe from the left screen
/// edge — the right one right to left — or `popViewController`) to go back.
///
/// Containment is UIKit's: every controller on the stack is a child (`addChild` calls its
/// `willMove(toParent:)`, `didMove(toParent:)` follows once its view is in place; a popped one
/// hears `willMove(toParent: nil)` then `didMove(toParent: nil)`), and only the top one's view is
/// in the navigation controller's view, under the bar, filling the rest (`contentFrame`).
///
/// Appearance: only the top controller hears the navigation controller's own appearance
/// callbacks. A push or pop while the navigation controller is visible calls, in this order,
/// the leaving top's `viewWillDisappear`, the arriving one's `viewWillAppear` (after its
/// `viewDidLoad`), then — once the views have changed places, after the slide when animated —
/// the leaving one's `viewDidDisappear` and the arriving one's `viewDidAppear`.
///
/// Animated, a push slides the new view in from the right edge over the old one, which moves a
/// third of the way left; a pop does the reverse (`slideDuration`, ease in-out). Right to left
/// (the controller's view's `effectiveUserInterfaceLayoutDirection`) the slides are mirrored, as
/// in UIKit: a push comes in from the left edge, a pop leaves toward the left. While a
/// transition runs neither view takes new touches (touches already down go on, and end or are
/// cancelled once when their view leaves the window). A push, pop or `setViewControllers` asked
/// for meanwhile is queued and runs when the transition ends (logged); UIKit would misbehave.
///
/// App mistakes (pushing a controller already on a stack, contained elsewhere or presented;
/// popping the root) are logged and ignored.
open class NavigationController: ViewController, GestureRecognizerDelegate {
    /// Seconds an animated push or pop takes.
    public static let slideDuration = 0.35
    /// How far, as a fraction of the width, the view underneath moves during a slide.
    static let parallax = 0.3

    /// The stack, root first. Setting it is `setViewControllers(_:animated: false)`.
    public var viewControllers: [ViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }
    /// The controller on top of the stack.
    public var topViewController: ViewController? { stack.last }
    /// The controller whose view is visible: what the top presented, else the top.
    public var visibleViewController: ViewController? { presentedViewController ?? topViewController }

    /// Hears the controllers being shown.
    public weak var delegate: (any NavigationControllerDelegate)?

    /// The bar on top.
    public let navigationBar = NavigationBar(frame: .zero)
    /// Whether the bar is hidden (then the top view fills the whole view). Default false.
    public var isNavigationBarHidden = false {
        didSet {
            navigationBar.isHidden = isNavigationBarHidden
            viewIfLoaded?.setNeedsLayout()
        }
    }
    /// Hides or shows the bar. Vitrine does not animate it (`animated` is accepted for UIKit's
    /// signature): the top view is resized at the next layout.
    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        isNavigationBarHidden = hidden
    }

    /// The back swipe from the left screen edge, the right one when the controller's view lays
    /// out right to left (a `ScreenEdgePanGestureRecognizer` on this controller's view, its
    /// `edges` set in each layout pass; a navigation controller whose view does not reach that
    /// edge, in a form sheet for instance, never gets the swipe). Disable it to turn it off. Its delegate is this controller,
    /// which lets it begin only when there is something to pop and no transition is running.
    public let interactivePopGestureRecognizer = ScreenEdgePanGestureRecognizer()

    /// Where the top view goes, in this controller's view's space: under the bar.
    public var contentFrame: Rect {
        guard let view = viewIfLoaded else { return .zero }
        let top = isNavigationBarHidden ? 0 : navigationBar.preferredHeight
        return Rect(x: 0, y: top, width: view.bounds.width, height: max(0, view.bounds.height - top))
    }

    var stack: [ViewController] = []
    /// Holds the top views; disabled during transitions.
    let containerView = View(frame: .zero)
    /// The running transition, if any.
    var transition: NavigationTransition?
    /// Operations asked for during a transition, run in order once it ends.
    var queuedOperations: [@MainActor () -> Void] = []

    /// A navigation controller whose stack is `rootViewController`.
    public init(rootViewController: ViewController) {
        super.init()
        push(rootViewController, animated: false)
    }

    /// An empty navigation controller.
    public override init() {
        super.init()
    }

    /// Only the top controller hears the navigation controller's appearance callbacks; during a
    /// transition, the one arriving (the leaving one is already disappearing).
    package var childrenReceivingAppearance: [ViewController] {
        if let transition { return [transition.to] }
        return topViewController.map { [$0] } ?? []
    }

    /// Adds the container, the bar and the back swipe, and shows the top controller. Call `super`.
    open override func viewDidLoad() {
        super.viewDidLoad()
        containerView.frame = view.bounds
        containerView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        containerView.clipsToBounds = true
        view.addSubview(containerView)
        navigationBar.isHidden = isNavigationBarHidden
        // A Back tap while a transition slides is stale (the bar already shows the next item):
        // it is dropped, as UIKit's bar takes no taps then, instead of queueing a second pop.
        navigationBar.backHandler = { [weak self] in
            guard let self, self.transition == nil else { return }
            self.popViewController(animated: true)
        }
        view.addSubview(navigationBar)
        interactivePopGestureRecognizer.edges = view.isRightToLeft ? .right : .left
        interactivePopGestureRecognizer.delegate = self
        // One closure made here: following the swipe allocates nothing per touch.
        interactivePopGestureRecognizer.addAction { [weak self] recognizer in self?.handleBackSwipe(recognizer) }
        view.addGestureRecognizer(interactivePopGestureRecognizer)
        if let top = topViewController { install(top.view) }
        refreshBar()
    }

    /// The bar on top, the top view under it (`contentFrame`). Call `super`.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let content = contentFrame
        navigationBar.frame = Rect(x: 0, y: 0, width: view.bounds.width, height: navigationBar.preferredHeight)
        containerView.frame = content
        navigationBar.searchController?.layOutDimming(in: view, content: content, below: navigationBar)
        guard transition == nil else { return }
        // A change of direction lays the view out again: the back swipe follows it.
        interactivePopGestureRecognizer.edges = view.isRightToLeft ? .right : .left
        topViewController?.viewIfLoaded?.frame = containerView.bounds
    }

    // MARK: Push and pop

    /// Pushes `controller` on the stack and shows it, sliding in from the right when animated.
    open func pushViewController(_ controller: ViewController, animated: Bool) {
        guard transition == nil else {
            queue("pushViewController") { [weak self] in self?.pushViewController(controller, animated: animated) }
            return
        }
        guard !stack.contains(where: { $0 === controller }), controller.parent == nil,
              controller.presentingViewController == nil, controller !== self else {
            logMistake("\(type(of: controller)) is already on a stack, contained or presented: it is not pushed — fix the app")
            return
        }
        push(controller, animated: animated)
    }

    /// Pops the top controller and returns it; nil (logged) when only the root is left.
    @discardableResult
    open func popViewController(animated: Bool) -> ViewController? {
        guard transition == nil else {
            queue("popViewController") { [weak self] in self?.popViewController(animated: animated) }
            return nil
        }
        guard stack.count >= 2 else {
            logMistake("popViewController with \(stack.count) controller(s): the root stays — nothing to pop")
            return nil
        }
        return pop(to: stack.count - 2, animated: animated).first
    }

    /// Pops every controller above the root; returns them, bottom first (nil when none was).
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [ViewController]? {
        popToViewController(at: 0, animated: animated)
    }

    /// Pops every controller above `controller`; returns them, bottom first (nil when none
    /// was, or `controller` is not on the stack: logged).
    @discardableResult
    open func popToViewController(_ controller: ViewController, animated: Bool) -> [ViewController]? {
        guard let index = stack.firstIndex(where: { $0 === controller }) else {
            logMistake("popToViewController: \(type(of: controller)) is not on the stack — nothing popped")
            return nil
        }
        return popToViewController(at: index, animated: animated)
    }

    private func popToViewController(at index: Int, animated: Bool) -> [ViewController]? {
        guard transition == nil else {
            queue("popToViewController") { [weak self] in _ = self?.popToViewController(at: index, animated: animated) }
            return nil
        }
        guard stack.count > index + 1 else { return nil }
        return pop(to: index, animated: animated)
    }

    /// Replaces the stack with `controllers` (root first). Controllers that stay keep their
    /// state; those that leave are removed from this parent; the new top is shown, with a push
    /// (when it is new) or a pop (when it was on the stack) transition when animated. Duplicates
    /// and controllers contained elsewhere are dropped (logged).
    open func setViewControllers(_ controllers: [ViewController], animated: Bool) {
        guard transition == nil else {
            queue("setViewControllers") { [weak self] in self?.setViewControllers(controllers, animated: animated) }
            return
        }
        var accepted: [ViewController] = []
        for controller in controllers {
            if accepted.contains(where: { $0 === controller }) || controller === self
                || (controller.parent != nil && controller.parent !== self) || controller.presentingViewController != nil {
                logMistake("setViewControllers: \(type(of: controller)) is a duplicate or belongs elsewhere — dropped")
                continue
            }
            accepted.append(controller)
        }
        let oldTop = topViewController
        let newTop = accepted.last
        let wasOnStack = newTop.map { top in stack.contains { $0 === top } } ?? false
        // Controllers leaving that are not the old top go quietly (their views are not shown).
        for old in stack where old !== oldTop && !accepted.contains(where: { $0 === old }) {
            old.willMove(toParent: nil)
            old.viewIfLoaded?.removeFromSuperview()
            old.removeFromParent()
        }
        for new in accepted where new.parent !== self { addChild(new) }
        let oldStack = stack
        stack = accepted
        guard newTop !== oldTop else {
            refreshBar()
            return
        }
        let oldTopLeaves = oldTop.map { top in !accepted.contains { $0 === top } } ?? false
        if let oldTop, oldTopLeaves { oldTop.willMove(toParent: nil) }
        show(newTop, replacing: oldTop, forward: !wasOnStack, animated: animated) { [weak self] in
            if let oldTop, oldTopLeaves { oldTop.removeFromParent() }
            if let newTop, !oldStack.contains(where: { $0 === newTop }) { newTop.didMove(toParent: self) }
        }
    }

    // MARK: Internals

    /// Pushes without the checks.
    private func push(_ controller: ViewController, animated: Bool) {
        let from = topViewController
        addChild(controller)
        stack.append(controller)
        show(controller, replacing: from, forward: true, animated: animated) { [weak self, weak controller] in
            controller?.didMove(toParent: self)
        }
    }

    /// Pops down to `index` (kept); returns the popped controllers, bottom first.
    private func pop(to index: Int, animated: Bool) -> [ViewController] {
        let popped = Array(stack[(index + 1)...])
        let from = stack.last
        for controller in popped { controller.willMove(toParent: nil) }
        // The ones between the top and the new top never show: they leave at once.
        for controller in popped.dropLast() {
            controller.viewIfLoaded?.removeFromSuperview()
            controller.removeFromParent()
        }
        stack.removeSubrange((index + 1)...)
        show(stack[index], replacing: from, forward: false, animated: animated) {
            from?.removeFromParent()
        }
        return popped
    }

    /// Queues `operation` until the running transition ends.
    private func queue(_ name: String, _ operation: @escaping @MainActor () -> Void) {
        (viewIfLoaded?.window?.application?.logger ?? View.hierarchyLogger)
            .notice("\(name) during a navigation transition: queued until it ends")
        queuedOperations.append(operation)
    }

    func logMistake(_ message: String) {
        (viewIfLoaded?.window?.application?.logger ?? View.hierarchyLogger).warning("\(message)")
    }

    /// Puts the items of the stack on the bar.
    func refreshBar() {
        navigationBar.setItems(stack.map(\.navigationItem), fallbackTitles: stack.map(\.title))
    }

    /// Adds `view` to the container, filling it.
    func install(_ view: View) {
        view.frame = containerView.bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if view.superview !== containerView { containerView.addSubview(view) }
    }

    /// Runs the operations queued during the transition that just ended.
    func runQueuedOperations() {
        while transition == nil, !queuedOperations.isEmpty {
            let next = queuedOperations.removeFirst()
            next()
        }
    }

    // MARK: GestureRecognizerDelegate

    /// The back swipe begins only with something to pop, no transition running, and the
    /// navigation controller on screen.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard gestureRecognizer === interactivePopGestureRecognizer else { return true }
        return stack.count >= 2 && transition == nil && presentedViewController == nil
            && viewIfLoaded?.window != nil && !(topViewController?.navigationItem.hidesBackButton ?? false)
    }
}

extension NavigationController: AppearanceForwarding, ChildTitleObserving {
    package func childTitleDidChange(_ child: ViewController) { refreshBar() }
}
