import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless
#if canImport(Glibc)
import Glibc
#endif

@MainActor
struct RotationGestureRecognizerTests {
    private let center = Point(x: 350, y: 250)

    /// Finger 0 and finger 1 on a circle of radius 50 about `center`, finger 1 at `angle`
    /// (radians, clockwise on the screen from +x), finger 0 opposite.
    private func place(_ h: Harness, at angle: Double, down: Bool = false) {
        let dx = 50 * cos(angle), dy = 50 * sin(angle)
        let p0 = Point(x: center.x - dx, y: center.y - dy), p1 = Point(x: center.x + dx, y: center.y + dy)
        if down {
            h.down(0, at: p0)
            h.down(1, at: p1)
        } else {
            h.move(0, to: p0, 1, to: p1)
        }
    }

    private func degrees(_ d: Double) -> Double { d * Double.pi / 180 }

    @Test func turningClockwiseIsPositive() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        var rotations: [Double] = []
        log.sample = { rotations.append(($0 as! RotationGestureRecognizer).rotation) }
        let rotation = log.watch(RotationGestureRecognizer())
        view.addGestureRecognizer(rotation)

        place(h, at: 0, down: true)
        place(h, at: degrees(3))  // below the 5° threshold
        #expect(log.states.isEmpty)
        for step in 1...6 { place(h, at: degrees(15 * Double(step))) }
        h.up(0)
        h.up(1)
        #expect(log.states == [.began, .changed, .changed, .changed, .changed, .changed, .ended])
        #expect(approx(rotations[0], degrees(15)))
        #expect(approx(rotations.last!, Double.pi / 2))
    }

    @Test func turningCounterclockwiseIsNegative() {
        let h = Harness()
        let view = h.addView()
        let rotation = RotationGestureRecognizer()
        view.addGestureRecognizer(rotation)

        place(h, at: 0, down: true)
        place(h, at: degrees(-30))
        #expect(rotation.state == .began)
        #expect(approx(rotation.rotation, degrees(-30)))
        h.up(0)
        h.up(1)
    }

    @Test func rotationAccumulatesPastHalfATurn() {
        let h = Harness()
        let view = h.addView()
        let rotation = RotationGestureRecognizer()
        view.addGestureRecognizer(rotation)

        place(h, at: degrees(170), down: true)
        // 170° → 440° in steps of 30°: through ±180° and past a whole turn.
        for step in 1...9 { place(h, at: degrees(170 + 30 * Double(step))) }
        #expect(approx(rotation.rotation, degrees(270)))
        h.up(0)
        h.up(1)
    }

    @Test func velocityIsRadiansPerSecond() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        var velocities: [Double] = []
        log.sample = { velocities.append(($0 as! RotationGestureRecognizer).velocity) }
        let rotation = log.watch(RotationGestureRecognizer())
        view.addGestureRecognizer(rotation)

        place(h, at: 0, down: true)
        // 10° every 0.02 s: 500° per second.
        for step in 1...3 {
            h.advance(by: 0.02)
            place(h, at: degrees(10 * Double(step)))
        }
        #expect(log.states == [.began, .changed, .changed])
        for velocity in velocities { #expect(approx(velocity, degrees(500), 1e-6)) }
        h.up(0)
        h.up(1)
    }

    @Test func settingRotationGivesIncrements() {
        let h = Harness()
        let view = h.addView()
        let rotation = RotationGestureRecognizer()
        view.addGestureRecognizer(rotation)

        place(h, at: 0, down: true)
        place(h, at: degrees(40))
        rotation.rotation = 0
        place(h, at: degrees(50))
        #expect(approx(rotation.rotation, degrees(10)))
        h.up(0)
        h.up(1)
    }

    @Test func fingersThatOnlySpreadDoNotRotate() {
        let h = Harness()
        let view = h.addView()
        let log = ActionLog()
        view.addGestureRecognizer(log.watch(RotationGestureRecognizer()))

        place(h, at: 0, down: true)
        h.move(0, to: Point(x: 200, y: 250), 1, to: Point(x: 500, y: 250))
        h.up(0)
        h.up(1)
        #expect(log.states.isEmpty)
        // The view takes one finger only; its end was held until the rotation failed.
        #expect(view.log == ["began 1", "moved 1", "ended 1"])
    }
}
