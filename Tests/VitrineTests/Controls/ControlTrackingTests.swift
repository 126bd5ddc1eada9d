import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// The control sits at x 100...300, y 100...200 of the window (= screen). With the default 70-point
/// margin a finger counts as inside while at x 30..<370 and y 30..<270.
@MainActor
struct ControlTrackingTests {
    let h = Harness()
    let control = TrackingTestControl(frame: Rect(x: 100, y: 100, width: 200, height: 100))
    let log: ControlEventLog

    init() {
        h.window.addSubview(control)
        log = ControlEventLog(observing: control)
    }

    @Test func touchDownInsideSendsTouchDownAndHighlights() {
        h.down(0, at: Point(x: 150, y: 150))
        #expect(log.names == ["touchDown"])
        #expect(control.isHighlighted)
        #expect(control.isTracking)
        #expect(control.isTouchInside)
        #expect(control.state == .highlighted)
    }

    @Test func liftInsideSendsTouchUpInsideAndUnhighlights() {
        h.tap(at: Point(x: 150, y: 150))
        #expect(log.names == ["touchDown", "touchUpInside"])
        #expect(!control.isHighlighted)
        #expect(!control.isTracking)
        #expect(!control.isTouchInside)
        #expect(control.calls == ["begin", "end"])
    }

    @Test func dragOutBeyondTheMarginAndBackIn() {
        h.down(0, at: Point(x: 150, y: 150))
        h.move(0, to: Point(x: 200, y: 150))
        #expect(log.names == ["touchDown", "touchDragInside"])

        // 50 points right of the bounds: still inside the 70-point margin.
        h.move(0, to: Point(x: 350, y: 150))
        #expect(log.names.last == "touchDragInside")
        #expect(control.isHighlighted)

        // 80 points right: outside. Exit first, then the drag.
        log.names.removeAll()
        h.move(0, to: Point(x: 380, y: 150))
        #expect(log.names == ["touchDragExit", "touchDragOutside"])
        #expect(!control.isHighlighted)
        #expect(!control.isTouchInside)
        #expect(control.isTracking)

        log.names.removeAll()
        h.move(0, to: Point(x: 390, y: 150))
        #expect(log.names == ["touchDragOutside"])

        log.names.removeAll()
        h.move(0, to: Point(x: 250, y: 150))
        #expect(log.names == ["touchDragEnter", "touchDragInside"])
        #expect(control.isHighlighted)

        log.names.removeAll()
        h.up(0)
        #expect(log.names == ["touchUpInside"])
    }

    @Test func leavingThroughTheTopUsesTheSameMargin() {
        h.down(0, at: Point(x: 150, y: 150))
        h.move(0, to: Point(x: 150, y: 31))   // 69 above the top edge: inside
        #expect(log.names.last == "touchDragInside")
        h.move(0, to: Point(x: 150, y: 29))   // 71 above: outside
        #expect(Array(log.names.suffix(2)) == ["touchDragExit", "touchDragOutside"])
    }

    @Test func liftOutsideSendsTouchUpOutside() {
        h.down(0, at: Point(x: 150, y: 150))
        h.move(0, to: Point(x: 380, y: 150))
        h.up(0)
        #expect(log.names == ["touchDown", "touchDragExit", "touchDragOutside", "touchUpOutside"])
        #expect(!control.isHighlighted)
        #expect(!control.isTracking)
    }

    @Test func liftWithinTheMarginCountsAsInside() {
        h.down(0, at: Point(x: 150, y: 150))
        h.move(0, to: Point(x: 360, y: 150))
        h.up(0)
        #expect(log.names == ["touchDown", "touchDragInside", "touchUpInside"])
    }

    @Test func aZeroMarginMakesTheBoundsTheBoundary() {
        control.touchInsideMargin = 0
        h.down(0, at: Point(x: 150, y: 150))
        h.move(0, to: Point(x: 310, y: 150))
        h.up(0)
        #expect(log.names == ["touchDown", "touchDragExit", "touchDragOutside", "touchUpOutside"])
    }

    @Test func systemCancelSendsTouchCancel() {
        h.down(0, at: Point(x: 150, y: 150))
        h.app.cancelAllTouches()
        #expect(log.names == ["touchDown", "touchCancel"])
        #expect(!control.isHighlighted)
        #expect(!control.isTracking)
        #expect(control.calls == ["begin", "cancel"])
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func secondTapOfADoubleTapSendsTouchDownRepeat() {
        h.tap(at: Point(x: 150, y: 150))
        h.advance(by: 0.1)
        h.tap(at: Point(x: 155, y: 150))
        #expect(log.names == ["touchDown", "touchUpInside", "touchDown", "touchDownRepeat", "touchUpInside"])
    }

    @Test func aRegistrationForBothDownEventsRunsOnceForTheRepeat() {
        var calls = 0
        control.addAction({ _ in calls += 1 }, for: [.touchDown, .touchDownRepeat])
        h.tap(at: Point(x: 150, y: 150))
        h.advance(by: 0.1)
        h.down(0, at: Point(x: 150, y: 150))
        #expect(calls == 2)
    }

    @Test func tapsFarApartInTimeAreNotRepeats() {
        h.tap(at: Point(x: 150, y: 150))
        h.advance(by: 1)
        h.tap(at: Point(x: 150, y: 150))
        #expect(!log.names.contains("touchDownRepeat"))
    }

    @Test func refusingToBeginSendsNoEventsButStillHighlights() {
        control.acceptsBegin = false
        h.down(0, at: Point(x: 150, y: 150))
        #expect(control.isHighlighted)
        #expect(!control.isTracking)
        h.move(0, to: Point(x: 380, y: 150))
        #expect(!control.isHighlighted)
        h.up(0)
        #expect(log.names.isEmpty)
        #expect(control.calls == ["begin"])
    }

    @Test func refusingToContinueStopsTheEvents() {
        control.acceptsContinue = false
        h.down(0, at: Point(x: 150, y: 150))
        h.move(0, to: Point(x: 160, y: 150))
        h.move(0, to: Point(x: 170, y: 150))
        h.up(0)
        #expect(log.names == ["touchDown"])
        #expect(control.calls == ["begin", "continue"])
        #expect(!control.isTracking)
        #expect(!control.isHighlighted)
    }

    @Test func trackingCallsComeInOrder() {
        h.down(0, at: Point(x: 150, y: 150))
        h.move(0, to: Point(x: 160, y: 150))
        h.up(0)
        #expect(control.calls == ["begin", "continue", "end"])
    }

    @Test func stateChangesRedrawOnlyWhenTheyChange() {
        h.settleControls()
        #expect(control.dirtyRect.isNull)
        control.isHighlighted = true
        #expect(control.dirtyRect == control.bounds)
        h.settleControls()
        control.isHighlighted = true
        #expect(control.dirtyRect.isNull)
        control.isSelected = true
        #expect(control.dirtyRect == control.bounds)
        h.settleControls()
        control.isEnabled = false
        #expect(control.dirtyRect == control.bounds)
        #expect(control.state == [.highlighted, .selected, .disabled])
    }

    @Test func pressAndReleaseEachRedrawTheControl() {
        h.settleControls()
        let drawn = control.draws
        h.down(0, at: Point(x: 150, y: 150))
        h.settleControls()
        #expect(control.draws == drawn + 1)
        h.up(0)
        h.settleControls()
        #expect(control.draws == drawn + 2)
    }
}

/// Disabled controls: what they do with touches, and what the views around them get.
@MainActor
struct DisabledControlTests {
    let h = Harness()
    /// Fills the window; the control's superview.
    let container = RecordingView("container", frame: Rect(x: 0, y: 0, width: 800, height: 480))
    /// A sibling exactly behind the control.
    let behind = RecordingView("behind", frame: Rect(x: 100, y: 100, width: 200, height: 100))
    let control = TrackingTestControl(frame: Rect(x: 100, y: 100, width: 200, height: 100))
    let log: ControlEventLog

    init() {
        h.window.addSubview(container)
        container.addSubview(behind)
        container.addSubview(control)
        log = ControlEventLog(observing: control)
    }

    @Test func anEnabledControlKeepsItsTouches() {
        h.tap(at: Point(x: 150, y: 150))
        #expect(log.names == ["touchDown", "touchUpInside"])
        #expect(container.log.isEmpty)
        #expect(behind.log.isEmpty)
    }

    @Test func aDisabledControlSendsNothingAndPassesTouchesToItsSuperview() {
        control.isEnabled = false
        h.down(0, at: Point(x: 150, y: 150))
        #expect(!control.isHighlighted)
        #expect(!control.isTracking)
        h.move(0, to: Point(x: 160, y: 150))
        h.up(0)
        #expect(log.names.isEmpty)
        #expect(control.calls.isEmpty)
        // Still hit-tested: the sibling behind gets nothing; the superview hears it all.
        #expect(behind.log.isEmpty)
        #expect(container.log == ["began 1", "moved 1", "ended 1"])
    }

    @Test func userInteractionOffLetsTouchesThroughToTheViewBehind() {
        control.isEnabled = false
        control.isUserInteractionEnabled = false
        h.tap(at: Point(x: 150, y: 150))
        #expect(behind.log == ["began 1", "ended 1"])
        #expect(container.log.isEmpty)
        #expect(log.names.isEmpty)
    }

    @Test func disablingWhileTrackingCancelsTheTrackingSilently() {
        h.down(0, at: Point(x: 150, y: 150))
        #expect(control.isHighlighted)
        control.isEnabled = false
        #expect(!control.isHighlighted)
        #expect(!control.isTracking)
        #expect(control.calls == ["begin", "cancel nil"])
        h.move(0, to: Point(x: 160, y: 150))
        h.up(0)
        #expect(log.names == ["touchDown"])
        // The rest of that touch is swallowed: the superview never heard its beginning.
        #expect(container.log.isEmpty)
    }

    @Test func reenablingDuringAForwardedTouchKeepsForwardingIt() {
        control.isEnabled = false
        h.down(0, at: Point(x: 150, y: 150))
        control.isEnabled = true
        h.move(0, to: Point(x: 160, y: 150))
        h.up(0)
        #expect(container.log == ["began 1", "moved 1", "ended 1"])
        #expect(log.names.isEmpty)
        // The next touch is the control's again (a second later, so not a repeat).
        h.advance(by: 1)
        h.tap(at: Point(x: 150, y: 150))
        #expect(log.names == ["touchDown", "touchUpInside"])
        #expect(container.log.count == 3)
    }

    @Test func aForwardedTouchThatIsCancelledReachesTheSuperviewAsCancelled() {
        control.isEnabled = false
        h.down(0, at: Point(x: 150, y: 150))
        h.app.cancelAllTouches()
        #expect(container.log == ["began 1", "cancelled 1"])
        #expect(log.names.isEmpty)
    }
}
