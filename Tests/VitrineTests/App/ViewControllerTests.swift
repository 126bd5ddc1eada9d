import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// A controller that logs its life cycle, each entry prefixed with its name, into a shared log
/// so that the order across controllers is visible.
@MainActor
final class LoggingViewController: ViewController {
    let name: String
    let log: LifecycleLog
    /// When set, `loadView` builds this view rather than the default one.
    var customView: View?
    /// Checks made at callback time (where the view is), appended to the log.
    var logsWindow = false

    init(_ name: String, log: LifecycleLog) {
        self.name = name
        self.log = log
        super.init()
    }

    private func record(_ event: String) {
        var entry = "\(name) \(event)"
        if logsWindow { entry += viewIfLoaded?.window == nil ? " (off)" : " (on)" }
        log.entries.append(entry)
    }

    override func loadView() {
        record("loadView")
        if let customView { view = customView } else { super.loadView() }
    }
    override func viewDidLoad() { record("viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { record("willAppear") }
    override func viewDidAppear(_ animated: Bool) { record("didAppear") }
    override func viewWillDisappear(_ animated: Bool) { record("willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { record("didDisappear") }
    override func viewWillLayoutSubviews() { record("willLayout") }
    override func viewDidLayoutSubviews() { record("didLayout") }
    override func willMove(toParent parent: ViewController?) {
        record("willMove(\((parent as? LoggingViewController)?.name ?? "nil"))")
    }
    override func didMove(toParent parent: ViewController?) {
        record("didMove(\((parent as? LoggingViewController)?.name ?? "nil"))")
    }
}

@MainActor
final class LifecycleLog {
    var entries: [String] = []
    /// The entries since the last call, then forgets them.
    func take() -> [String] {
        defer { entries.removeAll() }
        return entries
    }
    /// The entries without the layout callbacks (which depend on when commits happen).
    func takeAppearance() -> [String] {
        take().filter { !$0.hasSuffix("Layout") }
    }
}

@MainActor
struct ViewControllerTests {
    // MARK: Loading the view

    @Test func theViewIsLoadedLazilyOnFirstAccessAndOnlyOnce() {
        let log = LifecycleLog()
        let controller = LoggingViewController("a", log: log)
        #expect(!controller.isViewLoaded)
        #expect(controller.viewIfLoaded == nil)
        #expect(log.entries.isEmpty)
        let view = controller.view
        #expect(controller.isViewLoaded)
        #expect(log.take() == ["a loadView", "a viewDidLoad"])
        #expect(controller.view === view)
        #expect(controller.viewIfLoaded === view)
        #expect(log.entries.isEmpty)
    }

    @Test func loadViewCanInstallACustomView() {
        let log = LifecycleLog()
        let controller = LoggingViewController("a", log: log)
        let custom = View(frame: Rect(x: 0, y: 0, width: 10, height: 20))
        controller.customView = custom
        controller.loadViewIfNeeded()
        #expect(controller.view === custom)
        controller.loadViewIfNeeded()
        #expect(log.take() == ["a loadView", "a viewDidLoad"])
    }

    @Test func theDefaultViewFillsTheScreen() {
        let h = Harness(width: 640, height: 400, scale: 2)
        let controller = ViewController()
        #expect(controller.view.frame == Rect(x: 0, y: 0, width: 320, height: 200))
        _ = h
    }

    @Test func theRootViewsNextResponderIsItsController() {
        let controller = ViewController()
        #expect(controller.view.next === controller)
    }

    // MARK: The root view controller

    @Test func makeKeyAndVisibleShowsTheRootController() {
        let h = Harness()
        let log = LifecycleLog()
        let window = Window(frame: h.app.screen.bounds)
        let root = LoggingViewController("root", log: log)
        root.logsWindow = true
        window.rootViewController = root
        // Setting the root of a window that is not visible loads and installs it, no more.
        #expect(log.take() == ["root loadView (off)", "root viewDidLoad (off)"])
        #expect(!root.isVisible)
        window.makeKeyAndVisible(in: h.app)
        #expect(log.take() == ["root willAppear (on)", "root didAppear (on)"])
        #expect(root.isVisible)
        #expect(root.view.superview === window)
        #expect(root.view.frame == window.bounds)
        #expect(h.app.keyWindow === window)
    }

    @Test func aRootSetAfterTheWindowIsVisibleLoadsBeforeItAppears() {
        let h = Harness()
        let log = LifecycleLog()
        let root = LoggingViewController("root", log: log)
        root.logsWindow = true
        h.window.rootViewController = root
        #expect(log.take() == ["root loadView (off)", "root viewDidLoad (off)",
                               "root willAppear (off)", "root didAppear (on)"])
        #expect(root.view.frame == h.window.bounds)
    }

    @Test func replacingTheRootControllerSwapsAppearance() {
        let h = Harness()
        let log = LifecycleLog()
        let first = LoggingViewController("first", log: log)
        let second = LoggingViewController("second", log: log)
        h.window.rootViewController = first
        _ = log.take()
        h.window.rootViewController = second
        let entries = log.take()
        #expect(entries == ["first willDisappear", "second loadView", "second viewDidLoad",
                            "second willAppear", "second didAppear", "first didDisappear"])
        #expect(first.viewIfLoaded?.superview == nil)
        #expect(second.view.superview === h.window)
        #expect(!first.isVisible)
        #expect(second.isVisible)
    }

    @Test func replacingARootThatPresentsTakesThePresentedControllerAway() {
        let h = Harness()
        let log = LifecycleLog()
        let first = LoggingViewController("first", log: log)
        let modal = LoggingViewController("modal", log: log)
        let second = LoggingViewController("second", log: log)
        h.window.rootViewController = first
        first.present(modal)
        h.window.rootViewController = second
        #expect(modal.viewIfLoaded?.superview == nil)
        #expect(first.presentedViewController == nil)
        #expect(!modal.isVisible && !first.isVisible && second.isVisible)
        #expect(h.window.subviews.count == 1)
        #expect(h.window.subviews.first === second.view)
    }

    @Test func theRootControllerLaysOutWithItsView() {
        let h = Harness()
        let log = LifecycleLog()
        let root = LoggingViewController("root", log: log)
        h.window.rootViewController = root
        _ = log.take()
        h.settle()
        #expect(log.take() == ["root willLayout", "root didLayout"])
        root.view.setNeedsLayout()
        h.turn()
        #expect(log.take() == ["root willLayout", "root didLayout"])
        // No layout asked for, none done.
        h.turn()
        #expect(log.take().isEmpty)
    }

    @Test func theRootViewFollowsTheWindowsSize() {
        let h = Harness()
        let root = ViewController()
        h.window.rootViewController = root
        h.window.frame = Rect(x: 0, y: 0, width: 400, height: 300)
        #expect(root.view.frame == Rect(x: 0, y: 0, width: 400, height: 300))
    }

    // MARK: Presentation

    /// A window with `badge` above the root's view, so that "the same index" means something.
    private func presentingSetup() -> (Harness, LifecycleLog, LoggingViewController, View) {
        let h = Harness()
        let log = LifecycleLog()
        let root = LoggingViewController("root", log: log)
        h.window.rootViewController = root
        let badge = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        h.window.addSubview(badge)
        _ = log.take()
        return (h, log, root, badge)
    }

    @Test func presentingFullScreenCoversThePresenter() {
        let (h, log, root, badge) = presentingSetup()
        root.logsWindow = true
        let modal = LoggingViewController("modal", log: log)
        modal.logsWindow = true
        var completed = false
        root.present(modal) { completed = true }
        #expect(completed)
        #expect(log.takeAppearance() == [
            "root willDisappear (on)",
            "modal loadView (off)", "modal viewDidLoad (off)", "modal willAppear (off)",
            "modal didAppear (on)", "root didDisappear (off)",
        ])
        #expect(root.presentedViewController === modal)
        #expect(modal.presentingViewController === root)
        #expect(h.window.subviews.map(ObjectIdentifier.init) == [badge, modal.view].map(ObjectIdentifier.init))
        #expect(modal.view.frame == h.window.bounds)
        #expect(!root.isVisible)
        #expect(modal.isVisible)
    }

    @Test func dismissingPutsThePresentersViewBackAtTheSameIndex() {
        let (h, log, root, badge) = presentingSetup()
        root.logsWindow = true
        let modal = LoggingViewController("modal", log: log)
        modal.logsWindow = true
        root.present(modal)
        _ = log.take()
        var completed = false
        root.dismiss { completed = true }
        #expect(completed)
        #expect(log.takeAppearance() == [
            "modal willDisappear (on)", "root willAppear (off)",
            "root didAppear (on)", "modal didDisappear (off)",
        ])
        #expect(h.window.subviews.map(ObjectIdentifier.init) == [root.view, badge].map(ObjectIdentifier.init))
        #expect(root.presentedViewController == nil)
        #expect(modal.presentingViewController == nil)
        #expect(root.isVisible)
        #expect(!modal.isVisible)
    }

    @Test func thePresentedControllerCanDismissItself() {
        let (h, log, root, _) = presentingSetup()
        let modal = LoggingViewController("modal", log: log)
        root.present(modal)
        _ = log.take()
        modal.dismiss()
        #expect(log.takeAppearance() == ["modal willDisappear", "root willAppear", "root didAppear", "modal didDisappear"])
        #expect(root.view.window === h.window)
        #expect(modal.viewIfLoaded?.window == nil)
    }

    @Test func presentingFromAControllerThatIsPresentingIsRefused() {
        let (h, log, root, _) = presentingSetup()
        let first = LoggingViewController("first", log: log)
        let second = LoggingViewController("second", log: log)
        root.present(first)
        _ = log.take()
        // As UIKit ("Attempt to present … which is already presenting …"): a warning, nothing
        // presented, no completion.
        var completed = false
        root.present(second) { completed = true }
        #expect(!completed)
        #expect(root.presentedViewController === first)
        #expect(first.presentedViewController == nil)
        #expect(second.presentingViewController == nil)
        #expect(log.takeAppearance().isEmpty)
        #expect(h.window.subviews.last === first.view)
        #expect(first.isVisible)
        // From the presented controller, it is shown over it.
        first.present(second) { completed = true }
        #expect(completed)
        #expect(second.presentingViewController === first)
        #expect(h.window.subviews.last === second.view)
    }

    @Test func dismissingFromBelowTakesTheWholeStackAndOnlyTheTopDisappears() {
        let (h, log, root, badge) = presentingSetup()
        let first = LoggingViewController("first", log: log)
        let second = LoggingViewController("second", log: log)
        root.present(first)
        first.present(second)
        _ = log.take()
        root.dismiss()
        // `first` was covered all along: it neither reappears nor disappears again.
        #expect(log.takeAppearance() == ["second willDisappear", "root willAppear", "root didAppear", "second didDisappear"])
        #expect(h.window.subviews.map(ObjectIdentifier.init) == [root.view, badge].map(ObjectIdentifier.init))
        #expect(root.presentedViewController == nil)
        #expect(first.presentedViewController == nil)
        #expect(first.presentingViewController == nil)
        #expect(second.presentingViewController == nil)
        #expect(!first.isVisible && !second.isVisible && root.isVisible)
        // The stack can be built again.
        root.present(first)
        #expect(first.isVisible)
        #expect(h.window.subviews.last === first.view)
    }

    @Test func dismissingTheMiddleOfAStackKeepsTheBottom() {
        let (h, log, root, _) = presentingSetup()
        let first = LoggingViewController("first", log: log)
        let second = LoggingViewController("second", log: log)
        root.present(first)
        first.present(second)
        _ = log.take()
        first.dismiss()
        #expect(log.takeAppearance() == ["second willDisappear", "first willAppear", "first didAppear", "second didDisappear"])
        #expect(root.presentedViewController === first)
        #expect(h.window.subviews.last === first.view)
        #expect(root.viewIfLoaded?.window == nil)
    }

    @Test func aChildPresentsOverTheWholeHierarchy() {
        let (h, log, root, _) = presentingSetup()
        let child = LoggingViewController("child", log: log)
        // A container showing a child in its visible view tells it so.
        root.addChild(child)
        child.beginAppearanceTransition(true)
        root.view.addSubview(child.view)
        child.endAppearanceTransition()
        child.didMove(toParent: root)
        #expect(child.isVisible)
        _ = log.take()
        let modal = LoggingViewController("modal", log: log)
        child.present(modal)
        // The top-most ancestor presents: it and its children disappear; the child's view
        // stays inside its parent's view.
        #expect(modal.presentingViewController === root)
        #expect(child.view.superview === root.view)
        #expect(root.viewIfLoaded?.window == nil)
        #expect(log.takeAppearance() == [
            "root willDisappear", "child willDisappear",
            "modal loadView", "modal viewDidLoad", "modal willAppear",
            "modal didAppear", "root didDisappear", "child didDisappear",
        ])
        // The child can dismiss what it presented.
        child.dismiss()
        #expect(root.presentedViewController == nil)
        #expect(root.view.window === h.window)
        #expect(child.isVisible)
    }

    @Test func theResponderChainRunsThroughThePresentedControllerToThePresenterAndTheWindow() {
        let (h, log, root, _) = presentingSetup()
        let modal = LoggingViewController("modal", log: log)
        root.present(modal)
        let button = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        modal.view.addSubview(button)
        var chain: [Responder] = []
        var responder: Responder? = button
        while let current = responder {
            chain.append(current)
            responder = current.next
        }
        let expected: [Responder] = [button, modal.view, modal, root, h.window, h.app]
        #expect(chain.map(ObjectIdentifier.init) == expected.map(ObjectIdentifier.init))
    }

    @Test func aTouchInThePresentedViewTravelsUpThroughThePresenter() {
        let (h, log, root, _) = presentingSetup()
        final class TouchLoggingController: ViewController {
            var began = 0
            override func touchesBegan(_ touches: TouchSet, with event: Event?) { began += 1 }
        }
        let presenter = TouchLoggingController()
        root.present(presenter)
        let modal = LoggingViewController("modal", log: log)
        presenter.present(modal)
        let target = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        modal.view.addSubview(target)
        h.settle()
        // `target`, the modal's view and the modal do not handle touches: they forward to
        // `presenter`, which is off screen but still the next responder.
        h.tap(at: Point(x: 150, y: 150))
        #expect(presenter.began == 1)
    }

    // MARK: Children

    @Test func addingAndRemovingAChildCallsWillMoveAndDidMove() {
        let log = LifecycleLog()
        let parent = LoggingViewController("parent", log: log)
        let child = LoggingViewController("child", log: log)
        parent.addChild(child)
        // addChild calls willMove; the container calls didMove once it placed the view.
        #expect(log.take() == ["child willMove(parent)"])
        #expect(parent.children.map(ObjectIdentifier.init) == [ObjectIdentifier(child)])
        #expect(child.parent === parent)
        child.didMove(toParent: parent)
        _ = log.take()
        // Removing: the container calls willMove(nil); removeFromParent calls didMove(nil).
        child.willMove(toParent: nil)
        child.removeFromParent()
        #expect(log.take() == ["child willMove(nil)", "child didMove(nil)"])
        #expect(parent.children.isEmpty)
        #expect(child.parent == nil)
        // Removing again does nothing.
        child.removeFromParent()
        #expect(log.entries.isEmpty)
    }

    @Test func addingAChildTwiceKeepsItOnce() {
        let log = LifecycleLog()
        let parent = LoggingViewController("parent", log: log)
        let child = LoggingViewController("child", log: log)
        parent.addChild(child)
        parent.addChild(child)
        #expect(parent.children.count == 1)
        #expect(log.take() == ["child willMove(parent)"])
    }

    @Test func movingAChildToAnotherParentLeavesTheFirst() {
        let log = LifecycleLog()
        let first = LoggingViewController("first", log: log)
        let second = LoggingViewController("second", log: log)
        let child = LoggingViewController("child", log: log)
        first.addChild(child)
        _ = log.take()
        second.addChild(child)
        #expect(log.take() == ["child didMove(nil)", "child willMove(second)"])
        #expect(first.children.isEmpty)
        #expect(second.children.count == 1)
        #expect(child.parent === second)
    }

    @Test func childrenHearTheirParentsAppearanceAfterIt() {
        let h = Harness()
        let log = LifecycleLog()
        let parent = LoggingViewController("parent", log: log)
        let child = LoggingViewController("child", log: log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        _ = log.take()
        h.window.rootViewController = parent
        #expect(log.takeAppearance() == ["parent willAppear", "child willAppear", "parent didAppear", "child didAppear"])
        #expect(child.isVisible)
        h.window.rootViewController = nil
        #expect(log.takeAppearance() == ["parent willDisappear", "child willDisappear",
                                         "parent didDisappear", "child didDisappear"])
        #expect(!child.isVisible)
    }

    @Test func aChildItsContainerNeverShowedDoesNotDisappearWithIt() {
        let h = Harness()
        let log = LifecycleLog()
        let parent = LoggingViewController("parent", log: log)
        h.window.rootViewController = parent
        let child = LoggingViewController("child", log: log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        _ = log.take()
        // The container never told the child it appeared, so it has nothing to disappear from.
        h.window.rootViewController = nil
        #expect(log.takeAppearance() == ["parent willDisappear", "parent didDisappear"])
    }

    @Test func appearanceTransitionsAreNotRepeated() {
        let log = LifecycleLog()
        let controller = LoggingViewController("a", log: log)
        controller.loadViewIfNeeded()
        _ = log.take()
        controller.beginAppearanceTransition(true)
        controller.beginAppearanceTransition(true)
        controller.endAppearanceTransition()
        controller.endAppearanceTransition()
        #expect(log.take() == ["a willAppear", "a didAppear"])
        // Disappearing from "disappeared" is not a transition.
        controller.beginAppearanceTransition(false)
        controller.endAppearanceTransition()
        controller.beginAppearanceTransition(false)
        controller.endAppearanceTransition()
        #expect(log.take() == ["a willDisappear", "a didDisappear"])
    }

    @Test func anAppearanceTransitionCanBeReversedHalfway() {
        let log = LifecycleLog()
        let controller = LoggingViewController("a", log: log)
        controller.loadViewIfNeeded()
        _ = log.take()
        controller.beginAppearanceTransition(true)
        // An interrupted appearing: the container changes its mind before the end.
        controller.beginAppearanceTransition(false)
        controller.endAppearanceTransition()
        #expect(log.take() == ["a willAppear", "a willDisappear", "a didDisappear"])
        #expect(!controller.isVisible)
    }

    @Test func theAnimatedFlagReachesTheDidCallbacks() {
        final class AnimatedLog: ViewController {
            var flags: [String] = []
            override func viewWillAppear(_ animated: Bool) { flags.append("will \(animated)") }
            override func viewDidAppear(_ animated: Bool) { flags.append("did \(animated)") }
        }
        let controller = AnimatedLog()
        controller.beginAppearanceTransition(true, animated: true)
        controller.endAppearanceTransition()
        #expect(controller.flags == ["will true", "did true"])
    }
}
