import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

@MainActor
struct PanGestureRecognizerTests {
    @Test func beginsPastTheHysteresisWithTheTranslationFromTouchDown() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        var translations: [Point] = []
        log.sample = { translations.append(($0 as! PanGestureRecognizer).translation(in: nil)) }
        let pan = log.watch(PanGestureRecognizer())
        view.addGestureRecognizer(pan)

        h.down(0, at: Point(x: 200, y: 200))
        h.move(0, to: Point(x: 206, y: 208))  // exactly 10 points: not yet
        #expect(log.states.isEmpty)
        h.move(0, to: Point(x: 207, y: 208))
        h.move(0, to: Point(x: 250, y: 180))
        h.up(0)
        #expect(log.states == [.began, .changed, .ended])
        #expect(translations == [Point(x: 7, y: 8), Point(x: 50, y: -20), Point(x: 50, y: -20)])
    }

    @Test func liftingWithoutMovingFails() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let pan = log.watch(PanGestureRecognizer())
        view.addGestureRecognizer(pan)

        h.down(0, at: Point(x: 200, y: 200))
        h.move(0, to: Point(x: 205, y: 200))
        h.up(0)
        #expect(log.states.isEmpty)
        // Failed, it let the view have the whole touch.
        #expect(view.log == ["began 1", "moved 1", "ended 1"])
    }

    @Test func translationIsInTheGivenViewsSpace() {
        let h = Harness()
        let view = h.addView(Rect(x: 100, y: 100, width: 200, height: 100))
        let content = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        // Scaled 2× and turned a quarter turn clockwise: screen +x is content −y, halved.
        content.transform = AffineTransform(scaleX: 2, y: 2).rotated(by: Double.pi / 2)
        view.addSubview(content)
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)

        h.down(0, at: Point(x: 150, y: 150))
        h.move(0, to: Point(x: 190, y: 150))
        #expect(pan.state == .began)
        #expect(approx(pan.translation(in: view), Point(x: 40, y: 0)))
        #expect(approx(pan.translation(in: nil), Point(x: 40, y: 0)))
        #expect(approx(pan.translation(in: content), Point(x: 0, y: -20)))
        h.up(0)
    }

    @Test func setTranslationRebasesWithoutAVelocityJump() {
        let h = Harness()
        let view = h.addView()
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)

        h.down(0, at: Point(x: 200, y: 200))
        h.advance(by: 0.02)
        h.move(0, to: Point(x: 220, y: 200))
        pan.setTranslation(.zero, in: view)
        #expect(pan.translation(in: view) == .zero)
        h.advance(by: 0.02)
        h.move(0, to: Point(x: 240, y: 200))
        #expect(approx(pan.translation(in: view), Point(x: 20, y: 0)))
        // 40 points in 0.04 s, whatever the translation was set to.
        #expect(approx(pan.velocity(in: view), Point(x: 1000, y: 0), 1e-6))
        pan.setTranslation(Point(x: 5, y: 5), in: nil)
        #expect(approx(pan.translation(in: nil), Point(x: 5, y: 5)))
        h.up(0)
    }

    @Test func velocityIsPointsPerSecondFromTouchTimestamps() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        var velocities: [Point] = []
        log.sample = { velocities.append(($0 as! PanGestureRecognizer).velocity(in: nil)) }
        let pan = log.watch(PanGestureRecognizer())
        view.addGestureRecognizer(pan)

        // 20 points right and 10 down every 0.02 s: (1000, 500) points per second.
        h.drag(from: Point(x: 100, y: 100), to: Point(x: 180, y: 140), steps: 4, interval: 0.02, lift: false)
        #expect(log.states == [.began, .changed, .changed, .changed])
        for velocity in velocities { #expect(approx(velocity, Point(x: 1000, y: 500), 1e-6)) }

        // A rest longer than the velocity window before lifting: the pan ends at rest.
        h.advance(by: 0.3)
        h.up(0)
        #expect(log.states.last == .ended)
        #expect(velocities.last == Point.zero)
    }

    @Test func aFlickEndsWithItsVelocity() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        var endVelocity = Point(x: -1, y: -1)
        log.sample = { if $0.state == .ended { endVelocity = ($0 as! PanGestureRecognizer).velocity(in: nil) } }
        view.addGestureRecognizer(log.watch(PanGestureRecognizer()))

        // Up 30 points every 0.01 s, lifted 0.01 s after the last move.
        h.drag(from: Point(x: 300, y: 300), to: Point(x: 300, y: 180), steps: 4, interval: 0.01)
        #expect(log.states.last == .ended)
        #expect(approx(endVelocity, Point(x: 0, y: -3000), 1e-6))
    }

    @Test func fingersJoiningAndLeavingDoNotJump() {
        let h = Harness()
        let view = h.addView()
        view.isMultipleTouchEnabled = true
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)

        h.down(0, at: Point(x: 200, y: 200))
        h.move(0, to: Point(x: 230, y: 200))
        #expect(approx(pan.translation(in: nil), Point(x: 30, y: 0)))

        // A second finger far away: the centroid jumps, the translation does not.
        h.down(1, at: Point(x: 400, y: 300))
        #expect(pan.numberOfTouches == 2)
        #expect(approx(pan.translation(in: nil), Point(x: 30, y: 0)))

        // Both move 10 down: the centroid moves 10 down.
        h.move(0, to: Point(x: 230, y: 210), 1, to: Point(x: 400, y: 310))
        #expect(approx(pan.translation(in: nil), Point(x: 30, y: 10)))
        // One moves 20 right: the centroid of two moves 10.
        h.move(1, to: Point(x: 420, y: 310))
        #expect(approx(pan.translation(in: nil), Point(x: 40, y: 10)))

        // The first lifts: no jump; the pan goes on with the second.
        h.up(0)
        #expect(pan.state == .changed)
        #expect(approx(pan.translation(in: nil), Point(x: 40, y: 10)))
        h.move(1, to: Point(x: 420, y: 290))
        #expect(approx(pan.translation(in: nil), Point(x: 40, y: -10)))
        h.up(1)
    }

    @Test func aFingerJoiningInTheSameFrameAsAMoveCountsOnlyTheMove() {
        let h = Harness()
        let view = h.addView()
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)

        h.down(0, at: Point(x: 200, y: 200))
        h.move(0, to: Point(x: 220, y: 200))
        h.input.move(0, to: Point(x: 230, y: 200))
        h.input.down(1, at: Point(x: 400, y: 400))
        h.frame()
        #expect(approx(pan.translation(in: nil), Point(x: 30, y: 0)))
        h.up(0)
        h.up(1)
    }

    @Test func minimumNumberOfTouchesWaitsForTheFingers() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let pan = log.watch(PanGestureRecognizer())
        pan.minimumNumberOfTouches = 2
        view.addGestureRecognizer(pan)

        h.down(0, at: Point(x: 200, y: 200))
        h.move(0, to: Point(x: 260, y: 200))
        #expect(log.states.isEmpty)
        h.down(1, at: Point(x: 300, y: 200))
        h.move(0, to: Point(x: 280, y: 200), 1, to: Point(x: 320, y: 200))
        #expect(log.states == [.began])
        // Translation counts from touch-down, the one-finger part included.
        #expect(approx(pan.translation(in: nil), Point(x: 80, y: 0)))
        // Below the minimum again: the pan ends.
        h.up(1)
        #expect(log.states == [.began, .ended])
        h.up(0)
    }

    @Test func fingersBeyondTheMaximumAreIgnoredAndStayWithTheirView() {
        let h = Harness()
        let view = h.addView()
        view.isMultipleTouchEnabled = true
        let pan = PanGestureRecognizer()
        pan.maximumNumberOfTouches = 1
        view.addGestureRecognizer(pan)

        h.down(0, at: Point(x: 200, y: 200))
        h.move(0, to: Point(x: 240, y: 200))
        #expect(pan.state == .began)
        #expect(view.log == ["began 1", "cancelled 1"])

        h.down(1, at: Point(x: 300, y: 300))
        #expect(pan.numberOfTouches == 1)
        h.move(1, to: Point(x: 300, y: 400))
        #expect(approx(pan.translation(in: nil), Point(x: 40, y: 0)))
        h.up(1)
        // The ignored finger was the view's from first to last.
        #expect(view.log == ["began 1", "cancelled 1", "began 1", "moved 1", "ended 1"])
        h.up(0)
    }
}
