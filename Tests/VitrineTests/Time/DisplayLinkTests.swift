import Testing
import Vitrine
import VitrineGraphics
import VitrineHeadless

/// `DisplayLink`: one callback per vblank while it is running, and not a single wake-up once it
/// is paused or gone.
@MainActor
struct DisplayLinkTests {
    @Test func aLinkTicksOncePerVblankWithTheFramesTimestamps() {
        let h = Harness()
        h.settle()
        var ticks: [(timestamp: Double, target: Double)] = []
        let link = DisplayLink { ticks.append(($0.timestamp, $0.targetTimestamp)) }
        link.add(to: h.app)
        let first = h.nextVblank
        h.advance(throughVblanks: 5)
        #expect(ticks.count == 5)
        for (index, tick) in ticks.enumerated() {
            let vblank = first + Double(index) / 60
            #expect(near(tick.timestamp, vblank), "tick \(index)")
            #expect(near(tick.target, vblank + 1.0 / 60), "tick \(index)")
        }
        #expect(near(link.duration, 1.0 / 60))
        link.invalidate()
    }

    @Test func aLinkTicksAtTheVblankTimeNotAtTheTimeTheTestLooks() {
        let h = Harness()
        h.settle()
        var timestamps: [Double] = []
        let link = DisplayLink { timestamps.append($0.timestamp) }
        h.loop.advance(to: 1.004)
        link.add(to: h.app)
        h.loop.advance(to: 1.04)
        // Vblanks 61 (1.01667 s) and 62 (1.03333 s) fall between 1.004 and 1.04.
        #expect(timestamps.count == 2)
        #expect(near(timestamps[0], 61.0 / 60))
        #expect(near(timestamps[1], 62.0 / 60))
        link.invalidate()
    }

    @Test func eachVblankWakesTheLoopOnceAndNothingElseDoes() {
        let h = Harness()
        h.settle()
        let turns = h.loop.turnCount
        var ticks = 0
        let link = DisplayLink { _ in ticks += 1 }
        link.add(to: h.app)
        h.advance(throughVblanks: 30)
        #expect(ticks == 30)
        #expect(h.loop.turnCount - turns == 30)
        link.invalidate()
    }

    @Test func aLinkPausedInItsCallbackStopsTheFramesAndTheWakeUps() {
        let h = Harness()
        h.settle()
        var ticks = 0
        let link = DisplayLink { link in
            ticks += 1
            if ticks == 3 { link.isPaused = true }
        }
        link.add(to: h.app)
        h.advance(by: 0.5)
        #expect(ticks == 3)
        // Idle again: hours of manual time, not one turn, not one frame.
        let turns = h.loop.turnCount
        let frames = h.display.frameCount
        h.advance(by: 3600)
        #expect(h.loop.turnCount == turns)
        #expect(h.display.frameCount == frames)
        #expect(ticks == 3)
        #expect(link.isValid)
    }

    @Test func aLinkPausedBetweenFramesGetsNoFurtherCallbacksAndTheLoopGoesIdle() {
        let h = Harness()
        h.settle()
        var ticks = 0
        let link = DisplayLink { _ in ticks += 1 }
        link.add(to: h.app)
        h.advance(throughVblanks: 3)
        #expect(ticks == 3)
        link.isPaused = true
        // The vblank already asked for still comes (one turn), but the paused link is not
        // called and asks for no more; after it, nothing.
        let turns = h.loop.turnCount
        h.advance(by: 60)
        #expect(ticks == 3)
        #expect(h.loop.turnCount == turns + 1)
    }

    @Test func unpausingResumesTickingAtTheNextVblank() {
        let h = Harness()
        h.settle()
        var timestamps: [Double] = []
        let link = DisplayLink { timestamps.append($0.timestamp) }
        link.isPaused = true
        link.add(to: h.app)
        h.advance(by: 1)
        // Added paused: it never asked for a frame.
        #expect(timestamps.isEmpty)
        let resumedAt = h.clock.now
        let first = h.nextVblank
        link.isPaused = false
        h.advance(throughVblanks: 3)
        #expect(timestamps.count == 3)
        #expect(near(timestamps[0], first))
        #expect(timestamps[0] > resumedAt)
        link.invalidate()
    }

    @Test func anInvalidatedLinkIsNeverCalledAgainAndTheLoopGoesIdle() {
        let h = Harness()
        h.settle()
        var ticks = 0
        let link = DisplayLink { link in
            ticks += 1
            if ticks == 2 { link.invalidate() }
        }
        link.add(to: h.app)
        h.advance(by: 1)
        #expect(ticks == 2)
        #expect(!link.isValid)
        let turns = h.loop.turnCount
        h.advance(by: 60)
        #expect(h.loop.turnCount == turns)
        // Unpausing an invalidated link does not bring it back.
        link.isPaused = true
        link.isPaused = false
        h.advance(by: 1)
        #expect(ticks == 2)
        #expect(h.loop.turnCount == turns)
    }

    @Test func twoLinksShareOneFrameCallbackPerVblank() {
        let h = Harness()
        h.settle()
        var log: [String] = []
        let a = DisplayLink { _ in log.append("a") }
        let b = DisplayLink { _ in log.append("b") }
        a.add(to: h.app)
        b.add(to: h.app)
        h.advance(throughVblanks: 2)
        // Both links, in the order they were added, once per vblank.
        #expect(log == ["a", "b", "a", "b"])
        // One link stopping leaves the other ticking.
        a.invalidate()
        log.removeAll()
        h.advance(throughVblanks: 2)
        #expect(log == ["b", "b"])
        b.invalidate()
    }

    @Test func aLinkThatChangesAViewGetsItPresentedEveryFrame() {
        let h = Harness()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        h.window.addSubview(view)
        h.settle()
        let presents = h.display.presentCount
        var ticks = 0
        let link = DisplayLink { link in
            ticks += 1
            view.center.x += 1
            if ticks == 10 { link.invalidate() }
        }
        link.add(to: h.app)
        h.advance(by: 1)
        // Moved in each callback, presented in the same turn, flipped by the next vblank in
        // time for the next callback: one present per tick, none dropped.
        #expect(ticks == 10)
        #expect(h.display.presentCount == presents + 10)
        #expect(view.center.x == 15)
    }
}
