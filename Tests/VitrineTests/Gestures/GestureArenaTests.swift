import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// How recognizers, views and each other share touches: cancelling, delaying, waiting for a
/// failure, delegates, enabling, and resetting, all driven by scripted input.
@MainActor
struct GestureArenaTests {
    // MARK: (a), (b) cancelsTouchesInView

    @Test func aPanThatCancelsTouchesInViewTakesTheTouchFromTheView() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        view.addGestureRecognizer(log.watch(PanGestureRecognizer()))

        h.down(0, at: Point(x: 200, y: 200))
        h.move(0, to: Point(x: 230, y: 200))
        h.move(0, to: Point(x: 260, y: 210))
        h.up(0)
        #expect(log.states == [.began, .changed, .ended])
        #expect(view.log == ["began 1", "cancelled 1"])
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func aPanThatDoesNotCancelLeavesTheViewItsTouches() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let pan = log.watch(PanGestureRecognizer())
        pan.cancelsTouchesInView = false
        view.addGestureRecognizer(pan)

        h.down(0, at: Point(x: 200, y: 200))
        h.move(0, to: Point(x: 230, y: 200))
        h.move(0, to: Point(x: 260, y: 210))
        h.up(0)
        #expect(log.states == [.began, .changed, .ended])
        #expect(view.log == ["began 1", "moved 1", "moved 1", "ended 1"])
    }

    // MARK: (c) require(toFail:)

    /// A view with a single tap that waits for a double tap to fail.
    private func singleAndDoubleTap(_ h: Harness) -> (view: RecordingView, single: ActionLog, double: ActionLog) {
        let view = h.addView()
        let single = ActionLog(), double = ActionLog()
        let singleTap = single.watch(TapGestureRecognizer())
        let doubleTap = double.watch(TapGestureRecognizer())
        doubleTap.numberOfTapsRequired = 2
        singleTap.require(toFail: doubleTap)
        view.addGestureRecognizer(singleTap)
        view.addGestureRecognizer(doubleTap)
        return (view, single, double)
    }

    @Test func oneTapFiresTheSingleTapOnceTheDoubleTapGivesUp() {
        let h = Harness()
        let (view, single, double) = singleAndDoubleTap(h)

        h.tap(at: Point(x: 200, y: 200))
        #expect(single.states.isEmpty)
        h.advance(by: 0.3)
        #expect(single.states.isEmpty)
        h.advance(by: 0.1)  // past the 0.35 s multi-tap interval
        #expect(single.states == [.recognized])
        #expect(double.states.isEmpty)
        // The view's end was held (delaysTouchesEnded), then the single tap took the touch.
        #expect(view.log == ["began 1", "cancelled 1"])
        h.advance(by: 1)
        #expect(single.states == [.recognized])
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func twoQuickTapsFireOnlyTheDoubleTap() {
        let h = Harness()
        let (view, single, double) = singleAndDoubleTap(h)

        h.tap(at: Point(x: 200, y: 200))
        h.advance(by: 0.1)
        h.tap(at: Point(x: 203, y: 202))
        #expect(double.states == [.recognized])
        h.advance(by: 1)
        #expect(single.states.isEmpty)
        #expect(double.states == [.recognized])
        // Both touches are taken from the view, each exactly once.
        #expect(view.log == ["began 1", "began 1", "cancelled 2"])
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func aSingleTapWaitingForADoubleTapOnAnotherView() {
        let h = Harness()
        let outer = h.addView()
        let inner = RecordingView("inner", frame: Rect(x: 50, y: 50, width: 100, height: 100))
        outer.addSubview(inner)
        let single = ActionLog(), double = ActionLog()
        let singleTap = single.watch(TapGestureRecognizer())
        let doubleTap = double.watch(TapGestureRecognizer())
        doubleTap.numberOfTapsRequired = 2
        singleTap.require(toFail: doubleTap)
        inner.addGestureRecognizer(singleTap)
        outer.addGestureRecognizer(doubleTap)

        h.tap(at: Point(x: 200, y: 200))
        h.advance(by: 0.5)
        #expect(single.states == [.recognized])
        #expect(double.states.isEmpty)

        h.advance(by: 1)
        h.tap(at: Point(x: 200, y: 200))
        h.advance(by: 0.1)
        h.tap(at: Point(x: 200, y: 200))
        h.advance(by: 0.5)
        #expect(single.states == [.recognized])
        #expect(double.states == [.recognized])
    }

    // MARK: (d) pinch

    @Test func aPinchWithTwoFingersOnASubviewScalesByTheDistanceRatio() {
        let h = Harness()
        let canvas = h.addView()
        let photo = RecordingView("photo", frame: Rect(x: 100, y: 50, width: 200, height: 200))
        photo.isMultipleTouchEnabled = true
        canvas.addSubview(photo)
        let log = ActionLog()
        let pinch = log.watch(PinchGestureRecognizer())
        canvas.addGestureRecognizer(pinch)

        // 60 points apart, then 150: scale 2.5.
        h.down(0, at: Point(x: 270, y: 250))
        h.down(1, at: Point(x: 330, y: 250))
        h.move(0, to: Point(x: 240, y: 250), 1, to: Point(x: 360, y: 250))
        h.move(0, to: Point(x: 225, y: 250), 1, to: Point(x: 375, y: 250))
        #expect(log.states == [.began, .changed])
        #expect(approx(pinch.scale, 150.0 / 60.0))
        h.up(0)
        h.up(1)
        #expect(log.states == [.began, .changed, .ended])
        // The photo heard both fingers begin, then had them cancelled together.
        #expect(photo.log == ["began 1", "began 1", "cancelled 2"])
    }

    @Test func aFingerThePinchIgnoresIsNeitherHeldNorCancelledByIt() {
        let h = Harness()
        let canvas = h.addView()
        let photo = RecordingView("photo", frame: Rect(x: 100, y: 50, width: 200, height: 200))
        photo.isMultipleTouchEnabled = true
        canvas.addSubview(photo)
        let pinch = PinchGestureRecognizer()
        canvas.addGestureRecognizer(pinch)

        h.down(0, at: Point(x: 270, y: 250))
        h.down(1, at: Point(x: 330, y: 250))
        h.down(2, at: Point(x: 300, y: 200))  // a third finger: the pinch ignores it
        #expect(photo.log == ["began 1", "began 1", "began 1"])
        // The pinch is still undecided, but the finger is not its to hold back.
        h.up(2)
        #expect(photo.log == ["began 1", "began 1", "began 1", "ended 1"])
        h.down(2, at: Point(x: 300, y: 200))
        h.move(0, to: Point(x: 240, y: 250), 1, to: Point(x: 360, y: 250))
        #expect(pinch.state == .began)
        // Only the pinch's two fingers are taken from the photo.
        #expect(photo.log == ["began 1", "began 1", "began 1", "ended 1", "began 1", "cancelled 2"])
        h.move(2, to: Point(x: 300, y: 220))
        h.up(2)
        #expect(photo.log.suffix(2) == ["moved 1", "ended 1"])
        h.up(0)
        h.up(1)
    }

    // MARK: (e) order

    @Test func recognizersOfTheViewAndItsAncestorsSeeTouchesBeforeTheView() {
        let h = Harness()
        let order = OrderLog()
        let outer = LoggingView("outer", log: order, frame: Rect(x: 100, y: 100, width: 400, height: 300))
        let inner = LoggingView("view", log: order, frame: Rect(x: 50, y: 50, width: 100, height: 100))
        h.window.addSubview(outer)
        outer.addSubview(inner)
        let windowRecognizer = LoggingRecognizer("window recognizer", log: order)
        h.window.addGestureRecognizer(windowRecognizer)
        outer.addGestureRecognizer(LoggingRecognizer("outer recognizer", log: order))
        inner.addGestureRecognizer(LoggingRecognizer("view recognizer", log: order))

        h.down(0, at: Point(x: 200, y: 200))
        #expect(order.entries == ["view recognizer began", "outer recognizer began", "window recognizer began",
                                  "view began"])
        order.entries.removeAll()
        h.move(0, to: Point(x: 205, y: 200))
        #expect(order.entries == ["view recognizer moved", "outer recognizer moved", "window recognizer moved",
                                  "view moved"])
        order.entries.removeAll()
        h.up(0)
        #expect(order.entries == ["view recognizer ended", "outer recognizer ended", "window recognizer ended",
                                  "view ended"])
    }

    // MARK: (f) delaysTouchesBegan

    @Test func delaysTouchesBeganHidesATouchThatIsRecognized() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let tap = log.watch(TapGestureRecognizer())
        tap.delaysTouchesBegan = true
        view.addGestureRecognizer(tap)

        h.down(0, at: Point(x: 200, y: 200))
        #expect(view.log.isEmpty)
        h.advance(by: 0.05)
        h.up(0)
        #expect(log.states == [.recognized])
        #expect(view.log.isEmpty)
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func delaysTouchesBeganDeliversLateWhenTheRecognizerFails() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let tap = log.watch(TapGestureRecognizer())
        tap.delaysTouchesBegan = true
        view.addGestureRecognizer(tap)

        h.down(0, at: Point(x: 200, y: 200))
        h.move(0, to: Point(x: 205, y: 200))
        #expect(view.log.isEmpty)
        h.move(0, to: Point(x: 230, y: 200))  // too far for a tap: it fails
        #expect(view.log == ["began 1", "moved 1"])
        h.up(0)
        #expect(view.log == ["began 1", "moved 1", "ended 1"])
        #expect(log.states.isEmpty)
    }

    @Test func delaysTouchesBeganWithALongPressThatTimesOutOnAQuickTap() {
        let h = Harness()
        let view = h.addView()
        let press = LongPressGestureRecognizer()
        press.delaysTouchesBegan = true
        view.addGestureRecognizer(press)

        h.down(0, at: Point(x: 200, y: 200))
        h.advance(by: 0.1)
        #expect(view.log.isEmpty)
        h.up(0)
        // Lifted early: the press failed and the view hears the whole touch at once.
        #expect(view.log == ["began 1", "ended 1"])
    }

    // MARK: (g) delaysTouchesEnded

    @Test func delaysTouchesEndedHoldsTheEndUntilTheDoubleTapFails() {
        let h = Harness()
        let view = h.addView()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        view.addGestureRecognizer(doubleTap)

        h.tap(at: Point(x: 200, y: 200))
        #expect(view.log == ["began 1"])
        h.advance(by: 0.3)
        #expect(view.log == ["began 1"])
        h.advance(by: 0.1)
        #expect(view.log == ["began 1", "ended 1"])
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func withoutDelaysTouchesEndedTheEndGoesOutAtOnce() {
        let h = Harness()
        let view = h.addView()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        doubleTap.delaysTouchesEnded = false
        view.addGestureRecognizer(doubleTap)

        h.tap(at: Point(x: 200, y: 200))
        #expect(view.log == ["began 1", "ended 1"])
    }

    // MARK: (h) delegate

    @Test func aDelegateRefusingTheTouchKeepsItFromTheRecognizer() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let delegate = ScriptedGestureDelegate()
        delegate.shouldReceive = false
        let pan = log.watch(PanGestureRecognizer())
        pan.delegate = delegate
        view.addGestureRecognizer(pan)

        h.drag(from: Point(x: 200, y: 200), to: Point(x: 300, y: 200), steps: 2, interval: 0.02)
        #expect(delegate.askedShouldReceive == 1)
        #expect(log.states.isEmpty)
        #expect(view.log == ["began 1", "moved 1", "moved 1", "ended 1"])
    }

    @Test func aDelegateRefusingToBeginFailsTheRecognizer() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let delegate = ScriptedGestureDelegate()
        delegate.shouldBegin = false
        let pan = log.watch(PanGestureRecognizer())
        pan.delegate = delegate
        view.addGestureRecognizer(pan)

        h.down(0, at: Point(x: 200, y: 200))
        h.move(0, to: Point(x: 250, y: 200))
        #expect(pan.state == .failed)
        h.move(0, to: Point(x: 300, y: 200))
        h.up(0)
        #expect(log.states.isEmpty)
        #expect(view.log == ["began 1", "moved 1", "moved 1", "ended 1"])
    }

    @Test func aRecognizerFailedByAMoveHearsNothingMoreOfThatFrame() {
        let h = Harness()
        let view = h.addView()
        view.isMultipleTouchEnabled = true
        let log = ActionLog()
        let delegate = ScriptedGestureDelegate()
        delegate.shouldBegin = false
        let pan = log.watch(PanGestureRecognizer())
        pan.minimumNumberOfTouches = 2
        pan.delegate = delegate
        view.addGestureRecognizer(pan)

        h.down(0, at: Point(x: 200, y: 200))
        h.down(1, at: Point(x: 300, y: 200))
        // One frame: finger 0 moves far enough to begin (refused: the pan fails), finger 1
        // lifts. The failed pan must not be told of the lift (it would try to end).
        h.input.move(0, to: Point(x: 260, y: 200))
        h.input.up(1)
        h.frame()
        #expect(pan.state == .failed)
        h.up(0)
        #expect(log.states.isEmpty)
        #expect(view.log == ["began 1", "began 1", "moved 1", "ended 1", "ended 1"])
    }

    /// Two fingers that move apart and, together, to the right: a pan and a pinch at once.
    private func spreadAndSlide(_ h: Harness) {
        h.down(0, at: Point(x: 250, y: 250))
        h.down(1, at: Point(x: 350, y: 250))
        h.move(0, to: Point(x: 240, y: 250), 1, to: Point(x: 400, y: 250))
        h.move(0, to: Point(x: 250, y: 250), 1, to: Point(x: 430, y: 250))
        h.up(0)
        h.up(1)
    }

    @Test func recognizingSimultaneouslyLetsPanAndPinchBothBegin() {
        let h = Harness()
        let view = h.addView()
        let panLog = ActionLog(), pinchLog = ActionLog()
        let delegate = ScriptedGestureDelegate()
        delegate.simultaneous = true
        let pan = panLog.watch(PanGestureRecognizer())
        pan.delegate = delegate
        view.addGestureRecognizer(pan)
        view.addGestureRecognizer(pinchLog.watch(PinchGestureRecognizer()))

        spreadAndSlide(h)
        #expect(panLog.states == [.began, .changed, .ended])
        #expect(pinchLog.states == [.began, .changed, .ended])
    }

    @Test func withoutSimultaneityTheFirstToBeginWins() {
        let h = Harness()
        let view = h.addView()
        let panLog = ActionLog(), pinchLog = ActionLog()
        view.addGestureRecognizer(panLog.watch(PanGestureRecognizer()))
        view.addGestureRecognizer(pinchLog.watch(PinchGestureRecognizer()))

        spreadAndSlide(h)
        // Both would begin in the same frame; the pan hears it first and fails the pinch.
        #expect(panLog.states == [.began, .changed, .ended])
        #expect(pinchLog.states.isEmpty)
    }

    // MARK: (i) isEnabled

    @Test func disablingARecognizerMidGestureCancelsIt() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let pan = log.watch(PanGestureRecognizer())
        view.addGestureRecognizer(pan)

        h.down(0, at: Point(x: 200, y: 200))
        h.move(0, to: Point(x: 240, y: 200))
        #expect(log.states == [.began])
        pan.isEnabled = false
        #expect(log.states == [.began, .cancelled])
        h.move(0, to: Point(x: 280, y: 200))
        h.up(0)
        #expect(log.states == [.began, .cancelled])
        #expect(view.log == ["began 1", "cancelled 1"])

        // A disabled recognizer gets nothing; enabled again, it works again.
        h.drag(from: Point(x: 200, y: 200), to: Point(x: 300, y: 200), steps: 2, interval: 0.02)
        #expect(log.states == [.began, .cancelled])
        pan.isEnabled = true
        h.drag(from: Point(x: 200, y: 200), to: Point(x: 300, y: 200), steps: 2, interval: 0.02)
        #expect(log.states == [.began, .cancelled, .began, .changed, .ended])
    }

    @Test func disablingAnUndecidedRecognizerReleasesTheTouchesItHeld() {
        let h = Harness()
        let view = h.addView()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        view.addGestureRecognizer(doubleTap)

        h.tap(at: Point(x: 200, y: 200))
        #expect(view.log == ["began 1"])
        doubleTap.isEnabled = false
        #expect(view.log == ["began 1", "ended 1"])
    }

    // MARK: (j) location and touches

    @Test func locationIsTheCentroidInTheGivenView() {
        let h = Harness()
        let view = h.addView(Rect(x: 100, y: 100, width: 400, height: 300))
        let log = ActionLog()
        var location = Point.zero, second = Point.zero, inWindow = Point.zero
        var touches = 0
        log.sample = {
            guard $0.state == .began else { return }
            location = $0.location(in: view)
            inWindow = $0.location(in: nil)
            second = $0.location(ofTouch: 1, in: view)
            touches = $0.numberOfTouches
        }
        let pan = log.watch(PanGestureRecognizer())
        view.addGestureRecognizer(pan)

        #expect(pan.numberOfTouches == 0)
        h.down(0, at: Point(x: 150, y: 150))
        h.down(1, at: Point(x: 250, y: 190))
        #expect(pan.numberOfTouches == 2)
        h.move(0, to: Point(x: 170, y: 150), 1, to: Point(x: 270, y: 190))
        #expect(log.states == [.began])
        #expect(touches == 2)
        #expect(approx(inWindow, Point(x: 220, y: 170)))
        #expect(approx(location, Point(x: 120, y: 70)))
        #expect(approx(second, Point(x: 170, y: 90)))
        h.up(0)
        h.up(1)
        #expect(pan.numberOfTouches == 0)
    }

    // MARK: (k) reset

    @Test func aRecognizerIsResetAndRecognizesAgain() {
        let h = Harness()
        let view = h.addView()
        let tapLog = ActionLog(), panLog = ActionLog()
        var translations: [Point] = []
        panLog.sample = { translations.append(($0 as! PanGestureRecognizer).translation(in: nil)) }
        let tap = tapLog.watch(TapGestureRecognizer())
        let pan = panLog.watch(PanGestureRecognizer())
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(pan)

        h.tap(at: Point(x: 200, y: 200))
        #expect(tap.state == .possible)
        h.advance(by: 1)
        h.tap(at: Point(x: 200, y: 200))
        #expect(tapLog.states == [.recognized, .recognized])

        h.advance(by: 1)
        h.drag(from: Point(x: 200, y: 200), to: Point(x: 260, y: 200), steps: 2, interval: 0.02)
        #expect(pan.state == .possible)
        h.drag(from: Point(x: 300, y: 300), to: Point(x: 300, y: 200), steps: 2, interval: 0.02)
        #expect(panLog.states == [.began, .changed, .ended, .began, .changed, .ended])
        // The second pan measures from its own touch-down.
        #expect(translations.count == 6)
        #expect(approx(translations[2], Point(x: 60, y: 0)))
        #expect(approx(translations[3], Point(x: 0, y: -50)))
        #expect(approx(translations[5], Point(x: 0, y: -100)))
        // The pan won each drag, so the tap failed then.
        #expect(tapLog.states == [.recognized, .recognized])
    }

    // MARK: More of the arena

    @Test func aRecognizerRemovedWhileWaitingIsCleanAndReleasesWhatItHeld() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let doubleTap = log.watch(TapGestureRecognizer())
        doubleTap.numberOfTapsRequired = 2
        view.addGestureRecognizer(doubleTap)

        h.tap(at: Point(x: 200, y: 200))
        #expect(view.log == ["began 1"])
        view.removeGestureRecognizer(doubleTap)
        // Nothing holds the view's end any more.
        #expect(view.log == ["began 1", "ended 1"])
        // Its multi-tap timer went with it: it does not fail later, detached.
        h.advance(by: 1)
        #expect(doubleTap.state == .possible)

        view.addGestureRecognizer(doubleTap)
        h.tap(at: Point(x: 200, y: 200))
        h.advance(by: 0.1)
        h.tap(at: Point(x: 200, y: 200))
        #expect(log.states == [.recognized])
    }

    @Test func aLongPressThatBeginsFailsATapOnTheSameView() {
        let h = Harness()
        let view = h.addView()
        let tapLog = ActionLog(), pressLog = ActionLog()
        view.addGestureRecognizer(tapLog.watch(TapGestureRecognizer()))
        view.addGestureRecognizer(pressLog.watch(LongPressGestureRecognizer()))

        h.tap(at: Point(x: 200, y: 200))
        #expect(tapLog.states == [.recognized])
        #expect(pressLog.states.isEmpty)

        h.advance(by: 1)
        h.down(0, at: Point(x: 200, y: 200))
        h.advance(by: 0.6)
        h.up(0)
        #expect(pressLog.states == [.began, .ended])
        #expect(tapLog.states == [.recognized])
    }

    @Test func cancellingAllTouchesCancelsARunningRecognizer() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let pan = log.watch(PanGestureRecognizer())
        view.addGestureRecognizer(pan)

        h.down(0, at: Point(x: 200, y: 200))
        h.move(0, to: Point(x: 240, y: 200))
        h.app.cancelAllTouches()
        h.loop.runUntilIdle()
        #expect(log.states == [.began, .cancelled])
        #expect(pan.state == .possible)
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func aViewCanVetoItsRecognizer() {
        final class Slider: View {
            override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { false }
        }
        let h = Harness()
        let slider = Slider(frame: Rect(x: 100, y: 100, width: 300, height: 40))
        h.window.addSubview(slider)
        let log = ActionLog()
        slider.addGestureRecognizer(log.watch(PanGestureRecognizer()))

        h.drag(from: Point(x: 150, y: 120), to: Point(x: 300, y: 120), steps: 3, interval: 0.02)
        #expect(log.states.isEmpty)
    }
}
