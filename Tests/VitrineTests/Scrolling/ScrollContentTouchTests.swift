import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// A scroll view that lets drags take touches from controls too (as UIKit's table views do).
@MainActor
final class CancellingScrollView: ScrollView {
    override func touchesShouldCancel(in view: View) -> Bool { true }
}

/// A scroll view whose content refuses touches.
@MainActor
final class RefusingScrollView: ScrollView {
    override func touchesShouldBegin(_ touches: TouchSet, with event: Event?, in view: View) -> Bool { false }
}

/// `delaysContentTouches`, `canCancelContentTouches`, `touchesShouldBegin` and
/// `touchesShouldCancel`, with a recording view and a button inside a scroll view.
@MainActor
struct ScrollContentTouchTests {
    private func fixture(_ scrollView: ScrollView? = nil) -> (ScrollFixture, RecordingView, Button) {
        let f = ScrollFixture(scrollView: scrollView)
        let content = RecordingView("content", frame: Rect(x: 0, y: 0, width: 400, height: 200))
        let button = Button(frame: Rect(x: 0, y: 200, width: 400, height: 100))
        f.scrollView.addSubview(content)
        f.scrollView.addSubview(button)
        f.h.frame()
        return (f, content, button)
    }

    @Test func contentHearsTouchesBeganOnlyAfterTheHold() {
        let (f, content, _) = fixture()
        f.h.down(0, at: Point(x: 100, y: 100))
        #expect(content.log.isEmpty)
        #expect(f.scrollView.isTracking && !f.scrollView.isDragging)
        f.h.advance(by: 0.1)
        #expect(content.log.isEmpty)
        f.h.advance(by: 0.06)
        #expect(content.log == ["began 1"])
        f.h.up(0)
        #expect(content.log == ["began 1", "ended 1"])
        #expect(!f.scrollView.isTracking)
    }

    @Test func aQuickTapOnAButtonStillHighlightsAndFires() {
        let (f, _, button) = fixture()
        var fired = 0
        var highlightedAtTouchDown = false
        button.addAction({ _ in fired += 1 }, for: .touchUpInside)
        button.addAction({ sender in highlightedAtTouchDown = (sender as? Button)?.isHighlighted ?? false }, for: .touchDown)
        f.h.tap(at: Point(x: 100, y: 250), duration: 0.05)
        #expect(fired == 1)
        #expect(highlightedAtTouchDown)
        #expect(!button.isHighlighted)
    }

    @Test func aQuickDragNeverReachesTheContent() {
        let (f, content, _) = fixture()
        f.drag(from: Point(x: 100, y: 150), step: Point(x: 0, y: -20), steps: 5)
        #expect(content.log.isEmpty)
        #expect(f.scrollView.contentOffset.y > 0)
        f.settle()
        #expect(content.log.isEmpty)
    }

    @Test func aDragAfterTheHoldCancelsTheContentsTouch() {
        let (f, content, _) = fixture()
        f.h.down(0, at: Point(x: 100, y: 150))
        f.h.advance(by: 0.2)
        #expect(content.log == ["began 1"])
        f.h.move(0, to: Point(x: 100, y: 120))
        #expect(content.log == ["began 1", "cancelled 1"])
        #expect(f.scrollView.isDragging)
        f.h.move(0, to: Point(x: 100, y: 100))
        f.h.up(0)
        #expect(content.log == ["began 1", "cancelled 1"])
        #expect(f.scrollView.contentOffset.y == 20)
    }

    @Test func byDefaultAHeldButtonKeepsItsTouchAsInUIKit() {
        let (f, _, button) = fixture()
        var fired = 0
        button.addAction({ _ in fired += 1 }, for: .touchUpInside)
        f.h.down(0, at: Point(x: 100, y: 250))
        f.h.advance(by: 0.2)
        #expect(button.isHighlighted)
        f.h.move(0, to: Point(x: 100, y: 220))
        f.h.move(0, to: Point(x: 100, y: 210))
        #expect(f.scrollView.contentOffset.y == 0)
        #expect(button.isTracking)
        f.h.up(0)
        #expect(fired == 1)
    }

    @Test func whenTheScrollViewMayCancelControlsAHeldButtonUnhighlightsWithoutFiring() {
        let (f, _, button) = fixture(CancellingScrollView(frame: .zero))
        var fired = 0, cancelled = 0
        button.addAction({ _ in fired += 1 }, for: .touchUpInside)
        button.addAction({ _ in cancelled += 1 }, for: .touchCancel)
        f.h.down(0, at: Point(x: 100, y: 250))
        f.h.advance(by: 0.2)
        #expect(button.isHighlighted)
        f.h.move(0, to: Point(x: 100, y: 220))
        #expect(!button.isHighlighted)
        #expect(cancelled == 1)
        f.h.move(0, to: Point(x: 100, y: 200))
        f.h.up(0)
        #expect(fired == 0)
        #expect(f.scrollView.contentOffset.y == 20)
    }

    @Test func withoutCancellingContentThatHasTheTouchKeepsItAndNothingScrolls() {
        let (f, content, _) = fixture()
        f.scrollView.canCancelContentTouches = false
        f.h.down(0, at: Point(x: 100, y: 150))
        f.h.advance(by: 0.2)
        f.h.move(0, to: Point(x: 100, y: 120))
        f.h.move(0, to: Point(x: 100, y: 100))
        f.h.up(0)
        #expect(content.log == ["began 1", "moved 1", "moved 1", "ended 1"])
        #expect(f.scrollView.contentOffset.y == 0)
        // A quick drag still scrolls: the content never had the touch.
        f.drag(from: Point(x: 100, y: 150), step: Point(x: 0, y: -20), steps: 3)
        #expect(f.scrollView.contentOffset.y == 40)
    }

    @Test func withoutTheDelayContentHearsAtOnceAndADragCancels() {
        let (f, content, _) = fixture()
        f.scrollView.delaysContentTouches = false
        f.h.down(0, at: Point(x: 100, y: 150))
        #expect(content.log == ["began 1"])
        f.h.move(0, to: Point(x: 100, y: 120))
        #expect(content.log == ["began 1", "cancelled 1"])
        f.h.up(0)
    }

    @Test func touchesShouldBeginCanKeepTouchesFromTheContentButDragsStillScroll() {
        let (f, content, button) = fixture(RefusingScrollView(frame: .zero))
        var fired = 0
        button.addAction({ _ in fired += 1 }, for: .touchUpInside)
        f.h.tap(at: Point(x: 100, y: 250))
        f.h.down(0, at: Point(x: 100, y: 150))
        f.h.advance(by: 0.3)
        f.h.up(0)
        #expect(fired == 0)
        #expect(content.log.isEmpty)
        f.drag(from: Point(x: 100, y: 150), step: Point(x: 0, y: -20), steps: 3)
        #expect(f.scrollView.contentOffset.y == 40)
    }

    @Test func theTapThatStopsAFlingDoesNotPressAButton() {
        let (f, _, button) = fixture()
        var fired = 0
        button.addAction({ _ in fired += 1 }, for: .touchUpInside)
        let tapView = View(frame: Rect(x: 0, y: 0, width: 400, height: 4000))
        var tapped = 0
        tapView.addGestureRecognizer(TapGestureRecognizer { _ in tapped += 1 })
        f.scrollView.insertSubview(tapView, at: 0)
        f.drag(from: Point(x: 100, y: 390), step: Point(x: 0, y: -20), steps: 10)
        f.h.advance(by: 0.05)
        #expect(f.scrollView.isDecelerating)
        button.frame.origin.y = f.scrollView.contentOffset.y + 200
        f.h.tap(at: Point(x: 100, y: 250))
        f.h.tap(at: Point(x: 100, y: 50))
        #expect(fired == 0)
        #expect(tapped == 1) // the second tap, on still content, is a tap
        f.h.tap(at: Point(x: 100, y: 250))
        #expect(fired == 1)
    }

    @Test func everyBeganTouchEndsOrIsCancelledOnceAcrossTheRules() {
        let (f, content, _) = fixture()
        content.forwards = false
        // Hold, drag, extra finger, lift in odd orders.
        f.h.down(0, at: Point(x: 100, y: 150))
        f.h.advance(by: 0.2)
        f.h.down(1, at: Point(x: 150, y: 150))
        f.h.move(0, to: Point(x: 100, y: 100))
        f.h.up(1)
        f.h.move(0, to: Point(x: 100, y: 80))
        f.h.up(0)
        f.settle()
        let began = content.log.filter { $0.hasPrefix("began") }.count
        let finished = content.log.filter { $0.hasPrefix("ended") || $0.hasPrefix("cancelled") }.count
        #expect(began == finished)
        #expect(f.h.app.touchPool.inUseMask == 0)
    }
}

/// Fingers joining a drag, and touches around animations.
@MainActor
struct ScrollJoiningTouchTests {
    @Test func aFingerJoiningADragNeverReachesTheContent() {
        let f = ScrollFixture()
        let content = RecordingView("content", frame: Rect(x: 0, y: 0, width: 400, height: 4000))
        f.scrollView.addSubview(content)
        f.h.frame()
        f.drag(from: Point(x: 100, y: 300), step: Point(x: 0, y: -20), steps: 3, lift: false)
        #expect(f.scrollView.isDragging)
        f.h.down(1, at: Point(x: 300, y: 300))
        f.h.advance(by: 0.3) // longer than the content delay
        #expect(content.log.isEmpty)
        f.h.up(1)
        f.h.advance(by: 0.1)
        f.h.up(0)
        f.settle()
        #expect(content.log.isEmpty)
        #expect(f.h.app.touchPool.inUseMask == 0)
        // The next gesture is an ordinary tap again.
        f.h.tap(at: Point(x: 100, y: 100))
        #expect(content.log == ["began 1", "ended 1"])
    }

    @Test func aTapDuringAnAnimatedScrollStopsItAndStillReachesTheContent() {
        let f = ScrollFixture()
        let button = Button(frame: Rect(x: 0, y: 0, width: 400, height: 4000))
        var fired = 0
        button.addAction({ _ in fired += 1 }, for: .touchUpInside)
        f.scrollView.addSubview(button)
        f.scrollView.setContentOffset(Point(x: 0, y: 1000), animated: true)
        f.h.advance(by: 0.1)
        let moving = f.scrollView.contentOffset.y
        #expect(moving > 0 && moving < 1000)
        f.h.tap(at: Point(x: 100, y: 100))
        #expect(fired == 1)
        f.settle()
        #expect(f.scrollView.contentOffset.y == moving)
        #expect(!f.recorder.log.contains("didEndScrollingAnimation"))
    }
}

/// A drag the scroll view cannot take goes to the content without waiting for the delay.
@MainActor
struct ScrollCrossAxisTouchTests {
    @Test func aHorizontalDragInAVerticalListReachesTheContentAtOnce() {
        let f = ScrollFixture()
        let content = RecordingView("content", frame: Rect(x: 0, y: 0, width: 400, height: 4000))
        f.scrollView.addSubview(content)
        f.h.frame()
        f.h.down(0, at: Point(x: 100, y: 100))
        f.h.advance(by: 0.01)
        f.h.move(0, to: Point(x: 130, y: 100)) // the pan fails: the view cannot scroll sideways
        #expect(content.log.isEmpty)
        f.h.advance(by: 0.01)
        f.h.move(0, to: Point(x: 160, y: 100)) // 20 ms after touch-down, well within the delay
        #expect(content.log == ["began 1", "moved 1"])
        f.h.up(0)
        #expect(content.log == ["began 1", "moved 1", "ended 1"])
        #expect(f.scrollView.contentOffset == .zero)
    }
}
