import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

@MainActor
struct SwipeGestureRecognizerTests {
    @Test func aQuickStrokeRightIsRecognizedWhileTheFingerMoves() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let swipe = log.watch(SwipeGestureRecognizer())
        view.addGestureRecognizer(swipe)

        h.down(0, at: Point(x: 150, y: 200))
        h.advance(by: 0.03)
        h.move(0, to: Point(x: 190, y: 205))
        #expect(log.states.isEmpty)
        h.advance(by: 0.03)
        h.move(0, to: Point(x: 210, y: 210))  // 60 along, 10 across
        #expect(log.states == [.recognized])
        h.up(0)
        #expect(log.states == [.recognized])
        #expect(view.log == ["began 1", "moved 1", "cancelled 1"])
    }

    @Test func theWrongDirectionFails() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let swipe = log.watch(SwipeGestureRecognizer())
        view.addGestureRecognizer(swipe)

        h.down(0, at: Point(x: 300, y: 200))
        h.advance(by: 0.03)
        h.move(0, to: Point(x: 280, y: 200))
        #expect(swipe.state == .failed)
        h.move(0, to: Point(x: 200, y: 200))
        h.up(0)
        #expect(log.states.isEmpty)
    }

    @Test func tooMuchDriftFails() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let swipe = log.watch(SwipeGestureRecognizer())
        view.addGestureRecognizer(swipe)

        // 40° below the horizontal: outside the 30° sector of .right.
        h.down(0, at: Point(x: 150, y: 150))
        h.advance(by: 0.03)
        h.move(0, to: Point(x: 150 + 60 * 0.766, y: 150 + 60 * 0.643))
        #expect(swipe.state == .failed)
        h.up(0)
        #expect(log.states.isEmpty)
    }

    @Test func aSlowStrokeFails() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let swipe = log.watch(SwipeGestureRecognizer())
        view.addGestureRecognizer(swipe)

        h.down(0, at: Point(x: 150, y: 200))
        h.advance(by: 0.3)
        h.move(0, to: Point(x: 180, y: 200))
        h.advance(by: 0.25)
        #expect(swipe.state == .failed)
        h.move(0, to: Point(x: 260, y: 200))
        h.up(0)
        #expect(log.states.isEmpty)
    }

    @Test func liftingShortOfTheDistanceFails() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        view.addGestureRecognizer(log.watch(SwipeGestureRecognizer()))

        h.down(0, at: Point(x: 150, y: 200))
        h.advance(by: 0.05)
        h.move(0, to: Point(x: 190, y: 200))
        h.up(0)
        #expect(log.states.isEmpty)
        #expect(view.log == ["began 1", "moved 1", "ended 1"])
    }

    @Test func anyAllowedDirectionCounts() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let swipe = log.watch(SwipeGestureRecognizer())
        swipe.direction = [.left, .up]
        view.addGestureRecognizer(swipe)

        h.drag(from: Point(x: 300, y: 300), to: Point(x: 300, y: 240), steps: 2, interval: 0.03)
        #expect(log.states == [.recognized])
        h.advance(by: 1)
        h.drag(from: Point(x: 300, y: 300), to: Point(x: 240, y: 300), steps: 2, interval: 0.03)
        #expect(log.states == [.recognized, .recognized])
        h.advance(by: 1)
        // Down is not allowed.
        h.drag(from: Point(x: 300, y: 200), to: Point(x: 300, y: 260), steps: 2, interval: 0.03)
        #expect(log.states == [.recognized, .recognized])
    }

    @Test func aTwoFingerSwipeNeedsBothFingers() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let swipe = log.watch(SwipeGestureRecognizer())
        swipe.numberOfTouchesRequired = 2
        swipe.direction = .down
        view.addGestureRecognizer(swipe)

        // One finger is not enough.
        h.drag(from: Point(x: 200, y: 150), to: Point(x: 200, y: 250), steps: 2, interval: 0.03)
        #expect(log.states.isEmpty)

        h.advance(by: 1)
        h.input.down(0, at: Point(x: 200, y: 150))
        h.input.down(1, at: Point(x: 260, y: 150))
        h.frame()
        h.advance(by: 0.03)
        // Mean stroke: (0 + 0) / 2 across, (70 + 40) / 2 = 55 down.
        h.move(0, to: Point(x: 200, y: 220), 1, to: Point(x: 260, y: 190))
        #expect(log.states == [.recognized])
        h.up(0)
        h.up(1)
    }
}
