import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// A view that counts what it hears of touches, and can run a closure inside each callback
/// (what an app's handler does: remove views, cancel, rotate the screen).
@MainActor
private final class CountingView: View {
    var began = 0, moved = 0, ended = 0, cancelled = 0
    var onBegan: (() -> Void)?
    var onMoved: (() -> Void)?
    var onCancelled: (() -> Void)?
    var ends: Int { ended + cancelled }
    override func touchesBegan(_ touches: TouchSet, with event: Event?) { began += touches.count; onBegan?() }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) { moved += touches.count; onMoved?() }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { ended += touches.count }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        cancelled += touches.count
        onCancelled?()
    }
}

/// A recognizer that counts what it hears and stays undecided until its touches end.
@MainActor
private final class CountingRecognizer: GestureRecognizer {
    var began = 0, moved = 0, ended = 0, cancelled = 0
    override func touchesBegan(_ touches: TouchSet, with event: Event) { began += touches.count }
    override func touchesMoved(_ touches: TouchSet, with event: Event) { moved += touches.count }
    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        ended += touches.count
        if numberOfTouches == touches.count { state = .failed }
    }
    override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        cancelled += touches.count
        super.touchesCancelled(touches, with: event)
    }
}

/// The rule of issue 13: every touch that began ends or is cancelled exactly once, for its view
/// and its recognizers, whatever the app does during delivery; and the pool never keeps a slot.
@MainActor
struct TouchIntegrityTests {
    /// A view with a double tap and a single tap that waits for it to fail.
    private func doubleTapView(in h: Harness) -> (CountingView, TapGestureRecognizer, TapGestureRecognizer) {
        let view = CountingView(frame: Rect(x: 100, y: 100, width: 200, height: 200))
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let single = TapGestureRecognizer()
        single.require(toFail: double)
        view.addGestureRecognizer(double)
        view.addGestureRecognizer(single)
        h.window.addSubview(view)
        return (view, double, single)
    }

    @Test func aViewWithADoubleTapRemovedWhileAFingerIsDownFreesItsSlot() {
        let h = Harness(touchCapacity: 10)
        // Eleven times on a ten-slot pool: one leaked slot per round would lock the pool.
        for _ in 0..<11 {
            let (view, double, single) = doubleTapView(in: h)
            h.down(0, at: Point(x: 150, y: 150))
            view.removeFromSuperview()
            #expect(view.cancelled == 1, "the removed view hears touchesCancelled at once")
            h.up(0)
            h.advance(by: 2)
            #expect(view.began == 1 && view.ends == 1)
            #expect(h.app.touchPool.activeCount == 0)
            #expect(double.state == .possible && single.state == .possible)
        }
        // Every slot is free: a button still works.
        let button = Button(frame: Rect(x: 400, y: 100, width: 100, height: 60))
        var fired = 0
        _ = button.addAction({ _ in fired += 1 }, for: .touchUpInside)
        h.window.addSubview(button)
        h.tap(at: Point(x: 450, y: 130))
        #expect(fired == 1)
    }

    @Test func aViewWhoseFirstTapEndedIsRemovedBeforeTheSecond() {
        let h = Harness()
        let (view, double, single) = doubleTapView(in: h)
        // The first tap's end is held by the double tap, which waits for a second tap.
        h.tap(at: Point(x: 150, y: 150))
        #expect(view.ends == 0)
        view.removeFromSuperview()
        #expect(view.cancelled == 1)
        h.advance(by: 2)
        #expect(view.ends == 1)
        #expect(h.app.touchPool.activeCount == 0)
        #expect(double.state == .possible && single.state == .possible)
    }

    @Test func removingAnUnrelatedViewBetweenTheTapsOfADoubleTapLeavesItWaiting() {
        let h = Harness()
        let (view, double, _) = doubleTapView(in: h)
        var recognized = 0
        double.addAction { if $0.state == .recognized { recognized += 1 } }
        let bystander = View(frame: Rect(x: 500, y: 100, width: 50, height: 50))
        h.window.addSubview(bystander)
        h.tap(at: Point(x: 150, y: 150))
        bystander.removeFromSuperview()
        h.advance(by: 0.1)
        h.tap(at: Point(x: 152, y: 150))
        #expect(recognized == 1, "a view leaving elsewhere must not fail the double tap")
        #expect(view.began == 2 && view.ends == 2, "each tap ends once at the view (cancelled: the double tap took them)")
        h.advance(by: 1)
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func aControllerPresentedOverTheTouchedViewCancelsItsTouches() {
        let h = Harness()
        let root = ViewController()
        h.window.rootViewController = root
        h.loop.runUntilIdle()
        let (view, _, _) = doubleTapView(in: h)
        view.removeFromSuperview()
        root.view.addSubview(view)
        h.down(0, at: Point(x: 150, y: 150))
        root.present(ViewController(), animated: false)
        h.move(0, to: Point(x: 160, y: 150))
        h.up(0)
        h.advance(by: 2)
        #expect(view.began == 1 && view.cancelled == 1 && view.ended == 0 && view.moved == 0)
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func aRemovedAncestorCancelsOnceAndTheDetachedViewHearsNothingMore() {
        let h = Harness()
        let container = View(frame: h.window.bounds)
        let view = CountingView(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let recognizer = CountingRecognizer()
        view.addGestureRecognizer(recognizer)
        container.addSubview(view)
        h.window.addSubview(container)
        h.down(0, at: Point(x: 50, y: 50))
        container.removeFromSuperview()
        h.move(0, to: Point(x: 60, y: 60))
        h.up(0)
        #expect(view.began == 1 && view.cancelled == 1 && view.moved == 0 && view.ended == 0)
        #expect(recognizer.began == 1 && recognizer.cancelled == 1 && recognizer.moved == 0 && recognizer.ended == 0)
        #expect(recognizer.state == .possible)
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func replacingTheRootControllerCancelsTheTouchesInTheOldRoot() {
        let h = Harness()
        let first = ViewController()
        h.window.rootViewController = first
        let view = CountingView(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        first.view.addSubview(view)
        h.loop.runUntilIdle()
        h.down(0, at: Point(x: 50, y: 50))
        h.window.rootViewController = ViewController()
        h.up(0)
        #expect(view.began == 1 && view.cancelled == 1 && view.ended == 0)
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func hidingTheWindowCancelsItsTouches() {
        let h = Harness()
        let view = CountingView(frame: h.window.bounds)
        h.window.addSubview(view)
        h.down(0, at: Point(x: 50, y: 50))
        h.window.isHidden = true
        h.move(0, to: Point(x: 60, y: 60))
        h.up(0)
        #expect(view.began == 1 && view.cancelled == 1 && view.ended == 0 && view.moved == 0)
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func removingTheViewInsideItsOwnTouchesBeganCancelsAfterTheBegan() {
        let h = Harness()
        let view = CountingView(frame: h.window.bounds)
        let recognizer = CountingRecognizer()
        view.addGestureRecognizer(recognizer)
        h.window.addSubview(view)
        view.onBegan = { view.removeFromSuperview() }
        h.down(0, at: Point(x: 50, y: 50))
        h.up(0)
        #expect(view.began == 1 && view.cancelled == 1 && view.ended == 0)
        #expect(recognizer.began == 1 && recognizer.cancelled == 1 && recognizer.ended == 0)
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func cancellingAllTouchesInsideTouchesBeganDeliversTheBeganOnce() {
        let h = Harness()
        let view = CountingView(frame: h.window.bounds)
        let recognizer = CountingRecognizer()
        view.addGestureRecognizer(recognizer)
        h.window.addSubview(view)
        view.onBegan = { h.app.cancelAllTouches() }
        h.down(0, at: Point(x: 50, y: 50))
        h.up(0)
        #expect(view.began == 1 && view.cancelled == 1 && view.ended == 0)
        #expect(recognizer.began == 1 && recognizer.cancelled == 1 && recognizer.ended == 0)
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func cancellingAllTouchesInsideTouchesMovedDeliversTheMoveOnce() {
        let h = Harness()
        let view = CountingView(frame: h.window.bounds)
        let recognizer = CountingRecognizer()
        view.addGestureRecognizer(recognizer)
        h.window.addSubview(view)
        h.down(0, at: Point(x: 50, y: 50))
        view.onMoved = { h.app.cancelAllTouches() }
        h.move(0, to: Point(x: 52, y: 50))
        h.move(0, to: Point(x: 54, y: 50))
        h.up(0)
        #expect(view.moved == 1 && view.cancelled == 1 && view.ended == 0)
        #expect(recognizer.moved == 1 && recognizer.cancelled == 1)
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func rotatingTheScreenInsideTouchesMovedDeliversTheMoveOnce() {
        let h = Harness()
        let view = CountingView(frame: h.window.bounds)
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        h.window.addSubview(view)
        h.down(0, at: Point(x: 50, y: 50))
        var turns = 0
        view.onMoved = {
            turns += 1
            h.app.setScreenRotation(turns % 2 == 1 ? .clockwise90 : .none)
        }
        h.move(0, to: Point(x: 52, y: 50))
        #expect(view.moved == 1)
        #expect(view.cancelled == 1)
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func aHandlerThatCancelsOnEveryCallbackCannotRecurse() {
        let h = Harness()
        let view = CountingView(frame: h.window.bounds)
        h.window.addSubview(view)
        view.onBegan = { h.app.cancelAllTouches() }
        view.onMoved = { h.app.cancelAllTouches() }
        view.onCancelled = { h.app.cancelAllTouches() }
        for slot in 0..<3 { h.input.down(slot, at: Point(x: 50 + Double(slot) * 40, y: 50)) }
        h.frame()
        for slot in 0..<3 { h.input.move(slot, to: Point(x: 60 + Double(slot) * 40, y: 60)) }
        h.frame()
        for slot in 0..<3 { h.input.up(slot) }
        h.frame()
        #expect(view.began == 1, "the view is not multiple-touch: one finger reaches it")
        #expect(view.cancelled == 1 && view.ended == 0 && view.moved == 0)
        #expect(h.app.touchPool.activeCount == 0)
    }
}
