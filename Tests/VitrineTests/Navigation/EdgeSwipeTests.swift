import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// The back swipe from the left screen edge: follows the finger, completes past half or when
/// fast, cancels when short and slow, and cancels the content's touches when it begins.
@MainActor
@Suite struct EdgeSwipeTests {
    func setUp() -> (Harness, NavigationController, JournalController, JournalController, Journal) {
        let h = Harness()
        let journal = Journal()
        let a = JournalController("a", journal), b = JournalController("b", journal)
        let navigation = h.navigation(root: a)
        navigation.pushViewController(b, animated: false)
        h.advance(by: 0.1)
        _ = journal.take()
        return (h, navigation, a, b, journal)
    }

    @Test func theTopViewFollowsTheFinger() {
        let (h, navigation, a, b, journal) = setUp()
        h.down(0, at: Point(x: 5, y: 240))
        for x in stride(from: 45.0, through: 305, by: 20) {
            h.advance(by: 0.02)
            h.move(0, to: Point(x: x, y: 242))
        }
        // The slide is a held property animator: the model holds where the pop ends, the
        // screen shows where the finger is.
        #expect(b.view.renderTransformToSuperview.tx == 300, "the finger moved 300 points: so did the view")
        #expect(a.view.window === h.window && a.view.renderTransformToSuperview.tx < 0)
        #expect(journal.entries == ["b willDisappear", "a willAppear"])
        #expect(navigation.viewControllers.count == 2, "nothing is popped before the finger lifts")
        h.advance(by: 0.3)
        h.up(0)
        h.advance(by: 1)
    }

    @Test func aSlowSwipePastHalfCompletesThePop() {
        let (h, navigation, a, b, journal) = setUp()
        // 500 points at 250 points a second, then a rest: no velocity, position decides.
        h.drag(from: Point(x: 5, y: 240), to: Point(x: 505, y: 240), steps: 20, interval: 0.1, rest: 0.3)
        h.advance(by: 1)
        #expect(navigation.viewControllers.count == 1 && navigation.topViewController === a)
        #expect(journal.take() == ["b willDisappear", "a willAppear", "b didDisappear", "a didAppear", "b willMove nil", "b didMove nil"])
        #expect(b.view.window == nil && a.view.frame.minX == 0)
    }

    @Test func aShortFastFlickCompletesThePop() {
        let (h, navigation, a, _, _) = setUp()
        // 150 points in 0.1 s: 1500 points a second, far past the decisive velocity.
        h.drag(from: Point(x: 5, y: 240), to: Point(x: 155, y: 240), steps: 5, interval: 0.02)
        h.advance(by: 1)
        #expect(navigation.viewControllers.count == 1 && a.isVisible)
    }

    @Test func aShortSlowSwipeCancelsAndTheTopStays() {
        let (h, navigation, a, b, journal) = setUp()
        h.drag(from: Point(x: 5, y: 240), to: Point(x: 205, y: 240), steps: 10, interval: 0.1, rest: 0.3)
        h.advance(by: 1)
        #expect(navigation.viewControllers.count == 2 && navigation.topViewController === b)
        #expect(b.isVisible && !a.isVisible && a.view.window == nil)
        #expect(b.view.frame.minX == 0)
        #expect(journal.take() == ["b willDisappear", "a willAppear", "b willAppear", "a willDisappear",
                                   "a didDisappear", "b didAppear"])
    }

    @Test func aFastFlickBackTowardTheEdgeCancelsEvenPastHalf() {
        let (h, navigation, _, b, _) = setUp()
        h.down(0, at: Point(x: 5, y: 240))
        for step in 1...12 {
            h.advance(by: 0.05)
            h.move(0, to: Point(x: 5 + Double(step) * 50, y: 240))
        }
        // At 605, then back to 455 in 0.06 s: −2500 points a second.
        for step in 1...3 {
            h.advance(by: 0.02)
            h.move(0, to: Point(x: 605 - Double(step) * 50, y: 240))
        }
        h.up(0)
        h.advance(by: 1)
        #expect(navigation.viewControllers.count == 2 && b.isVisible)
    }

    @Test func aDragStartingAwayFromTheEdgeIsNotABackSwipe() {
        let (h, navigation, _, b, _) = setUp()
        h.drag(from: Point(x: 60, y: 240), to: Point(x: 700, y: 240), steps: 10, interval: 0.02)
        h.advance(by: 1)
        #expect(navigation.viewControllers.count == 2 && b.isVisible)
        // From the edge but downward along it: not a back swipe either.
        h.drag(from: Point(x: 5, y: 100), to: Point(x: 8, y: 400), steps: 10, interval: 0.02)
        h.advance(by: 1)
        #expect(navigation.viewControllers.count == 2 && b.isVisible)
    }

    @Test func theContentsTouchIsCancelledWhenTheSwipeBegins() {
        let (h, navigation, _, b, _) = setUp()
        let content = RecordingView("content", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        b.view.addSubview(content)
        h.down(0, at: Point(x: 5, y: 200))
        #expect(content.log == ["began 1"], "the content hears the touch first")
        h.advance(by: 0.02)
        h.move(0, to: Point(x: 8, y: 200))
        #expect(content.log == ["began 1", "moved 1"], "below the hysteresis the swipe has not begun")
        h.advance(by: 0.02)
        h.move(0, to: Point(x: 60, y: 200))
        #expect(content.log == ["began 1", "moved 1", "cancelled 1"])
        h.advance(by: 0.02)
        h.move(0, to: Point(x: 120, y: 200))
        h.up(0)
        h.advance(by: 1)
        #expect(content.log == ["began 1", "moved 1", "cancelled 1"], "nothing more after the cancellation")
        #expect(h.app.touchPool.activeCount == 0)
        _ = navigation
    }

    @Test func aTapAtTheEdgeStillReachesTheContent() {
        let (h, _, _, b, _) = setUp()
        let button = Button(frame: Rect(x: 0, y: 100, width: 200, height: 80))
        var taps = 0
        _ = button.addAction({ _ in taps += 1 }, for: .touchUpInside)
        b.view.addSubview(button)
        h.tap(at: Point(x: 6, y: h.centre(of: button).y))
        #expect(taps == 1)
    }

    @Test func theRootCannotBeSwipedAway() {
        let h = Harness()
        let a = ViewController()
        let navigation = h.navigation(root: a)
        h.drag(from: Point(x: 5, y: 240), to: Point(x: 600, y: 240), steps: 10, interval: 0.02)
        h.advance(by: 1)
        #expect(navigation.viewControllers.count == 1 && a.isVisible && a.view.frame.minX == 0)
    }

    @Test func aPushDuringTheSwipeWaitsForIt() {
        let (h, navigation, _, b, _) = setUp()
        let c = ViewController()
        h.down(0, at: Point(x: 5, y: 240))
        h.advance(by: 0.02)
        h.move(0, to: Point(x: 100, y: 240))
        navigation.pushViewController(c, animated: true)
        #expect(navigation.viewControllers.count == 2)
        h.advance(by: 0.3)
        h.up(0)
        h.advance(by: 2)
        // The swipe (short, slow) cancelled; then the queued push ran.
        #expect(navigation.viewControllers.count == 3 && navigation.topViewController === c && c.isVisible && !b.isVisible)
    }
    @Test func aBackTapWhileTheSwipeCompletesPopsOnlyOnce() {
        let (h, navigation, _, b, _) = setUp()
        let c = ViewController()
        navigation.pushViewController(c, animated: false)
        h.advance(by: 0.1)
        // A fast flick: the pop completes on its own after the lift, animated.
        h.drag(from: Point(x: 5, y: 240), to: Point(x: 155, y: 240), steps: 5, interval: 0.02)
        #expect(navigation.transition != nil, "the completion is still sliding")
        // The bar shows b's back button ("‹ a"): tapped mid-slide, it is stale, not a second pop.
        h.tap(at: h.centre(of: navigation.navigationBar.backButton), slot: 1)
        h.advance(by: 2)
        #expect(navigation.viewControllers.count == 2 && navigation.topViewController === b)
    }
}
