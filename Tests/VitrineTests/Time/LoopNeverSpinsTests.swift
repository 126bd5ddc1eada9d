import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// The run loop sleeps when nothing is due: no timer is re-armed in the past over and over,
/// non-finite times are rejected where they enter, and absurd deadlines mean "never".
/// Measured by counting the manual loop's turns (each one a wake-up a real loop would have).
@MainActor
@Suite struct LoopNeverSpinsTests {
    /// An app turning with the panel (shakes off, a profile's default) and its sensor.
    func rotatingApp() -> (Harness, FakeAccelerometer) {
        let h = Harness()
        let sensor = FakeAccelerometer()
        h.app.addInputSource(sensor)
        h.app.autoRotates = true
        h.settle()
        return (h, sensor)
    }

    /// Turns the loop runs while `seconds` pass with nothing else happening.
    func turns(_ h: Harness, over seconds: Double) -> Int {
        let before = h.loop.turnCount
        h.advance(by: seconds)
        return h.loop.turnCount - before
    }

    @Test(arguments: [Acceleration(x: 1.5, y: 0, z: 0),   // a 1.5 g jolt
                      Acceleration(x: 0, y: 0, z: 1)])    // the panel laid flat
    func aLastSampleTheDetectorIgnoresLeavesNoTimerBehind(last: Acceleration) {
        let (h, sensor) = rotatingApp()
        // Turned a quarter, long enough to be a candidate, not long enough to settle; then the
        // sample the detector ignores is the last one the sensor sends.
        sensor.feed(MotionSamples.held(at: 90, from: 0, duration: 0.1) + [(last, 0.11)])
        h.loop.runUntilIdle()
        #expect(turns(h, over: 2) < 10)
        #expect(h.loop.armedTimerCount == 0)
        #expect(h.app.screenRotation == .none)
        // The loop is asleep: time passing costs no turn.
        #expect(turns(h, over: 10) == 0)
    }

    @Test func aSettledTurnReArmsNothing() {
        let (h, sensor) = rotatingApp()
        sensor.feed(MotionSamples.held(at: 90, from: 0, duration: 0.1))
        h.loop.runUntilIdle()
        h.advance(by: 1)
        #expect(h.app.screenRotation == .clockwise90)
        #expect(h.loop.armedTimerCount == 0)
        #expect(turns(h, over: 10) == 0)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aSampleStampedWithANonFiniteTimeCountsAsTakenNow(stamp: Double) {
        let (h, sensor) = rotatingApp()
        h.advance(by: 3)
        sensor.feed([(MotionSamples.held(at: 90, from: 0, duration: 0.01)[0].acceleration, stamp)])
        h.loop.runUntilIdle()
        // The candidate settles at now + the settle time, like a sample stamped now.
        #expect(h.loop.nextDeadline.map { $0.isFinite && $0 <= h.clock.now + 1 } ?? false)
        h.advance(by: 1)
        #expect(h.app.screenRotation == .clockwise90)
        #expect(turns(h, over: 10) == 0)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aSampleWithANonFiniteComponentIsDropped(component: Double) {
        let (h, sensor) = rotatingApp()
        sensor.feed(MotionSamples.held(at: 90, from: 0, duration: 0.1))
        sensor.feed([(Acceleration(x: component, y: 0, z: 0), 0.15), (Acceleration(x: 0, y: component, z: 0), 0.16)])
        h.loop.runUntilIdle()
        h.advance(by: 1)
        // The dropped samples did not replace the last good one: the turn still settles.
        #expect(h.app.screenRotation == .clockwise90)
        #expect(turns(h, over: 10) == 0)
    }

    final class Stamps: View {
        var seen: [Double] = []
        override func touchesBegan(_ touches: TouchSet, with event: Event?) { seen.append(event?.timestamp ?? -1) }
        override func touchesEnded(_ touches: TouchSet, with event: Event?) { seen.append(event?.timestamp ?? -1) }
    }

    @Test func touchesStampedWithNonFiniteTimesArriveStampedNow() {
        let h = Harness()
        let stamped = Stamps(frame: Rect(x: 200, y: 0, width: 100, height: 100))
        h.window.addSubview(stamped)
        h.advance(by: 2)
        let finger = TouchIdentifier(slot: 0)
        h.app.post(.touchDown(finger, location: Point(x: 250, y: 50), majorRadius: 0, timestamp: .nan))
        h.app.post(.touchFrame(timestamp: .nan))
        h.app.post(.touchUp(finger, timestamp: .infinity))
        h.app.post(.touchFrame(timestamp: .infinity))
        #expect(stamped.seen == [h.clock.now, h.clock.now])
    }

    // MARK: Timers

    @Test(arguments: [Double.nan, .infinity, 1e300])
    func aTimerAtAnAbsurdDeadlineNeverFiresAndTheLoopSleeps(deadline: Double) {
        let h = Harness()
        h.settle()
        var fired = 0
        let timer = LoopTimer(fireDate: deadline) { _ in fired += 1 }
        timer.schedule(on: h.loop)
        LoopTimer.scheduled(on: h.loop, after: deadline) { _ in fired += 1 }
        LoopTimer.scheduled(on: h.loop, after: deadline, repeats: true) { _ in fired += 1 }
        #expect(turns(h, over: 100) == 0)
        #expect(fired == 0)
        // A NaN or infinite deadline is "never": the loop has nothing to wake for.
        if !deadline.isFinite { #expect(h.loop.nextDeadline == nil) }
        // Re-armed at an absurd time, a used timer does not fire either.
        let reused = LoopTimer.scheduled(on: h.loop, after: 0.5) { _ in fired += 1 }
        h.advance(by: 1)
        #expect(fired == 1)
        reused.rearm(at: deadline)
        #expect(turns(h, over: 100) == 0)
        #expect(fired == 1)
    }

    @Test func runReturnsWhenOnlyNeverTimersAreArmed() {
        let h = Harness()
        h.settle()
        LoopTimer.scheduled(on: h.loop, after: .nan) { _ in }
        LoopTimer.scheduled(on: h.loop, after: .infinity) { _ in }
        h.loop.run()
        #expect(h.clock.now.isFinite)
    }

    @Test(arguments: [-1.0, .nan, -.infinity])
    func aTimerWithAnUnusableIntervalIsOneShot(interval: Double) {
        let h = Harness()
        h.settle()
        var fired = 0
        let timer = LoopTimer(fireDate: h.clock.now + 0.1, interval: interval) { _ in fired += 1 }
        timer.schedule(on: h.loop)
        #expect(timer.interval == 0)
        #expect(turns(h, over: 1) == 1)
        #expect(fired == 1)
    }

    @Test func aRepeatingTimerOfATinyIntervalFiresAtMostOncePerTurn() {
        let h = Harness()
        h.settle()
        var fired = 0
        let timer = LoopTimer.scheduled(on: h.loop, after: 1e-300, repeats: true) { _ in fired += 1 }
        h.advance(by: 0.01)
        timer.invalidate()
        // Foundation's floor of 0.1 ms: at most 100 firings in 10 ms, one turn each.
        #expect(fired <= 101)
        #expect(fired > 0)
    }

    // MARK: Zero-duration animations

    @Test func aChainOfZeroDurationAnimationsEndsAndTheLoopSleeps() {
        let h = Harness()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        h.window.addSubview(view)
        h.settle()
        var steps = 0
        func step() {
            View.animate(withDuration: 0, animations: { view.alpha = Double(steps % 2) }, completion: { _ in
                steps += 1
                if steps < 20 { step() }
            })
        }
        step()
        h.advance(by: 1)
        #expect(steps == 20)
        #expect(turns(h, over: 10) == 0)
    }

    @Test func aZeroDurationAnimationChainThatNeverEndsRunsAtMostOncePerFrame() {
        let h = Harness()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        h.window.addSubview(view)
        h.settle()
        var steps = 0
        var running = true
        func step() {
            View.animate(withDuration: 0, animations: { view.alpha = Double(steps % 2) }, completion: { _ in
                steps += 1
                if running { step() }
            })
        }
        step()
        let before = h.loop.turnCount
        h.advance(by: 1)
        running = false
        // One second of a display at 60 Hz: about 60 steps, and the turns of those frames.
        #expect(steps > 0 && steps <= 62)
        #expect(h.loop.turnCount - before < 4 * 62)
        h.advance(by: 1)
        #expect(turns(h, over: 10) == 0)
    }

    @Test func zeroDurationCompletionsStillRunOnTheNextTurn() {
        let h = Harness()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        h.window.addSubview(view)
        h.settle()
        var results: [Bool] = []
        View.animate(withDuration: .nan, animations: { view.alpha = 0.5 }, completion: { results.append($0) })
        View.animate(withDuration: 0, delay: .nan, animations: { view.alpha = 0.25 }, completion: { results.append($0) })
        #expect(results.isEmpty)
        h.turn()
        #expect(results == [true, true])
    }

    @Test(arguments: [Double.nan, .infinity])
    func anAnimationWithAnUnusableDelayRunsAsWithNoneAndEnds(delay: Double) {
        let h = Harness()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        view.backgroundColor = .red
        h.window.addSubview(view)
        h.settle()
        var result: Bool?
        View.animate(withDuration: 0.2, delay: delay, animations: { view.alpha = 0.5 }, completion: { result = $0 })
        h.advance(by: 0.5)
        #expect(result == true)
        #expect(turns(h, over: 10) == 0)
    }
}
