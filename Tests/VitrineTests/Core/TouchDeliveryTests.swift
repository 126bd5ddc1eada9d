import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// Records, per call, the phase of every touch passed and the size of the event's allTouches.
@MainActor
private final class PhaseRecorder: View {
    var calls: [(method: String, phases: [Touch.Phase], all: Int, forSelf: Int, forWindow: Int)] = []
    var seen: [Touch] = []
    var lastEvent: Event?
    override func touchesBegan(_ touches: TouchSet, with event: Event?) { record("began", touches, event) }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) { record("moved", touches, event) }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { record("ended", touches, event) }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { record("cancelled", touches, event) }
    private func record(_ method: String, _ touches: TouchSet, _ event: Event?) {
        // The event is reused: read it during the call, never after.
        calls.append((method, touches.map(\.phase), event?.allTouches.count ?? -1,
                      event?.touches(for: self).count ?? -1, window.map { event?.touches(for: $0).count ?? -1 } ?? -1))
        for touch in touches where !seen.contains(touch) { seen.append(touch) }
        lastEvent = event
    }
    func count(_ method: String) -> Int { calls.filter { $0.method == method }.count }
}

@MainActor
struct TouchDeliveryTests {
    private func fingers(_ count: Int) -> [Point] {
        (0..<count).map { Point(x: 40 + Double($0) * 70, y: 200) }
    }

    @Test func tenFingersDownMovingAndLiftingWithStationaryTouches() {
        let h = Harness()
        let view = PhaseRecorder(frame: h.window.bounds)
        view.isMultipleTouchEnabled = true
        h.window.addSubview(view)
        let points = fingers(10)
        for (slot, point) in points.enumerated() { h.input.down(slot, at: point) }
        h.frame()
        #expect(view.calls.count == 1)
        #expect(view.calls[0].method == "began")
        #expect(view.calls[0].phases == Array(repeating: .began, count: 10))
        #expect(h.app.touchPool.activeCount == 10)

        // Only the even fingers move: the odd ones are stationary (in allTouches, no call).
        for slot in stride(from: 0, to: 10, by: 2) {
            h.input.move(slot, to: Point(x: points[slot].x, y: 250))
        }
        h.frame()
        #expect(view.calls.count == 2)
        #expect(view.calls[1].method == "moved")
        #expect(view.calls[1].phases == Array(repeating: .moved, count: 5))
        #expect(view.calls[1].all == 10)
        let stationary = view.lastEvent!.allTouches.filter(phase: .stationary)
        #expect(stationary.count == 5)
        #expect(stationary.allSatisfy { $0.location(in: view).y == 200 })

        // Lift the first five; the others stay down.
        for slot in 0..<5 { h.input.up(slot) }
        h.frame()
        #expect(view.calls[2].method == "ended")
        #expect(view.calls[2].phases.count == 5)
        #expect(h.app.touchPool.activeCount == 5)
        for slot in 5..<10 { h.input.up(slot) }
        h.frame()
        #expect(view.count("ended") == 2)
        #expect(h.app.touchPool.activeCount == 0)
        #expect(view.seen.count == 10)
    }

    @Test func eleventhFingerOnATenSlotPoolIsIgnoredAndTheOthersStillWork() {
        let h = Harness(touchCapacity: 10)
        let view = PhaseRecorder(frame: h.window.bounds)
        view.isMultipleTouchEnabled = true
        h.window.addSubview(view)
        let points = fingers(11)
        for (slot, point) in points.enumerated() { h.input.down(slot, at: point) }
        h.frame()
        #expect(view.calls.count == 1)
        #expect(view.calls[0].phases.count == 10)
        #expect(h.app.touchPool.ignoredTouchCount == 1)
        // The ignored finger's motion and lift are dropped; the others move and lift.
        h.input.move(10, to: Point(x: 10, y: 10))
        h.input.move(3, to: Point(x: 300, y: 300))
        h.frame()
        #expect(view.calls.last?.method == "moved")
        #expect(view.calls.last?.phases.count == 1)
        for slot in 0..<11 { h.input.up(slot) }
        h.frame()
        #expect(view.calls.last?.method == "ended")
        #expect(view.calls.last?.phases.count == 10)
        #expect(h.app.touchPool.activeCount == 0)
        // Once the pool has room again, a new finger works.
        h.tap(at: Point(x: 100, y: 100), slot: 10)
        #expect(view.calls.suffix(2).map(\.method) == ["began", "ended"])
    }

    @Test func interruptionCancelsEachHoldingViewExactlyOnceAndEmptiesThePool() {
        let h = Harness()
        let left = PhaseRecorder(frame: Rect(x: 0, y: 0, width: 400, height: 480))
        let right = PhaseRecorder(frame: Rect(x: 400, y: 0, width: 400, height: 480))
        let idle = PhaseRecorder(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        left.isMultipleTouchEnabled = true
        h.window.addSubview(left)
        h.window.addSubview(right)
        h.window.addSubview(idle)
        h.input.down(0, at: Point(x: 100, y: 100))
        h.input.down(1, at: Point(x: 200, y: 100))
        h.input.down(2, at: Point(x: 600, y: 100))
        h.frame()
        h.move(0, to: Point(x: 120, y: 120))

        h.app.cancelAllTouches()
        #expect(left.count("cancelled") == 1)
        #expect(left.calls.last?.phases == [.cancelled, .cancelled])
        #expect(right.count("cancelled") == 1)
        #expect(idle.calls.isEmpty)
        #expect(h.app.touchPool.activeCount == 0)
        // The fingers' later lifts are for touches that no longer exist: nothing more arrives.
        for slot in 0..<3 { h.input.up(slot) }
        h.frame()
        #expect(left.count("ended") == 0 && right.count("ended") == 0)
        #expect(left.count("cancelled") == 1 && right.count("cancelled") == 1)
    }

    @Test func interruptionBeforeTheFrameStillDeliversBeganFirst() {
        let h = Harness()
        let view = PhaseRecorder(frame: h.window.bounds)
        h.window.addSubview(view)
        h.input.down(0, at: Point(x: 10, y: 10))
        h.loop.runUntilIdle()          // down dispatched, frame not yet ended
        h.app.cancelAllTouches()
        #expect(view.calls.map(\.method) == ["began", "cancelled"])
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func removingADeviceCancelsOnlyItsTouches() {
        let h = Harness()
        let second = ScriptedInput(clock: h.clock, device: 1)
        h.app.addInputSource(second)
        let view = PhaseRecorder(frame: h.window.bounds)
        view.isMultipleTouchEnabled = true
        h.window.addSubview(view)
        h.input.down(0, at: Point(x: 10, y: 10))
        second.down(0, at: Point(x: 50, y: 50))   // same slot number, another device
        second.frame()
        h.frame()
        #expect(view.seen.count == 2)
        #expect(h.app.touchPool.activeCount == 2)
        second.removeDevice()
        h.loop.runUntilIdle()
        #expect(view.calls.last?.method == "cancelled")
        #expect(view.calls.last?.phases == [.cancelled])
        #expect(h.app.touchPool.activeCount == 1)
        h.up(0)
        #expect(view.calls.last?.method == "ended")
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func aTouchKeepsItsViewWhenTheFingerLeavesIt() {
        let h = Harness()
        let small = PhaseRecorder(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let other = PhaseRecorder(frame: Rect(x: 100, y: 0, width: 50, height: 50))
        h.window.addSubview(small)
        h.window.addSubview(other)
        h.down(0, at: Point(x: 10, y: 10))
        h.move(0, to: Point(x: 120, y: 10))
        h.up(0)
        #expect(small.calls.map(\.method) == ["began", "moved", "ended"])
        #expect(other.calls.isEmpty)
        #expect(small.seen.first?.view == nil)   // released to the pool after its end
    }

    @Test func locationsArePerViewAndPreviousLocationIsTheLastFrames() {
        let h = Harness()
        let outer = View(frame: Rect(x: 100, y: 100, width: 400, height: 300))
        let inner = PhaseRecorder(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        h.window.addSubview(outer)
        outer.addSubview(inner)
        var samples: [(Point, Point, Point)] = []
        h.down(0, at: Point(x: 160, y: 170))
        let touch = inner.seen[0]
        samples.append((touch.location(in: inner), touch.location(in: nil), touch.previousLocation(in: inner)))
        // Two motions in one frame: previous is where the last frame left it.
        h.input.move(0, to: Point(x: 170, y: 170))
        h.input.move(0, to: Point(x: 180, y: 175))
        h.frame()
        samples.append((touch.location(in: inner), touch.location(in: outer), touch.previousLocation(in: inner)))
        #expect(samples[0].0 == Point(x: 10, y: 20))
        #expect(samples[0].1 == Point(x: 160, y: 170))
        #expect(samples[0].2 == Point(x: 10, y: 20))
        #expect(samples[1].0 == Point(x: 30, y: 25))
        #expect(samples[1].1 == Point(x: 80, y: 75))
        #expect(samples[1].2 == Point(x: 10, y: 20))
        #expect(touch.timestamp == h.clock.now)
    }

    @Test func aSlotReusedAfterItsTouchEndedYieldsAFreshTouch() {
        let h = Harness(touchCapacity: 1)
        let a = PhaseRecorder(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let b = PhaseRecorder(frame: Rect(x: 200, y: 0, width: 100, height: 100))
        h.window.addSubview(a)
        h.window.addSubview(b)
        h.down(0, at: Point(x: 10, y: 10))
        let first = a.seen[0]
        let firstNumber = first.sequenceNumber
        h.move(0, to: Point(x: 50, y: 50))
        h.up(0)
        h.advance(by: 1)
        h.down(0, at: Point(x: 250, y: 10))
        let second = b.seen[0]
        #expect(second.sequenceNumber != firstNumber)
        #expect(second.phase == .began)
        #expect(second.view === b)
        #expect(second.tapCount == 1)
        #expect(second.previousLocation(in: nil) == Point(x: 250, y: 10))
        #expect(second.gestureRecognizers.isEmpty)
    }

    @Test func tapCountCountsQuickTapsAtNearlyTheSamePlace() {
        let h = Harness()
        let view = PhaseRecorder(frame: h.window.bounds)
        h.window.addSubview(view)
        var counts: [Int] = []
        for _ in 0..<3 {
            h.down(0, at: Point(x: 100, y: 100))
            counts.append(view.seen.last!.tapCount)
            h.advance(by: 0.05)
            h.up(0)
            h.advance(by: 0.1)
        }
        // Too far from the last tap: starts again.
        h.down(0, at: Point(x: 300, y: 300))
        counts.append(view.seen.last!.tapCount)
        h.up(0)
        // Too late after the last tap: starts again.
        h.advance(by: 1)
        h.down(0, at: Point(x: 300, y: 300))
        counts.append(view.seen.last!.tapCount)
        h.up(0)
        #expect(counts == [1, 2, 3, 1, 1])
    }

    @Test func majorRadiusIsReportedWhenTheHardwareHasIt() {
        let h = Harness()
        let view = PhaseRecorder(frame: h.window.bounds)
        h.window.addSubview(view)
        h.input.down(0, at: Point(x: 10, y: 10), majorRadius: 12)
        h.input.down(1, at: Point(x: 90, y: 10))
        h.frame()
        #expect(view.seen.count == 1)   // not multiple-touch: only the first finger
        #expect(view.seen[0].majorRadius == 12)
    }

    @Test func aViewWithoutMultipleTouchGetsOnlyItsFirstTouch() {
        let h = Harness()
        let single = PhaseRecorder(frame: Rect(x: 0, y: 0, width: 400, height: 480))
        let multi = PhaseRecorder(frame: Rect(x: 400, y: 0, width: 400, height: 480))
        multi.isMultipleTouchEnabled = true
        h.window.addSubview(single)
        h.window.addSubview(multi)
        h.down(0, at: Point(x: 10, y: 10))
        h.down(1, at: Point(x: 20, y: 20))
        h.input.down(2, at: Point(x: 410, y: 10))
        h.input.down(3, at: Point(x: 420, y: 10))
        h.frame()
        #expect(single.calls.map(\.phases.count) == [1])
        #expect(multi.calls.map(\.phases.count) == [2])
        // The second finger's moves and lift never reach the single-touch view.
        h.move(1, to: Point(x: 30, y: 30))
        h.up(1)
        #expect(single.calls.count == 1)
        h.up(0)
        #expect(single.calls.map(\.method) == ["began", "ended"])
    }

    @Test func exclusiveTouchBlocksOtherViewsWhileTracking() {
        let h = Harness()
        let exclusive = PhaseRecorder(frame: Rect(x: 0, y: 0, width: 400, height: 480))
        exclusive.isExclusiveTouch = true
        let other = PhaseRecorder(frame: Rect(x: 400, y: 0, width: 400, height: 480))
        h.window.addSubview(exclusive)
        h.window.addSubview(other)
        h.down(0, at: Point(x: 10, y: 10))
        h.down(1, at: Point(x: 500, y: 10))
        h.up(1)
        #expect(other.calls.isEmpty)
        h.up(0)
        // And the other way round: while another view tracks, the exclusive one gets nothing.
        h.down(1, at: Point(x: 500, y: 10))
        h.down(0, at: Point(x: 10, y: 10))
        h.up(0)
        h.up(1)
        #expect(exclusive.calls.map(\.method) == ["began", "ended"])
        #expect(other.calls.map(\.method) == ["began", "ended"])
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func touchesAreGroupedPerViewAndPhaseOncePerFrame() {
        let h = Harness()
        let a = PhaseRecorder(frame: Rect(x: 0, y: 0, width: 400, height: 480))
        let b = PhaseRecorder(frame: Rect(x: 400, y: 0, width: 400, height: 480))
        a.isMultipleTouchEnabled = true
        b.isMultipleTouchEnabled = true
        h.window.addSubview(a)
        h.window.addSubview(b)
        h.input.down(0, at: Point(x: 10, y: 10))
        h.input.down(1, at: Point(x: 410, y: 10))
        h.input.down(2, at: Point(x: 20, y: 10))
        h.frame()
        h.input.down(3, at: Point(x: 30, y: 10))   // began for a
        h.input.move(0, to: Point(x: 15, y: 15))   // moved for a
        h.input.up(2)                              // ended for a
        h.input.move(1, to: Point(x: 415, y: 15))  // moved for b
        h.frame()
        #expect(a.calls.map(\.method) == ["began", "began", "moved", "ended"])
        #expect(a.calls.map(\.phases.count) == [2, 1, 1, 1])
        #expect(b.calls.map(\.method) == ["began", "moved"])
        // In that frame a holds three touches (0, 2 ending, 3) and the window four.
        #expect(a.calls.last?.forSelf == 3)
        #expect(a.calls.last?.forWindow == 4)
        #expect(b.calls.last?.forSelf == 1)
    }

    @Test func theTouchEventObjectIsReused() {
        let h = Harness()
        let view = PhaseRecorder(frame: h.window.bounds)
        h.window.addSubview(view)
        h.down(0, at: Point(x: 10, y: 10))
        let first = view.lastEvent
        h.move(0, to: Point(x: 20, y: 20))
        h.up(0)
        #expect(view.lastEvent === first)
        #expect(first?.type == .touches)
    }

    @Test func downAndUpInOneFrameDeliverBeganBeforeEnded() {
        let h = Harness()
        let view = PhaseRecorder(frame: h.window.bounds)
        h.window.addSubview(view)
        h.input.down(0, at: Point(x: 10, y: 10))
        h.input.up(0)
        h.frame()
        #expect(view.calls.map(\.method) == ["began", "ended"])
        #expect(h.app.touchPool.activeCount == 0)
    }

    @Test func aTouchOutsideEveryViewIsHarmless() {
        let h = Harness()
        h.window.isUserInteractionEnabled = false
        h.tap(at: Point(x: 10, y: 10))
        #expect(h.app.touchPool.activeCount == 0)
    }
}
