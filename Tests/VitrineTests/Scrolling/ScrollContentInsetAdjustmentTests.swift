import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Records the adjusted-inset callbacks of a scroll view.
@MainActor
final class InsetRecorder: ScrollViewDelegate {
    var changes = 0
    var scrollsToTop = true
    var log: [String] = []
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: ScrollView) { changes += 1 }
    func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool { scrollsToTop }
    func scrollViewDidScrollToTop(_ scrollView: ScrollView) { log.append("didScrollToTop") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { log.append("didEndScrollingAnimation") }
}

/// A scroll view that counts `adjustedContentInsetDidChange()`.
final class CountingScrollView: ScrollView {
    var adjustedChanges = 0
    override func adjustedContentInsetDidChange() {
        super.adjustedContentInsetDidChange()
        adjustedChanges += 1
    }
}

/// `adjustedContentInset` and `contentInsetAdjustmentBehavior` (UIKit's), and `scrollsToTop`.
@MainActor
struct ScrollContentInsetAdjustmentTests {
    /// A full-screen scroll view of tall content on a panel with 24 points unsafe at the top and
    /// 10 at the bottom.
    private func fixture(content: Size = Size(width: 800, height: 4000)) -> (Harness, CountingScrollView, InsetRecorder) {
        let h = Harness()
        h.app.screen.panelSafeAreaInsets = EdgeInsets(top: 24, left: 6, bottom: 10, right: 0)
        let scrollView = CountingScrollView(frame: h.window.bounds)
        let recorder = InsetRecorder()
        scrollView.delegate = recorder
        scrollView.contentSize = content
        h.window.addSubview(scrollView)
        h.runLayoutTurn()
        return (h, scrollView, recorder)
    }

    @Test func theSafeAreaIsAddedAlongTheScrollingAxis() {
        let (h, scrollView, recorder) = fixture()
        #expect(scrollView.safeAreaInsets == EdgeInsets(top: 24, left: 6, bottom: 10, right: 0))
        // `.automatic`: vertical content, so top and bottom; the width does not scroll.
        #expect(scrollView.adjustedContentInset == EdgeInsets(top: 24, left: 0, bottom: 10, right: 0))
        #expect(scrollView.minimumContentOffset.y == -24)
        #expect(scrollView.maximumContentOffset.y == 4000 + 10 - 480)
        #expect(recorder.changes == 1 && scrollView.adjustedChanges == 1)
        // The app's own inset adds to it.
        scrollView.contentInset = EdgeInsets(top: 50, left: 0, bottom: 0, right: 0)
        #expect(scrollView.adjustedContentInset == EdgeInsets(top: 74, left: 0, bottom: 10, right: 0))
        #expect(recorder.changes == 2 && scrollView.adjustedChanges == 2)
        // A layout pass with nothing changed tells no one; scrolling changes nothing either
        // (the safe area is that of the area the view shows, not of its content's origin).
        scrollView.setNeedsLayout()
        h.runLayoutTurn()
        #expect(recorder.changes == 2)
        scrollView.contentOffset = Point(x: 0, y: 900)
        h.window.setNeedsLayout()
        h.runLayoutTurn()
        #expect(scrollView.safeAreaInsets == EdgeInsets(top: 24, left: 6, bottom: 10, right: 0))
        #expect(scrollView.adjustedContentInset == EdgeInsets(top: 74, left: 0, bottom: 10, right: 0))
        #expect(recorder.changes == 2)
    }

    @Test func eachBehaviourAddsWhatUIKitsDoes() {
        let (h, scrollView, recorder) = fixture()
        scrollView.contentInsetAdjustmentBehavior = .never
        #expect(scrollView.adjustedContentInset == .zero)
        scrollView.contentInsetAdjustmentBehavior = .always
        #expect(scrollView.adjustedContentInset == EdgeInsets(top: 24, left: 6, bottom: 10, right: 0))
        scrollView.contentInsetAdjustmentBehavior = .scrollableAxes
        #expect(scrollView.adjustedContentInset == EdgeInsets(top: 24, left: 0, bottom: 10, right: 0))
        #expect(recorder.changes == 4)
        // Content that fits scrolls on no axis: nothing added…
        scrollView.contentSize = Size(width: 800, height: 300)
        #expect(scrollView.adjustedContentInset == .zero)
        // …unless it bounces vertically all the same (read in the next layout pass).
        scrollView.alwaysBounceVertical = true
        scrollView.setNeedsLayout()
        h.runLayoutTurn()
        #expect(scrollView.adjustedContentInset == EdgeInsets(top: 24, left: 0, bottom: 10, right: 0))
        // Without a safe area, the adjusted inset is the content inset whatever the behaviour.
        h.app.screen.panelSafeAreaInsets = .zero
        h.runLayoutTurn()
        #expect(scrollView.adjustedContentInset == .zero)
    }

    @Test func aControllersScrollViewInANavigationControllerIsAdjustedVerticallyAlways() {
        let h = Harness()
        h.app.screen.panelSafeAreaInsets = EdgeInsets(top: 24, left: 0, bottom: 10, right: 0)
        final class ListController: ViewController {
            override func loadView() {
                let scrollView = ScrollView(frame: .zero)
                scrollView.contentSize = Size(width: 100, height: 100)  // fits: not scrollable
                view = scrollView
            }
        }
        let list = ListController()
        _ = h.navigation(root: list)
        h.runLayoutTurn()
        let scrollView = list.view as! ScrollView
        // The bar covers the unsafe top and the content lies under it: only the bottom is added.
        #expect(scrollView.adjustedContentInset == EdgeInsets(top: 0, left: 0, bottom: 10, right: 0))
        scrollView.contentInsetAdjustmentBehavior = .scrollableAxes
        #expect(scrollView.adjustedContentInset == .zero)
    }

    @Test func scrollToTopIsTheAppsCallAndAsksTheDelegate() {
        let (h, scrollView, recorder) = fixture()
        scrollView.contentOffset = Point(x: 0, y: 900)
        #expect(scrollView.scrollsToTop)
        recorder.scrollsToTop = false
        #expect(!scrollView.scrollToTop())
        #expect(scrollView.contentOffset.y == 900)
        recorder.scrollsToTop = true
        #expect(scrollView.scrollToTop())
        h.advance(by: 0.1)
        #expect(scrollView.contentOffset.y < 900 && scrollView.contentOffset.y > -24)
        h.advance(by: 1)
        #expect(scrollView.contentOffset.y == -24)
        // It ends with its own callback, not the animation's (as iOS's status-bar tap).
        #expect(recorder.log == ["didScrollToTop"])
        scrollView.scrollsToTop = false
        scrollView.contentOffset = Point(x: 0, y: 100)
        #expect(!scrollView.scrollToTop(animated: false))
        scrollView.scrollsToTop = true
        #expect(scrollView.scrollToTop(animated: false))
        #expect(scrollView.contentOffset.y == -24)
        #expect(recorder.log == ["didScrollToTop", "didScrollToTop"])
    }
}
