import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// The switch's touch rules: a tap toggles, a drag follows the finger (even outside), a
/// cancellation puts it back; `.valueChanged` only when the value changed.
@MainActor
struct SwitchTests {
    let h = Harness()
    let toggle = Switch(frame: Rect(x: 100, y: 100, width: 51, height: 31))
    let log: ControlEventLog

    init() {
        h.window.addSubview(toggle)
        log = ControlEventLog(observing: toggle)
        h.settleControls()
    }

    @Test func aTapTogglesAndSendsValueChangedBeforeTouchUpInside() {
        h.tap(at: Point(x: 125, y: 115))
        #expect(toggle.isOn)
        #expect(log.names == ["touchDown", "valueChanged", "touchUpInside"])
        h.tap(at: Point(x: 125, y: 115))
        #expect(!toggle.isOn)
        #expect(log.names.filter { $0 == "valueChanged" }.count == 2)
    }

    @Test func aTapLiftedFarOutsideChangesNothing() {
        h.down(0, at: Point(x: 125, y: 115))
        // Straight down and far away: no horizontal drag, and outside the 70-point margin.
        h.input.move(0, to: Point(x: 126, y: 400))
        h.frame()
        h.up(0)
        #expect(!toggle.isOn)
        #expect(!log.names.contains("valueChanged"))
        #expect(log.names.last == "touchUpOutside")
    }

    @Test func draggingTheThumbAcrossTurnsItOn() {
        h.down(0, at: Point(x: 112, y: 115))
        h.move(0, to: Point(x: 130, y: 115))
        h.move(0, to: Point(x: 150, y: 115))
        #expect(!toggle.isOn)  // decided on lift
        h.up(0)
        #expect(toggle.isOn)
        #expect(log.names.filter { $0 == "valueChanged" }.count == 1)
    }

    @Test func draggingThereAndBackKeepsTheValueAndSendsNoValueChanged() {
        h.down(0, at: Point(x: 112, y: 115))
        h.move(0, to: Point(x: 150, y: 115))
        h.move(0, to: Point(x: 105, y: 115))
        h.up(0)
        #expect(!toggle.isOn)
        #expect(!log.names.contains("valueChanged"))
    }

    @Test func theThumbFollowsTheFingerOutsideTheBounds() {
        h.down(0, at: Point(x: 112, y: 115))
        h.move(0, to: Point(x: 130, y: 115))
        // Far beyond the bounds and the margin, still to the right: the thumb is at the on end.
        h.move(0, to: Point(x: 600, y: 400))
        h.up(0)
        #expect(toggle.isOn)
        #expect(log.names.suffix(2) == ["valueChanged", "touchUpOutside"])
    }

    @Test func aCancelledDragPutsTheThumbBackAndSendsNoValueChanged() {
        h.down(0, at: Point(x: 112, y: 115))
        h.move(0, to: Point(x: 150, y: 115))
        h.input.cancel(0)
        h.frame()
        #expect(!toggle.isOn)
        #expect(log.names.last == "touchCancel")
        #expect(!log.names.contains("valueChanged"))
        // A later tap works as usual.
        h.tap(at: Point(x: 125, y: 115))
        #expect(toggle.isOn)
    }

    @Test func settingTheValueInCodeSendsNothing() {
        toggle.isOn = true
        toggle.setOn(false, animated: true)
        toggle.setOn(true, animated: false)
        #expect(toggle.isOn)
        #expect(log.names.isEmpty)
    }

    @Test func anAnimatedChangeRunsFramesThenStopsWakingTheLoop() {
        toggle.setOn(true, animated: true)
        h.loop.runUntilIdle()
        #expect(h.display.isFrameRequested)
        let drawn = h.app.statistics.viewsDrawn
        h.advance(by: 0.1)
        #expect(h.app.statistics.viewsDrawn > drawn + 2)  // redrawn frame after frame
        h.advance(by: 0.5)
        h.settleControls()
        #expect(!h.display.isFrameRequested)
        let turns = h.loop.turnCount
        h.advance(by: 10)
        #expect(h.loop.turnCount == turns)
    }

    @Test func aDisabledSwitchIgnoresTaps() {
        toggle.isEnabled = false
        h.tap(at: Point(x: 125, y: 115))
        #expect(!toggle.isOn)
        #expect(log.names.isEmpty)
    }
}
