import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

@MainActor
struct LongPressGestureRecognizerTests {
    @Test func beginsAfterTheDurationThenChangesAndEnds() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        var locations: [Point] = []
        log.sample = { locations.append($0.location(in: nil)) }
        let press = log.watch(LongPressGestureRecognizer())
        view.addGestureRecognizer(press)

        h.down(0, at: Point(x: 200, y: 200))
        h.advance(by: 0.45)
        #expect(log.states.isEmpty)
        h.advance(by: 0.1)
        #expect(log.states == [.began])
        // Once begun, moving far does not fail it.
        h.move(0, to: Point(x: 260, y: 230))
        #expect(log.states == [.began, .changed])
        h.up(0)
        #expect(log.states == [.began, .changed, .ended])
        #expect(locations == [Point(x: 200, y: 200), Point(x: 260, y: 230), Point(x: 260, y: 230)])
        // It began with cancelsTouchesInView: the view's touch was cancelled then.
        #expect(view.log == ["began 1", "cancelled 1"])
    }

    @Test func movingTooFarBeforeItBeginsFails() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let press = log.watch(LongPressGestureRecognizer())
        view.addGestureRecognizer(press)

        h.down(0, at: Point(x: 200, y: 200))
        h.advance(by: 0.2)
        h.move(0, to: Point(x: 200, y: 189))  // 11 points: beyond allowableMovement (10)
        #expect(press.state == .failed)
        h.advance(by: 1)
        h.up(0)
        #expect(log.states.isEmpty)
    }

    @Test func liftingEarlyFails() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        view.addGestureRecognizer(log.watch(LongPressGestureRecognizer()))

        h.down(0, at: Point(x: 200, y: 200))
        h.advance(by: 0.3)
        h.up(0)
        h.advance(by: 1)
        #expect(log.states.isEmpty)
        #expect(view.log == ["began 1", "ended 1"])
    }

    @Test func aCustomDurationIsHonoured() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let press = log.watch(LongPressGestureRecognizer())
        press.minimumPressDuration = 1.5
        view.addGestureRecognizer(press)

        h.down(0, at: Point(x: 200, y: 200))
        h.advance(by: 1.4)
        #expect(log.states.isEmpty)
        h.advance(by: 0.2)
        #expect(log.states == [.began])
        h.up(0)
    }

    @Test func twoFingersMustBothBeHeld() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let press = log.watch(LongPressGestureRecognizer())
        press.numberOfTouchesRequired = 2
        view.addGestureRecognizer(press)

        h.down(0, at: Point(x: 200, y: 200))
        h.advance(by: 1)
        #expect(log.states.isEmpty)
        h.down(1, at: Point(x: 260, y: 200))
        // The duration counts from the second finger.
        h.advance(by: 0.45)
        #expect(log.states.isEmpty)
        h.advance(by: 0.1)
        #expect(log.states == [.began])
        #expect(press.numberOfTouches == 2)
        h.up(1)
        #expect(log.states == [.began, .ended])
        h.up(0)
    }

    @Test func aTapThenAPress() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let press = log.watch(LongPressGestureRecognizer())
        press.numberOfTapsRequired = 1
        view.addGestureRecognizer(press)

        // Holding without the tap first: the hold is taken for the tap, and it is too long.
        h.down(0, at: Point(x: 200, y: 200))
        h.advance(by: 1)
        h.up(0)
        #expect(log.states.isEmpty)

        h.advance(by: 1)
        h.tap(at: Point(x: 200, y: 200))
        h.advance(by: 0.1)
        h.down(0, at: Point(x: 202, y: 201))
        h.advance(by: 0.55)
        #expect(log.states == [.began])
        h.up(0)
        #expect(log.states == [.began, .ended])
    }

    @Test func aPressAfterTheTapIntervalFails() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let press = log.watch(LongPressGestureRecognizer())
        press.numberOfTapsRequired = 1
        view.addGestureRecognizer(press)

        h.tap(at: Point(x: 200, y: 200))
        h.advance(by: 0.5)  // the next tap had 0.35 s
        h.down(0, at: Point(x: 200, y: 200))
        h.advance(by: 1)
        h.up(0)
        #expect(log.states.isEmpty)
    }
}
