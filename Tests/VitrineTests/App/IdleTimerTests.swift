import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// A first responder that journals the presses it gets.
@MainActor
final class PressJournal: View {
    var log: [String] = []
    override var canBecomeFirstResponder: Bool { true }
    override func pressesBegan(_ presses: PressSet, with event: PressesEvent?) {
        for press in presses { log.append("began \(press.keyCode)") }
    }
    override func pressesEnded(_ presses: PressSet, with event: PressesEvent?) {
        for press in presses { log.append("ended \(press.keyCode)") }
    }
}

/// The idle timer (dim, off, wake), the swallowed waking touch or key, and brightness with
/// its fade — headless, on the manual clock, with a recording backlight.
@MainActor
@Suite struct IdleTimerTests {
    let h = Harness()
    let backlight: VirtualBacklight

    init() {
        backlight = VirtualBacklight(level: 0.8, clock: h.clock)
        h.window.backgroundColor = .white
        h.app.backlight = backlight
        h.app.idlePolicy = IdlePolicy(dimAfter: 10, offAfter: 30, dimLevel: 0.2)
        h.app.launch()
        h.loop.runUntilIdle()
    }

    @Test func theScreenDimsThenTurnsOffAtItsTimesAndTheLoopThenSleeps() {
        #expect(h.app.screen.brightness == 0.8, "the backlight's level is the brightness")
        h.advance(by: 9.99)
        #expect(h.app.idleState == .awake)
        #expect(backlight.writes.isEmpty)
        h.advance(by: 0.01)
        #expect(h.app.idleState == .dimmed)
        // The fade: a few steps over 150 ms, ending at the dim level.
        h.advance(by: 0.2)
        #expect(backlight.writes.count == 5)
        #expect(backlight.writes.map(\.level).last == 0.2)
        #expect(backlight.writes.allSatisfy { $0.time > 10 && $0.time <= 10.15 + 1e-9 })
        #expect(h.display.isPoweredOn)

        h.loop.advance(to: 29.99)
        #expect(h.app.idleState == .dimmed)
        let presents = h.display.presentCount
        h.advance(by: 0.01)
        #expect(h.app.idleState == .off)
        #expect(h.display.powerChanges.count == 1)
        #expect(h.display.powerChanges.first?.time == 30)
        #expect(h.display.powerChanges.first?.isOn == false)
        #expect(backlight.level == 0)
        // Dark: a change draws nothing, and nothing is left for the loop to wake for.
        h.window.backgroundColor = .red
        h.advance(by: 5)
        #expect(h.display.presentCount == presents)
        #expect(h.loop.nextDeadline == nil, "a timer is armed on a dark screen")
    }

    @Test func inputResetsTheCountdownWithoutReArmingTheTimer() {
        h.advance(by: 8)
        let deadline = h.loop.nextDeadline
        h.input.key(30, .pressed)
        h.input.key(30, .released)
        h.loop.runUntilIdle()
        // Input only notes the time: the timer's deadline has not moved.
        #expect(h.loop.nextDeadline == deadline)
        h.advance(by: 2.5)
        #expect(h.app.idleState == .awake, "dimmed 10 s after start though a key came at 8 s")
        #expect(h.loop.nextDeadline == 18, "the timer moved lazily to 10 s after the key")
        h.loop.advance(to: 18)
        #expect(h.app.idleState == .dimmed)
    }

    @Test func accelerometerSamplesAreNotActivity() {
        for second in 1...9 {
            h.loop.advance(to: Double(second))
            h.app.post(.acceleration(Acceleration(x: 0, y: 1, z: 0), timestamp: h.clock.now))
        }
        h.loop.advance(to: 10)
        #expect(h.app.idleState == .dimmed)
    }

    @Test func isIdleTimerDisabledKeepsTheScreenOnAndWakesADimmedOne() {
        h.advance(by: 12)
        #expect(h.app.idleState == .dimmed)
        h.app.isIdleTimerDisabled = true
        #expect(h.app.idleState == .awake)
        h.advance(by: 0.2)
        #expect(backlight.level == 0.8)
        h.advance(by: 1000)
        #expect(h.app.idleState == .awake)
        #expect(h.display.powerChanges.isEmpty)
        h.app.isIdleTimerDisabled = false
        h.advance(by: 10)
        #expect(h.app.idleState == .dimmed, "counted again from when it was enabled")
    }

    @Test func theWakingTouchIsSwallowedWholeAndLeaksNoTouch() {
        let button = Button(frame: Rect(x: 100, y: 100, width: 200, height: 100))
        var taps = 0
        button.addAction({ _ in taps += 1 }, for: .touchUpInside)
        h.window.addSubview(button)
        h.advance(by: 31)
        #expect(h.app.idleState == .off)
        let presents = h.display.presentCount

        h.down(0, at: Point(x: 150, y: 150))
        #expect(h.app.idleState == .awake)
        #expect(h.display.isPoweredOn)
        #expect(h.app.touchPool.activeCount == 0, "the waking finger took a touch from the pool")
        #expect(!button.isHighlighted)
        h.move(0, to: Point(x: 160, y: 150))
        h.advance(by: 0.1)
        h.up(0)
        #expect(taps == 0, "the touch that woke the screen pressed the button")
        #expect(h.app.touchPool.activeCount == 0)
        // Woken: powered on, repainted whole, brightness restored at once.
        #expect(h.display.powerChanges.map(\.isOn) == [false, true])
        #expect(h.display.presentCount > presents)
        #expect(h.display.presentedCopies.last == Region(PixelRect(x: 0, y: 0, width: 800, height: 480)))
        #expect(backlight.level == 0.8)

        h.tap(at: Point(x: 150, y: 150))
        #expect(taps == 1, "the next touch is an ordinary one")
    }

    @Test func everyFingerOfTheWakingFrameIsSwallowedOnADimmedScreen() {
        let view = RecordingView("v", frame: h.window.bounds)
        view.isMultipleTouchEnabled = true
        h.window.addSubview(view)
        h.advance(by: 15)
        #expect(h.app.idleState == .dimmed)
        h.input.down(0, at: Point(x: 10, y: 10))
        h.input.down(1, at: Point(x: 50, y: 10))
        h.frame()
        h.down(2, at: Point(x: 90, y: 10))
        h.input.up(0)
        h.input.up(1)
        h.input.up(2)
        h.frame()
        #expect(view.log == ["began 1", "ended 1"], "only the finger after the waking frame is delivered")
        #expect(h.app.touchPool.activeCount == 0)
        h.advance(by: 0.2)
        #expect(backlight.level == 0.8, "the dimmed screen faded back up")
    }

    @Test func aKeyWakesTooAndIsSwallowedWithItsRepeatsAndRelease() {
        let responder = PressJournal(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        h.window.addSubview(responder)
        _ = responder.becomeFirstResponder()
        h.advance(by: 31)
        h.input.key(57, .pressed)
        h.input.key(57, .pressed)
        h.input.key(57, .released)
        h.loop.runUntilIdle()
        #expect(h.app.idleState == .awake)
        #expect(h.display.isPoweredOn)
        #expect(responder.log.isEmpty)
        h.input.key(57, .pressed)
        h.input.key(57, .released)
        h.loop.runUntilIdle()
        #expect(responder.log == ["began 57", "ended 57"])
    }

    @Test func anInactiveApplicationDoesNotIdleAndBecomingActiveStartsOver() {
        h.app.resignActive(reason: .seatDisabled)
        h.advance(by: 100)
        #expect(h.app.idleState == .awake)
        #expect(h.display.powerChanges.isEmpty)
        h.app.becomeActive(reason: .seatDisabled)
        h.advance(by: 9)
        #expect(h.app.idleState == .awake)
        h.advance(by: 1)
        #expect(h.app.idleState == .dimmed)
    }

    @Test func brightnessFadesInStepsAndIsSetAtOnceWhileDark() {
        h.app.screen.brightness = 0.3
        h.advance(by: 0.05)
        let partway = backlight.level
        #expect(partway < 0.8 && partway > 0.3)
        h.advance(by: 0.2)
        #expect(backlight.level == 0.3)
        #expect(backlight.writes.count == 5)
        #expect(h.app.screen.brightness == 0.3)

        h.app.screen.brightness = .nan
        h.app.screen.brightness = 7
        #expect(h.app.screen.brightness == 1)
        h.advance(by: 40)
        #expect(h.app.idleState == .off)
        let writes = backlight.writes.count
        h.app.screen.brightness = 0.6
        #expect(backlight.writes.count <= writes + 1)
        #expect(backlight.level == 0, "a dark screen stays dark")
        h.down(0, at: Point(x: 1, y: 1))
        #expect(backlight.level == 0.6, "woken from dark: the brightness at once, no fade")
        h.up(0)
    }

    @Test func aPolicyOfNonFiniteTimesNeverDims() {
        h.app.idlePolicy = IdlePolicy(dimAfter: .nan, offAfter: .infinity, dimLevel: .nan)
        #expect(h.app.idlePolicy == IdlePolicy(dimAfter: 0, offAfter: 0, dimLevel: 0.3))
        h.advance(by: 1000)
        #expect(h.app.idleState == .awake)
        #expect(h.loop.nextDeadline == nil)
    }

    @Test func offWithoutDimmingWhenDimIsNotBeforeOff() {
        h.app.idlePolicy = IdlePolicy(dimAfter: 0, offAfter: 5)
        h.advance(by: 5)
        #expect(h.app.idleState == .off)
        #expect(backlight.writes.map(\.level) == [0])
    }
}

extension IdleTimerTests {
    @Test func aSwallowedFingerWhoseLiftNeverComesIsForgottenWhenTheAppResigns() {
        let view = RecordingView("v", frame: h.window.bounds)
        h.window.addSubview(view)
        h.advance(by: 31)
        h.down(3, at: Point(x: 10, y: 10))
        #expect(h.app.idleState == .awake)
        // The console switches away with the finger down; its lift is lost with the device.
        h.app.resignActive(reason: .consoleSwitchedAway)
        h.app.becomeActive(reason: .consoleSwitchedAway)
        h.down(3, at: Point(x: 10, y: 10))
        h.up(3)
        #expect(view.log == ["began 1", "ended 1"], "the same slot's next finger was swallowed too")
        #expect(h.app.touchPool.activeCount == 0)
    }
}

/// A view that journals wheel turns and switch changes.
@MainActor
final class WheelJournal: View {
    var log: [String] = []
    override var canBecomeFirstResponder: Bool { true }
    override func scrollWheel(_ delta: Point, with event: Event?) { log.append("wheel \(delta.y)") }
    override func switchChanged(_ kind: SwitchKind, isOn: Bool, with event: Event?) { log.append("\(kind) \(isOn)") }
}

extension IdleTimerTests {
    @Test func aWheelTurnWakesAndIsSwallowedASwitchWakesAndIsDelivered() {
        let view = WheelJournal(frame: h.window.bounds)
        h.window.addSubview(view)
        _ = view.becomeFirstResponder()
        h.advance(by: 12)
        #expect(h.app.idleState == .dimmed)
        h.input.send(.scroll(deltaX: 0, deltaY: 40, location: Point(x: 10, y: 10), timestamp: h.clock.now))
        h.loop.runUntilIdle()
        #expect(h.app.idleState == .awake)
        #expect(view.log.isEmpty)
        h.advance(by: 12)
        h.input.toggle(.tabletMode, isOn: true)
        h.loop.runUntilIdle()
        #expect(h.app.idleState == .awake)
        #expect(view.log == ["tabletMode true"])
    }
}
