import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

@MainActor
struct TapGestureRecognizerTests {
    @Test func aTapIsRecognizedWhenTheFingerLifts() {
        let h = Harness()
        let view = h.addView(Rect(x: 100, y: 100, width: 200, height: 100))
        let log = ActionLog()
        var location = Point.zero
        log.sample = { location = $0.location(in: view) }
        let tap = log.watch(TapGestureRecognizer())
        view.addGestureRecognizer(tap)

        h.down(0, at: Point(x: 130, y: 140))
        #expect(log.states.isEmpty)
        h.advance(by: 0.05)
        h.up(0)
        #expect(log.states == [.recognized])
        // (130, 140) on screen is (30, 40) in the view at (100, 100).
        #expect(approx(location, Point(x: 30, y: 40)))
    }

    @Test func movingWithinTheAllowableMovementStillTaps() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        view.addGestureRecognizer(log.watch(TapGestureRecognizer()))

        h.down(0, at: Point(x: 200, y: 200))
        h.move(0, to: Point(x: 206, y: 208))  // 10 points away: still a tap
        h.up(0)
        #expect(log.states == [.recognized])
    }

    @Test func movingTooFarFailsAndTheViewGetsEveryTouch() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let tap = log.watch(TapGestureRecognizer())
        view.addGestureRecognizer(tap)

        h.down(0, at: Point(x: 200, y: 200))
        h.move(0, to: Point(x: 211, y: 200))
        #expect(tap.state == .failed)
        h.up(0)
        #expect(log.states.isEmpty)
        #expect(view.log == ["began 1", "moved 1", "ended 1"])
    }

    @Test func holdingTooLongFails() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let tap = log.watch(TapGestureRecognizer())
        view.addGestureRecognizer(tap)

        h.down(0, at: Point(x: 200, y: 200))
        h.advance(by: 0.7)
        #expect(tap.state == .possible)
        h.advance(by: 0.1)
        #expect(tap.state == .failed)
        h.up(0)
        #expect(log.states.isEmpty)
    }

    @Test func aSecondFingerFailsAOneFingerTap() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let tap = log.watch(TapGestureRecognizer())
        view.addGestureRecognizer(tap)

        h.down(0, at: Point(x: 200, y: 200))
        h.down(1, at: Point(x: 260, y: 200))
        #expect(tap.state == .failed)
        h.up(0)
        h.up(1)
        #expect(log.states.isEmpty)
    }

    @Test func aTwoFingerTapNeedsBothFingers() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        var touchesAtRecognition = -1
        log.sample = { touchesAtRecognition = $0.numberOfTouches }
        let tap = log.watch(TapGestureRecognizer())
        tap.numberOfTouchesRequired = 2
        view.addGestureRecognizer(tap)

        // One finger alone is not enough.
        h.tap(at: Point(x: 200, y: 200))
        #expect(log.states.isEmpty)

        h.advance(by: 1)
        h.down(0, at: Point(x: 200, y: 200))
        h.down(1, at: Point(x: 260, y: 200))
        h.up(0)
        #expect(log.states.isEmpty)
        h.up(1)
        #expect(log.states == [.recognized])
        // Recognized as the last finger lifts: that finger is still counted.
        #expect(touchesAtRecognition == 1)
    }

    @Test func aDoubleTapNeedsTheSecondTapSoonAndNearby() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let doubleTap = log.watch(TapGestureRecognizer())
        doubleTap.numberOfTapsRequired = 2
        view.addGestureRecognizer(doubleTap)

        // Too slow: the second tap comes 0.5 s after the first lifted (interval 0.35 s).
        h.tap(at: Point(x: 200, y: 200))
        h.advance(by: 0.5)
        h.tap(at: Point(x: 200, y: 200))
        h.advance(by: 1)
        #expect(log.states.isEmpty)

        // Too far: 100 points from the first (tolerance 30).
        h.tap(at: Point(x: 200, y: 200))
        h.advance(by: 0.1)
        h.tap(at: Point(x: 300, y: 200))
        h.advance(by: 1)
        #expect(log.states.isEmpty)

        // Soon and nearby.
        h.tap(at: Point(x: 200, y: 200))
        h.advance(by: 0.1)
        h.tap(at: Point(x: 205, y: 203))
        #expect(log.states == [.recognized])
    }

    @Test func aFailedDoubleTapGivesUpAtTheEndOfTheInterval() {
        let h = Harness()
        let view = h.addView()
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        view.addGestureRecognizer(doubleTap)

        h.tap(at: Point(x: 200, y: 200))
        h.advance(by: 0.3)
        // Still waiting for the second tap: the view's end is held back meanwhile.
        #expect(view.log == ["began 1"])
        h.advance(by: 0.1)
        #expect(view.log == ["began 1", "ended 1"])
        #expect(h.app.touchPool.activeCount == 0)
    }
}
