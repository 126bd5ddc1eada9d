import Testing
@testable import Vitrine
@testable import VitrineCore
import VitrineGraphics
import VitrineHeadless

/// A content view that can hold the keyboard focus.
@MainActor
final class FocusableView: View {
    override var canBecomeFirstResponder: Bool { true }
}

/// Nested scroll views (the drag's direction picks one; no hand-over mid-gesture), the wheel
/// and the keyboard.
@MainActor
struct ScrollNestingWheelKeyTests {
    /// A horizontal 400×200 strip (1,200 pt wide content) at the top of a vertical scroll view.
    private func nested() -> (ScrollFixture, ScrollView) {
        let f = ScrollFixture()
        let inner = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        inner.contentSize = Size(width: 1200, height: 200)
        f.scrollView.addSubview(inner)
        f.h.frame()
        return (f, inner)
    }

    @Test func aHorizontalDragScrollsTheInnerOneAVerticalDragTheOuterOne() {
        let (f, inner) = nested()
        f.drag(from: Point(x: 300, y: 100), step: Point(x: -20, y: 0), steps: 5, lift: false)
        #expect(inner.contentOffset == Point(x: 80, y: 0))
        #expect(f.scrollView.contentOffset == .zero)
        #expect(inner.isDragging && !f.scrollView.isDragging)
        f.h.advance(by: 0.2)
        f.h.up(0)
        f.settle()
        f.drag(from: Point(x: 300, y: 150), step: Point(x: 0, y: -20), steps: 5, lift: false)
        #expect(f.scrollView.contentOffset == Point(x: 0, y: 80))
        #expect(inner.contentOffset == Point(x: 80, y: 0))
        f.h.advance(by: 0.2)
        f.h.up(0)
    }

    @Test func anInnerOneAtItsEdgeKeepsTheGestureToTheEnd() {
        let (f, inner) = nested()
        // At its left edge, dragged right: it rubber-bands rather than handing over…
        f.drag(from: Point(x: 100, y: 100), step: Point(x: 20, y: 0), steps: 4, lift: false)
        #expect(inner.contentOffset.x < 0)
        // …and a turn downwards later in the same gesture does not move the outer one.
        var point = Point(x: 180, y: 100)
        for _ in 0..<5 {
            f.h.advance(by: 0.01)
            point.y += 30
            f.h.move(0, to: point)
        }
        #expect(f.scrollView.contentOffset == .zero)
        #expect(inner.contentOffset.y == 0)
        f.h.up(0)
        f.settle()
        #expect(inner.contentOffset == .zero)
        #expect(f.scrollView.contentOffset == .zero)
    }

    @Test func theWheelScrollsTheViewUnderThePointerClamped() {
        let (f, inner) = nested()
        f.h.input.send(.scroll(deltaX: 0, deltaY: 120, location: Point(x: 200, y: 300), timestamp: f.h.clock.now))
        f.h.frame()
        #expect(f.scrollView.contentOffset.y == 120)
        f.h.input.send(.scroll(deltaX: 0, deltaY: -1000, location: Point(x: 200, y: 300), timestamp: f.h.clock.now))
        f.h.frame()
        #expect(f.scrollView.contentOffset.y == 0)
        // Over the horizontal strip: a horizontal turn scrolls it, a vertical one the outer view.
        f.h.input.send(.scroll(deltaX: 5000, deltaY: 0, location: Point(x: 200, y: 100), timestamp: f.h.clock.now))
        f.h.frame()
        #expect(inner.contentOffset.x == 800)
        f.h.input.send(.scroll(deltaX: 0, deltaY: 50, location: Point(x: 200, y: 100), timestamp: f.h.clock.now))
        f.h.frame()
        #expect(f.scrollView.contentOffset.y == 50)
        #expect(inner.contentOffset == Point(x: 800, y: 0))
        #expect(f.recorder.scrolls == 3)
        // Scrolling disabled: the wheel passes on.
        f.scrollView.isScrollEnabled = false
        f.h.input.send(.scroll(deltaX: 0, deltaY: 50, location: Point(x: 200, y: 300), timestamp: f.h.clock.now))
        f.h.frame()
        #expect(f.scrollView.contentOffset.y == 50)
    }

    private func press(_ f: ScrollFixture, _ code: Int) {
        f.h.input.key(code, .pressed)
        f.h.frame()
        f.h.input.key(code, .released)
        f.h.frame()
        f.settle()
    }

    @Test func pageKeysHomeEndAndArrowsScrollTheFocusedScrollView() {
        let (f, inner) = nested()
        let focus = FocusableView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        inner.addSubview(focus)
        #expect(focus.becomeFirstResponder())
        press(f, ScrollKey.pageDown.rawValue)
        #expect(f.scrollView.contentOffset.y == 360)
        #expect(f.recorder.log == ["didEndScrollingAnimation"])
        press(f, ScrollKey.down.rawValue)
        #expect(f.scrollView.contentOffset.y == 400)
        press(f, ScrollKey.end.rawValue)
        #expect(f.scrollView.contentOffset.y == 3600)
        press(f, ScrollKey.pageUp.rawValue)
        #expect(f.scrollView.contentOffset.y == 3240)
        press(f, ScrollKey.home.rawValue)
        #expect(f.scrollView.contentOffset.y == 0)
        // Left and right go to the strip, which scrolls horizontally.
        press(f, ScrollKey.right.rawValue)
        #expect(inner.contentOffset.x == 40)
        press(f, ScrollKey.left.rawValue)
        press(f, ScrollKey.left.rawValue)
        #expect(inner.contentOffset.x == 0)
        #expect(f.scrollView.contentOffset.y == 0)
    }

    @Test func aHeldArrowRepeatsAndOtherKeysPassThrough() {
        let f = ScrollFixture()
        let focus = FocusableView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        f.scrollView.addSubview(focus)
        focus.becomeFirstResponder()
        f.h.input.key(ScrollKey.down.rawValue, .pressed)
        f.h.frame()
        f.h.input.key(ScrollKey.down.rawValue, .pressed) // auto-repeat
        f.h.frame()
        f.h.input.key(ScrollKey.down.rawValue, .released)
        f.h.frame()
        f.settle()
        #expect(f.scrollView.contentOffset.y == 80)
        f.h.input.key(30, .pressed)
        f.h.input.key(30, .released)
        f.h.frame()
        #expect(f.scrollView.contentOffset.y == 80)
    }
}
