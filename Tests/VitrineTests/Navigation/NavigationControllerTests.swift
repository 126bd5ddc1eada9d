import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

@MainActor
@Suite struct NavigationControllerTests {
    @Test func anAnimatedPushCallsContainmentAndAppearanceInUIKitsOrder() {
        let h = Harness()
        let journal = Journal()
        let a = JournalController("a", journal)
        let navigation = h.navigation(root: a)
        // The root is contained at once (no view yet), then appears with the navigation controller.
        #expect(journal.take() == ["a willMove parent", "a didMove parent", "a didLoad", "a willAppear", "a didAppear"])
        let b = JournalController("b", journal)
        navigation.pushViewController(b, animated: true)
        #expect(journal.take() == ["b willMove parent", "a willDisappear", "b didLoad", "b willAppear"])
        #expect(navigation.viewControllers.count == 2 && navigation.topViewController === b)
        h.advance(by: NavigationController.slideDuration / 2)
        // Mid-slide: both views in the window, the new one part-way in from the right.
        #expect(a.view.window === h.window && b.view.window === h.window)
        let x = b.view.presentation?.center.x ?? 0
        #expect(x > h.window.bounds.midX && x < h.window.bounds.midX + h.window.bounds.width)
        #expect(journal.entries.isEmpty)
        h.advance(by: NavigationController.slideDuration)
        #expect(journal.take() == ["a didDisappear", "b didAppear", "b didMove parent"])
        #expect(a.view.window == nil)
        #expect(b.view.frame == navigation.contentFrame.offsetBy(dx: 0, dy: -navigation.contentFrame.minY))
    }

    @Test func anAnimatedPopCallsContainmentAndAppearanceInUIKitsOrder() {
        let h = Harness()
        let journal = Journal()
        let a = JournalController("a", journal)
        let b = JournalController("b", journal)
        let navigation = h.navigation(root: a)
        navigation.pushViewController(b, animated: false)
        h.advance(by: 0.1)
        _ = journal.take()
        let popped = navigation.popViewController(animated: true)
        #expect(popped === b)
        #expect(journal.take() == ["b willMove nil", "b willDisappear", "a willAppear"])
        h.advance(by: NavigationController.slideDuration + 0.1)
        #expect(journal.take() == ["b didDisappear", "a didAppear", "b didMove nil"])
        #expect(b.parent == nil && b.view.window == nil && a.view.window === h.window)
        #expect(navigation.popViewController(animated: true) == nil, "the root is never popped")
    }

    @Test func duringASlideNeitherViewTakesTouchesAndAPushIsQueued() {
        let h = Harness()
        let a = ViewController(), b = ViewController(), c = ViewController()
        let navigation = h.navigation(root: a)
        let button = Button(frame: Rect(x: 300, y: 200, width: 200, height: 100))
        var taps = 0
        _ = button.addAction({ _ in taps += 1 }, for: .touchUpInside)
        b.view.addSubview(button)
        navigation.pushViewController(b, animated: true)
        navigation.pushViewController(c, animated: true)
        #expect(navigation.viewControllers.count == 2, "the second push waits for the first")
        h.advance(by: 0.1)
        h.tap(at: h.centre(of: button))
        #expect(taps == 0, "a view sliding in takes no touches")
        h.advance(by: 1)
        #expect(navigation.viewControllers.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
        #expect(navigation.topViewController === c && c.isVisible && !b.isVisible)
        navigation.popToRootViewController(animated: false)
        h.advance(by: 0.1)
        h.tap(at: h.centre(of: button))
        #expect(taps == 0)
        navigation.pushViewController(b, animated: false)
        h.advance(by: 0.1)
        h.tap(at: h.centre(of: button))
        #expect(taps == 1, "once the view is in place it takes touches again")
    }

    @Test func pushingAControllerAlreadyOnTheStackIsLoggedAndIgnored() {
        let h = Harness()
        let a = ViewController()
        let navigation = h.navigation(root: a)
        navigation.pushViewController(a, animated: true)
        navigation.pushViewController(navigation, animated: true)
        h.advance(by: 1)
        #expect(navigation.viewControllers.count == 1)
    }

    @Test func theBarShowsTheTitleTheBackButtonAndRightItems() {
        let h = Harness()
        let home = ViewController()
        home.title = "Home"
        let detail = ViewController()
        detail.navigationItem.title = "Room 4"
        var saved = 0
        detail.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Save", style: .done) { _ in saved += 1 }]
        let navigation = h.navigation(root: home)
        let bar = navigation.navigationBar
        #expect(bar.titleLabel.text == "Home" && bar.backButton.isHidden)
        navigation.pushViewController(detail, animated: false)
        h.advance(by: 0.1)
        #expect(bar.titleLabel.text == "Room 4")
        #expect(!bar.backButton.isHidden && bar.backButton.currentTitle == "‹ Home")
        #expect(bar.rightButtons.count == 1)
        h.tap(at: h.centre(of: bar.rightButtons[0]))
        #expect(saved == 1)
        detail.navigationItem.title = "Room 5"
        #expect(bar.titleLabel.text == "Room 5", "a changed item shows at once")
        home.title = "Start"
        #expect(bar.backButton.currentTitle == "‹ Start", "so does a changed controller title")
        home.navigationItem.backButtonTitle = "A title far too long for a back button"
        #expect(bar.backButton.currentTitle == "‹ Back")
        h.tap(at: h.centre(of: bar.backButton))
        h.advance(by: 1)
        #expect(navigation.viewControllers.count == 1 && home.isVisible)
    }

    @Test func setViewControllersReplacesTheStack() {
        let h = Harness()
        let journal = Journal()
        let a = JournalController("a", journal), b = JournalController("b", journal), c = JournalController("c", journal)
        let navigation = h.navigation(root: a)
        navigation.setViewControllers([a, b, c], animated: false)
        #expect(navigation.viewControllers.count == 3 && c.isVisible && !b.isViewLoaded)
        #expect(b.parent === navigation)
        navigation.setViewControllers([c], animated: false)
        #expect(a.parent == nil && b.parent == nil && c.isVisible && navigation.viewControllers.count == 1)
        navigation.setViewControllers([c, c], animated: false)
        #expect(navigation.viewControllers.count == 1, "a duplicate is dropped")
    }

    @Test func aHiddenBarGivesTheTopViewTheWholeView() {
        let h = Harness()
        let a = ViewController()
        let navigation = h.navigation(root: a)
        #expect(a.view.frame.height == 480 - NavigationBar.height)
        navigation.isNavigationBarHidden = true
        h.advance(by: 0.1)
        #expect(a.view.convert(a.view.bounds, to: nil) == h.window.bounds)
    }

    final class ShowLog: NavigationControllerDelegate {
        var log: [String] = []
        func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) {
            log.append("will \(viewController.title ?? "")")
        }
        func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool) {
            log.append("did \(viewController.title ?? "")")
        }
    }

    @Test func theDelegateHearsWillShowAndDidShowAroundEachTransition() {
        let h = Harness()
        let a = ViewController(), b = ViewController()
        a.title = "a"
        b.title = "b"
        let navigation = h.navigation(root: a)
        let delegate = ShowLog()
        navigation.delegate = delegate
        navigation.pushViewController(b, animated: true)
        #expect(delegate.log == ["will b"])
        h.advance(by: 1)
        #expect(delegate.log == ["will b", "did b"])
        h.drag(from: Point(x: 5, y: 240), to: Point(x: 600, y: 240), steps: 10, interval: 0.05)
        h.advance(by: 1)
        #expect(delegate.log == ["will b", "did b", "will a", "did a"])
    }
}

@MainActor
@Suite struct NavigationAfterPresentationTests {
    @Test(arguments: [false, true])
    func aPushAfterAPresentationFromTheRootIsDismissedStillSlides(animatedPresentation: Bool) {
        let h = Harness()
        let a = ViewController(), b = ViewController()
        let navigation = h.navigation(root: a)
        a.present(ViewController(), animated: animatedPresentation)
        h.advance(by: 1)
        a.dismiss(animated: animatedPresentation)
        h.advance(by: 1)
        #expect(a.isVisible)
        navigation.pushViewController(b, animated: true)
        h.advance(by: NavigationController.slideDuration / 2)
        let x = b.view.presentation?.center.x ?? 0
        #expect(x > h.window.bounds.midX, "the push did not slide: its view is already in place")
        h.advance(by: NavigationController.slideDuration)
        #expect(b.isVisible && !a.isVisible)
    }
}

@MainActor
@Suite struct NavigationFromGestureTests {
    @Test func aPushFromALongPressSlides() {
        let h = Harness()
        let a = ViewController(), b = ViewController()
        let navigation = h.navigation(root: a)
        let target = View(frame: Rect(x: 100, y: 100, width: 200, height: 100))
        a.view.addSubview(target)
        let hold = LongPressGestureRecognizer { recognizer in
            if recognizer.state == .began { navigation.pushViewController(b, animated: true) }
        }
        target.addGestureRecognizer(hold)
        h.advance(by: 0.1)
        h.down(0, at: target.convert(Point(x: 100, y: 50), to: nil))
        h.advance(by: 0.6)
        #expect(navigation.topViewController === b)
        let x = b.view.presentation?.center.x ?? 0
        #expect(x > h.window.bounds.midX, "the push did not slide")
        h.up(0)
        h.advance(by: 1)
        #expect(b.isVisible)
    }
}

/// A delegate that shows the bar for every screen but the root, as the demo's does.
@MainActor
private final class BarHidingDelegate: NavigationControllerDelegate {
    let root: ViewController
    init(root: ViewController) { self.root = root }
    func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) {
        navigationController.isNavigationBarHidden = viewController === root
    }
}

@MainActor
@Suite struct NavigationBarTogglingTests {
    @Test func aPushThatShowsTheBarStillSlides() {
        let h = Harness()
        let a = ViewController(), b = ViewController()
        let navigation = h.navigation(root: a)
        let delegate = BarHidingDelegate(root: a)
        navigation.delegate = delegate
        navigation.isNavigationBarHidden = true
        h.advance(by: 0.1)
        navigation.pushViewController(b, animated: true)
        h.advance(by: NavigationController.slideDuration / 2)
        let x = b.view.presentation?.center.x ?? 0
        #expect(x > h.window.bounds.midX, "the push did not slide: showing the bar cut the slide short")
        h.advance(by: NavigationController.slideDuration)
        #expect(b.isVisible && !navigation.isNavigationBarHidden)
        #expect(b.view.frame.height == h.window.bounds.height - NavigationBar.height)
        navigation.popViewController(animated: true)
        h.advance(by: NavigationController.slideDuration / 2)
        #expect((a.view.presentation?.center.x ?? h.window.bounds.midX) < h.window.bounds.midX, "the pop did not slide")
        h.advance(by: NavigationController.slideDuration)
        #expect(a.isVisible && navigation.isNavigationBarHidden)
    }
}

@MainActor
@Suite struct NavigationTintTests {
    @Test func theBarsFollowTheInheritedTint() {
        let h = Harness()
        let navigation = h.navigation(root: ViewController())
        navigation.pushViewController(ViewController(), animated: false)
        h.advance(by: 0.1)
        let orange = Color(rgb: 0xFF9500)
        h.window.tintColor = orange
        #expect(navigation.navigationBar.backButton.titleColor(for: .normal) == orange)
        let fixed = Color(rgb: 0x34C759)
        navigation.navigationBar.itemTintColor = fixed
        #expect(navigation.navigationBar.backButton.titleColor(for: .normal) == fixed)

    }
}
