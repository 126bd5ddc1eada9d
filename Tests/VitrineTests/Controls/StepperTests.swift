import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// The stepper's touch rules: a step on touch-down, autorepeat on the run loop's timer with the
/// injected clock (0.5 s, then faster), no timer unless held, limits and wrapping.
@MainActor
struct StepperTests {
    let h = Harness()
    let stepper = Stepper(frame: Rect(x: 100, y: 100, width: 94, height: 32))
    let log: ControlEventLog
    let minus = Point(x: 120, y: 116)
    let plus = Point(x: 170, y: 116)

    init() {
        h.window.addSubview(stepper)
        log = ControlEventLog(observing: stepper)
        h.settleControls()
    }

    @Test func aTapStepsOnceOnTouchDown() {
        h.down(0, at: plus)
        #expect(stepper.value == 1)
        #expect(log.names == ["touchDown", "valueChanged"] || log.names == ["valueChanged", "touchDown"])
        h.up(0)
        #expect(stepper.value == 1)
        h.tap(at: minus)
        #expect(stepper.value == 0)
    }

    @Test func holdingRepeatsAfterHalfASecondThenFasterAndFaster() {
        let timersBefore = h.loop.armedTimerCount
        var times: [Double] = []
        stepper.addAction({ [h] _ in times.append(h.clock.now) }, for: .valueChanged)
        let start = h.clock.now
        h.down(0, at: plus)
        h.advance(by: 0.49)
        #expect(stepper.value == 1)
        h.advance(by: 0.02)
        #expect(stepper.value == 2)
        h.advance(by: 3)
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(abs(times[0] - start) < 1e-9)
        #expect(abs(gaps[0] - 0.5) < 1e-6)
        #expect(abs(gaps[1] - 0.2) < 1e-6)
        // Each repeat comes sooner than the last, down to the floor.
        for (earlier, later) in zip(gaps.dropFirst(), gaps.dropFirst(2)) { #expect(later <= earlier + 1e-9) }
        #expect(abs(gaps.last! - Stepper.autorepeatMinimumInterval) < 1e-6)
        h.up(0)
        h.settleControls()  // the last flip's vblank
        // Released: no timer is left, and time passing changes nothing.
        #expect(h.loop.armedTimerCount == timersBefore)
        let value = stepper.value
        let turns = h.loop.turnCount
        h.advance(by: 5)
        #expect(stepper.value == value)
        #expect(h.loop.turnCount == turns)
    }

    @Test func noTimerIsArmedWhenNotHeldOrWithoutAutorepeat() {
        let timersBefore = h.loop.armedTimerCount
        h.tap(at: plus)
        h.settleControls()
        #expect(h.loop.armedTimerCount == timersBefore)
        stepper.autorepeat = false
        h.down(0, at: plus)
        h.settleControls()
        #expect(h.loop.armedTimerCount == timersBefore)
        h.advance(by: 2)
        #expect(stepper.value == 2)
        h.up(0)
    }

    @Test func repeatingStopsAtTheLimitAndTheTimerGoes() {
        let timersBefore = h.loop.armedTimerCount
        stepper.maximumValue = 3
        h.down(0, at: plus)
        h.advance(by: 2)
        #expect(stepper.value == 3)
        #expect(h.loop.armedTimerCount == timersBefore)
        h.up(0)
        #expect(log.names.filter { $0 == "valueChanged" }.count == 3)
        // At the maximum the + half takes no touch.
        h.tap(at: plus)
        #expect(stepper.value == 3)
        #expect(log.names.filter { $0 == "valueChanged" }.count == 3)
    }

    @Test func wrappingGoesOnFromTheOtherEnd() {
        stepper.wraps = true
        stepper.maximumValue = 2
        stepper.value = 2
        h.tap(at: plus)
        #expect(stepper.value == 0)
        h.tap(at: minus)
        #expect(stepper.value == 2)
    }

    @Test func slidingOffThePressedHalfPausesTheRepeat() {
        h.down(0, at: plus)
        h.move(0, to: minus)  // onto the other half: the + repeat stops
        h.advance(by: 2)
        #expect(stepper.value == 1)
        h.move(0, to: plus)  // back: it resumes after the delay
        h.advance(by: 0.51)
        #expect(stepper.value == 2)
        h.up(0)
    }

    @Test func aNonContinuousStepperSendsOneValueChangedOnLift() {
        stepper.isContinuous = false
        h.down(0, at: plus)
        h.advance(by: 0.8)
        #expect(stepper.value > 1)
        #expect(!log.names.contains("valueChanged"))
        h.up(0)
        #expect(log.names.filter { $0 == "valueChanged" }.count == 1)
    }

    @Test func badStepsAndValuesAreRejected() {
        stepper.stepValue = 0
        stepper.stepValue = -.infinity
        #expect(stepper.stepValue == 1)
        stepper.value = .nan
        stepper.value = 500
        #expect(stepper.value == 100)
    }
}
