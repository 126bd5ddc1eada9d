import VitrineGraphics

/// Manages a view hierarchy: loads it, hears when it appears and disappears and when it is laid
/// out, contains child controllers, and presents other controllers full-screen (UIKit's
/// `UIViewController`).
///
/// Responder chain: a controller comes after its root view; its own `next` is the presenting
/// controller when it was presented, otherwise its view's superview (the window, for a root
/// controller).
@MainActor
open class ViewController: Responder {
    private var storedView: View?
    /// Where the controller is in its appearance cycle.
    private var appearance = Appearance.disappeared
    /// Whether the appearance change under way is animated (passed on to the "did" callback).
    private var appearanceIsAnimated = false

    private enum Appearance { case disappeared, appearing, appeared, disappearing }

    /// The controller's own `overrideUserInterfaceStyle` (View+Appearance.swift).
    var ownUserInterfaceStyle = UserInterfaceStyle.unspecified

    /// The traits of the controller's view changed from `previousTraitCollection`; default:
    /// nothing (UIKit's `traitCollectionDidChange(_:)`).
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}
    /// The handlers registered with `registerForTraitChanges` (Appearance/TraitChangeRegistration.swift).
    var traitChangeRegistrations: TraitChangeRegistrations?
    /// The language and direction the controller last heard of (App/ViewController+LanguageCatchUp.swift).
    var languageLastTold: LanguageAndDirection?

    /// Updates the constraints of the controller's view (UIKit's): called instead of the view's
    /// `updateConstraints()` in the update-constraints step (once before the view's first
    /// layout, then after `view.setNeedsUpdateConstraints()`), after its subviews'. The default
    /// calls `view.updateConstraints()`; an override calls `super` last.
    open func updateViewConstraints() {
        viewIfLoaded?.updateConstraints()
    }

    /// Insets added to the safe area of the controller's view (UIKit's; default zero), in
    /// points of the view's edges: the view's `safeAreaInsets` are the part of its window's it
    /// overlaps plus these, and its subviews' follow. For a bar or panel the controller draws
    /// over its own content. A change lays the view out again (ViewController+Layout.swift).
    public var additionalSafeAreaInsets = EdgeInsets.zero {
        didSet { if additionalSafeAreaInsets != oldValue { additionalSafeAreaInsetsDidChange(from: oldValue) } }
    }

    /// The safe area of the controller's view changed (UIKit's): called after the view's
    /// `safeAreaInsetsDidChange()`, in the layout pass that finds it; default: nothing.
    open func viewSafeAreaInsetsDidChange() {}

    /// The margins of the controller's view changed (UIKit's): called after the view's
    /// `layoutMarginsDidChange()`; default: nothing.
    open func viewLayoutMarginsDidChange() {}

    /// The controller's view is about to change to `size` (points), because the screen turns or
    /// its mode changes (UIKit's). Called on the root controllers of the windows that fill the
    /// screen, before the windows take the new size; the size classes follow in
    /// `traitCollectionDidChange(_:)` in the same commit. The default passes it on to the
    /// children and the presented controller; an override should call `super`.
    open func viewWillTransition(to size: Size, with coordinator: ViewControllerTransitionCoordinator) {
        for child in children { child.viewWillTransition(to: size, with: coordinator) }
        presentedStorage?.viewWillTransition(to: size, with: coordinator)
    }

    /// A title, for containers and logs; a navigation bar showing this controller follows it.
    public var title: String? {
        didSet { (parent as? any ChildTitleObserving)?.childTitleDidChange(self) }
    }

    /// Creates a controller; its view is loaded when first asked for.
    public override init() {
        super.init()
    }

    // MARK: The view

    /// The root view, loaded (`loadView()` then `viewDidLoad()`) on first access.
    public var view: View {
        get {
            loadViewIfNeeded()
            return storedView!
        }
        set { install(newValue) }
    }

    /// The root view if it is loaded, without loading it.
    public var viewIfLoaded: View? { storedView }

    /// Whether the view is loaded.
    public var isViewLoaded: Bool { storedView != nil }

    /// Creates the root view. The default makes a plain `View` the size of the screen; override
    /// to build a custom one and assign it to `view` (do not call `super`).
    open func loadView() {
        let frame = Application.sharedIfAny?.screen.bounds ?? .zero
        view = View(frame: frame)
    }

    /// Called once, after the view is loaded.
    open func viewDidLoad() {}

    /// Where focus lands when this controller's screen arrives (pushed, presented, its tab
    /// selected, or the window's root), best first: the first that can be focused, or a view
    /// whose own preferred environments give one (UIKit's; views only). Default: none — the
    /// view's `preferredFocusEnvironments`, else its first focusable element (UIKit's default,
    /// `[view]`, comes to the same).
    open var preferredFocusEnvironments: [View] { [] }

    /// Loads the view now if it is not loaded.
    public func loadViewIfNeeded() {
        guard storedView == nil else { return }
        loadView()
        if storedView == nil {
            // A loadView override that forgot to set the view: give it an empty one.
            install(View(frame: .zero))
        }
        viewDidLoad()
        noteLanguageAtLoad()
    }

    private func install(_ newView: View) {
        storedView?.owningViewController = nil
        storedView = newView
        newView.owningViewController = self
    }

    // MARK: Appearance

    /// The view is about to be added to a visible window.
    open func viewWillAppear(_ animated: Bool) {}
    /// The view was added to a visible window.
    open func viewDidAppear(_ animated: Bool) {}
    /// The view is about to leave the screen.
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view left the screen.
    open func viewDidDisappear(_ animated: Bool) {}
    /// The root view is about to lay out its subviews.
    open func viewWillLayoutSubviews() {}
    /// The root view laid out its subviews.
    open func viewDidLayoutSubviews() {}

    /// Starts an appearance change: calls `viewWillAppear` or `viewWillDisappear`, here and in
    /// the children. Containers call it with `endAppearanceTransition()` when they show or hide
    /// a child themselves. Appearing loads the view first: `viewDidLoad` always comes before
    /// `viewWillAppear`.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool = false) {
        if isAppearing {
            guard appearance == .disappeared || appearance == .disappearing else { return }
            loadViewIfNeeded()
            appearance = .appearing
            appearanceIsAnimated = animated
            viewWillAppear(animated)
        } else {
            guard appearance == .appeared || appearance == .appearing else { return }
            appearance = .disappearing
            appearanceIsAnimated = animated
            viewWillDisappear(animated)
        }
        for child in appearanceForwardingChildren where child.isViewLoaded {
            child.beginAppearanceTransition(isAppearing, animated: animated)
        }
    }

    /// Finishes the appearance change begun by `beginAppearanceTransition(_:animated:)`.
    public func endAppearanceTransition() {
        switch appearance {
        case .appearing:
            appearance = .appeared
            viewDidAppear(appearanceIsAnimated)
        case .disappearing:
            appearance = .disappeared
            viewDidDisappear(appearanceIsAnimated)
        default:
            return
        }
        for child in appearanceForwardingChildren where child.isViewLoaded { child.endAppearanceTransition() }
    }

    /// Whether the view is on screen (appeared and not disappearing).
    public var isVisible: Bool { appearance == .appeared }

    /// Whether the view is on screen or appearing (what a container checks before it forwards
    /// appearance callbacks to a child it shows).
    package var isAppearingOrVisible: Bool { appearance == .appeared || appearance == .appearing }

    /// The children that hear this controller's appearance callbacks: all of them, except in
    /// containers that show only some (a navigation controller's top, a tab bar's selected).
    var appearanceForwardingChildren: [ViewController] {
        (self as? any AppearanceForwarding)?.childrenReceivingAppearance ?? children
    }

    // MARK: Children

    /// The child controllers, in the order they were added.
    public private(set) var children: [ViewController] = []
    /// The container this controller is a child of.
    public private(set) weak var parent: ViewController?

    /// Adds `child`: calls `child.willMove(toParent: self)`. Then add its view to yours and call
    /// `child.didMove(toParent: self)`, as in UIKit.
    open func addChild(_ child: ViewController) {
        guard child.parent !== self else { return }
        child.removeFromParent()
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Removes this controller from its parent and calls `didMove(toParent: nil)`. Call
    /// `willMove(toParent: nil)` and remove its view first, as in UIKit.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Called before the controller is added to, or removed from (`nil`), a container.
    open func willMove(toParent parent: ViewController?) {}
    /// Called after the controller was added to, or removed from (`nil`), a container.
    open func didMove(toParent parent: ViewController?) {}

    // MARK: Presentation

    /// The controller this one presented, if any. A child asks its ancestors to present (see
    /// `present`), so a child answers with what its parent presented, as UIKit does.
    public var presentedViewController: ViewController? { presentedStorage ?? parent?.presentedViewController }
    /// The controller this very controller presented (not its parent's).
    private var presentedStorage: ViewController?
    /// `presentedStorage`, for the presentation helpers in ViewController+Presentation.swift.
    var presentedStorageForChain: ViewController? { presentedStorage }
    /// How this controller is presented (`modalPresentationStyle`, resolved for the window
    /// when it was presented: a form sheet on a narrow screen is full screen).
    var presentationStyleInEffect = ModalPresentationStyle.fullScreen
    /// The dimming view put behind this controller's view when it was presented as a form sheet.
    var presentationDimmingView: View?

    /// How the controller is presented: `.fullScreen` (default), `.overFullScreen` or
    /// `.formSheet`. Read when it is presented. UIKit's default is `.automatic` (a page sheet);
    /// Vitrine's is full screen, what a kiosk wants.
    public var modalPresentationStyle = ModalPresentationStyle.fullScreen
    /// How the controller arrives and leaves when presented with animation: `.coverVertical`
    /// (default) or `.crossDissolve`.
    public var modalTransitionStyle = ModalTransitionStyle.coverVertical
    /// The size a form sheet presenting this controller should have, in points; zero (default)
    /// means 540×620, UIKit's form sheet size. Clamped to the window less a 20-point margin.
    public var preferredContentSize = Size.zero

    /// Where the toolkit keeps the controller's navigation item (`navigationItem`, made on
    /// first use by the toolkit's navigation controller).
    package var navigationItemStorage: AnyObject?
    /// Where the toolkit keeps the controller's tab bar item (`tabBarItem`).
    package var tabBarItemStorage: AnyObject?
    /// The controller that presented this one, if any.
    public private(set) weak var presentingViewController: ViewController?
    /// Where the presenting chain's covered view was, to put it back on dismissal, and the
    /// size its superview had then (the screen may turn while it is covered).
    private var coveredView: (view: View, superview: View, index: Int, superviewSize: Size)?
    /// Whether the controller is leaving: from `dismiss` until its view has left the window
    /// (the slide of an animated dismissal). It presents nothing meanwhile (UIKit's
    /// `isBeingDismissed`).
    public private(set) var isBeingDismissed = false

    /// Seconds an animated presentation or dismissal takes.
    public static let transitionDuration = 0.3

    /// Presents `controller` full-screen over this controller's window: its view fills the
    /// window and the covered controller disappears (its view leaves the window, to return at
    /// the same index on dismissal). A full-screen presentation covers the whole controller
    /// hierarchy, so a child asks its top-most ancestor to present. A controller that already
    /// presents (its presentation may still be sliding in) refuses, as UIKit does: a warning
    /// ("Attempt to present … which is already presenting …") is logged, nothing is presented
    /// and `completion` is not called — so a double tap on a button that presents opens one
    /// screen. To show a controller over a presented one, present it from the presented one.
    ///
    /// Animated, the presented view slides up from the bottom edge over `transitionDuration`
    /// (UIKit's cover-vertical); the covered view leaves the window, and the "did" callbacks
    /// and `completion` run, when it has arrived. While it moves it takes no touches.
    ///
    /// Order of the callbacks: the covered controller's `viewWillDisappear`, the presented one's
    /// `viewWillAppear` (after its `viewDidLoad`), the views change places, then the presented
    /// one's `viewDidAppear` and the covered one's `viewDidDisappear` (as UIKit).
    ///
    /// `controller.modalPresentationStyle` may keep the presenter on screen instead
    /// (`.overFullScreen`, `.formSheet`: no appearance callbacks for it, its view stays under a
    /// dimming view or the presented one), and `modalTransitionStyle` may fade it in
    /// (`.crossDissolve`); see ViewController+Presentation.swift.
    ///
    /// Touches in the covered view are cancelled as it leaves the window. Presenting a
    /// controller that is already presented or contained, or from a controller whose view is
    /// not in a window, is an app bug: it is logged and nothing happens (`completion` is not
    /// called), where UIKit would raise.
    public func present(_ controller: ViewController, animated: Bool = false, completion: (() -> Void)? = nil) {
        if let parent {
            var root = parent
            while let up = root.parent { root = up }
            root.present(controller, animated: animated, completion: completion)
            return
        }
        // As UIKit: one presentation per presenter. Present over a presented screen from the
        // presented controller (an alert over a sheet); a second tap on a button that presents
        // opens one screen.
        if let presented = presentedStorage {
            View.hierarchyLogger.warning("Attempt to present \(type(of: controller)) on \(type(of: self)) which is already presenting \(type(of: presented)): nothing is presented (present from the presented controller to show one over it)")
            return
        }
        // App bugs that must not stop a kiosk: logged, and nothing is presented.
        guard controller !== self && controller.presentingViewController == nil && controller.parent == nil else {
            View.hierarchyLogger.warning("\(type(of: controller)) is already presented or contained: it is not presented again — fix the app")
            return
        }
        // A leaving controller's view is still in the window while it slides away, but nothing
        // it presented could ever be dismissed: its presenter is gone when the slide ends.
        guard !isBeingDismissed else {
            View.hierarchyLogger.warning("\(type(of: self)) is being dismissed: it cannot present \(type(of: controller)) — present from the controller that stays")
            return
        }
        guard let covered = viewIfLoaded, let window = covered.window else {
            View.hierarchyLogger.warning("\(type(of: self)) cannot present \(type(of: controller)): its view is not in a window — fix the app")
            return
        }
        controller.presentingViewController = self
        presentedStorage = controller
        let style = controller.modalPresentationStyle.resolved(forWidth: window.bounds.width)
        controller.presentationStyleInEffect = style
        // Only a full-screen presentation hides the presenter; over it, the presenter stays.
        let hidesPresenter = style == .fullScreen
        if hidesPresenter { beginAppearanceTransition(false, animated: animated) }
        controller.beginAppearanceTransition(true, animated: animated)
        let root = controller.view
        let destination = controller.placePresentedView(in: window)
        let finish: @MainActor () -> Void = { [weak self, weak controller] in
            guard let self, let controller else { return }
            // Dismissed before it arrived: the dismissal has put the covered view back.
            if hidesPresenter, self.presentedStorage === controller, let superview = covered.superview {
                let index = superview.subviews.firstIndex { $0 === covered } ?? superview.subviews.count
                self.coveredView = (covered, superview, index, superview.bounds.size)
                covered.removeFromSuperview()
            }
            controller.endAppearanceTransition()
            if hidesPresenter { self.endAppearanceTransition() }
            completion?()
        }
        guard animated else {
            root.frame = destination
            window.addSubview(root)
            finish()
            return
        }
        controller.animateArrival(in: window, to: destination, completion: finish)
    }

    /// Dismisses the controller this one presented, with every controller presented above it;
    /// when this one presents none, asks its presenter (or, for a child, its parent) to dismiss.
    /// Only the top-most presented controller is on screen, so only it disappears; the ones
    /// between it and this one were covered and hear nothing. This controller's view returns to
    /// where it was, and it appears again. Order, mirroring `present`: the top's
    /// `viewWillDisappear`, this one's `viewWillAppear`, the views change places, this one's
    /// `viewDidAppear`, the top's `viewDidDisappear`.
    ///
    /// Animated, this controller's view is back underneath at once and the top's view slides
    /// down off the bottom edge over `transitionDuration`; it leaves the window, and the "did"
    /// callbacks and `completion` run, when it is gone. The controllers are unlinked at once,
    /// so the app may present again right away.
    public func dismiss(animated: Bool = false, completion: (() -> Void)? = nil) {
        guard let presented = presentedStorage else {
            (presentingViewController ?? parent)?.dismiss(animated: animated, completion: completion)
            return
        }
        var top = presented
        while let above = top.presentedStorage { top = above }
        // Presented over others (an alert over a sheet), several may be on screen: each leaves.
        let chain = presented.presentationChain
        let leavingControllers = chain.filter { $0 === top || $0.isAppearingOrVisible }
        for leaving in leavingControllers.reversed() { leaving.beginAppearanceTransition(false, animated: animated) }
        beginAppearanceTransition(true, animated: animated)
        if let covered = coveredView {
            covered.superview.insertSubview(covered.view, at: min(covered.index, covered.superview.subviews.count))
            // Out of the hierarchy it missed any change of its superview's size (the screen
            // turned under the presented screen): it catches up as its mask says.
            let size = covered.superview.bounds.size
            if size != covered.superviewSize, covered.superview.autoresizesSubviews, !covered.view.autoresizingMask.isEmpty {
                covered.view.frame = covered.view.autoresizingMask.resize(covered.view.frame, superviewFrom: covered.superviewSize, to: size)
            }
            coveredView = nil
        }
        // Unlink the whole stack above this controller; the covered ones' views stay out of
        // the window (they already were).
        var unlinked: ViewController? = presented
        while let current = unlinked {
            unlinked = current.presentedStorage
            current.presentingViewController = nil
            current.presentedStorage = nil
            current.coveredView = nil
        }
        presentedStorage = nil
        for controller in chain { controller.isBeingDismissed = true }
        let leaving = top.viewIfLoaded
        let finish: @MainActor () -> Void = { [weak self] in
            // Every view of the chain goes, covered ones' dimming views included. They are still
            // being dismissed until all have gone: a view leaving ends its touches, and a tap
            // that ends so may ask a leaving controller to present.
            for controller in chain {
                controller.viewIfLoaded?.removeFromSuperview()
                controller.presentationDimmingView?.removeFromSuperview()
                controller.presentationDimmingView = nil
            }
            for controller in chain { controller.isBeingDismissed = false }
            self?.endAppearanceTransition()
            for controller in leavingControllers { controller.endAppearanceTransition() }
            completion?()
        }
        guard animated, let leaving, let window = leaving.window else {
            finish()
            return
        }
        top.animateDeparture(of: leaving, in: window, completion: finish)
    }

    // MARK: Responder

    /// The presenting controller, else the view's superview. While a presentation covers this
    /// controller its view is out of the window, so the chain goes on to the superview the view
    /// will return to: an action sent from a presented controller still reaches the window and
    /// the application.
    open override var next: Responder? {
        if let presentingViewController { return presentingViewController }
        return storedView?.superview ?? coveredView?.superview
    }

    override var firstResponderWindow: Window? { storedView?.window }
}

extension Application {
    /// The shared application, or nil before one exists.
    package static var sharedIfAny: Application? { currentIfAny }
}
