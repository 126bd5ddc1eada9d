import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

@MainActor
struct PinchGestureRecognizerTests {
    /// Two fingers down on the view, 100 points apart, centred on (350, 250).
    private func twoFingers(_ h: Harness) {
        h.down(0, at: Point(x: 300, y: 250))
        h.down(1, at: Point(x: 400, y: 250))
    }

    @Test func scaleIsTheFinalDistanceOverTheInitialOne() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        var scales: [Double] = []
        log.sample = { scales.append(($0 as! PinchGestureRecognizer).scale) }
        let pinch = log.watch(PinchGestureRecognizer())
        view.addGestureRecognizer(pinch)

        twoFingers(h)
        #expect(log.states.isEmpty)
        h.move(0, to: Point(x: 280, y: 250), 1, to: Point(x: 420, y: 250))     // 140 apart
        h.move(0, to: Point(x: 250, y: 250), 1, to: Point(x: 450, y: 250))     // 200 apart
        h.input.move(1, to: Point(x: 250, y: 400))                               // 150 apart, turned
        h.frame()
        h.up(1)
        h.up(0)
        #expect(log.states == [.began, .changed, .changed, .ended])
        #expect(scales.count == 4)
        #expect(approx(scales[0], 1.4))
        #expect(approx(scales[1], 2.0))
        #expect(approx(scales[2], 1.5))
        #expect(approx(scales[3], 1.5))
        #expect(approx(pinch.location(in: nil), Point(x: 250, y: 250)))  // the finger left
    }

    @Test func fingersClosingScaleBelowOne() {
        let h = Harness()
        let view = h.addView()
        let pinch = PinchGestureRecognizer()
        view.addGestureRecognizer(pinch)

        twoFingers(h)
        h.move(0, to: Point(x: 325, y: 250), 1, to: Point(x: 375, y: 250))
        #expect(pinch.state == .began)
        #expect(approx(pinch.scale, 0.5))
        h.up(0)
        h.up(1)
    }

    @Test func aSmallChangeOfDistanceDoesNotBegin() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let pinch = log.watch(PinchGestureRecognizer())
        view.addGestureRecognizer(pinch)

        twoFingers(h)
        // 108 apart: within the hysteresis (8). Moving together is a two-finger pan, not a pinch.
        h.move(0, to: Point(x: 296, y: 250), 1, to: Point(x: 404, y: 250))
        h.move(0, to: Point(x: 396, y: 300), 1, to: Point(x: 504, y: 300))
        #expect(log.states.isEmpty)
        #expect(pinch.state == .possible)
        h.up(0)
        h.up(1)
        #expect(log.states.isEmpty)
    }

    @Test func oneFingerAloneFails() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        let pinch = log.watch(PinchGestureRecognizer())
        view.addGestureRecognizer(pinch)

        h.down(0, at: Point(x: 300, y: 250))
        h.move(0, to: Point(x: 100, y: 250))
        #expect(pinch.state == .possible)
        h.up(0)
        #expect(log.states.isEmpty)
        // Failed as the finger lifted: it held nothing back from the view.
        #expect(view.log == ["began 1", "moved 1", "ended 1"])
    }

    @Test func velocityIsScalePerSecond() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        var velocities: [Double] = []
        log.sample = { velocities.append(($0 as! PinchGestureRecognizer).velocity) }
        let pinch = log.watch(PinchGestureRecognizer())
        view.addGestureRecognizer(pinch)

        twoFingers(h)
        // The distance grows by 20 points (0.2 of the initial 100) every 0.04 s: 5 per second.
        for step in 1...3 {
            h.advance(by: 0.04)
            let d = Double(step) * 10
            h.move(0, to: Point(x: 300 - d, y: 250), 1, to: Point(x: 400 + d, y: 250))
        }
        #expect(log.states == [.began, .changed, .changed])
        for velocity in velocities { #expect(approx(velocity, 5, 1e-6)) }
        h.up(0)
        h.up(1)
    }

    @Test func settingScaleGivesIncrements() {
        let h = Harness()
        let view = h.addView()
        let pinch = PinchGestureRecognizer()
        view.addGestureRecognizer(pinch)

        twoFingers(h)
        h.move(0, to: Point(x: 250, y: 250), 1, to: Point(x: 450, y: 250))  // 200 apart
        #expect(approx(pinch.scale, 2))
        pinch.scale = 1
        h.move(0, to: Point(x: 200, y: 250), 1, to: Point(x: 500, y: 250))  // 300 apart
        #expect(approx(pinch.scale, 1.5))
        h.up(0)
        h.up(1)
    }

    @Test func aThirdFingerIsIgnored() {
        let h = Harness()
        let view = h.addView()
        let pinch = PinchGestureRecognizer()
        view.addGestureRecognizer(pinch)

        twoFingers(h)
        h.down(2, at: Point(x: 350, y: 400))
        #expect(pinch.numberOfTouches == 2)
        h.move(2, to: Point(x: 350, y: 450))
        #expect(pinch.state == .possible)
        h.move(0, to: Point(x: 250, y: 250), 1, to: Point(x: 450, y: 250))
        #expect(approx(pinch.scale, 2))
        h.up(2)
        #expect(pinch.state == .began)
        h.up(0)
        h.up(1)
    }

    @Test func aFingerReplacedBeforeItBeginsMeasuresAgain() {
        let h = Harness()
        let view = h.addView()
        let pinch = PinchGestureRecognizer()
        view.addGestureRecognizer(pinch)

        twoFingers(h)
        h.up(1)
        #expect(pinch.state == .possible)
        h.down(1, at: Point(x: 340, y: 250))  // 40 apart now
        h.move(1, to: Point(x: 380, y: 250))  // 80 apart
        #expect(pinch.state == .began)
        #expect(approx(pinch.scale, 2))
        h.up(0)
        h.up(1)
    }
}
